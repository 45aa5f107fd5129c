import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { DEFAULT_SETTINGS, readSettings, type TSettings, writeSettings } from "./settings";

type SettingsContextValue = {
  settings: TSettings;
  update: (patch: Partial<TSettings>) => void;
  reset: () => void;
  isDefault: boolean;
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
};

const SettingsContext = createContext<SettingsContextValue | null>(null);

/** Display settings, kept in local storage (spec 2.8). */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<TSettings>(readSettings);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const update = useCallback((patch: Partial<TSettings>) => {
    setSettings((current) => {
      const next = { ...current, ...patch };
      writeSettings(next);
      return next;
    });
  }, []);
  const reset = useCallback(() => {
    writeSettings(DEFAULT_SETTINGS);
    setSettings(DEFAULT_SETTINGS);
  }, []);
  const value = useMemo(
    () => ({
      settings,
      update,
      reset,
      isDefault: JSON.stringify(settings) === JSON.stringify(DEFAULT_SETTINGS),
      drawerOpen,
      setDrawerOpen,
    }),
    [settings, update, reset, drawerOpen],
  );
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export const useSettings = (): SettingsContextValue => {
  const value = useContext(SettingsContext);
  if (!value) throw new Error("useSettings outside SettingsProvider");
  return value;
};
