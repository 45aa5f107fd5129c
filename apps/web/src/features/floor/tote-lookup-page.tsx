import { TOTE_BARCODE_PATTERN, type TToteDetail } from "@hub/contracts/floor/actions";
import { Button, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ScanInput } from "../../components/scan/scan-input";
import { getTote } from "./api";
import { TARGET, ToteCard } from "./kiosk-parts";

const offlineLookup = (code: string) =>
  `This screen is offline: tote ${code} can be looked up once the network is back.`;

/** Find Order By Tote (/toteLookup): scan a tote → its order, its units and their states. */
export default function ToteLookupPage() {
  const [tote, setTote] = useState<TToteDetail | null>(null);
  const onScan = async (code: string) => {
    if (!TOTE_BARCODE_PATTERN.test(code)) return { ok: false, message: `${code} is not a tote barcode (T-0001).` };
    // A lookup needs the Hub: offline, nothing is kept to send later (issue 22), and the screen says so.
    if (!navigator.onLine) return { ok: false, message: offlineLookup(code) };
    const found = await getTote(code).catch((error: unknown) => {
      if (error instanceof TypeError) return null;
      throw error;
    });
    if (found === null) return { ok: false, message: offlineLookup(code) };
    setTote(found);
    return {
      ok: true,
      message: found.orderNumber
        ? `Tote ${found.barcode} holds order ${found.orderNumber} (${found.unitCount} units).`
        : `Tote ${found.barcode} is empty.`,
    };
  };
  return (
    <Stack spacing={3}>
      <Typography sx={{ fontSize: 22 }}>Scan a tote to see its order and units.</Typography>
      <ScanInput onScan={onScan} label="Scan a tote" />
      {tote ? (
        <ToteCard
          tote={tote}
          actions={
            tote.orderId ? (
              <Button
                component={RouterLink}
                to={`/orders/${tote.orderId}`}
                variant="outlined"
                size="large"
                sx={{ minHeight: TARGET, fontSize: 20 }}
              >
                Open order
              </Button>
            ) : undefined
          }
        />
      ) : null}
    </Stack>
  );
}
