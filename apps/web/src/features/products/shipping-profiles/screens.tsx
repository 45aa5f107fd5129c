import { screensOf } from "../../../components/resource/screens";
import { shippingProfilesConfig } from "./config";

const SCREENS = screensOf(shippingProfilesConfig);

export function ShippingProfileListScreen() {
  return SCREENS.list();
}

export function ShippingProfileFormScreen({ mode }: { mode: "new" | "edit" }) {
  return SCREENS.form(mode);
}
