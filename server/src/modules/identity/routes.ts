import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError, ok } from '../../http/envelope.js';
import type { IdentityAuth } from './auth.js';
import { FAIL, MSG } from './messages.js';
import { findCountryByIso, findUserById, listCountries } from './users/storage.js';
import { createUsers, type AccountInput, type OtpType } from './users/service.js';

const str = (max: number) => ({ type: 'string', maxLength: max });
const ACCOUNT = { email: str(320), phone: str(32), countryCode: str(8) };
const PASSWORD = { password: { type: 'string', maxLength: 128 }, confirmPassword: { type: 'string', maxLength: 128 } };
const CODE = { code: str(16) };
const body = (properties: Record<string, unknown>, required: string[] = []) => ({
  body: { type: 'object', properties, required, additionalProperties: false },
});

/** Without a GeoIP database every address falls back to France (33): loopback, private and unknown alike. */
function locateCountryIso(_ip: string): string | undefined {
  return undefined;
}

export function identityAuth(context: AppContext): IdentityAuth {
  return context.auth as IdentityAuth;
}

/** The identity routes under /asset/api: countryCode/*, user/*, account/accountSwitch. */
export const identityRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const auth = identityAuth(context);
  const users = createUsers({ ...context, auth });
  const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

  app.post<{ Body: { keyword?: string } | undefined }>(
    '/countryCode/countryCodeList',
    { schema: { body: { type: ['object', 'null'], properties: { keyword: str(64) } } } },
    async (request) => ok(await listCountries(context.db, request.body?.keyword?.trim() || undefined)),
  );

  app.get('/user/country', async (request) => {
    const country = (await findCountryByIso(context.db, locateCountryIso(request.ip) ?? 'FR')) ?? (await findCountryByIso(context.db, 'FR'));
    return ok(country);
  });

  const otpSchema = (channel: 'email' | 'sms') =>
    body({
      ...(channel === 'email' ? { email: str(320) } : { phone: str(32), countryCode: str(8) }),
      type: { type: 'string', enum: ['register', 'forgot', 'forgotFund', 'changeEmail'], default: 'register' },
    });
  const sessionUser = (request: FastifyRequest) => async () => (await auth.requireSession(request)).id;

  app.post<{ Body: AccountInput & { type: OtpType } }>('/user/sendOtp', { schema: otpSchema('email') }, async (request) => {
    await users.sendOtp('email', request.body, meta(request), sessionUser(request));
    return ok(null);
  });
  app.post<{ Body: AccountInput & { type: OtpType } }>('/user/SendSmsOtp', { schema: otpSchema('sms') }, async (request) => {
    await users.sendOtp('sms', request.body, meta(request), sessionUser(request));
    return ok(null);
  });

  app.post<{ Body: AccountInput & { code: string; password: string; confirmPassword?: string; invitationCode?: string; countryId?: number } }>(
    '/user/register',
    { schema: body({ ...ACCOUNT, ...CODE, ...PASSWORD, invitationCode: str(32), countryId: { type: 'integer' } }, ['code', 'password']) },
    async (request) => ok(await users.register(request.body, meta(request))),
  );

  app.post<{ Body: AccountInput & { password: string } }>(
    '/user/login',
    { schema: body({ ...ACCOUNT, password: str(128) }, ['password']) },
    async (request) => ok(await users.login(request.body, meta(request))),
  );

  app.post('/user/logout', async (request) => {
    try {
      const session = await auth.requireSession(request);
      await auth.sessions.revoke(session.id, session.sessionId);
    } catch (error) {
      // Logging out with a dead token is already done.
      if (!(error instanceof AppError)) throw error;
    }
    return ok(null);
  });

  app.post('/user/info', async (request) => {
    const user = await auth.requireUser(request);
    const row = await findUserById(context.db, user.id);
    if (!row) throw new AppError(FAIL, MSG.accountMissing);
    return ok(await users.userInfo(row));
  });

  type UpdateBody =
    | { kind: 'nickname'; nickname: string }
    | { kind: 'avatar'; avatar: string }
    | { kind: 'email'; email: string; code: string }
    | { kind: 'password'; oldPassword: string; password: string; confirmPassword?: string }
    | { kind: 'fundPassword'; oldPassword?: string; password: string; confirmPassword?: string };
  app.post<{ Body: UpdateBody }>(
    '/user/update',
    {
      schema: body(
        {
          kind: { type: 'string', enum: ['nickname', 'avatar', 'email', 'password', 'fundPassword'] },
          nickname: str(64),
          avatar: str(200),
          email: str(320),
          ...CODE,
          oldPassword: str(128),
          ...PASSWORD,
        },
        ['kind'],
      ),
    },
    async (request) => {
      const session = await auth.requireSession(request);
      const input = request.body;
      const need = (value: string | undefined, field: string): string => {
        if (value === undefined) throw new AppError(400, `body must have required property '${field}'`);
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
          await users.setFundPassword(session.id, { ...input, password: need(input.password, 'password') });
          break;
      }
      return ok(await users.userInfo(await users.mustUser(session.id)));
    },
  );

  app.post<{ Body: AccountInput & { code: string; password: string; confirmPassword?: string } }>(
    '/user/forgot-password',
    { schema: body({ ...ACCOUNT, ...CODE, ...PASSWORD }, ['code', 'password']) },
    async (request) => {
      await users.forgotPassword(request.body);
      return ok(null);
    },
  );

  app.post<{ Body: { code: string; password: string; confirmPassword?: string } }>(
    '/user/forgot-fund-password',
    { schema: body({ ...CODE, ...PASSWORD }, ['code', 'password']) },
    async (request) => {
      const user = await auth.requireUser(request);
      await users.forgotFundPassword(user.id, request.body);
      return ok(null);
    },
  );

  app.get('/user/sessions', async (request) => {
    const session = await auth.requireSession(request);
    return ok(await auth.sessions.list(session.id, session.sessionId));
  });

  app.post<{ Body: { id: string } }>(
    '/user/revokeSession',
    { schema: body({ id: { type: 'string', pattern: '^[0-9]{1,18}$' } }, ['id']) },
    async (request) => {
      const session = await auth.requireSession(request);
      if (!(await auth.sessions.revoke(session.id, request.body.id))) throw new AppError(FAIL, MSG.notFound);
      return ok(null);
    },
  );

  app.post<{ Body: { userType: 'real' | 'demo' } }>(
    '/account/accountSwitch',
    { schema: body({ userType: { type: 'string', enum: ['real', 'demo'] } }, ['userType']) },
    async (request) => {
      const user = await auth.requireUser(request);
      return ok(await users.switchMode(user.id, request.body.userType));
    },
  );
};
