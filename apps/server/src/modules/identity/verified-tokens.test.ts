import type { TIdTokenClaims } from "@hub/contracts";
import { expect, test } from "vitest";
import { createVerifiedTokens, VERIFIED_TOKEN_LIMIT, VERIFIED_TOKEN_TRUST_MS } from "./verified-tokens";

const claims = (exp: number): TIdTokenClaims =>
  ({ sub: "u1", "cognito:username": "client", sid: "s1", token_use: "id", exp }) as TIdTokenClaims;

const clock = () => {
  let ms = 1_000_000_000_000;
  return { now: () => ms, pass: (d: number) => (ms += d) };
};

test("a token's signature is checked once, trusted for a minute, then checked again", async () => {
  const c = clock();
  const tokens = createVerifiedTokens(c.now);
  let checks = 0;
  const verify = async () => {
    checks++;
    return claims(c.now() / 1000 + 3600);
  };
  for (let i = 0; i < 5; i++) expect(await tokens("a.b.c", verify)).toMatchObject({ sid: "s1" });
  expect(checks).toBe(1);
  c.pass(VERIFIED_TOKEN_TRUST_MS + 1);
  await tokens("a.b.c", verify);
  expect(checks).toBe(2);
});

test("never trusted past its expiry, and a refused token is never remembered", async () => {
  const c = clock();
  const tokens = createVerifiedTokens(c.now);
  let checks = 0;
  const expiresSoon = claims(c.now() / 1000 + 10);
  const verify = async (t: string) => {
    checks++;
    return t === "bad" ? null : expiresSoon;
  };
  await tokens("good", verify);
  c.pass(11_000);
  await tokens("good", verify);
  expect(checks).toBe(2);
  expect(await tokens("bad", verify)).toBeNull();
  expect(await tokens("bad", verify)).toBeNull();
  expect(checks).toBe(4);
});

test("holds at most its limit of tokens, forgetting the oldest first", async () => {
  const c = clock();
  const tokens = createVerifiedTokens(c.now);
  const seen: string[] = [];
  const verify = async (t: string) => {
    seen.push(t);
    return claims(c.now() / 1000 + 3600);
  };
  for (let i = 0; i <= VERIFIED_TOKEN_LIMIT; i++) await tokens(`t${i}`, verify);
  seen.length = 0;
  await tokens(`t${VERIFIED_TOKEN_LIMIT}`, verify);
  await tokens("t1", verify);
  await tokens("t0", verify);
  expect(seen).toEqual(["t0"]);
});
