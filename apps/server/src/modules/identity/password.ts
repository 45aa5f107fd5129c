import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id with OWASP's second recommended setting: 19 MiB memory, 2 passes, 1 lane.
 * About 20 ms a hash on one core of the reference machine (see `npm run bench`).
 */
export const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string): Promise<string> => hash(plain, ARGON2_OPTIONS);

export const verifyPassword = async (hashed: string, plain: string): Promise<boolean> => {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
};

/** A real hash of nothing in particular, so an unknown user costs the same time as a wrong password. */
let dummyHash: Promise<string> | null = null;
export const burnVerify = async (plain: string): Promise<void> => {
  dummyHash ??= hashPassword("timing-equaliser-not-a-password");
  await verifyPassword(await dummyHash, plain);
};
