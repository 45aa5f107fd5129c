import { Box, Link, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { usePageTitle } from "../lib/page-title";

/** A screen's title (also the browser title), an optional line under it, and its actions. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  usePageTitle(title);
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 3, alignItems: { sm: "flex-end" } }}>
      <Box sx={{ flexGrow: 1 }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {subtitle ? (
          <Typography component="div" sx={{ color: "text.secondary", mt: 0.5 }}>
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {actions ? (
        <Stack direction="row" spacing={1}>
          {actions}
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * The subtitle of a record that belongs to an order (a shipment, a return): its status chip, then
 * "of SO-000123 (PO …) · Client", the order number linking to the order.
 */
export function OfOrderSubtitle({
  chip,
  word,
  orderId,
  orderNumber,
  poNumber,
  clientName,
}: {
  chip: ReactNode;
  word: "of" | "on";
  orderId: number;
  orderNumber: string;
  poNumber?: string | null;
  clientName: string;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
      {chip}
      <span>
        {`${word} `}
        <Link component={RouterLink} to={`/orders/${orderId}`}>
          {orderNumber}
        </Link>
        {poNumber ? ` (PO ${poNumber})` : ""} · {clientName}
      </span>
    </Stack>
  );
}
