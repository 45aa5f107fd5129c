import { PRIVACY_POLICY } from "./policy-content/privacy";
import { PolicyLayout } from "./policy-layout";

/** The public page at /privacy-policy; a default export so the router can load it lazily. */
export default function PrivacyPage() {
  return <PolicyLayout {...PRIVACY_POLICY} />;
}
