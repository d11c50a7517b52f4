import argon2 from 'argon2';

/** Argon2id with the library's defaults (64 MiB, 3 passes, 4 lanes), the parameters the demo seed uses too. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

// The hash of a random string nobody kept, with the same parameters. It is verified against when
// there is no account (or no password), so that an unknown e-mail address costs the same time as
// a wrong password and the answer's timing does not reveal which accounts exist.
const NO_ACCOUNT_HASH = '$argon2id$v=19$m=65536,p=4,t=3$cvRmEVpDAfTmmEAx5jFopA$LWH+dVW90PUdVQetDJ+hz5NuhuCwajk8HTARJkqcOfM';

/**
 * True when `password` matches `hash`. With no hash (unknown user, account without a password)
 * it still runs one Argon2id verification and answers false.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  try {
    const matches = await argon2.verify(hash || NO_ACCOUNT_HASH, password);
    return matches && Boolean(hash);
  } catch {
    // A malformed stored hash is a failed sign-in, not a 500.
    return false;
  }
}
