import type { TPlan, TYourAccount } from "@hub/contracts/client-account/client-account";
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Skeleton,
  Stack,
  Typography,
} from "@mui/material";
import type { ReactNode } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header";
import { usePlans, useYourAccount } from "./api";
import { plural } from "./format";

const toInt = (value: string | null): number | null => {
  if (value === null || !/^\d+$/.test(value)) return null;
  return Number.parseInt(value, 10);
};

/** A button in a banner's corner that opens another page. */
const BannerLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <Button color="inherit" size="small" component={RouterLink} to={to}>
    {children}
  </Button>
);

/** The banner of one reason: its title, what to do, and the actions a client admin may take. */
function Banner(props: {
  severity: "warning" | "info";
  reason: string;
  title: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Alert
      severity={props.severity}
      data-testid="account-banner"
      data-reason={props.reason}
      sx={{ mb: 3 }}
      action={props.actions}
    >
      <AlertTitle>{props.title}</AlertTitle>
      {props.children}
    </Alert>
  );
}

/** The banner a guard sends a client user here with (spec 4), saying what to do next. */
export function ReasonBanner({ account, plans }: { account: TYourAccount; plans: TPlan[] }) {
  const [params] = useSearchParams();
  const reason = params.get("reason");
  const admin = account.canManage;
  const askAdmin = "Ask your client admin to do this.";
  const plan = account.plan;
  const required = toInt(params.get("required"));
  // The link may be older than the fix: say so rather than repeat a problem that is gone.
  const resolved =
    (reason === "overLimit" && plan !== null && account.activeUsers <= plan.nbrOfUsers) ||
    (reason === "needSubscription" && plan !== null) ||
    (reason === "insufficientPlan" && plan !== null && required !== null && plan.level >= required);
  if (resolved && plan) {
    return (
      <Alert severity="success" data-testid="account-banner" data-reason={reason} data-resolved="true" sx={{ mb: 3 }}>
        {`All set: your client is on the ${plan.name} plan (level ${plan.level}) with ${account.activeUsers} of ${plan.nbrOfUsers} users active.`}
      </Alert>
    );
  }

  if (reason === "overLimit") {
    const active = toInt(params.get("active")) ?? account.activeUsers;
    const limit = toInt(params.get("limit")) ?? account.plan?.nbrOfUsers ?? 0;
    const excess = Math.max(active - limit, 0);
    return (
      <Banner
        severity="warning"
        reason="overLimit"
        title="Your client is over its user limit"
        actions={
          admin ? (
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
              <BannerLink to="/yourClientUsers">Manage users</BannerLink>
              <BannerLink to="/manageSubscription">Upgrade plan</BannerLink>
            </Stack>
          ) : undefined
        }
      >
        {`Your client has ${plural(active, "active user")} but its plan allows ${limit}. `}
        {admin
          ? `Deactivate ${plural(excess, "user")} (or mark them as test users) on Your Client Users, or upgrade your plan on Manage Subscription.`
          : `${plural(excess, "user")} must be deactivated or the plan upgraded. ${askAdmin}`}
      </Banner>
    );
  }
  if (reason === "needSubscription") {
    return (
      <Banner
        severity="warning"
        reason="needSubscription"
        title="A subscription is required"
        actions={admin ? <BannerLink to="/newSubscription">Choose a plan</BannerLink> : undefined}
      >
        {"The factory that makes your orders requires a subscription, and your client has none. "}
        {admin ? "Choose a plan on New Subscription to continue." : `A plan must be chosen to continue. ${askAdmin}`}
      </Banner>
    );
  }
  if (reason === "insufficientPlan") {
    const requiredPlan = plans
      .filter((p) => required !== null && p.level >= required)
      .sort((a, b) => a.level - b.level)[0];
    const needed = requiredPlan
      ? `the ${requiredPlan.name} plan (level ${required})`
      : `a plan of level ${required ?? "?"}`;
    const current = account.plan
      ? `Your client is on the ${account.plan.name} plan (level ${account.plan.level}).`
      : "Your client has no plan.";
    return (
      <Banner
        severity="info"
        reason="insufficientPlan"
        title="Upgrade your plan to open that page"
        actions={
          admin ? (
            <BannerLink to={account.plan ? "/manageSubscription" : "/newSubscription"}>Upgrade plan</BannerLink>
          ) : undefined
        }
      >
        {`That page needs ${needed} or higher. ${current} `}
        {admin ? "Upgrade on Manage Subscription to open it." : askAdmin}
      </Banner>
    );
  }
  return null;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" sx={{ color: "text.secondary" }}>
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Box>
  );
}

