import type { TPlan } from "@hub/contracts/client-account/client-account";
import { Alert, Box, Button, Link, Skeleton, Typography } from "@mui/material";
import { type ReactNode, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { toast } from "react-toastify";
import { PageHeader } from "../../components/page-header";
import { messageOf } from "../../lib/api-error";
import { useChangePlan, usePlans, useYourAccount } from "./api";
import { PlanCards } from "./plan-cards";

/** /manageSubscription ("change") and /newSubscription ("new"): the plans, the current one marked, a choose button. */
export function ChoosePlan({ mode }: { mode: "new" | "change" }) {
  const account = useYourAccount();
  const plans = usePlans();
  const change = useChangePlan(mode);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const title = mode === "new" ? "New Subscription" : "Manage Subscription";
  const data = account.data;

  const choose = async (plan: TPlan) => {
    setError(null);
    try {
      await change.mutateAsync({ subscriptionId: plan.subscriptionId });
      toast.success(`Your client is now on the ${plan.name} plan.`);
      navigate("/yourAccount");
    } catch (e) {
      setError(messageOf(e));
    }
  };

  const subtitle =
    mode === "new"
      ? "Choose the plan your client subscribes to. The level decides which screens you can open; the user limit how many active users you can have."
      : "Change your client's plan. A plan with fewer users than you have active needs some users deactivated first.";

  let notice: ReactNode = null;
  if (data && !data.client) notice = <Alert severity="info">Plans are for client accounts; yours is not one.</Alert>;
  else if (data && mode === "new" && data.plan)
    notice = (
      <Alert severity="info">
        {`Your client is already on the ${data.plan.name} plan. `}
        <Link component={RouterLink} to="/manageSubscription">
          Change it on Manage Subscription
        </Link>
        .
      </Alert>
    );
  else if (data && mode === "change" && !data.plan)
    notice = (
      <Alert severity="info">
        {"Your client has no plan yet. "}
        <Link component={RouterLink} to="/newSubscription">
          Choose one on New Subscription
        </Link>
        .
      </Alert>
    );
  else if (data && !data.canManage) notice = <Alert severity="info">Only your client admin can change the plan.</Alert>;

  const canChoose = Boolean(data?.client && data.canManage && (mode === "new" ? !data.plan : data.plan));

  return (
    <Box>
      <PageHeader title={title} subtitle={subtitle} />
      {account.isError ? <Alert severity="error">{account.error.message}</Alert> : null}
      {notice ? <Box sx={{ mb: 3 }}>{notice}</Box> : null}
      {error ? (
        <Alert severity="error" sx={{ mb: 3 }} data-testid="plan-error">
          {error}
        </Alert>
      ) : null}
      {data?.plan ? (
        <Typography
          sx={{ mb: 2, color: "text.secondary" }}
        >{`${data.activeUsers} of ${data.plan.nbrOfUsers} users active.`}</Typography>
      ) : null}
      {plans.data ? (
        <PlanCards
          plans={plans.data}
          currentId={data?.plan?.subscriptionId ?? null}
          action={(plan) => {
            const current = plan.subscriptionId === data?.plan?.subscriptionId;
            return (
              <Button
                variant={current ? "outlined" : "contained"}
                fullWidth
                disabled={!canChoose || current || change.isPending}
                loading={change.isPending && change.variables?.subscriptionId === plan.subscriptionId}
                onClick={() => void choose(plan)}
                aria-label={current ? `${plan.name} is your current plan` : `Choose ${plan.name}`}
              >
                {current ? "Current plan" : `Choose ${plan.name}`}
              </Button>
            );
          }}
        />
      ) : (
        <Skeleton variant="rounded" height={240} />
      )}
    </Box>
  );
}
