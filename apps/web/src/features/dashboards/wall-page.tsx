import { Alert, Box, CssBaseline, createTheme, ThemeProvider, Typography } from "@mui/material";
import { useEffect, useMemo } from "react";
import { useLocation } from "react-router";
import { QueryProvider } from "../../lib/query-provider";
import { useWallView, WALL_REFRESH_MS } from "./api";
import { ProductionBoard } from "./production-board";

/**
 * The wall display (/wall#<token>): Production Overview full screen, in large type on a dark
 * background, refreshing itself every 30 seconds, opened on a floor TV by a signed link that
 * works without signing in until it expires. The token is after `#`, so it never reaches a
 * server log; the page posts it in a body.
 */
function WallDisplay() {
  const { hash } = useLocation();
  const token = decodeURIComponent(hash.replace(/^#/, ""));
  const wall = useWallView(token);
  const theme = useMemo(
    () =>
      createTheme({
        palette: { mode: "dark" },
        typography: { fontSize: 20, h5: { fontSize: "3rem", fontWeight: 700 }, h6: { fontSize: "1.6rem" } },
      }),
    [],
  );
  useEffect(() => {
    document.title = "Production Overview — wall display";
  }, []);
  const d = wall.data;
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Box sx={{ p: 3, minHeight: "100vh" }} data-testid="wall-display">
        {!token || wall.isError ? (
          <Alert severity="error" sx={{ fontSize: "1.5rem" }}>
            {wall.error?.message ?? "This wall display link is not valid."}
          </Alert>
        ) : d ? (
          <>
            <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "baseline", mb: 3 }}>
              <Typography variant="h4" component="h1">{`Production Overview — ${d.scope}`}</Typography>
              <Typography color="text.secondary">
                {`Updated ${new Date(d.production.asOf).toLocaleTimeString()} · every ${WALL_REFRESH_MS / 1000} s · link expires ${new Date(d.expiresAt).toLocaleString()}`}
              </Typography>
            </Box>
            <ProductionBoard d={d.production} wall />
          </>
        ) : (
          <Typography>Loading…</Typography>
        )}
      </Box>
    </ThemeProvider>
  );
}

/** Public: outside the signed-in shell, so it brings its own query client. */
export default function WallPage() {
  return (
    <QueryProvider>
      <WallDisplay />
    </QueryProvider>
  );
}
