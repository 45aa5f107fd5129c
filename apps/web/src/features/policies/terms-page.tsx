import { TERMS_AND_CONDITIONS } from "./policy-content/terms";
import { PolicyLayout } from "./policy-layout";

/** The public page at /terms-and-conditions; a default export so the router can load it lazily. */
export default function TermsPage() {
  return <PolicyLayout {...TERMS_AND_CONDITIONS} />;
}
