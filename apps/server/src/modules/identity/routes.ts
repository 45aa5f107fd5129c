import {
  type TSignUpRequest,
  ZCodeDeliverySchema,
  ZCompleteNewPasswordRequestSchema,
  ZConfirmForgotPasswordRequestSchema,
  ZConfirmSignUpRequestSchema,
  ZErrorResponseSchema,
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
} from "@hub/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { IdentityProvider } from "./provider";

const errors = { 400: ZErrorResponseSchema, 429: ZErrorResponseSchema };
const access = { public: true } as const;
const tags = ["identity"];

/** The built-in user pool's HTTP face: one POST per user-pool action, named as the service names them. */
export const identityRoutes =
  (
    identity: IdentityProvider,
    hooks: {
      /** Refuses a sign-up before the pool sees it (a brand's taken site name or unknown plan). */
      beforeSignUp?: (input: TSignUpRequest) => Promise<void>;
    } = {},
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/signUp",
      {
        config: { access },
        schema: {
          tags,
          body: ZSignUpRequestSchema,
          response: { 200: ZSignUpResponseSchema, ...errors, 409: ZErrorResponseSchema },
        },
      },
      async (request) => {
        await hooks.beforeSignUp?.(request.body);
        return identity.signUp(request.body);
      },
    );
    app.post(
      "/confirmSignUp",
      {
        config: { access },
        schema: {
          tags,
          body: ZConfirmSignUpRequestSchema,
          response: { 200: ZOkSchema, ...errors, 409: ZErrorResponseSchema },
        },
      },
      async (request) => {
        await identity.confirmSignUp(request.body.username, request.body.code);
        return { ok: true as const };
      },
    );
    app.post(
      "/resendConfirmationCode",
      {
        config: { access },
        schema: { tags, body: ZResendCodeRequestSchema, response: { 200: ZCodeDeliverySchema, ...errors } },
      },
      async (request) => identity.resendConfirmationCode(request.body.username),
    );
    app.post(
      "/signIn",
      {
        config: { access },
        schema: { tags, body: ZSignInRequestSchema, response: { 200: ZSignInResponseSchema, ...errors } },
      },
      async (request) => identity.signIn(request.body.username, request.body.password, request.ip),
    );
    app.post(
      "/forgotPassword",
      {
        config: { access },
        schema: { tags, body: ZForgotPasswordRequestSchema, response: { 200: ZCodeDeliverySchema, ...errors } },
      },
      async (request) => identity.forgotPassword(request.body.username),
    );
    app.post(
      "/confirmForgotPassword",
      {
        config: { access },
        schema: { tags, body: ZConfirmForgotPasswordRequestSchema, response: { 200: ZOkSchema, ...errors } },
      },
      async (request) => {
        await identity.confirmForgotPassword(request.body.username, request.body.code, request.body.newPassword);
        return { ok: true as const };
      },
    );
    app.post(
      "/completeNewPassword",
      {
        config: { access },
        schema: { tags, body: ZCompleteNewPasswordRequestSchema, response: { 200: ZTokensSchema, ...errors } },
      },
      async (request) =>
        identity.completeNewPassword(
          request.body.username,
          request.body.temporaryPassword,
          request.body.newPassword,
          request.ip,
        ),
    );
    app.post(
      "/refresh",
      {
        config: { access },
        schema: { tags, body: ZRefreshRequestSchema, response: { 200: ZTokensSchema, ...errors } },
      },
      async (request) => identity.refresh(request.body.refreshToken),
    );
    app.post(
      "/signOut",
      { config: { access }, schema: { tags, body: ZSignOutRequestSchema, response: { 200: ZOkSchema, ...errors } } },
      async (request) => {
        await identity.signOut(request.body.refreshToken);
        return { ok: true as const };
      },
    );
    app.get(
      "/.well-known/jwks.json",
      {
        config: { access },
        schema: { tags, response: { 200: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }) } },
      },
      async () => identity.jwks(),
    );
  };
