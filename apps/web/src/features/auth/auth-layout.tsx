import { Box, Card, CardContent, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { HubMark } from "../../components/hub-mark";
import { TextLink } from "../../components/text-link";

/** The public card on a gradient background (spec 2.1): 300 wide at least on small screens, 475 on large. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: "100vh",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        p: 2,
        background: (theme) =>
          `linear-gradient(135deg, ${theme.palette.primary.light}33 0%, ${theme.palette.background.default} 45%, ${theme.palette.primary.main}26 100%)`,
      }}
    >
      <Stack spacing={3} sx={{ alignItems: "center", width: "100%" }}>
        <Stack direction="row" spacing={1.25} sx={{ alignItems: "center" }}>
          <HubMark size={36} variant="h5" />
        </Stack>
        <Card sx={{ width: "100%", minWidth: { xs: 300, lg: 475 }, maxWidth: 475 }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Typography variant="h5" component="h1" gutterBottom>
              {title}
            </Typography>
            {subtitle ? (
              <Typography component="div" sx={{ color: "text.secondary", mb: 3 }}>
                {subtitle}
              </Typography>
            ) : null}
            {children}
          </CardContent>
        </Card>
        <Stack direction="row" spacing={2} component="nav" aria-label="Policies" sx={{ typography: "caption" }}>
          <TextLink to="/terms-and-conditions" color="text.secondary" variant="caption">
            Terms
          </TextLink>
          <TextLink to="/privacy-policy" color="text.secondary" variant="caption">
            Privacy
          </TextLink>
          <TextLink to="/acceptable-use-policy" color="text.secondary" variant="caption">
            Acceptable use
          </TextLink>
        </Stack>
      </Stack>
    </Box>
  );
}
