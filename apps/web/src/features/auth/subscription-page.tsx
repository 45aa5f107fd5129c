import { ComingSoon } from "../../components/coming-soon";
import { usePageTitle } from "../../components/guards";
import { AuthLayout } from "./auth-layout";

/** /auth/subscription: a brand choosing its plan at sign-up (built with the accounts issue). */
export default function SubscriptionPage() {
  usePageTitle("Subscription");
  return (
    <AuthLayout title="Subscription">
      <ComingSoon />
    </AuthLayout>
  );
}