/** /yourAccount: profile, client, plan and user count against the plan's limit. */
export default function YourAccountPage() {
  const account = useYourAccount();
  const plans = usePlans();
  const data = account.data;

  return (
    <Box>
      <PageHeader
        title="Your Account"
        actions={
          <>
            <Button component={RouterLink} to="/yourAddresses" variant="outlined">
              Your Addresses
            </Button>
            {data?.client ? (
              <Button component={RouterLink} to="/yourClientUsers" variant="outlined">
                Your Client Users
              </Button>
            ) : null}
            {data?.client && data.canManage ? (
              <Button component={RouterLink} to="/paymentMethods" variant="outlined">
                Payment Methods
              </Button>
            ) : null}
            {data?.client ? (
              <Button
                component={RouterLink}
                to={data.plan ? "/manageSubscription" : "/newSubscription"}
                variant="contained"
              >
                {data.plan ? "Manage Subscription" : "Choose a plan"}
              </Button>
            ) : null}
          </>
        }
      />
      {account.isError ? <Alert severity="error">{account.error.message}</Alert> : null}
      {!data ? (
        account.isPending ? (
          <Skeleton variant="rounded" height={220} />
        ) : null
      ) : (
        <>
          <ReasonBanner account={data} plans={plans.data ?? []} />
          <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
            <Card component="section" aria-label="Profile">
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  Profile
                </Typography>
                <Stack spacing={1.5}>
                  <Field label="Name" value={`${data.profile.firstName} ${data.profile.lastName}`} />
                  <Field label="Username" value={data.profile.userName} />
                  <Field label="Email" value={data.profile.email} />
                  <Field label="User type" value={data.profile.userType} />
                  {data.client ? <Field label="Client" value={`${data.client.name} (${data.client.site})`} /> : null}
                  {data.canManage ? (
                    <Chip
                      label="Client admin"
                      size="small"
                      color="primary"
                      variant="outlined"
                      sx={{ alignSelf: "flex-start" }}
                    />
                  ) : null}
                </Stack>
              </CardContent>
            </Card>
            <Card component="section" aria-label="Plan">
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  Plan
                </Typography>
                {!data.client ? (
                  <Typography sx={{ color: "text.secondary" }}>
                    Plans and user limits apply to client accounts; yours is not one.
                  </Typography>
                ) : data.plan ? (
                  <PlanUsage account={data} />
                ) : (
                  <Stack spacing={1.5} sx={{ alignItems: "flex-start" }}>
                    <Typography>Your client has no plan.</Typography>
                    {data.factoryRequiresSubscription ? (
                      <Typography sx={{ color: "text.secondary" }}>
                        The factory that makes your orders requires one.
                      </Typography>
                    ) : null}
                    {data.canManage ? (
                      <Button variant="contained" component={RouterLink} to="/newSubscription">
                        Choose a plan
                      </Button>
                    ) : (
                      <Typography sx={{ color: "text.secondary" }}>Ask your client admin to choose one.</Typography>
                    )}
                  </Stack>
                )}
              </CardContent>
            </Card>
          </Box>
        </>
      )}
    </Box>
  );
}

function PlanUsage({ account }: { account: TYourAccount }) {
  const plan = account.plan;
  if (!plan) return null;
  const over = account.activeUsers > plan.nbrOfUsers;
  const percent = plan.nbrOfUsers > 0 ? Math.min(100, (account.activeUsers / plan.nbrOfUsers) * 100) : 100;
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Typography variant="h5" component="p">
          {plan.name}
        </Typography>
        <Chip size="small" label={`Level ${plan.level}`} />
      </Stack>
      <Box>
        <Typography data-testid="plan-usage">{`${account.activeUsers} of ${plan.nbrOfUsers} users`}</Typography>
        <LinearProgress
          variant="determinate"
          value={percent}
          color={over ? "error" : percent >= 80 ? "warning" : "primary"}
          aria-label="Active users against the plan's limit"
          sx={{ mt: 1, height: 8, borderRadius: 4 }}
        />
      </Box>
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        {`Test users and deactivated users are not counted. ${plural(account.pendingInvitations, "invitation")} open.`}
      </Typography>
    </Stack>
  );
}
