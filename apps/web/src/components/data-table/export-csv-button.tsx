import FileDownload from "@mui/icons-material/FileDownload";
import { Button } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { messageOf } from "../../lib/api-error";

/**
 * A list's "Export CSV": runs the download (every row the list's search and filters find), shows
 * progress on the button, and says what went wrong in a notification.
 */
export function ExportCsvButton({ onExport }: { onExport: () => Promise<void> }) {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      await onExport();
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownload />}
      onClick={run}
      loading={exporting}
      sx={{ flexShrink: 0, whiteSpace: "nowrap" }}
    >
      Export CSV
    </Button>
  );
}
