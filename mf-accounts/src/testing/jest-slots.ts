import { setSlotContributions, type SlotContributions } from '@meridian/shared';
import manifest from '../../meridian.routes.json';

// tests only: the slots as the shell fills them from this remote's manifest (mf-config.json in a deploy), so a
// mutation in a test makes stale the invalidation groups it names, as in the app (push.invalidations)
beforeEach(() => setSlotContributions('mf_accounts', (manifest as { slots?: SlotContributions }).slots));
