/** Business constants of spec section 9. */
export const APP_VERSION = "0.0.218";
/** The fixed value a login audit record carries to identify this product. */
export const APPLICATION_NAME = "hub";
export const PLAN_LEVEL = { basic: 1, professional: 2 } as const;
export const DEFAULT_USER_ID = 0;
export const GENERATED_USER_TYPE_ID = 5;
export const TEAM_TYPE = { admin: "ADMIN", designTeam: "DESIGN_TEAM", brand: "BRAND" } as const;
export const IP_LOOKUP_TIMEOUT_MS = 4000;
export const NOTIFY_AUTO_CLOSE_MS = 5000;
export const IDENTITY_POOL_ID_MAX = 55;
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export const SETTINGS_DRAWER_WIDTH = 280;
export const COLOR_PRESETS = ["blue", "cyan", "purple", "orange", "red", "gray"] as const;
export type TColorPreset = (typeof COLOR_PRESETS)[number];
export const LAYOUTS = ["vertical", "horizontal"] as const;
export type TLayout = (typeof LAYOUTS)[number];

/**
 * The header a caller sends with a request that must take effect once (a charge, a refund, an
 * import's apply): a repeat with the same key answers the first result. At most 200 characters.
 */
export const IDEMPOTENCY_HEADER = "idempotency-key";
export const IDEMPOTENCY_KEY_MAX = 200;
