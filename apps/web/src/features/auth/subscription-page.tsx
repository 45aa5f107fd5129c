import { clientAccountApi } from "@hub/contracts/client-account/api";
import type { TPlanList } from "@hub/contracts/client-account/client-account";
import { Alert, Button, Link, Skeleton, Stack, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { Link as RouterLink } from "react-router";
import { messageOf } from "../../lib/api-error";
import { callPublic } from "../../lib/call-public";
import { usePageTitle } from "../../lib/page-title";
import { PlanCards } from "../client-account/plan-cards";
import { AuthLayout } from "./auth-layout";

/** /auth/subscription: a brand signing up sees the plans, then creates its account. */
export default function SubscriptionPage() {
  usePageTitle("Subscription");
  const [plans, setPlans] = useState<TPlanList["items"] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    callPublic(clientAccountApi.plans)
      .then((body) => {
        if (live) setPlans(body.items);
      })
      .catch((e: unknown) => {
        if (live) setError(messageOf(e));
      });
    return () => {
      live = false;
    };
  }, []);

  return (
    <AuthLayout
      title="Choose your plan"
      subtitle="Every plan has a level and a number of users. Professional (level 2) adds report downloads and the production overview."
    >
      <Stack spacing={2.5}>
        {error ? <Alert severity="error">{error}</Alert> : null}
        {plans ? (
          <PlanCards
            compact
            plans={plans}
            action={(plan) => (
              <Button
                variant="contained"
                fullWidth
                component={RouterLink}
                to={`/auth/register?plan=${plan.subscriptionId}`}
                aria-label={`Create your account with the ${plan.name} plan`}
              >
                Create your account
              </Button>
            )}
          />
        ) : error ? null : (
          <Skeleton variant="rounded" height={320} />
        )}
        <Typography variant="body2" sx={{ color: "text.secondary", textAlign: "center" }}>
          Register with your brand and its site name: you become its admin and can change the plan later under Your
          Account. Already have an account?{" "}
          <Link component={RouterLink} to="/auth/login">
            Sign in
          </Link>
        </Typography>
      </Stack>
    </AuthLayout>
  );
}
