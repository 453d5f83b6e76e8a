import { call } from '../kit/call.js';
import type { identitySchemas as S } from './schemas.js';

/** Identity: countries, codes, sign-up, login, the user, sessions, the real/demo switch, KYC and image upload. */
export const identity = {
  countries: call<typeof S.countries>('POST', '/asset/api/countryCode/countryCodeList'),
  locateCountry: call<typeof S.locateCountry>('GET', '/asset/api/user/country'),
  sendEmailCode: call<typeof S.sendEmailCode>('POST', '/asset/api/user/sendOtp'),
  sendSmsCode: call<typeof S.sendSmsCode>('POST', '/asset/api/user/SendSmsOtp'),
  register: call<typeof S.register>('POST', '/asset/api/user/register'),
  login: call<typeof S.login>('POST', '/asset/api/user/login'),
  logout: call<typeof S.logout>('POST', '/asset/api/user/logout'),
  info: call<typeof S.info>('POST', '/asset/api/user/info'),
  update: call<typeof S.update>('POST', '/asset/api/user/update'),
  forgotPassword: call<typeof S.forgotPassword>('POST', '/asset/api/user/forgot-password'),
  forgotFundPassword: call<typeof S.forgotFundPassword>('POST', '/asset/api/user/forgot-fund-password'),
  sessions: call<typeof S.sessions>('GET', '/asset/api/user/sessions'),
  revokeSession: call<typeof S.revokeSession>('POST', '/asset/api/user/revokeSession'),
  accountSwitch: call<typeof S.accountSwitch>('POST', '/asset/api/account/accountSwitch'),
  kycTypes: call<typeof S.kycTypes>('GET', '/asset/api/idCard/type'),
  kycSubmit: call<typeof S.kycSubmit>('POST', '/asset/api/idCard/insert'),
  kycInfo: call<typeof S.kycInfo>('GET', '/asset/api/idCard/info'),
  upload: call<typeof S.upload>('POST', '/asset/admin/common/oss/upload'),
};
