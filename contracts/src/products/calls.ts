import { call } from '../kit/call.js';
import type { productSchemas as S } from './schemas.js';

/** The product kit's public calls (server/src/platform-kit/product). */
export const products = {
  reserves: call<typeof S.reserves>('GET', '/asset/api/product/reserves'),
};
