import { matchesPrefix } from '../config/mf-config';

export interface NavItem {
  id: string;
  href: string;
  labelKey: string;
  /** Prefixes under which this item is the active one. */
  activeOn: string[];
}

/** The five tabs of the mobile tab bar (spec: home, market/quote, trade, wallet, profile). */
export const TAB_ITEMS: NavItem[] = [
  { id: 'home', href: '/pages/home/index', labelKey: 'tabHome', activeOn: ['/pages/home'] },
  { id: 'market', href: '/pages/quote/index', labelKey: 'tabMarket', activeOn: ['/pages/quote', '/pages/search', '/pages/trade-chart'] },
  { id: 'trade', href: '/pages/trade-margin/index', labelKey: 'tabTrade', activeOn: ['/pages/trade-margin'] },
  { id: 'wallet', href: '/pages/wallet/index', labelKey: 'tabWallet', activeOn: ['/pages/wallet', '/pages/assets'] },
  { id: 'profile', href: '/pages/profile/index', labelKey: 'tabProfile', activeOn: ['/pages/profile'] },
];

/** The desktop top navigation (pages under /pages/desktop/). */
export const TOP_NAV_ITEMS: NavItem[] = [
  { id: 'market', href: '/pages/desktop/market', labelKey: 'tabMarket', activeOn: ['/pages/desktop/market'] },
  { id: 'trade', href: '/pages/desktop/trade', labelKey: 'tabTrade', activeOn: ['/pages/desktop/trade'] },
  { id: 'stocks', href: '/pages/stock/index', labelKey: 'navStocks', activeOn: ['/pages/stock', '/pages/desktop/block-trade'] },
  { id: 'ico', href: '/pages/desktop/ico', labelKey: 'navIco', activeOn: ['/pages/desktop/ico'] },
  { id: 'smart-pool', href: '/pages/desktop/smart-pool', labelKey: 'navSmartPool', activeOn: ['/pages/desktop/smart-pool'] },
  { id: 'wealth', href: '/pages/desktop/manage', labelKey: 'navWealth', activeOn: ['/pages/desktop/manage'] },
  { id: 'c2c', href: '/pages/desktop/c2c', labelKey: 'navC2c', activeOn: ['/pages/desktop/c2c', '/pages/desktop/otc'] },
  { id: 'assets', href: '/pages/desktop/assets', labelKey: 'navAssets', activeOn: ['/pages/desktop/assets'] },
];

export function activeItem(items: NavItem[], pathname: string): NavItem | undefined {
  if (pathname === '/') return items.find((item) => item.id === 'home');
  return items.find((item) => item.activeOn.some((prefix) => matchesPrefix(pathname, prefix)));
}
