import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The commit-and-reveal of the platform's provably fair draws (IPO allocations in stock-offers, token offerings in
 * token-offers): a secret seed whose SHA-256 is published before anyone subscribes and which is revealed at the
 * draw, and each subscription's place in the draw order from HMAC-SHA256(seed, subscription id). Each draw keeps
 * its own allocation rule; this is what both publish and what anyone recomputes.
 *
 * - The seed is 32 random bytes in lower-case hex; its hash is the SHA-256 of those 64 hex characters as UTF-8.
 * - A subscription's draw key is HMAC-SHA256(key = the seed's 64 hex characters, message = the id in decimal), hex.
 */
export const newSeed = (): string => randomBytes(32).toString('hex');

export const seedHash = (seed: string): string => createHash('sha256').update(seed, 'utf8').digest('hex');

export const drawKey = (seed: string, id: string): string => createHmac('sha256', seed).update(id, 'utf8').digest('hex');
