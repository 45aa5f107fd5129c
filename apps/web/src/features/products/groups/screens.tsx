import { type ResourceScreens, screensOf } from "../../../components/resource/screens";
import { GROUP_CONFIGS } from "./configs";

const SCREENS: Record<string, ResourceScreens> = Object.fromEntries(
  Object.entries(GROUP_CONFIGS).map(([key, config]) => [key, screensOf(config)]),
);

export function GroupListScreen({ kind }: { kind: string }) {
  return SCREENS[kind]?.list() ?? null;
}

export function GroupFormScreen({ kind, mode }: { kind: string; mode: "new" | "edit" }) {
  return SCREENS[kind]?.form(mode) ?? null;
}
