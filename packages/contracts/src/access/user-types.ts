import { z } from "zod";

/**
 * User types. `icreate` is the internal admin; `client` is a brand user (the type a registration
 * creates: typeId 5); `manufacturer` and `factory` are facility types; `designer` is a design-team
 * user. The account kinds offered when an admin creates accounts are icreate, manufacturer, factory.
 */
export const USER_TYPES = [
  { id: 1, name: "icreate", label: "Internal admin", isFacility: false, isInternal: true },
  { id: 2, name: "manufacturer", label: "Manufacturer", isFacility: true, isInternal: false },
  { id: 3, name: "factory", label: "Factory", isFacility: true, isInternal: false },
  { id: 4, name: "designer", label: "Design team", isFacility: false, isInternal: false },
  { id: 5, name: "client", label: "Client", isFacility: false, isInternal: false },
] as const;
export type TUserTypeName = (typeof USER_TYPES)[number]["name"];
export const USER_TYPE_NAMES = USER_TYPES.map((t) => t.name) as [TUserTypeName, ...TUserTypeName[]];
export const ZUserTypeNameSchema = z.enum(USER_TYPE_NAMES);
export const ACCOUNT_KINDS = ["icreate", "manufacturer", "factory"] as const satisfies readonly TUserTypeName[];
export const FACILITY_TYPES: readonly TUserTypeName[] = USER_TYPES.filter((t) => t.isFacility).map((t) => t.name);

export const ROLE_NAMES = { superadmin: "superadmin", admin: "admin" } as const;
