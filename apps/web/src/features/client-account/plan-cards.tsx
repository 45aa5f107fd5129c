import type { TPlan } from "@hub/contracts/client-account/client-account";
import CheckCircle from "@mui/icons-material/CheckCircle";
import { Box, Card, CardActions, CardContent, Chip, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { formatPrice } from "./format";

type Props = {
  plans: TPlan[];
  /** The plan the client is on, marked as current. */
  currentId?: number | null;
  /** The action under each plan (a choose button, a link to register). */
  action: (plan: TPlan) => ReactNode;
  /** One column (the public page's narrow card) or as many as fit. */
  compact?: boolean;
};

/** The plans side by side: level, user limit, monthly price, and the current one marked. */
export function PlanCards({ plans, currentId, action, compact }: Props) {
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: compact
          ? "1fr"
          : { xs: "1fr", md: `repeat(${Math.max(1, Math.min(plans.length, 3))}, 1fr)` },
      }}
    >
      {plans.map((plan) => {
        const current = plan.subscriptionId === currentId;
        return (
          <Card
            key={plan.subscriptionId}
            variant="outlined"
            data-testid={`plan-${plan.name}`}
            aria-label={`${plan.name} plan`}
            component="section"
            sx={{
              display: "flex",
              flexDirection: "column",
              borderColor: current ? "primary.main" : undefined,
              borderWidth: current ? 2 : 1,
            }}
          >
            <CardContent sx={{ flexGrow: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
                <Typography variant="h6" component="h2">
                  {plan.name}
                </Typography>
                {current ? <Chip size="small" color="primary" icon={<CheckCircle />} label="Current plan" /> : null}
              </Stack>
              <Typography variant="h4" component="p">
                {formatPrice(plan.priceCents)}
                <Typography component="span" sx={{ color: "text.secondary", ml: 0.5 }}>
                  / month
                </Typography>
              </Typography>
              <Typography sx={{ mt: 1 }}>{`Level ${plan.level}`}</Typography>
              <Typography sx={{ color: "text.secondary" }}>{`Up to ${plan.nbrOfUsers} users`}</Typography>
              {plan.level >= 2 ? (
                <Typography variant="body2" sx={{ color: "text.secondary", mt: 1 }}>
                  Includes report downloads and the production overview.
                </Typography>
              ) : null}
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2 }}>{action(plan)}</CardActions>
          </Card>
        );
      })}
    </Box>
  );
}
