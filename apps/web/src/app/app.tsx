import { CssBaseline } from "@mui/material";
// MUI's own ThemeProvider also brings its CSS-variables provider (about 3 KB gzip on the login
// page); the theme here has no CSS variables, so the system's provider, which it wraps, is enough.
import { ThemeProvider } from "@mui/system";
import { lazy, Suspense, useMemo, useState } from "react";
import { BrowserRouter } from "react-router";
import { AuthProvider, useAuth } from "../lib/auth/auth-context";
import { installPopGuard } from "../lib/pop-guard";
import { SettingsProvider, useSettings } from "../lib/settings/settings-context";
import { AppRoutes } from "./router";
import { buildTheme } from "./theme";

const Toasts = lazy(() => import("./toasts"));

// Before the router adds its own popstate listener (record workspaces ask before leaving a changed tab).
installPopGuard();

/**
 * Notifications load once someone has signed in on this page (the login page stays small), and
 * stay mounted after sign-out so its message can show.
 */
function LazyToasts() {
  const { isAuthenticated } = useAuth();
  const [wanted, setWanted] = useState(false);
  if (isAuthenticated && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

function Themed() {
  const { settings } = useSettings();
  const theme = useMemo(() => buildTheme(settings), [settings]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <LazyToasts />
    </ThemeProvider>
  );
}

export function App() {
  return (
    <SettingsProvider>
      <AuthProvider>
        <Themed />
      </AuthProvider>
    </SettingsProvider>
  );
}
