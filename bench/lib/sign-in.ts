/** Sign-in helpers: the HTTP sign-in, argon2id hash timing, sign-in under load and GET /api/userdata. */
import { performance } from "node:perf_hooks";
import { hashPassword } from "../../apps/server/src/modules/identity/password";
import { DEMO_PASSWORD, DEMO_USER, LIMITS } from "./settings";
import { ascending, errorText, percentile } from "./stats";

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The idToken of a successful sign-in answer ({ result: "tokens", tokens: { idToken } }), or null. */
export const idTokenOf = (body: unknown): string | null => {
  if (!isRecord(body) || body.result !== "tokens" || !isRecord(body.tokens)) return null;
  const token = body.tokens.idToken;
  return typeof token === "string" ? token : null;
};

export const signInRequest = (base: string, username: string = DEMO_USER): Promise<Response> =>
  fetch(`${base}/api/identity/signIn`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
    signal: AbortSignal.timeout(LIMITS.requestTimeoutMs),
  });

export const signInToken = async (base: string): Promise<string> => {
  const response = await signInRequest(base);
  const body: unknown = await response.json().catch(() => null);
  const token = response.ok ? idTokenOf(body) : null;
  if (!token) throw new Error(`sign-in as ${DEMO_USER} failed: HTTP ${response.status} ${JSON.stringify(body)}`);
  return token;
};

// ---------------------------------------------------------------------------------------------
// Part 2 (extras): argon2id cost
// ---------------------------------------------------------------------------------------------

export type HashTiming = { median: number; min: number; max: number; samples: number };

export const timeHashing = async (): Promise<HashTiming> => {
  await hashPassword("warm-up-the-native-module");
  const samples: number[] = [];
  for (let i = 0; i < LIMITS.hashSamples; i++) {
    const t = performance.now();
    await hashPassword(`bench-password-${i}`);
    samples.push(performance.now() - t);
  }
  const sorted = ascending(samples);
  return {
    median: percentile(sorted, 50),
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
    samples: samples.length,
  };
};

// ---------------------------------------------------------------------------------------------
// Part 2: sign-in under load
// ---------------------------------------------------------------------------------------------

export type LoadResult = {
  ok: number;
  failed: number;
  statuses: Map<string, number>;
  /** The first answer body seen for each unsuccessful status. */
  examples: Map<string, string>;
  wallMs: number;
  latencies: number[];
  stoppedBy: "count" | "time";
};

/** `clients` concurrent loops; client i signs in as users[i % users.length]. */
export const signInLoad = async (
  base: string,
  users: readonly string[],
  clients: number,
  total: number,
  maxMs: number,
): Promise<LoadResult> => {
  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  const examples = new Map<string, string>();
  const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
  let issued = 0;
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + maxMs;
  const worker = async (_: unknown, client: number) => {
    const username = users[client % users.length] ?? DEMO_USER;
    while (issued < total && performance.now() < deadline) {
      issued++;
      const t = performance.now();
      try {
        const response = await signInRequest(base, username);
        const body: unknown = await response.json().catch(() => null);
        const elapsed = performance.now() - t;
        if (response.ok && idTokenOf(body)) {
          ok++;
          latencies.push(elapsed);
          count("200 tokens");
        } else {
          failed++;
          const key = `HTTP ${response.status}`;
          count(key);
          if (!examples.has(key)) examples.set(key, JSON.stringify(body).slice(0, 200));
        }
      } catch (error) {
        failed++;
        count(`error: ${errorText(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  const wallMs = performance.now() - started;
  return {
    ok,
    failed,
    statuses,
    examples,
    wallMs,
    latencies: ascending(latencies),
    stoppedBy: issued >= total ? "count" : "time",
  };
};

// ---------------------------------------------------------------------------------------------
// Part 4: GET /api/userdata
// ---------------------------------------------------------------------------------------------

export type SequentialResult = { latencies: number[]; failed: number; statuses: Map<string, number> };

export const userDataSequential = async (
  base: string,
  token: string,
  warmup: number,
  requests: number,
): Promise<SequentialResult> => {
  const url = `${base}/api/userdata?username=${encodeURIComponent(DEMO_USER)}`;
  const headers = { authorization: `Bearer ${token}` };
  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  let failed = 0;
  for (let i = 0; i < warmup + requests; i++) {
    const t = performance.now();
    let key: string;
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(LIMITS.requestTimeoutMs) });
      await response.arrayBuffer();
      key = `HTTP ${response.status}`;
      if (i >= warmup) {
        if (response.ok) latencies.push(performance.now() - t);
        else failed++;
      }
    } catch (error) {
      key = `error: ${errorText(error)}`;
      if (i >= warmup) failed++;
    }
    if (i >= warmup) statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }
  return { latencies: ascending(latencies), failed, statuses };
};
