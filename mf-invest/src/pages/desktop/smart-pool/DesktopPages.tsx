// The desktop smart-pool routes (/pages/desktop/smart-pool/*) are the phone screens in the desktop frame: the
// screens read their links from the address (components/invest/paths.ts), so they stay on the desktop routes.
export { SmartPoolIndexPage as DesktopSmartPoolIndexPage } from '../../smart-pool/index/IndexPage';
export { SmartPoolBuyPage as DesktopSmartPoolBuyPage } from '../../smart-pool/buy/BuyPage';
export { SmartPoolConfirmBuyPage as DesktopSmartPoolConfirmBuyPage } from '../../smart-pool/confirm-buy/ConfirmBuyPage';
export { SmartPoolMyOrderPage as DesktopSmartPoolMyOrderPage } from '../../smart-pool/my-order/MyOrderPage';
export { SmartPoolHistoryPage as DesktopSmartPoolHistoryPage } from '../../smart-pool/history/HistoryPage';
export { SmartPoolRedeemedPage as DesktopSmartPoolRedeemedPage } from '../../smart-pool/redeemed/RedeemedPage';
