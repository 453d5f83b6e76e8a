import { setSlotContributions, type SlotContributions } from '@meridian/shared';
import manifest from '../../meridian.routes.json';

// tests only: the slots as the shell fills them from this remote's manifest (mf-config.json in a deploy), so a
// live push in a test makes stale what it makes stale in the app (push.invalidations)
beforeEach(() => setSlotContributions('mf_trading', (manifest as { slots?: SlotContributions }).slots));
