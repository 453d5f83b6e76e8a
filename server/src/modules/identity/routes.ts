import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { identity } from '@meridian/contracts';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/envelope.js';
import { markPrivate } from '../../http/private-answers.js';
import { IDENTITY_FAIL, refuse } from '../../http/refuse.js';
import { route } from '../../http/route.js';
import { countryOfAddress } from '../geoip/country-of-address.js';
import type { IdentityAuth } from './auth.js';
import { findCountryByIso, findUserById, listCountries } from './users/storage.js';
import { createUsers } from './users/service.js';

export function identityAuth(context: AppContext): IdentityAuth {
  return context.auth as IdentityAuth;
}

/** The identity routes under /asset/api: countryCode/*, user/*, account/accountSwitch (contracts/src/identity). */
export const identityRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const auth = identityAuth(context);
  const users = createUsers({ ...context, auth });
  const meta = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    cookie: request.headers.cookie,
    secure: request.protocol === 'https',
  });

  route(app, identity.countries, async (request) => listCountries(context.db, request.body?.keyword?.trim() || undefined));

  route(app, identity.locateCountry, async (request) => {
    markPrivate(request); // by the caller's address: a shared cache would answer it to others
    const country = (await findCountryByIso(context.db, countryOfAddress(request.ip) ?? 'FR')) ?? (await findCountryByIso(context.db, 'FR'));
    return country ?? null;
  });

  const sessionUser = (request: FastifyRequest) => async () => (await auth.requireSession(request)).id;

  route(app, identity.sendEmailCode, async (request) => {
    await users.sendOtp('email', { ...request.body, type: request.body.type ?? 'register' }, meta(request), sessionUser(request));
    return null;
  });
  route(app, identity.sendSmsCode, async (request) => {
    await users.sendOtp('sms', { ...request.body, type: request.body.type ?? 'register' }, meta(request), sessionUser(request));
    return null;
  });

  route(app, identity.register, async (request, reply) => {
    const { deviceCookie, ...answer } = await users.register(request.body, meta(request));
    void reply.header('set-cookie', deviceCookie);
    return answer;
  });

  route(app, identity.login, async (request, reply) => {
    const { deviceCookie, ...answer } = await users.login(request.body, meta(request));
    void reply.header('set-cookie', deviceCookie);
    return answer;
  });

  route(app, identity.logout, async (request) => {
    try {
      const session = await auth.requireSession(request);
      await auth.sessions.revoke(session.id, session.sessionId);
      // spec: a logout resets the mode to real (a reload keeps it; the next login starts in the real account)
      await users.switchMode(session.id, 'real');
    } catch (error) {
      // Logging out with a dead token is already done.
      if (!(error instanceof AppError)) throw error;
    }
    return null;
  });

  route(app, identity.info, async (request) => {
    const user = await auth.requireUser(request);
    const row = await findUserById(context.db, user.id);
    if (!row) throw refuse('accountMissing', {}, IDENTITY_FAIL);
    return users.userInfo(row);
  });

  route(app, identity.update, async (request) => {
    const session = await auth.requireSession(request);
    const input = request.body;
    // the fields a kind needs: one schema lists them all as optional, so each kind checks its own
    const need = (value: string | undefined, field: string): string => {
      if (value === undefined) throw refuse('fieldRequired', { field }, 400);
      return value;
    };
    switch (input.kind) {
      case 'nickname':
        await users.setNickname(session.id, need(input.nickname, 'nickname'));
        break;
      case 'avatar':
        await users.setAvatar(session.id, need(input.avatar, 'avatar'));
        break;
      case 'email':
        await users.changeEmail(session.id, { email: need(input.email, 'email'), code: need(input.code, 'code') });
        break;
      case 'password':
        await users.changePassword(session.id, session.sessionId, {
          oldPassword: need(input.oldPassword, 'oldPassword'),
          password: need(input.password, 'password'),
          ...(input.confirmPassword !== undefined ? { confirmPassword: input.confirmPassword } : {}),
        });
        break;
      case 'fundPassword':
        await users.setFundPassword(session.id, {
          ...(input.oldPassword !== undefined ? { oldPassword: input.oldPassword } : {}),
          password: need(input.password, 'password'),
          ...(input.confirmPassword !== undefined ? { confirmPassword: input.confirmPassword } : {}),
        });
        break;
    }
    return users.userInfo(await users.mustUser(session.id));
  });

  route(app, identity.forgotPassword, async (request) => {
    await users.forgotPassword(request.body);
    return null;
  });

  route(app, identity.forgotFundPassword, async (request) => {
    const user = await auth.requireUser(request);
    await users.forgotFundPassword(user.id, request.body);
    return null;
  });

  route(app, identity.sessions, async (request) => {
    const session = await auth.requireSession(request);
    return auth.sessions.list(session.id, session.sessionId);
  });

  route(app, identity.revokeSession, async (request) => {
    const session = await auth.requireSession(request);
    if (!(await auth.sessions.revoke(session.id, request.body.id))) throw refuse('notFound', {}, IDENTITY_FAIL);
    return null;
  });

  route(app, identity.accountSwitch, async (request) => {
    const user = await auth.requireUser(request);
    return users.switchMode(user.id, request.body.userType);
  });
};
