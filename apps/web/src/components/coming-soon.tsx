import { MESSAGES } from "@hub/contracts/common/messages";
import StarRounded from "@mui/icons-material/StarRounded";
import { Box, Button, Stack, Typography } from "@mui/material";
import { useEffect } from "react";
import { Link as RouterLink, useNavigate } from "react-router";

/** Spec 2.2: a star, 'Coming Soon', 'Something Exciting Is On Its Way!', Go to Home and Go Back. */
export function ComingSoon() {
  const navigate = useNavigate();
  useEffect(() => {
    document.title = "Coming Soon | Hub";
  }, []);
  return (
    <Box sx={{ py: { xs: 6, md: 10 }, textAlign: "center" }}>
      <StarRounded sx={{ fontSize: 96, color: "warning.main" }} aria-hidden />
      <Typography variant="h3" component="h1" sx={{ mt: 2, fontWeight: 800 }}>
        {MESSAGES.comingSoonTitle}
      </Typography>
      <Typography sx={{ mt: 1.5, color: "text.secondary" }}>{MESSAGES.comingSoonText}</Typography>
      <Stack direction="row" spacing={2} sx={{ mt: 4, justifyContent: "center" }}>
        <Button variant="contained" component={RouterLink} to="/">
          Go to Home
        </Button>
        <Button variant="outlined" onClick={() => navigate(-1)}>
          Go Back
        </Button>
      </Stack>
    </Box>
  );
}

export default ComingSoon;
