import { ACCEPTABLE_USE_POLICY } from "./policy-content/acceptable-use";
import { PolicyLayout } from "./policy-layout";

/** The public page at /acceptable-use-policy; a default export so the router can load it lazily. */
export default function AcceptableUsePage() {
  return <PolicyLayout {...ACCEPTABLE_USE_POLICY} />;
}
