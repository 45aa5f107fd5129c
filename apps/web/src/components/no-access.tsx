import LockOutlined from "@mui/icons-material/LockOutlined";
import { Box, Button, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";

export function NoAccess() {
  return (
    <Box sx={{ py: 10, textAlign: "center" }}>
      <LockOutlined sx={{ fontSize: 64, color: "text.disabled" }} aria-hidden />
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        You do not have access to this page
      </Typography>
      <Typography sx={{ mt: 1, color: "text.secondary" }}>
        Ask your Hub administrator to give your account access to it.
      </Typography>
      <Button sx={{ mt: 3 }} variant="contained" component={RouterLink} to="/">
        Go to Home
      </Button>
    </Box>
  );
}
