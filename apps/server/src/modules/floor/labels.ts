import type { TFloorLabelsQuery } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, inArray } from "drizzle-orm";
import { badRequest } from "../../platform/errors";
import { loadPdfKit, renderPdf } from "../../platform/pdf";
import { labelsDocument } from "../../platform/pdf-labels";
import type { Principal } from "../../platform/principal";
import { facilityScope } from "../../platform/resource/owners";
import { totesByIds } from "./totes.service";
import { unitViews } from "./units.service";

/**
 * Unit and tote labels (issue 11): each encodes its barcode (U-00000412, T-0042) in Code128 or QR,
 * printed by the shared label document (platform/pdf-labels.ts).
 */

const idsOf = (q: TFloorLabelsQuery) => (q.ids ? [...new Set(q.ids.split(",").map(Number))] : null);

/** GET /floor/units/labels.pdf?orderId=…|ids=…: the facility's units' labels. */
export const unitLabelsPdf = async (db: HubDb, p: Principal, q: TFloorLabelsQuery) => {
  const ids = idsOf(q);
  if (!ids && !q.orderId) throw badRequest("Name an order or the units.", { orderId: "Name an order or ids" });
  const u = schema.floorUnits;
  const units = await unitViews(
    db,
    and(
      facilityScope(p, u.factoryId),
      q.orderId ? eq(u.orderId, q.orderId) : undefined,
      ids ? inArray(u.id, ids) : undefined,
    ),
  );
  if (units.length === 0) throw badRequest("There are no units to label.", { orderId: "No units" });
  const kit = await loadPdfKit();
  const labels = units.map((x) => ({
    code: x.barcode,
    title: `${x.orderNumber} L${x.lineNumber} #${x.instance}${x.attempt > 1 ? ` (recut ${x.attempt - 1})` : ""}`,
    lines: [
      `${x.styleCode} ${[x.size, x.colour].filter(Boolean).join(" / ")}`,
      `Due ${x.dueDate ?? "-"} · ${x.clientName}`,
    ],
  }));
  const name = q.orderId ? `unit-labels-${units[0]?.orderNumber ?? q.orderId}` : "unit-labels";
  return {
    bytes: await renderPdf(kit, await labelsDocument(kit, labels, q, { title: "Unit labels" })),
    fileName: `${name}-${q.format}.pdf`,
  };
};

/** GET /floor/totes/labels.pdf?ids=…: tote labels (every tote of the facility when no ids are named). */
export const toteLabelsPdf = async (db: HubDb, p: Principal, q: TFloorLabelsQuery) => {
  const totes = await totesByIds(db, p, idsOf(q));
  if (totes.length === 0) throw badRequest("There are no totes to label.", { ids: "No totes" });
  const kit = await loadPdfKit();
  const labels = totes.map((x) => ({ code: x.barcode, title: "Tote", lines: ["Units of one order only"] }));
  return {
    bytes: await renderPdf(kit, await labelsDocument(kit, labels, q, { title: "Tote labels" })),
    fileName: `tote-labels-${q.format}.pdf`,
  };
};
