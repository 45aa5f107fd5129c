import type { HubDb } from "@hub/db";
import type { HubConfig } from "../../platform/config";
import type { Mailer } from "../../platform/mail";
import { ensureHubUser } from "../session/hub-user.service";
import { createBuiltinPool } from "./builtin-pool";
import { createCognitoPool } from "./cognito-pool";
import type { IdentityProvider } from "./provider";

/**
 * The configured user pool: Cognito when COGNITO_USER_POOL_ID is set, else the built-in pool. A
 * confirmed sign-up gets its Hub user record (ensureHubUser) either way. The server and the CLI
 * (create-admin) both take their pool from here, so they always agree.
 */
export const identityProviderFor = (config: HubConfig, db: HubDb, mailer: Mailer): IdentityProvider =>
  config.cognito
    ? createCognitoPool({
        db,
        ...config.cognito,
        onConfirmed: async (attributes, hubDb) => {
          await ensureHubUser(hubDb, attributes);
        },
      })
    : createBuiltinPool({
        db,
        mailer,
        publicUrl: config.publicUrl,
        idTokenTtlSeconds: config.idTokenTtlSeconds,
        refreshTokenTtlDays: config.refreshTokenTtlDays,
        onConfirmed: async (user, tx) => {
          await ensureHubUser(tx, user);
        },
      });
