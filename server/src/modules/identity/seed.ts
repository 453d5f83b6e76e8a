import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';

/**
 * Records the public invitation code (SEED_INVITATION_CODE) in invitation_codes. Registration accepts the
 * configured code even when this fails, so a store that is down at start only costs a warning here (and
 * /health reports it).
 */
export async function seedIdentity(db: Db, config: Pick<Config, 'seedInvitationCode'>, log: Pick<FastifyBaseLogger, 'warn'>): Promise<void> {
  if (!config.seedInvitationCode) return;
  try {
    await db.query("INSERT INTO invitation_codes (code, note) VALUES ($1, 'seeded public code') ON CONFLICT (code) DO NOTHING", [
      config.seedInvitationCode,
    ]);
  } catch (err) {
    log.warn({ err }, 'could not seed the public invitation code');
  }
}
