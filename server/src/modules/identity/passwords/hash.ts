import { hash, verify } from '@node-rs/argon2';

/** argon2id at OWASP's setting: 19 MiB, 2 iterations, parallelism 1 (about 56 ms on this machine). */
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum, not importable under isolatedModules) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a malformed hash. */
export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown account answers as slowly as a wrong password. */
export async function verifyDummy(password: string): Promise<void> {
  dummy ??= hashPassword('meridian-dummy-password');
  await verifyPassword(await dummy, password);
}
