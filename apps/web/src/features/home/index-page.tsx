import { Box, Card, CardActionArea, CardContent, Chip, Grid, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { useNavSections } from "../../layouts/dashboard/use-nav";
import { useAuth } from "../../lib/auth/auth-context";
import { usePageTitle } from "../../lib/page-title";
import { NewTechPacksAlert } from "../products/tech-packs-news";
import { AttentionNumbers } from "./attention";

/** The index page: a greeting, what needs attention today, and the areas this user can open. */
export default function IndexPage() {
  usePageTitle("Home");
  const { user, sessionClient, productDevData } = useAuth();
  const sections = useNavSections();
  if (!user) return null;
  return (
    <Box>
      <Typography variant="h4" component="h1">{`Welcome back, ${user.firstName}`}</Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1, mb: 4, flexWrap: "wrap" }}>
        <Chip label={user.userType} size="small" />
        {sessionClient ? <Chip label={sessionClient.clientName} size="small" variant="outlined" /> : null}
        {user.subscriptionName ? (
          <Chip label={`${user.subscriptionName} plan`} size="small" variant="outlined" />
        ) : null}
        {productDevData?.currentTeam ? (
          <Chip label={`Team: ${productDevData.currentTeam.displayName}`} size="small" variant="outlined" />
        ) : null}
      </Stack>
      <NewTechPacksAlert />
      <AttentionNumbers sessionClientId={sessionClient?.clientId ?? null} />
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Your screens
      </Typography>
      {sections.length === 0 ? (
        <Typography sx={{ color: "text.secondary" }}>
          Your account has no screens yet. Ask your Hub administrator to give you access.
        </Typography>
      ) : (
        <Grid container spacing={3}>
          {sections.map((section) => {
            const items = section.groups.flatMap((g) => g.items);
            const first = items.find((i) => !i.comingSoon) ?? items[0];
            return (
              <Grid key={section.title} size={{ xs: 12, sm: 6, md: 4 }}>
                <Card sx={{ height: "100%" }}>
                  <CardActionArea component={RouterLink} to={first?.path ?? "/"} sx={{ height: "100%" }}>
                    <CardContent>
                      <Typography variant="h6" component="h3">
                        {section.title}
                      </Typography>
                      <Typography variant="body2" sx={{ color: "text.secondary", mt: 1 }}>
                        {items.map((i) => i.title).join(" · ")}
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Grid>
            );
          })}
        </Grid>
      )}
    </Box>
  );
}
