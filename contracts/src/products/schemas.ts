import { Type } from 'typebox';
import { Nullable } from '../kit/schema.js';
import { refuses } from '../refusals.js';

/** One product reserve (server/src/platform-kit/product/reserves.ts): what backs the product's payouts. */
export const ReserveView = Type.Object({
  product: Type.String(),
  mode: Type.Union([Type.Literal('real'), Type.Literal('demo')]),
  asset: Type.String(),
  /** The reserve's ledger balance (decimal string). */
  balance: Type.String(),
  /** Every payout still owed by the product's open holdings (decimal string). */
  liability: Type.String(),
  /** balance / liability to 4 decimals; null when nothing is owed. */
  coverageRatio: Nullable(Type.String()),
});

/** The product kit's public reads under /asset/api/product, readable without logging in. */
export const productSchemas = {
  reserves: {
    refusals: refuses(),
    query: Type.Object({ product: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9-]{1,31}$' })) }),
    data: Type.Array(ReserveView),
    summary: 'Every product reserve: balance, liability and coverage ratio',
  },
};
