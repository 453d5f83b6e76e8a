import { startStandalone } from '@meridian/shared';
import * as app from './app';
import { HOME } from './paths';

if (window.location.pathname === '/') window.history.replaceState(null, '', HOME);
void startStandalone('mf_trading', app);
