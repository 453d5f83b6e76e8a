import { startStandalone, type SlotContributions } from '@meridian/shared';
import * as app from './app';
import { HOME } from './paths';
import manifest from '../meridian.routes.json';

if (window.location.pathname === '/') window.history.replaceState(null, '', HOME);
// the manifest's slots as the shell sets them: the invalidation groups the money forms name are there
void startStandalone('mf_accounts', app, (manifest as { slots?: SlotContributions }).slots);
