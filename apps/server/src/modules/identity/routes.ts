import type { TSignUpRequest } from "@hub/contracts";
import { identityApi as api } from "@hub/contracts/identity/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { register } from "../../platform/operations";
import type { IdentityProvider } from "./provider";

/** The built-in user pool's HTTP face; what each action answers and who may call it is in `identityApi`. */
export const identityRoutes =
  (
    identity: IdentityProvider,
    hooks: {
      /** Refuses a sign-up before the pool sees it (a brand's taken site name or unknown plan). */
      beforeSignUp?: (input: TSignUpRequest) => Promise<void>;
    } = {},
  ): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, api.signUp, async (request) => {
      await hooks.beforeSignUp?.(request.body);
      return identity.signUp(request.body);
    });
    register(app, api.confirmSignUp, async (request) => {
      await identity.confirmSignUp(request.body.username, request.body.code);
      return { ok: true as const };
    });
    register(app, api.resendConfirmationCode, async (request) =>
      identity.resendConfirmationCode(request.body.username),
    );
    register(app, api.signIn, async (request) =>
      identity.signIn(request.body.username, request.body.password, request.ip),
    );
    register(app, api.forgotPassword, async (request) => identity.forgotPassword(request.body.username));
    register(app, api.confirmForgotPassword, async (request) => {
      await identity.confirmForgotPassword(request.body.username, request.body.code, request.body.newPassword);
      return { ok: true as const };
    });
    register(app, api.completeNewPassword, async (request) =>
      identity.completeNewPassword(
        request.body.username,
        request.body.temporaryPassword,
        request.body.newPassword,
        request.ip,
      ),
    );
    register(app, api.refresh, async (request) => identity.refresh(request.body.refreshToken));
    register(app, api.signOut, async (request) => {
      await identity.signOut(request.body.refreshToken);
      return { ok: true as const };
    });
    register(app, api.jwks, async () => identity.jwks());
  };
