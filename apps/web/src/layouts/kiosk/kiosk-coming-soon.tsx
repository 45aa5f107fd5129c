import { ComingSoon } from "../../components/coming-soon";
import { ScanInput } from "../../components/scan/scan-input";

export const KIOSK_COMING_SOON = "This screen is coming soon: scans are not recorded yet";

/**
 * A floor screen that is not built yet: the scan field, honest about it (every scan is answered
 * with an error, nothing is recorded), above the spec's coming-soon content.
 */
export default function KioskComingSoon() {
  return (
    <>
      <ScanInput onScan={() => ({ ok: false, message: KIOSK_COMING_SOON })} />
      <ComingSoon />
    </>
  );
}
