import { NOTIFY_AUTO_CLOSE_MS } from "@hub/contracts/common/constants";
import { ToastContainer } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";

/** Notifications: top right, closing after 5000 ms, light theme (spec 9). */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={NOTIFY_AUTO_CLOSE_MS} theme="light" newestOnTop />;
}
