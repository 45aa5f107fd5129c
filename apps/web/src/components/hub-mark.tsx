import { Box, Typography } from "@mui/material";

/** The Hub's mark: the "H" tile and the name beside it (the page lays them out). */
export function HubMark({
  size = 32,
  radius = 2,
  variant = "h6",
}: {
  size?: number;
  radius?: number;
  variant?: "h5" | "h6";
}) {
  return (
    <>
      <Box
        aria-hidden
        sx={{
          width: size,
          height: size,
          borderRadius: radius,
          bgcolor: "primary.main",
          color: "#fff",
          display: "grid",
          placeItems: "center",
          fontWeight: 800,
        }}
      >
        H
      </Box>
      <Typography variant={variant} component="span" sx={{ fontWeight: 800 }}>
        Hub
      </Typography>
    </>
  );
}
