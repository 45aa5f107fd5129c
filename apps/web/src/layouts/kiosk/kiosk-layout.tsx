import ArrowBack from "@mui/icons-material/ArrowBack";
import Logout from "@mui/icons-material/Logout";
import { AppBar, Box, Button, Stack, Toolbar, Typography } from "@mui/material";
import { useEffect } from "react";
import { Link as RouterLink, useLocation, useNavigate } from "react-router";
import { toast } from "react-toastify";
import { useAuth } from "../../lib/auth/auth-context";
import { registerServiceWorker } from "../../lib/service-worker";
import { PageOutlet } from "../page-outlet";
import { kioskTitleOf } from "./kiosk-routes";

/** Touch targets on the floor: at least 64 px, for a gloved thumb with a scanner in the other hand. */
const TARGET = 64;

/**
 * The shell of the scanner-first factory-floor screens (a tablet on a cart, or a desk): no side
 * navigation, a slim top bar with the screen's title, the facility and user, Back to Hub and Sign
 * out, and the screen below in big type. Mounted behind the same AuthGuard and CardGuard as the
 * dashboard.
 */
export function KioskLayout() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const title = kioskTitleOf(pathname);
  const facility = user?.factory[0]?.name ?? null;
  // Offline kiosk screens (issue 22): the service worker comes with the first kiosk screen opened.
  useEffect(registerServiceWorker, []);

  return (
    <Box data-layout="kiosk" sx={{ minHeight: "100vh", bgcolor: "background.default", fontSize: 18 }}>
      <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: "divider" }}>
        <Toolbar sx={{ minHeight: { xs: 72 }, gap: 2 }}>
          <Typography variant="h5" component="p" sx={{ fontWeight: 800, flexGrow: 1, minWidth: 0 }} noWrap>
            {title}
          </Typography>
          {user ? (
            <Box sx={{ textAlign: "right", display: { xs: "none", sm: "block" } }} data-testid="kiosk-who">
              <Typography sx={{ fontWeight: 700, fontSize: 18, lineHeight: 1.2 }}>
                {facility ?? user.userType}
              </Typography>
              <Typography sx={{ color: "text.secondary", fontSize: 16 }}>
                {`${user.firstName} ${user.lastName}`}
              </Typography>
            </Box>
          ) : null}
          <Stack direction="row" spacing={1}>
            <Button
              component={RouterLink}
              to="/"
              variant="outlined"
              size="large"
              startIcon={<ArrowBack />}
              sx={{ minHeight: TARGET, fontSize: 18 }}
            >
              Back to Hub
            </Button>
            <Button
              variant="contained"
              color="inherit"
              size="large"
              startIcon={<Logout />}
              sx={{ minHeight: TARGET, fontSize: 18 }}
              onClick={async () => {
                await logout();
                toast.info("You are signed out.");
                navigate("/auth/login", { replace: true });
              }}
            >
              Sign out
            </Button>
          </Stack>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ maxWidth: 1100, mx: "auto", px: { xs: 2, md: 4 }, py: 3 }}>
        <PageOutlet />
      </Box>
    </Box>
  );
}

export default KioskLayout;
