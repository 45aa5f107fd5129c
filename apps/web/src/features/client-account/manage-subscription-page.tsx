import { ChoosePlan } from "./choose-plan";

/** /manageSubscription: change the client's plan. */
export default function ManageSubscriptionPage() {
  return <ChoosePlan mode="change" />;
}
