import Menu from "@mui/icons-material/Menu";
import SettingsOutlined from "@mui/icons-material/SettingsOutlined";
import {
  AppBar,
  Box,
  Container,
  Divider,
  Drawer,
  IconButton,
  Toolbar,
  Tooltip,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { HubMark } from "../../components/hub-mark";
import { SessionClientSwitcher } from "../../features/clients/session-client-switcher";
import { MessagesBell } from "../../features/messages/messages-bell";
import { TeamSwitcher } from "../../features/teams/team-switcher";
import { useSettings } from "../../lib/settings/settings-context";
import { PageOutlet } from "../page-outlet";
import { SettingsDrawer } from "../settings-drawer";
import { AccountMenu } from "./account-menu";
import { NavHorizontal } from "./nav-horizontal";
import { NavVertical } from "./nav-vertical";
import { useNavSections } from "./use-nav";

const NAV_WIDTH = 280;

function Logo() {
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label="Hub home"
      sx={{ display: "flex", alignItems: "center", gap: 1, color: "inherit", textDecoration: "none" }}
    >
      <HubMark radius={1.5} />
    </Box>
  );
}

/** The signed-in shell: header, navigation in the chosen layout, the page, the Settings drawer. */
export function DashboardLayout() {
  const theme = useTheme();
  const large = useMediaQuery(theme.breakpoints.up("lg"));
  const { settings, setDrawerOpen } = useSettings();
  const sections = useNavSections();
  const [mobileOpen, setMobileOpen] = useState(false);
  const horizontal = settings.layout === "horizontal" && large;
  const permanentVertical = settings.layout === "vertical" && large;

  return (
    <Box
      sx={{ minHeight: "100vh", display: "flex", bgcolor: "background.default" }}
      data-layout={horizontal ? "horizontal" : "vertical"}
    >
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{
          borderBottom: 1,
          borderColor: "divider",
          ...(permanentVertical ? { width: `calc(100% - ${NAV_WIDTH}px)`, ml: `${NAV_WIDTH}px` } : {}),
        }}
      >
        <Toolbar sx={{ gap: 1 }}>
          {!horizontal && !permanentVertical ? (
            <IconButton aria-label="Open navigation" edge="start" onClick={() => setMobileOpen(true)}>
              <Menu />
            </IconButton>
          ) : null}
          {!permanentVertical ? <Logo /> : null}
          <Box sx={{ flexGrow: 1 }} />
          <TeamSwitcher />
          <SessionClientSwitcher />
          <MessagesBell />
          <Tooltip title="Settings">
            <IconButton aria-label="Settings" onClick={() => setDrawerOpen(true)}>
              <SettingsOutlined />
            </IconButton>
          </Tooltip>
          <AccountMenu />
        </Toolbar>
        {horizontal ? (
          <>
            <Divider />
            <NavHorizontal sections={sections} />
          </>
        ) : null}
      </AppBar>

      {permanentVertical ? (
        <Drawer
          variant="permanent"
          sx={{
            width: NAV_WIDTH,
            flexShrink: 0,
            "& .MuiDrawer-paper": { width: NAV_WIDTH, borderRightStyle: "dashed" },
          }}
        >
          <Box sx={{ px: 2.5, py: 2 }}>
            <Logo />
          </Box>
          <NavVertical sections={sections} />
        </Drawer>
      ) : (
        <Drawer
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          sx={{ "& .MuiDrawer-paper": { width: NAV_WIDTH } }}
        >
          <Box sx={{ px: 2.5, py: 2 }}>
            <Logo />
          </Box>
          <NavVertical sections={sections} onNavigate={() => setMobileOpen(false)} />
        </Drawer>
      )}

      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, pt: horizontal ? 17 : 11, pb: 6 }}>
        <Container maxWidth="xl">
          <PageOutlet />
        </Container>
      </Box>
      <SettingsDrawer />
    </Box>
  );
}

export default DashboardLayout;
