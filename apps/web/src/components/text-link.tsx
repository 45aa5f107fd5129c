import { Typography, type TypographyProps } from "@mui/material";
import { Link as RouterLink } from "react-router";

type Props = Omit<TypographyProps<typeof RouterLink>, "component"> & { color?: string };

/**
 * A router link styled like MUI's Link (underline on hover), built on Typography so the screens
 * that load first do not also download MUI's Link.
 */
export function TextLink({ color = "primary.main", sx, ...props }: Props) {
  return (
    <Typography
      component={RouterLink}
      {...props}
      sx={[
        {
          color,
          textDecoration: "none",
          "&:hover": { textDecoration: "underline" },
          "&:focus-visible": { outline: "2px solid", outlineOffset: 2 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
