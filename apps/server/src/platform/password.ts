import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id with the fifth of OWASP's equally strong settings: 7 MiB memory, 5 passes, 1 lane
 * (OWASP Password Storage Cheat Sheet: m=47104/t=1, m=19456/t=2, m=12288/t=3, m=9216/t=4 and
 * m=7168/t=5 "provide an equal level of defense"). Of the five it is the quickest here (about 11 ms a
 * hash against 17 ms for m=19456/t=2, see `npm run bench`), and it takes the least memory per
 * concurrent sign-in. Hashes made with other settings still verify, and are remade with these at
 * the next successful sign-in (`needsRehash`).
 */
export const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 7_168, timeCost: 5, parallelism: 1 } as const;

/** The PHC string's head that every hash made with ARGON2_OPTIONS starts with. */
const CURRENT_PARAMS = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

export const hashPassword = (plain: string): Promise<string> => hash(plain, ARGON2_OPTIONS);

export const verifyPassword = async (hashed: string, plain: string): Promise<boolean> => {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
};

/** True when a stored hash was made with other settings than ARGON2_OPTIONS. */
export const needsRehash = (hashed: string): boolean => !hashed.startsWith(CURRENT_PARAMS);

/** A real hash of nothing in particular, so an unknown user costs the same time as a wrong password. */
let dummyHash: Promise<string> | null = null;
export const burnVerify = async (plain: string): Promise<void> => {
  dummyHash ??= hashPassword("timing-equaliser-not-a-password");
  await verifyPassword(await dummyHash, plain);
};
