import { pushInvalidationProblems } from '@meridian/shared/testing';
import manifest from '../meridian.routes.json';

describe('meridian.routes.json push.invalidations', () => {
  it('names only API paths of the contracts, so a stock push makes real queries stale', () => {
    const { named, unknown } = pushInvalidationProblems(manifest.slots);
    expect(named).toBeGreaterThan(0);
    expect(unknown).toEqual([]);
  });
});
