import { Box, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { usePageTitle } from "./guards";

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
