import type { TIdTokenClaims } from "@hub/contracts";

/** How long a verified token is taken on trust before its signature is checked again. */
export const VERIFIED_TOKEN_TRUST_MS = 60_000;
/** The most tokens remembered at once (the oldest is forgotten first). */
export const VERIFIED_TOKEN_LIMIT = 5_000;

/**
 * A token whose signature, issuer and audience checked out, remembered for up to a minute (never
 * past its `exp`), so a person's requests do not verify the same signature again each time: an
 * EdDSA verification was an eighth of the Hub's CPU with twenty people on one dashboard. Only
 * the signature's check is skipped: every request still reads the principal and (built-in pool)
 * its session, so a signed-out or revoked session is refused at once. Kept in memory only.
 */
export const createVerifiedTokens = (now: () => number = Date.now) => {
  const known = new Map<string, { claims: TIdTokenClaims; until: number }>();
  return async (
    token: string,
    verify: (token: string) => Promise<TIdTokenClaims | null>,
  ): Promise<TIdTokenClaims | null> => {
    const hit = known.get(token);
    if (hit && hit.until > now()) return hit.claims;
    if (hit) known.delete(token);
    const claims = await verify(token);
    if (!claims) return null;
    const until = Math.min(claims.exp * 1000, now() + VERIFIED_TOKEN_TRUST_MS);
    if (until <= now()) return claims;
    if (known.size >= VERIFIED_TOKEN_LIMIT) {
      const oldest = known.keys().next();
      if (!oldest.done) known.delete(oldest.value);
    }
    known.set(token, { claims, until });
    return claims;
  };
};
