import { randomBytes } from "node:crypto";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { asc } from "drizzle-orm";
import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";

/**
 * The built-in pool's signing keys: the oldest key in the database signs (made on first use), and
 * every key's public half is published (JWKS) and trusted when verifying, re-read once a minute.
 */
export const poolKeys = (db: HubDb) => {
  let signingKey: Promise<{ kid: string; key: CryptoKey | Uint8Array }> | null = null;

  /** The oldest key in the database signs; every instance converges on it. */
  const getSigningKey = () => {
    signingKey ??= (async () => {
      let [row] = await db
        .select()
        .from(schema.identityKeys)
        .orderBy(asc(schema.identityKeys.createdAt), asc(schema.identityKeys.kid))
        .limit(1);
      if (!row) {
        const { privateKey, publicKey } = await generateKeyPair("EdDSA", { extractable: true });
        const kid = randomBytes(8).toString("hex");
        await db
          .insert(schema.identityKeys)
          .values({
            kid,
            alg: "EdDSA",
            privateJwk: JSON.stringify(await exportJWK(privateKey)),
            publicJwk: JSON.stringify({ ...(await exportJWK(publicKey)), kid, alg: "EdDSA", use: "sig" }),
          })
          .onConflictDoNothing();
        [row] = await db
          .select()
          .from(schema.identityKeys)
          .orderBy(asc(schema.identityKeys.createdAt), asc(schema.identityKeys.kid))
          .limit(1);
      }
      if (!row) throw new Error("no signing key");
      return {
        kid: row.kid,
        key: (await importJWK(JSON.parse(row.privateJwk) as JWK, "EdDSA")) as CryptoKey | Uint8Array,
      };
    })();
    signingKey.catch(() => {
      signingKey = null;
    });
    return signingKey;
  };

  const jwks = async () => {
    await getSigningKey();
    const rows = await db.select({ publicJwk: schema.identityKeys.publicJwk }).from(schema.identityKeys);
    return { keys: rows.map((r) => JSON.parse(r.publicJwk) as Record<string, unknown>) };
  };
  let keySet: ReturnType<typeof createLocalJWKSet> | null = null;
  let keySetAt = 0;
  const getKeySet = async () => {
    if (!keySet || Date.now() - keySetAt > 60_000) {
      keySet = createLocalJWKSet((await jwks()) as { keys: JWK[] });
      keySetAt = Date.now();
    }
    return keySet;
  };

  return { getSigningKey, jwks, getKeySet };
};
