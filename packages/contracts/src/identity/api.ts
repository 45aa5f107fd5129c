import { z } from "zod";
import { type Access, declareApi } from "../common/operation";
import {
  ZCodeDeliverySchema,
  ZCompleteNewPasswordRequestSchema,
  ZConfirmForgotPasswordRequestSchema,
  ZConfirmSignUpRequestSchema,
  ZForgotPasswordRequestSchema,
  ZOkSchema,
  ZRefreshRequestSchema,
  ZResendCodeRequestSchema,
  ZSignInRequestSchema,
  ZSignInResponseSchema,
  ZSignOutRequestSchema,
  ZSignUpRequestSchema,
  ZSignUpResponseSchema,
  ZTokensSchema,
} from "./schemas";

/** The user pool's actions are for people not signed in yet: anyone may call them. */
const PUBLIC: Access = { public: true };

const action = { method: "POST", access: PUBLIC, errors: [429] } as const;

/** The built-in user pool's HTTP face: one POST per user-pool action, named as the service names them. */
export const identityApi = declareApi("identity", {
  signUp: {
    ...action,
    path: "/identity/signUp",
    body: ZSignUpRequestSchema,
    responses: { 200: ZSignUpResponseSchema },
    errors: [409, 429],
  },
  confirmSignUp: {
    ...action,
    path: "/identity/confirmSignUp",
    body: ZConfirmSignUpRequestSchema,
    responses: { 200: ZOkSchema },
    errors: [409, 429],
  },
  resendConfirmationCode: {
    ...action,
    path: "/identity/resendConfirmationCode",
    body: ZResendCodeRequestSchema,
    responses: { 200: ZCodeDeliverySchema },
  },
  signIn: {
    ...action,
    path: "/identity/signIn",
    body: ZSignInRequestSchema,
    responses: { 200: ZSignInResponseSchema },
  },
  forgotPassword: {
    ...action,
    path: "/identity/forgotPassword",
    body: ZForgotPasswordRequestSchema,
    responses: { 200: ZCodeDeliverySchema },
  },
  confirmForgotPassword: {
    ...action,
    path: "/identity/confirmForgotPassword",
    body: ZConfirmForgotPasswordRequestSchema,
    responses: { 200: ZOkSchema },
  },
  completeNewPassword: {
    ...action,
    path: "/identity/completeNewPassword",
    body: ZCompleteNewPasswordRequestSchema,
    responses: { 200: ZTokensSchema },
  },
  refresh: { ...action, path: "/identity/refresh", body: ZRefreshRequestSchema, responses: { 200: ZTokensSchema } },
  signOut: { ...action, path: "/identity/signOut", body: ZSignOutRequestSchema, responses: { 200: ZOkSchema } },
  /** The pool's public keys, to verify its ID tokens. */
  jwks: {
    method: "GET",
    path: "/identity/.well-known/jwks.json",
    access: PUBLIC,
    responses: { 200: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }) },
  },
});
