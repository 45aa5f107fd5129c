import { TOTE_BARCODE_PATTERN, type TToteDetail } from "@hub/contracts/floor/actions";
import { Stack, Typography } from "@mui/material";
import { useState } from "react";
import { ScanInput } from "../../components/scan/scan-input";
import { toteAction } from "./api";
import { ToteCard } from "./kiosk-parts";
import { QUEUED_MESSAGE } from "./scan-queue";
import { OfflineBanner, QueuedScans, useScanQueue } from "./use-scan-queue";

/**
 * Clear Tote (/clearTote): scan a tote to empty it after packing; refused, with the reason, while it
 * holds units not packed. Offline, the scan is kept and sent when the network is back (issue 22).
 */
export default function ClearTotePage() {
  const [tote, setTote] = useState<TToteDetail | null>(null);
  const queue = useScanQueue("clearTote");
  const onScan = async (code: string) => {
    if (!TOTE_BARCODE_PATTERN.test(code)) return { ok: false, message: `${code} is not a tote barcode (T-0001).` };
    setTote(null);
    const sent = await queue.submit(code, { kind: "clearTote", tote: code }, (scanId) =>
      toteAction(code, "clear", undefined, scanId),
    );
    if (sent.queued) return { ok: true, queued: true, message: `${code}: ${QUEUED_MESSAGE}` };
    setTote(sent.done.tote);
    return { ok: true, message: sent.done.message };
  };
  return (
    <Stack spacing={3}>
      <Typography sx={{ fontSize: 22 }}>Scan a tote to empty it once its units are packed.</Typography>
      <OfflineBanner online={queue.online} waiting={queue.waiting} />
      <ScanInput onScan={onScan} label="Scan a tote" />
      {tote ? <ToteCard tote={tote} /> : null}
      <QueuedScans scans={queue.scans} />
    </Stack>
  );
}
