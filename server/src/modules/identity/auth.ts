import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.js';
import { markPrivate } from '../../http/private-answers.js';
import { IDENTITY_FAIL, SESSION_EXPIRED, refuse } from '../../http/refuse.js';
import { createSessions, type Sessions } from './sessions/service.js';
import type { AccountMode, KycStatus } from './users/storage.js';

/** The caller of an authenticated route. */
export interface AuthUser {
  id: string;
  /** From the request's userType header: "demo" means demo, anything else (or none) real. */
  mode: AccountMode;
  kycStatus: KycStatus;
}

/** The contract other modules use (context.auth). */
export interface Auth {
  /** The user of a live session token and its session, or null (unknown, expired, revoked, locked account). */
  verifyToken(token: string): Promise<{ userId: string; sessionId: string; expiresAt: Date } | null>;
  /** Which of these sessions are still live (the sessions table: a revocation by any process counts). */
  liveSessions(sessionIds: readonly string[]): Promise<Set<string>>;
  /** Told of the sessions this process ends (logout, revoke, password change), to close their streams at once. */
  onSessionsEnded(listener: (sessionIds: string[]) => void): () => void;
  /** The caller, from the `token` header; AppError 301 "Login session expired" (HTTP 200) otherwise. */
  requireUser(request: FastifyRequest): Promise<AuthUser>;
}

export interface IdentityAuth extends Auth {
  sessions: Sessions;
  /** requireUser plus the session it came from (for logout, the session list, password changes). */
  requireSession(request: FastifyRequest): Promise<AuthUser & { sessionId: string }>;
}

export function readMode(request: FastifyRequest): AccountMode {
  const header = request.headers.usertype;
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  return value === 'demo' ? 'demo' : 'real';
}

/** The `token` header only: a token in a URL would end up in logs, browser history and Referer headers. */
function readToken(request: FastifyRequest): string {
  const header = request.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  return token ? token.trim() : '';
}

export function createAuth(db: Db, clock: () => Date, sessionTtlHours: number): IdentityAuth {
  const sessions = createSessions(db, clock, sessionTtlHours);
  const resolved = new WeakMap<FastifyRequest, AuthUser & { sessionId: string }>();

  async function requireSession(request: FastifyRequest) {
    const cached = resolved.get(request);
    if (cached) return cached;
    // an answer about a session (its data, or its refusal) is never kept by a cache
    markPrivate(request);
    const session = await sessions.resolve(readToken(request));
    if (!session) throw refuse('sessionExpired', {}, SESSION_EXPIRED);
    const { rows } = await db.query<{ kycStatus: KycStatus }>('SELECT kyc_status AS "kycStatus" FROM users WHERE id = $1', [session.userId]);
    if (!rows[0]) throw refuse('sessionExpired', {}, SESSION_EXPIRED);
    const user = { id: session.userId, mode: readMode(request), kycStatus: rows[0].kycStatus, sessionId: session.sessionId };
    resolved.set(request, user);
    return user;
  }

  return {
    sessions,
    requireSession,
    async verifyToken(token) {
      const session = await sessions.resolve(token);
      return session ? { userId: session.userId, sessionId: session.sessionId, expiresAt: session.expiresAt } : null;
    },
    liveSessions: (sessionIds) => sessions.live(sessionIds),
    onSessionsEnded: (listener) => sessions.onEnded(listener),
    async requireUser(request) {
      const { sessionId: _sessionId, ...user } = await requireSession(request);
      return user;
    },
  };
}

/** For trading routes: refuses a user whose KYC is not verified (the shell then opens the KYC screen). */
export function requireKyc(user: Pick<AuthUser, 'kycStatus'>): void {
  if (user.kycStatus !== 'verified') throw refuse('kycTrade', {}, IDENTITY_FAIL);
}

/** For loan routes: the same check with the loan screen's text. */
export function requireKycForLoan(user: Pick<AuthUser, 'kycStatus'>): void {
  if (user.kycStatus !== 'verified') throw refuse('kycLoan', {}, IDENTITY_FAIL);
}
