import { CssBaseline, ThemeProvider } from "@mui/material";
import { useMemo } from "react";
import { BrowserRouter } from "react-router";
import { AuthProvider } from "../lib/auth/auth-context";
import { SettingsProvider, useSettings } from "../lib/settings/settings-context";
import { AppRoutes } from "./router";
import { buildTheme } from "./theme";

function Themed() {
  const { settings } = useSettings();
  const theme = useMemo(() => buildTheme(settings), [settings]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
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
