import { z } from "zod";
import { ZIdParamsSchema } from "../common/ids";
import { zText } from "../common/text";

/** Contracts of the integrations area (issue 3): API keys, account integrations, software requests. */

export const INTEGRATION_MESSAGES = {
  credentialsUnreadable: "The saved credentials cannot be read (the Hub's secret key changed). Save them again.",
  credentialsIncomplete: "The saved credentials are incomplete. Save them again.",
  nameRequired: "Name is required",
  nameTooLong: "Name must be at most 80 characters",
  modeRequired: "Choose test or live",
  apiKeyRequired: "API key is required",
  apiPasswordRequired: "API password is required",
  storeNameRequired: "Store name is required",
  storeNameFormat: "Store name may hold only letters, digits and hyphens (the part before .myshopify.com)",
  tokenRequired: "Token is required",
  tooLong: "At most 500 characters",
  subjectRequired: "Subject is required",
  subjectTooLong: "Subject must be at most 150 characters",
  bodyRequired: "Tell us what you need",
  bodyTooLong: "The request must be at most 5000 characters",
  chooseClient: "Choose a client to work in first (the client switcher at the top).",
} as const;

/** API keys: `hub_test_…` / `hub_live_…`, sent as `x-api-key` or `Authorization: Bearer`. */
export const API_KEY_MODES = ["test", "live"] as const;
export type TApiKeyMode = (typeof API_KEY_MODES)[number];
export const API_KEY_HEADER = "x-api-key";
export const API_KEY_PATTERN = /^hub_(test|live)_[A-Za-z0-9_-]{32}$/;

export const ZApiKeyIdParamsSchema = ZIdParamsSchema;

export const ZApiKeyCreateSchema = z.object({
  mode: z.enum(API_KEY_MODES, INTEGRATION_MESSAGES.modeRequired),
  name: zText().trim().min(1, INTEGRATION_MESSAGES.nameRequired).max(80, INTEGRATION_MESSAGES.nameTooLong),
});
export type TApiKeyCreate = z.infer<typeof ZApiKeyCreateSchema>;
export type TApiKeyCreateInput = z.input<typeof ZApiKeyCreateSchema>;

export const ZApiKeySchema = z
  .object({
    id: z.number().int(),
    mode: z.enum(API_KEY_MODES),
    name: zText(),
    /** The first characters of the key, so people can tell keys apart. */
    prefix: zText(),
    createdBy: zText().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
    revokedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: "ApiKey" });
export type TApiKey = z.infer<typeof ZApiKeySchema>;

export const ZApiKeyListSchema = z.object({ items: z.array(ZApiKeySchema) });
export type TApiKeyList = z.infer<typeof ZApiKeyListSchema>;

/** The create answer: the only time the key itself is ever shown. */
export const ZApiKeyCreatedSchema = ZApiKeySchema.extend({ key: zText() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreatedSchema>;

/** GET /apiKeys/whoami: who an API key acts as. */
export const ZApiKeyWhoamiSchema = z.object({
  clientId: z.number().int(),
  clientName: zText(),
  siteName: zText(),
  keyId: z.number().int(),
  mode: z.enum(API_KEY_MODES),
});
export type TApiKeyWhoami = z.infer<typeof ZApiKeyWhoamiSchema>;

/** Account integrations: a store platform (Shopify-like) and a shipping platform (ShipStation-like). */
export const INTEGRATION_PLATFORMS = ["store", "shipping"] as const;
export type TIntegrationPlatform = (typeof INTEGRATION_PLATFORMS)[number];
export const INTEGRATION_PLATFORM_LABELS: Record<TIntegrationPlatform, string> = {
  store: "Store platform",
  shipping: "Shipping platform",
};
export const ZIntegrationPlatformParamsSchema = z.object({ platform: z.enum(INTEGRATION_PLATFORMS) });

const secret = (required: string) => zText().trim().min(1, required).max(500, INTEGRATION_MESSAGES.tooLong);

export const ZStoreCredentialsSchema = z.object({
  apiKey: secret(INTEGRATION_MESSAGES.apiKeyRequired),
  apiPassword: secret(INTEGRATION_MESSAGES.apiPasswordRequired),
  storeName: zText()
    .trim()
    .min(1, INTEGRATION_MESSAGES.storeNameRequired)
    .max(100, INTEGRATION_MESSAGES.tooLong)
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, INTEGRATION_MESSAGES.storeNameFormat),
});
export type TStoreCredentials = z.infer<typeof ZStoreCredentialsSchema>;
export type TStoreCredentialsInput = z.input<typeof ZStoreCredentialsSchema>;

export const ZShippingCredentialsSchema = z.object({
  apiKey: secret(INTEGRATION_MESSAGES.apiKeyRequired),
  apiPassword: secret(INTEGRATION_MESSAGES.apiPasswordRequired),
  token: secret(INTEGRATION_MESSAGES.tokenRequired),
});
export type TShippingCredentials = z.infer<typeof ZShippingCredentialsSchema>;
export type TShippingCredentialsInput = z.input<typeof ZShippingCredentialsSchema>;

/** A saved integration as people see it: never the secrets, only masked hints like "••••1234". */
export const ZIntegrationSchema = z
  .object({
    platform: z.enum(INTEGRATION_PLATFORMS),
    /** Non-secret detail (the store name). */
    label: zText().nullable(),
    hints: z.record(zText(), zText()),
    lastTestedAt: z.iso.datetime({ offset: true }).nullable(),
    lastTestResult: zText().nullable(),
    lastTestOk: z.boolean().nullable(),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "Integration" });
export type TIntegration = z.infer<typeof ZIntegrationSchema>;

export const ZIntegrationListSchema = z.object({ items: z.array(ZIntegrationSchema) });
export type TIntegrationList = z.infer<typeof ZIntegrationListSchema>;

export const ZIntegrationTestResultSchema = z.object({
  ok: z.boolean(),
  message: zText(),
  testedAt: z.iso.datetime({ offset: true }),
});
export type TIntegrationTestResult = z.infer<typeof ZIntegrationTestResultSchema>;

/** Masks a secret for display: "••••" and its last four characters (less for short secrets). */
export const maskSecret = (value: string): string => `••••${value.length >= 8 ? value.slice(-4) : ""}`;

/** Software request: a form that emails the Hub's admins. */
export const ZSoftwareRequestSchema = z.object({
  subject: zText().trim().min(1, INTEGRATION_MESSAGES.subjectRequired).max(150, INTEGRATION_MESSAGES.subjectTooLong),
  body: zText().trim().min(1, INTEGRATION_MESSAGES.bodyRequired).max(5000, INTEGRATION_MESSAGES.bodyTooLong),
});
export type TSoftwareRequest = z.infer<typeof ZSoftwareRequestSchema>;
export type TSoftwareRequestInput = z.input<typeof ZSoftwareRequestSchema>;

export const ZSoftwareRequestResultSchema = z.object({
  id: z.number().int(),
  sentTo: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TSoftwareRequestResult = z.infer<typeof ZSoftwareRequestResultSchema>;
