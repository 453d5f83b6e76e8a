import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../../db/db.js';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 32 random bytes, base64url: what the client keeps and sends in the `token` header. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** last_seen_at is written at most this often per session. */
const TOUCH_MS = 60_000;

export interface SessionInfo {
  id: string;
  device: string;
  ip: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  current: boolean;
}

export interface Sessions {
  create(userId: string, meta: { ip: string; userAgent: string }): Promise<string>;
  /**
   * The live session of a token (unknown, expired, revoked or of an account an operator locked: undefined); touches
   * last_seen. A login lock does not end sessions: it stops password guessing, and anyone who can name an account
   * can set it off.
   */
  resolve(token: string): Promise<{ sessionId: string; userId: string; expiresAt: Date } | undefined>;
  /** Which of these sessions are live now (not revoked, not expired), read from the table: any process's revocation counts. */
  live(sessionIds: readonly string[]): Promise<Set<string>>;
  list(userId: string, currentSessionId: string | undefined): Promise<SessionInfo[]>;
  revoke(userId: string, sessionId: string): Promise<boolean>;
  /** Every live session of the user but `keep` (all of them when keep is undefined); returns how many. */
  revokeAll(userId: string, keep?: string): Promise<number>;
  /**
   * Calls `listener` with the ids of the sessions this process ends (logout, revoke, password change or reset), so
   * its streams close them at once. Only a shortcut: another process's revocations reach the streams through
   * `live` (checked before every push and periodically). Returns the unsubscribe.
   */
  onEnded(listener: (sessionIds: string[]) => void): () => void;
}

export function createSessions(db: Db, clock: () => Date, ttlHours: number): Sessions {
  const listeners = new Set<(sessionIds: string[]) => void>();
  const ended = (ids: string[]) => {
    if (!ids.length) return;
    for (const listener of listeners) {
      try {
        listener(ids);
      } catch {
        // a stream that fails to close a socket still refuses it pushes (live() is checked before each)
      }
    }
  };
  return {
    async create(userId, { ip, userAgent }) {
      const token = newToken();
      const now = clock();
      await db.query(
        `INSERT INTO sessions (user_id, token_hash, ip, user_agent, created_at, last_seen_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $5, $6)`,
        [userId, hashToken(token), ip, userAgent.slice(0, 512), now, new Date(now.getTime() + ttlHours * 3_600_000)],
      );
      return token;
    },

    async resolve(token) {
      if (!token || token.length > 200) return undefined;
      const now = clock();
      const { rows } = await db.query<{ id: string; userId: string; lastSeenAt: Date; expiresAt: Date }>(
        `SELECT s.id, s.user_id AS "userId", s.last_seen_at AS "lastSeenAt", s.expires_at AS "expiresAt"
         FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND u.operator_locked_at IS NULL`,
        [hashToken(token), now],
      );
      const row = rows[0];
      if (!row) return undefined;
      if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_MS) {
        await db.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1', [row.id, now]);
      }
      return { sessionId: row.id, userId: row.userId, expiresAt: row.expiresAt };
    },

    async live(sessionIds) {
      const ids = sessionIds.filter((id) => /^[0-9]{1,18}$/.test(id));
      if (!ids.length) return new Set();
      const { rows } = await db.query<{ id: string }>(
        `SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.id = ANY($1::bigint[]) AND s.revoked_at IS NULL AND s.expires_at > $2 AND u.operator_locked_at IS NULL`,
        [ids, clock()],
      );
      return new Set(rows.map((row) => String(row.id)));
    },

    onEnded(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async list(userId, currentSessionId) {
      const { rows } = await db.query<{ id: string; userAgent: string; ip: string; createdAt: Date; lastSeenAt: Date; expiresAt: Date }>(
        `SELECT id, user_agent AS "userAgent", ip, created_at AS "createdAt", last_seen_at AS "lastSeenAt", expires_at AS "expiresAt"
         FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 ORDER BY last_seen_at DESC, id DESC`,
        [userId, clock()],
      );
      return rows.map(({ userAgent, ...row }) => ({ ...row, device: describeDevice(userAgent), current: row.id === currentSessionId }));
    },

    async revoke(userId, sessionId) {
      if (!/^[0-9]{1,18}$/.test(sessionId)) return false;
      const { rows } = await db.query(
        'UPDATE sessions SET revoked_at = $3 WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id',
        [sessionId, userId, clock()],
      );
      ended(rows.map((row) => String((row as { id: string }).id)));
      return rows.length > 0;
    },

    async revokeAll(userId, keep) {
      const { rows } = await db.query(
        'UPDATE sessions SET revoked_at = $3 WHERE user_id = $1 AND revoked_at IS NULL AND ($2::bigint IS NULL OR id <> $2::bigint) RETURNING id',
        [userId, keep ?? null, clock()],
      );
      ended(rows.map((row) => String((row as { id: string }).id)));
      return rows.length;
    },
  };
}

/** "Chrome on Android", "Safari on iOS", … from a user-agent; "Unknown device" when nothing is recognised. */
export function describeDevice(userAgent: string): string {
  const ua = userAgent;
  const os = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\/|FxiOS/.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS/.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : '';
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || 'Unknown device';
}
