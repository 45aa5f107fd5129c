import { COLOR_PRESETS, LAYOUTS, type TColorPreset, type TLayout } from "@hub/contracts/common/constants";

export const SETTINGS_KEY = "hub.settings";

export type TSettings = { layout: TLayout; colorPreset: TColorPreset; techPackNav: "vertical" | "horizontal" };

/** Spec 2.8 defaults: horizontal layout, blue preset, vertical tech-pack navigation. */
export const DEFAULT_SETTINGS: TSettings = { layout: "horizontal", colorPreset: "blue", techPackNav: "vertical" };

export const PRESET_COLORS: Record<TColorPreset, { main: string; light: string; dark: string }> = {
  blue: { main: "#1877F2", light: "#76B0F1", dark: "#103996" },
  cyan: { main: "#00A3C4", light: "#61F3F3", dark: "#006C9C" },
  purple: { main: "#7635DC", light: "#B985F4", dark: "#431A9E" },
  orange: { main: "#E8770B", light: "#FFC107", dark: "#B75D00" },
  red: { main: "#D32F2F", light: "#FF7F7F", dark: "#9A1B1B" },
  gray: { main: "#54606C", light: "#919EAB", dark: "#212B36" },
};

const oneOf = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** Stored settings, each value checked; anything unknown falls back to its default. */
export const readSettings = (): TSettings => {
  try {
    const raw = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? "{}") as Partial<Record<keyof TSettings, unknown>>;
    return {
      layout: oneOf(LAYOUTS, raw.layout, DEFAULT_SETTINGS.layout),
      colorPreset: oneOf(COLOR_PRESETS, raw.colorPreset, DEFAULT_SETTINGS.colorPreset),
      techPackNav: oneOf(["vertical", "horizontal"] as const, raw.techPackNav, DEFAULT_SETTINGS.techPackNav),
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
};

export const writeSettings = (settings: TSettings) => {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
};
