import { aiFunds, type DataOf } from '@meridian/contracts';

export type Fund = DataOf<typeof aiFunds.list>[number];
export type FundPosition = DataOf<typeof aiFunds.positions>[number];
export type FundInfo = DataOf<typeof aiFunds.info>;

/** The invalidation group of every AI fund read (meridian.routes.json push.invalidations): a buy or redemption makes them stale. */
export const AI_FUND_GROUP = 'AI_FUND';

/** The fund of a screen's "?fund=" (undefined while the list loads or when it names none). */
export const fundOf = (funds: readonly Fund[] | undefined, id: string | null): Fund | undefined => funds?.find((f) => f.id === id);
