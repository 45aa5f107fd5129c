import { IDEMPOTENCY_HEADER } from "@hub/contracts/common/constants";
import { IMPORT_MAX_BYTES } from "@hub/contracts/library/import";
import { useState } from "react";
import type { z } from "zod";
import { api } from "./api";
import { messageOf } from "./api-error";
import { uploadWithProgress } from "./transfer";

/** Where a validate-then-apply import stands: choose a file, upload it, read the report, apply, done. */
export type ImportPhase<R> =
  | { step: "choose" }
  | { step: "uploading"; progress: number; fileName: string }
  | { step: "report"; report: R }
  | { step: "applying"; report: R }
  | { step: "done"; report: R };

/**
 * The CSV import every screen shares (the library's Import Csv, orders): the file is the request
 * body (text/csv, so the browser shows upload progress), the server answers a row-by-row report,
 * and apply writes all rows or none under one Idempotency-Key per screen visit and import, so a
 * double click or a retry applies once.
 */
export const useCsvImport = <R extends { importId: string }>(options: {
  schema: z.ZodType<R>;
  /** The validate path for a file name (query included). */
  validatePath: (fileName: string) => string;
  /** The apply path of a validated import. */
  applyPath: (report: R) => string;
  /** After a successful apply (invalidate lists, say what was written). */
  onApplied: (done: R) => Promise<void> | void;
}) => {
  const [phase, setPhase] = useState<ImportPhase<R>>({ step: "choose" });
  const [error, setError] = useState<string | null>(null);
  const [key] = useState(() => crypto.randomUUID());

  const upload = async (file: File) => {
    setError(null);
    if (file.size > IMPORT_MAX_BYTES) {
      setError("The file is larger than 25 MB. Split it into several files.");
      return;
    }
    setPhase({ step: "uploading", progress: 0, fileName: file.name });
    try {
      const report = await uploadWithProgress(options.validatePath(file.name), file, options.schema, {
        contentType: "text/csv",
        onProgress: (progress) => setPhase({ step: "uploading", progress, fileName: file.name }),
      });
      setPhase({ step: "report", report });
    } catch (e) {
      setError(messageOf(e));
      setPhase({ step: "choose" });
    }
  };

  const apply = async (report: R) => {
    setError(null);
    setPhase({ step: "applying", report });
    try {
      const done = await api(options.applyPath(report), options.schema, {
        method: "POST",
        headers: { [IDEMPOTENCY_HEADER]: `${key}-${report.importId}` },
      });
      await options.onApplied(done);
      setPhase({ step: "done", report: done });
    } catch (e) {
      setError(messageOf(e));
      setPhase({ step: "report", report });
    }
  };

  const reset = () => {
    setError(null);
    setPhase({ step: "choose" });
  };

  return {
    phase,
    error,
    setError,
    upload,
    apply,
    reset,
    busy: phase.step === "uploading" || phase.step === "applying",
  };
};
