import { Box, Button, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { usePageTitle } from "../../lib/page-title";

export default function NotFoundPage() {
  usePageTitle("Page not found");
  return (
    <Box component="main" sx={{ minHeight: "100vh", display: "grid", placeItems: "center", textAlign: "center", p: 3 }}>
      <Box>
        <Typography variant="h1" sx={{ fontWeight: 800, color: "primary.main" }}>
          404
        </Typography>
        <Typography variant="h4" component="h1" sx={{ mt: 1 }}>
          Sorry, page not found!
        </Typography>
        <Typography sx={{ mt: 2, color: "text.secondary", maxWidth: 440 }}>
          The page you were looking for does not exist. Check the address, or go back to the start.
        </Typography>
        <Button sx={{ mt: 4 }} variant="contained" size="large" component={RouterLink} to="/">
          Go to Home
        </Button>
      </Box>
    </Box>
  );
}
