import { NOTIFY_AUTO_CLOSE_MS } from "@hub/contracts/common/constants";
import { ToastContainer } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";

/**
 * Below the header (the kiosk's is 72 px), so a notification never covers the Account button: a
 * pointer resting on a toast pauses its close, and one over the button would stay there.
 */
const BELOW_HEADER = { top: 80 } as const;

/** Notifications: top right under the header, closing after 5000 ms, light theme (spec 9). */
export default function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={NOTIFY_AUTO_CLOSE_MS}
      theme="light"
      newestOnTop
      style={BELOW_HEADER}
    />
  );
}
