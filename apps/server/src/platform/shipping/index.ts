import type { TShippingProvider } from "@hub/contracts";
import type { HubConfig } from "../config";
import type { ShippingAdapter } from "./adapter";
import { manualShipping } from "./manual";
import { shipStationShipping } from "./shipstation";

export type { BoughtLabel, LabelRef, Parcel, ShippingAdapter, ShippingAddress } from "./adapter";
export { ShippingPlatformError } from "./adapter";

/** The providers this Hub offers: manual always; ShipStation when SHIPSTATION_API_KEY is set. */
export type ShippingProviders = Partial<Record<TShippingProvider, ShippingAdapter>> & { manual: ShippingAdapter };

export const shippingProvidersFor = (config: HubConfig): ShippingProviders => ({
  manual: manualShipping(config.publicUrl),
  ...(config.shipStation ? { shipstation: shipStationShipping(config.shipStation) } : {}),
});
