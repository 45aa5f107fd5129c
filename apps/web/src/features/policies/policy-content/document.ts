/**
 * The Hub's three public policies, as typed data that PolicyLayout renders: their shapes, dates,
 * paths and builders here, the texts in terms.ts, privacy.ts and acceptable-use.ts.
 *
 * Keep the facts here in step with the product: local-storage keys and sign-out behaviour
 * (lib/identity-client.ts, lib/settings/settings.ts, lib/auth/auth-context.tsx), the login audit
 * record (contracts: ZLoginAuditRequestSchema), password hashing (server: identity/password.ts),
 * code lifetimes and sign-in limits (server: identity/builtin-pool.ts) and the plan levels
 * (contracts: PLAN_LEVEL). A change to any of them, or to a policy's wording, needs a new version
 * and effective date.
 */

/** A run of text: plain, bold, or an in-app link (rendered with react-router). */
export type PolicyInline = string | { readonly strong: string } | { readonly text: string; readonly to: string };

/** A sentence or paragraph: plain text, or runs of inline content. */
export type PolicyText = string | readonly PolicyInline[];

export type PolicyDefinition = { readonly term: string; readonly definition: PolicyText };

export type PolicyBlock =
  | { readonly kind: "paragraph"; readonly text: PolicyText }
  | { readonly kind: "list"; readonly items: readonly PolicyText[] }
  | { readonly kind: "subheading"; readonly text: string }
  | { readonly kind: "definitions"; readonly items: readonly PolicyDefinition[] };

export type PolicySection = {
  /** The in-page anchor: unique within its policy, lowercase words joined by hyphens. */
  readonly id: string;
  readonly title: string;
  readonly blocks: readonly PolicyBlock[];
};

export type PolicyDocument = {
  /** The public route of the policy. */
  readonly path: string;
  readonly title: string;
  /** Human-readable effective date, e.g. "22 November 2026". */
  readonly effectiveDate: string;
  /** The same date as YYYY-MM-DD, for the <time> element. */
  readonly effectiveDateIso: string;
  /** Shown after the word "Version", e.g. "1.0". */
  readonly version: string;
  /** A short plain-language introduction shown above the contents. It is not part of the policy. */
  readonly summary?: string;
  readonly sections: readonly PolicySection[];
};

export const POLICY_EFFECTIVE_DATE = "22 November 2026";
export const POLICY_EFFECTIVE_DATE_ISO = "2026-11-22";
export const POLICY_VERSION = "1.0";

export const POLICY_PATHS = {
  terms: "/terms-and-conditions",
  privacy: "/privacy-policy",
  acceptableUse: "/acceptable-use-policy",
} as const;

/** The three policies, in the order the footer of each policy page lists them. */
export const POLICY_LINKS: readonly { readonly path: string; readonly title: string }[] = [
  { path: POLICY_PATHS.terms, title: "Terms and Conditions" },
  { path: POLICY_PATHS.privacy, title: "Privacy Policy" },
  { path: POLICY_PATHS.acceptableUse, title: "Acceptable Use Policy" },
];

// Small builders that keep the policies' content readable.
export const p = (...text: PolicyInline[]): PolicyBlock => ({ kind: "paragraph", text });
export const ul = (...items: PolicyText[]): PolicyBlock => ({ kind: "list", items });
export const h3 = (text: string): PolicyBlock => ({ kind: "subheading", text });
export const dl = (...items: PolicyDefinition[]): PolicyBlock => ({ kind: "definitions", items });
export const b = (strong: string): PolicyInline => ({ strong });
export const link = (text: string, to: string): PolicyInline => ({ text, to });

export const TERMS_LINK = link("Terms and Conditions", POLICY_PATHS.terms);
export const PRIVACY_LINK = link("Privacy Policy", POLICY_PATHS.privacy);
export const AUP_LINK = link("Acceptable Use Policy", POLICY_PATHS.acceptableUse);
