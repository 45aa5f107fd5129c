import type { Readable } from "node:stream";
import {
  FILE_MANAGER_MAX_BYTES,
  FILE_MANAGER_MAX_FILES,
  FILE_MANAGER_MESSAGES,
  FILES_MESSAGES,
  fileNameProblem,
  PRINT_FILE_TYPES,
  type TFmUploadResult,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { inArray } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { badRequest } from "../../platform/errors";
import type { FilesAdapter } from "../../platform/files";
import type { Principal } from "../../platform/principal";
import { keepPdfText } from "../files/pdf-text.service";
import { storePrintFile, type UploadKind } from "../files/print-files.service";
import { refuseOverQuota } from "../files/team-storage";
import { fileEntry } from "./files.service";
import { fmTeamOf, owned, storageOf, stored, targetFolder } from "./scope";

/** The File Manager takes what the tech pack's Files tab takes: PDF, images, AI, EPS, PSD. */
const KIND: UploadKind = {
  area: "fileManager",
  types: PRINT_FILE_TYPES,
  wrongType: FILES_MESSAGES.wrongType,
  action: "fileManager.file.upload",
};

type Part = { filename: string; file: Readable & { truncated?: boolean } };

/**
 * Stores every file of a multipart upload into a folder of the team: each name checked (no path),
 * each type and size checked by `storePrintFile`, and all of them together against the plan's
 * quota. All or nothing: when one is refused, the ones stored before it are removed again.
 */
export const uploadFiles = async (
  db: HubDb,
  files: FilesAdapter,
  p: Principal,
  query: { teamId?: number; folderId?: number },
  parts: AsyncIterable<Part>,
): Promise<TFmUploadResult> => {
  const team = await fmTeamOf(db, p, query.teamId);
  const folderId = await targetFolder(db, team, query.folderId ?? null);
  const storage = await storageOf(db, team);
  const done: { id: number; size: number }[] = [];
  const undo = async () => {
    if (done.length === 0) return;
    const keys = await db
      .select({ key: stored.storageKey })
      .from(stored)
      .where(
        inArray(
          stored.id,
          done.map((d) => d.id),
        ),
      );
    await db.delete(stored).where(
      inArray(
        stored.id,
        done.map((d) => d.id),
      ),
    );
    for (const k of keys) await files.remove(k.key).catch(() => undefined);
  };
  try {
    for await (const part of parts) {
      if (done.length >= FILE_MANAGER_MAX_FILES) {
        part.file.resume();
        throw badRequest(FILE_MANAGER_MESSAGES.tooMany, { file: FILE_MANAGER_MESSAGES.tooMany });
      }
      const problem = fileNameProblem(part.filename ?? "");
      if (problem) {
        part.file.resume();
        throw badRequest(`${part.filename}: ${problem}`, { file: problem });
      }
      const file = await storePrintFile(db, files, p, team.clientId, part, FILE_MANAGER_MAX_BYTES, KIND);
      done.push({ id: file.id, size: file.sizeBytes });
      refuseOverQuota(
        storage,
        done.reduce((n, d) => n + d.size, 0),
      );
    }
    if (done.length === 0) throw badRequest(FILES_MESSAGES.noFile, { file: FILES_MESSAGES.noFile });
    await db.transaction(async (tx) => {
      await tx.insert(owned).values(done.map((d) => ({ fileId: d.id, teamId: team.teamId, folderId })));
      await recordAudit(tx, {
        actor: p.userName,
        action: "fileManager.upload",
        subject: `team:${team.teamId}`,
        detail: { folderId, fileIds: done.map((d) => d.id) },
      });
    });
  } catch (error) {
    await undo();
    throw error;
  }
  const out = [];
  for (const d of done) {
    await keepPdfText(db, files, d.id);
    out.push(await fileEntry(db, team, d.id));
  }
  return { files: out };
};
