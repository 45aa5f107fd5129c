import { Box, CircularProgress } from "@mui/material";

/** Full-height loading indicator, shown while authentication initialises. */
export function LoadingScreen() {
  return (
    <Box role="progressbar" aria-label="Loading" sx={{ minHeight: "100vh", display: "grid", placeItems: "center" }}>
      <CircularProgress />
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
