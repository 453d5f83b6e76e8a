import { call } from '../kit/call.js';
import type { siteSchemas as S } from './schemas.js';

/** Site settings and the app release (server/src/modules/site, server/src/modules/app-version). */
export const site = {
  settings: call<typeof S.settings>('GET', '/asset/api/site-setting/getSetting'),
  version: call<typeof S.version>('GET', '/asset/api/app-version/get-version'),
  appQr: call<typeof S.appQr>('GET', '/asset/api/app-version/app-qr'),
};
