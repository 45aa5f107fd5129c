import { NOTIFY_AUTO_CLOSE_MS } from "@hub/contracts";
import { CssBaseline, ThemeProvider } from "@mui/material";
import { QueryClientProvider } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { RouterProvider } from "react-router";
import { ToastContainer } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";
import { AuthProvider } from "../lib/auth/auth-context";
import { queryClient } from "../lib/query-client";
import { SettingsProvider, useSettings } from "../lib/settings/settings-context";
import { createRouter } from "./router";
import { buildTheme } from "./theme";

function Themed() {
  const { settings } = useSettings();
  const theme = useMemo(() => buildTheme(settings), [settings]);
  const [router] = useState(createRouter);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
      <ToastContainer position="top-right" autoClose={NOTIFY_AUTO_CLOSE_MS} theme="light" newestOnTop />
    </ThemeProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SettingsProvider>
        <AuthProvider>
          <Themed />
        </AuthProvider>
      </SettingsProvider>
    </QueryClientProvider>
  );
}
