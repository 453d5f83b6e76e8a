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

// The desktop top navigation is the nav.top slot: each remote's meridian.routes.json brings its entries.

export function activeItem<T extends Pick<NavItem, 'id' | 'activeOn'>>(items: T[], pathname: string): T | undefined {
  if (pathname === '/') return items.find((item) => item.id === 'home');
  return items.find((item) => item.activeOn.some((prefix) => matchesPrefix(pathname, prefix)));
}
