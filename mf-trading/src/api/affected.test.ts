import { forex, perpetual, seconds, trading, wallet } from '@meridian/contracts';
import manifest from '../../meridian.routes.json';
import { pathsForGroups } from '@meridian/shared';
import { AFFECTED } from './affected';

const pushed = (action: string) => manifest.slots['push.invalidations'].find((entry) => entry.action === action)?.queries ?? [];
/** What a write's groups make stale (the jest set-up registers this remote's manifest slots as the shell does). */
const stale = (groups: readonly string[]) => pathsForGroups(groups);

describe('what a trade write makes stale', () => {
  it('is what the push the server sends for the same change makes stale (one declaration, the manifest)', () => {
    expect(AFFECTED.spotOrder).toEqual(['SPOT_ORDER']);
    expect(stale(AFFECTED.spotOrder)).toEqual(expect.arrayContaining(pushed('SPOT_ORDER')));
    expect(AFFECTED.positionOpen).toEqual(['POSITION_OPEN']);
    expect(stale(AFFECTED.positionOpen)).toEqual(expect.arrayContaining(pushed('POSITION_OPEN')));
    expect(AFFECTED.positionOrder).toEqual(['POSITION_ORDER']);
    expect(stale(AFFECTED.positionOrder)).toEqual(expect.arrayContaining(pushed('POSITION_ORDER')));
    expect(AFFECTED.positionUpdate).toEqual(['POSITION_UPDATE']);
    expect(stale(AFFECTED.positionUpdate)).toEqual(expect.arrayContaining(pushed('POSITION_UPDATE')));
    expect(AFFECTED.positionClose).toEqual(['POSITION_CLOSE']);
    expect(stale(AFFECTED.positionClose)).toEqual(expect.arrayContaining(pushed('POSITION_CLOSE')));
    expect(AFFECTED.secondsOpen).toEqual(['SECOND_CONTRACT_OPEN']);
    expect(stale(AFFECTED.secondsOpen)).toEqual(expect.arrayContaining(pushed('SECOND_CONTRACT_OPEN')));
    expect(AFFECTED.transfer).toEqual(['TRANSFER']);
    expect(stale(AFFECTED.transfer)).toEqual(expect.arrayContaining(pushed('TRANSFER')));
  });

  it('covers the lists and the balances each screen shows beside the form', () => {
    expect(stale(AFFECTED.spotOrder)).toEqual(expect.arrayContaining([trading.spotList.path, trading.spotHistory.path, trading.spotHoldings.path, trading.spotConditionalList.path, wallet.validAsset.path, wallet.list.path]));
    for (const paths of [AFFECTED.positionOpen, AFFECTED.positionOrder, AFFECTED.positionUpdate, AFFECTED.positionClose].map(stale))
      expect(paths).toEqual(expect.arrayContaining([perpetual.openList.path, perpetual.limitList.path, perpetual.closeList.path, forex.getContractList.path, wallet.validAsset.path, wallet.list.path]));
    expect(stale(AFFECTED.secondsOpen)).toEqual(expect.arrayContaining([seconds.getContractList.path, wallet.validAsset.path]));
    expect(stale(AFFECTED.transfer)).toEqual(expect.arrayContaining([wallet.validAsset.path, wallet.list.path, wallet.userAssetData.path]));
  });
});
