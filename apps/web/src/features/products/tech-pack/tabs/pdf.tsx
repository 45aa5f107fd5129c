import { Button, Card, CardContent, CardHeader } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { messageOf } from "../../../../lib/api-error";
import { useTechPack } from "../context";
import { openTechPackPdf } from "../pdf";

export function PdfTab({ print }: { print?: boolean }) {
  const { stpId, header } = useTechPack();
  const [busy, setBusy] = useState(false);
  return (
    <Card variant="outlined">
      <CardHeader
        title={print ? "Print" : "PDF"}
        subheader="The whole tech pack as a PDF a factory can work from: images, BOM per colourway, graded spec, construction callouts"
      />
      <CardContent>
        <Button
          variant="contained"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await openTechPackPdf(stpId, header.product.code, header.version.version);
            } catch (error) {
              toast.error(messageOf(error));
            } finally {
              setBusy(false);
            }
          }}
        >
          {print ? "Open to print" : "Open PDF"}
        </Button>
      </CardContent>
    </Card>
  );
}

export default function Pdf() {
  return <PdfTab />;
}
