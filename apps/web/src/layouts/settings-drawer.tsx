import { COLOR_PRESETS, SETTINGS_DRAWER_WIDTH, type TLayout } from "@hub/contracts/common/constants";
import Check from "@mui/icons-material/Check";
import Close from "@mui/icons-material/Close";
import RestartAlt from "@mui/icons-material/RestartAlt";
import ViewQuilt from "@mui/icons-material/ViewQuilt";
import ViewStream from "@mui/icons-material/ViewStream";
import { Badge, Box, ButtonBase, Divider, Drawer, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { PRESET_COLORS } from "../lib/settings/settings";
import { useSettings } from "../lib/settings/settings-context";

const LAYOUT_OPTIONS: { value: TLayout; label: string; icon: typeof ViewQuilt }[] = [
  { value: "vertical", label: "Vertical", icon: ViewQuilt },
  { value: "horizontal", label: "Horizontal", icon: ViewStream },
];

/** Spec 2.8: 'Settings' on the right, 280 wide, with reset and close; layout, tech pack navigation and colour preset. */
export function SettingsDrawer() {
  const { settings, update, reset, isDefault, drawerOpen, setDrawerOpen } = useSettings();
  return (
    <Drawer
      anchor="right"
      open={drawerOpen}
      onClose={() => setDrawerOpen(false)}
      slotProps={{ paper: { sx: { width: SETTINGS_DRAWER_WIDTH }, "aria-label": "Settings" } as object }}
    >
      <Stack direction="row" sx={{ alignItems: "center", px: 2.5, py: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Settings
        </Typography>
        <Tooltip title="Reset">
          <IconButton aria-label="Reset settings" onClick={reset}>
            <Badge color="error" variant="dot" invisible={isDefault}>
              <RestartAlt />
            </Badge>
          </IconButton>
        </Tooltip>
        <IconButton aria-label="Close settings" onClick={() => setDrawerOpen(false)}>
          <Close />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ p: 2.5 }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5 }} id="settings-layout">
          Layout
        </Typography>
        <Stack direction="row" spacing={2} role="radiogroup" aria-labelledby="settings-layout">
          {LAYOUT_OPTIONS.map(({ value, label, icon: Icon }) => (
            <SettingRadio
              key={value}
              label={label}
              selected={settings.layout === value}
              onSelect={() => update({ layout: value })}
              icon={<Icon />}
            />
          ))}
        </Stack>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1.5 }} id="settings-tech-pack-nav">
          Tech pack navigation
        </Typography>
        <Stack direction="row" spacing={2} role="radiogroup" aria-labelledby="settings-tech-pack-nav">
          {(["vertical", "horizontal"] as const).map((value) => (
            <SettingRadio
              key={value}
              label={value === "vertical" ? "Vertical tabs" : "Horizontal tabs"}
              selected={settings.techPackNav === value}
              onSelect={() => update({ techPackNav: value })}
            />
          ))}
        </Stack>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1.5 }} id="settings-presets">
          Color preset
        </Typography>
        <Box
          role="radiogroup"
          aria-labelledby="settings-presets"
          sx={{ display: "grid", gridTemplateColumns: "repeat(3, 1fr)", gap: 1.5 }}
        >
          {COLOR_PRESETS.map((preset) => {
            const selected = settings.colorPreset === preset;
            return (
              <ButtonBase
                key={preset}
                role="radio"
                aria-checked={selected}
                aria-label={preset}
                onClick={() => update({ colorPreset: preset })}
                sx={{
                  height: 56,
                  borderRadius: 1.5,
                  border: 1,
                  borderColor: selected ? PRESET_COLORS[preset].main : "divider",
                }}
              >
                <Box
                  sx={{
                    width: 24,
                    height: 24,
                    borderRadius: "50%",
                    bgcolor: PRESET_COLORS[preset].main,
                    display: "grid",
                    placeItems: "center",
                    color: "#fff",
                  }}
                >
                  {selected ? <Check sx={{ fontSize: 16 }} /> : null}
                </Box>
              </ButtonBase>
            );
          })}
        </Box>
      </Box>
    </Drawer>
  );
}

/** One choice of a settings radio group: a bordered button, marked when selected, with an optional icon. */
function SettingRadio({
  label,
  selected,
  onSelect,
  icon,
}: {
  label: string;
  selected: boolean;
  onSelect: () => void;
  icon?: ReactNode;
}) {
  return (
    <ButtonBase
      role="radio"
      aria-checked={selected}
      aria-label={label}
      onClick={onSelect}
      sx={{
        flex: 1,
        py: icon ? 2 : 1.5,
        borderRadius: 1.5,
        border: 1,
        borderColor: selected ? "primary.main" : "divider",
        color: selected ? "primary.main" : "text.secondary",
        flexDirection: "column",
        gap: 0.5,
      }}
    >
      {icon}
      <Typography variant="caption">{label}</Typography>
    </ButtonBase>
  );
}
