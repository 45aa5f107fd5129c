import { ChoosePlan } from "./choose-plan";

/** /newSubscription: a client without a plan chooses one. */
export default function NewSubscriptionPage() {
  return <ChoosePlan mode="new" />;
}
