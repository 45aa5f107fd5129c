import { Box, CircularProgress, LinearProgress } from "@mui/material";

/**
 * Full-height loading indicator, shown while authentication initialises (before the login card or
 * the shell): a bar in an outer box at most 360 wide (spec 2.1), full width on a narrower screen.
 */
export function LoadingScreen() {
  return (
    <Box sx={{ minHeight: "100vh", display: "grid", placeItems: "center", px: 3 }}>
      <Box data-testid="outer-loader" sx={{ width: "100%", maxWidth: 360 }}>
        <LinearProgress aria-label="Loading" />
      </Box>
    </Box>
  );
}

export function PageLoader() {
  return (
    <Box role="progressbar" aria-label="Loading" sx={{ py: 10, display: "grid", placeItems: "center" }}>
      <CircularProgress size={32} />
    </Box>
  );
}
