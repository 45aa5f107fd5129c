import { BREAKPOINTS } from "@hub/contracts/common/constants";
import { createTheme, type Theme } from "@mui/material/styles";
import { PRESET_COLORS, type TSettings } from "../lib/settings/settings";

export const buildTheme = (settings: TSettings): Theme =>
  createTheme({
    breakpoints: { values: { ...BREAKPOINTS } },
    palette: {
      mode: "light",
      primary: { ...PRESET_COLORS[settings.colorPreset], contrastText: "#fff" },
      background: { default: "#F7F8FA", paper: "#fff" },
      text: { primary: "#1C252E", secondary: "#637381" },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Public Sans", "Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: "none", fontWeight: 600 },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCard: {
        styleOverrides: { root: { boxShadow: "0 0 2px rgba(145,158,171,.2), 0 12px 24px -4px rgba(145,158,171,.12)" } },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
      // A menu someone just opened stays above the notifications (react-toastify's 9999): the
      // account menu opens under the header, where a toast sits, and its Logout was under the toast.
      MuiPopover: { styleOverrides: { root: { zIndex: 10_000 } } },
    },
  });
