import { CssBaseline } from "@mui/material";
// MUI's own ThemeProvider also brings its CSS-variables provider (about 3 KB gzip on the login
// page); the theme here has no CSS variables, so the system's provider, which it wraps, is enough.
import { ThemeProvider } from "@mui/system";
import { lazy, Suspense, useMemo, useState } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { AuthProvider, useAuth } from "../lib/auth/auth-context";
import { SettingsProvider, useSettings } from "../lib/settings/settings-context";
import { AppRoutes } from "./router";
import { buildTheme } from "./theme";

const Toasts = lazy(() => import("./toasts"));

/**
 * A data router around the declarative route table, only so screens can use `useBlocker` (a record
 * workspace asks before leaving a tab with unsaved changes); no loaders or actions.
 */
const router = createBrowserRouter([{ path: "*", element: <AppRoutes /> }]);

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
      <RouterProvider router={router} />
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
