import { ApprovalTab } from "./approval";

/** Submit: the approval tab, opened at its submit step. */
export default function SubmitTab() {
  return <ApprovalTab focus="submit" />;
}
