import { hash, verify } from '@node-rs/argon2'

/** argon2id (the library's default algorithm) with its recommended cost; the PHC string carries the parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/**
 * Checks a password against a user's hash, or against a throwaway hash when there is no user or no password,
 * so that the answer takes as long either way and does not tell which usernames exist.
 */
export function createPasswordChecker(): (
  passwordHash: string | null | undefined,
  password: string,
) => Promise<boolean> {
  const throwaway = hashPassword('no user has this password: it only spends the same time')
  return async (passwordHash, password) => {
    if (passwordHash) return verifyPassword(passwordHash, password)
    await verifyPassword(await throwaway, password)
    return false
  }
}
