import { z } from "zod";
import { ZClientRequestSchema } from "../clients/clients";
import { MESSAGES } from "../common/messages";
import { zText } from "../common/text";
import { ZNewPasswordSchema } from "./password-policy";

const username = zText({ error: MESSAGES.usernameRequired })
  .trim()
  .min(1, MESSAGES.usernameRequired)
  .max(128, "Username must be at most 128 characters");
const password = zText({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(256);
const code = zText({ error: MESSAGES.confirmCodeRequired })
  .trim()
  .min(1, MESSAGES.confirmCodeRequired)
  .regex(/^\d{6}$/, "The code is the 6 digits from the email");

/** Usernames: letters, digits and . _ - @, as the user pool accepts them. */
export const ZRegisterUsernameSchema = username.regex(/^[A-Za-z0-9._@-]+$/, "Use letters, numbers and . _ - @ only");

/**
 * A brand signing up from /auth/subscription (issue 3): its client name and site name follow the
 * client form's rules, and the plan it picked. On confirmation the Hub creates the client and makes
 * the person its client admin.
 */
export const ZBrandSignUpSchema = z.object({
  clientName: ZClientRequestSchema.shape.clientName,
  siteName: ZClientRequestSchema.shape.siteName,
  subscriptionId: ZClientRequestSchema.shape.subscriptionId.unwrap(),
});
export type TBrandSignUp = z.infer<typeof ZBrandSignUpSchema>;

export const ZSignUpRequestSchema = z.object({
  username: ZRegisterUsernameSchema,
  password: ZNewPasswordSchema,
  email: zText({ error: "Email is required" })
    .trim()
    .toLowerCase()
    .pipe(z.email("Enter a valid email address"))
    .pipe(zText().max(254, "Email must be at most 254 characters")),
  firstName: zText({ error: "First name is required" }).trim().min(1, "First name is required").max(100),
  lastName: zText({ error: "Last name is required" }).trim().min(1, "Last name is required").max(100),
  /** Present when a brand signs up; absent for a person joining (or invited to) an existing client. */
  brand: ZBrandSignUpSchema.optional(),
});
export type TSignUpRequest = z.infer<typeof ZSignUpRequestSchema>;

export const ZCodeDeliverySchema = z.object({
  destination: zText(),
  deliveryMedium: z.literal("EMAIL"),
});
export type TCodeDelivery = z.infer<typeof ZCodeDeliverySchema>;

export const ZSignUpResponseSchema = z.object({
  userConfirmed: z.boolean(),
  codeDelivery: ZCodeDeliverySchema,
});

export const ZConfirmSignUpRequestSchema = z.object({ username, code });
export const ZResendCodeRequestSchema = z.object({ username });
export const ZSignInRequestSchema = z.object({ username, password });
export type TSignInRequest = z.infer<typeof ZSignInRequestSchema>;

export const ZTokensSchema = z.object({
  idToken: zText(),
  refreshToken: zText(),
  expiresIn: z.number().int(),
});
export type TTokens = z.infer<typeof ZTokensSchema>;

export const ZSignInResponseSchema = z.discriminatedUnion("result", [
  z.object({ result: z.literal("tokens"), tokens: ZTokensSchema }),
  z.object({ result: z.literal("newPasswordRequired") }),
]);
export type TSignInResponse = z.infer<typeof ZSignInResponseSchema>;

export const ZForgotPasswordRequestSchema = z.object({ username });
export const ZConfirmForgotPasswordRequestSchema = z.object({
  username,
  code,
  newPassword: ZNewPasswordSchema,
});
export const ZCompleteNewPasswordRequestSchema = z.object({
  username,
  temporaryPassword: password,
  newPassword: ZNewPasswordSchema,
});
export const ZRefreshRequestSchema = z.object({ refreshToken: zText().min(1) });
export const ZSignOutRequestSchema = z.object({ refreshToken: zText().min(1) });
export const ZOkSchema = z.object({ ok: z.literal(true) });

/** Claims of the ID token the web app sends as the Authorization header. */
export const ZIdTokenClaimsSchema = z.object({
  sub: zText(),
  "cognito:username": zText(),
  email: zText(),
  given_name: zText(),
  family_name: zText(),
  sid: zText(),
  token_use: z.literal("id"),
  exp: z.number(),
});
export type TIdTokenClaims = z.infer<typeof ZIdTokenClaimsSchema>;
