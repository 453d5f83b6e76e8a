import { useLocation } from 'react-router-dom';
import { P } from '../../paths';

/** The smart-pool screens' links on the phone and on the desktop (the same screens under /pages/desktop/). */
export function useSmartPoolPaths() {
  const desktop = useLocation().pathname.startsWith('/pages/desktop/');
  return desktop
    ? { index: P.desktopSmartPool, buy: P.desktopSmartPoolBuy, confirm: P.desktopSmartPoolConfirmBuy, orders: P.desktopSmartPoolMyOrder, history: P.desktopSmartPoolHistory, redeemed: P.desktopSmartPoolRedeemed, financing: P.desktopManage, financingBuy: P.desktopManage, financingHistory: P.desktopManage }
    : { index: P.smartPool, buy: P.smartPoolBuy, confirm: P.smartPoolConfirmBuy, orders: P.smartPoolMyOrder, history: P.smartPoolHistory, redeemed: P.smartPoolRedeemed, financing: P.manageAccount, financingBuy: P.buyFinancing, financingHistory: P.historyFinancing };
}
