import { TOTE_BARCODE_PATTERN, type TToteDetail } from "@hub/contracts/floor/actions";
import { Stack, Typography } from "@mui/material";
import { useState } from "react";
import { ScanInput } from "../../components/scan/scan-input";
import { toteAction } from "./api";
import { ToteCard } from "./kiosk-parts";

/** Clear Tote (/clearTote): scan a tote to empty it after packing; refused, with the reason, while it holds units not packed. */
export default function ClearTotePage() {
  const [tote, setTote] = useState<TToteDetail | null>(null);
  const onScan = async (code: string) => {
    if (!TOTE_BARCODE_PATTERN.test(code)) return { ok: false, message: `${code} is not a tote barcode (T-0001).` };
    setTote(null);
    const done = await toteAction(code, "clear");
    setTote(done.tote);
    return { ok: true, message: done.message };
  };
  return (
    <Stack spacing={3}>
      <Typography sx={{ fontSize: 22 }}>Scan a tote to empty it once its units are packed.</Typography>
      <ScanInput onScan={onScan} label="Scan a tote" />
      {tote ? <ToteCard tote={tote} /> : null}
    </Stack>
  );
}
