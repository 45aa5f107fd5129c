import {
  isEarlierState,
  nextUnitState,
  type TUnitAction,
  type TUnitActionBody,
  type TUnitStatus,
  UNIT_ACTION_LABELS,
  UNIT_STATUS_LABELS,
} from "@hub/contracts";
import type { HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq } from "drizzle-orm";
import { badRequest, conflict } from "../../platform/errors";
import type { UnitActionInput, UnitRef } from "./state";
import type { LockedUnit } from "./units.service";

/**
 * What a unit action does besides the move its row of the unit actions' table declares (contracts
 * floor/unit-actions.ts), by action: where it goes when the caller chooses (`target`), what it
 * checks and says before the move (`prepare`), and what else it writes after it, in the same
 * transaction (`after`). An action without an entry only moves the unit.
 */
export type UnitActionEffect = {
  /** Where the action goes, for the actions whose table row says `to: null` and the caller chooses. */
  target?: (unit: UnitRef, from: TUnitStatus, input: UnitActionInput) => TUnitStatus;
  /** Before the move: the history's reason and the screen's message, in place of the usual ones. */
  prepare?: (tx: HubTx, unit: LockedUnit, body: TUnitActionBody) => Promise<{ reason: string; message: string }>;
  /** After the move, in the same transaction. */
  after?: (tx: HubTx, unit: LockedUnit, body: TUnitActionBody, to: TUnitStatus) => Promise<void>;
};

const u = schema.floorUnits;
const f = schema.storedFiles;

export const unitStateMessage = (unit: UnitRef, action: TUnitAction): string =>
  `Unit ${unit.barcode} is ${UNIT_STATUS_LABELS[unit.status as TUnitStatus]?.toLowerCase() ?? unit.status}, so it cannot be given "${UNIT_ACTION_LABELS[action]}".`;

/** The print file chosen for a unit must be one of its client's print files. */
const checkPrintFile = async (tx: HubTx, clientId: number, fileId: number) => {
  const [file] = await tx
    .select({ id: f.id, fileName: f.fileName })
    .from(f)
    .where(and(eq(f.id, fileId), eq(f.clientId, clientId), eq(f.area, "print")));
  if (!file)
    throw badRequest("Choose one of the client's print files.", { printFileId: "Not a print file of this client" });
  return file;
};

/** Resubmitting clears the reason the unit failed. */
const clearFailReason: UnitActionEffect = {
  after: async (tx, unit, _body, to) => {
    if (to === "queued") await tx.update(u).set({ failReason: null }).where(eq(u.id, unit.id));
  },
};

export const UNIT_ACTION_EFFECTS: Partial<Record<TUnitAction, UnitActionEffect>> = {
  /** The next step by default (printed is skipped for unprinted styles), or a chosen state. */
  status_update: {
    target: (unit, from, input) => {
      const next = input.to ?? nextUnitState(from, input.printed ?? false);
      if (!next) throw conflict(unitStateMessage(unit, "status_update"), { status: from });
      return next;
    },
  },
  /** Back to a chosen earlier step. */
  redo_steps: {
    target: (unit, from, input) => {
      if (!input.to) throw badRequest("Choose the step to go back to.", { to: "Choose an earlier step" });
      if (!isEarlierState(from, input.to)) {
        throw conflict(
          `Unit ${unit.barcode} is ${UNIT_STATUS_LABELS[from].toLowerCase()}: "${UNIT_STATUS_LABELS[input.to]}" is not an earlier step.`,
          { status: from },
        );
      }
      // "Printed" is a step of printed units only (a print file): an unprinted one goes from queued to cut.
      if (input.to === "printed" && input.printed === false)
        throw conflict(`Unit ${unit.barcode} is not printed: "Printed" is not one of its steps.`, {
          to: "Not printed",
        });
      return input.to;
    },
  },
  resubmit: clearFailReason,
  resubmit_failed: clearFailReason,
  swatches_inspected: {
    after: async (tx, unit) => {
      await tx.update(u).set({ swatchesInspectedAt: new Date(), updatedAt: new Date() }).where(eq(u.id, unit.id));
    },
  },
  /** A print file change says which file the unit prints now. */
  print_file_update: {
    prepare: async (tx, unit, body) => {
      const file = body.printFileId ? await checkPrintFile(tx, unit.clientId, body.printFileId) : null;
      return {
        reason: file ? `Print file ${file.fileName}` : "Print file removed",
        message: file ? `${unit.barcode} prints ${file.fileName} now.` : `${unit.barcode} has no print file now.`,
      };
    },
    after: async (tx, unit, body) => {
      await tx
        .update(u)
        .set({ printFileId: body.printFileId ?? null, updatedAt: new Date() })
        .where(eq(u.id, unit.id));
    },
  },
};
