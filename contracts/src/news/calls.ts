import { call } from '../kit/call.js';
import type { newsSchemas as S } from './schemas.js';

/** Published news (server/src/modules/news). */
export const news = {
  list: call<typeof S.list>('GET', '/asset/api/news/list'),
  detail: call<typeof S.detail>('GET', '/asset/api/news/detail'),
  latest: call<typeof S.latest>('GET', '/asset/api/news/latestNew'),
};
