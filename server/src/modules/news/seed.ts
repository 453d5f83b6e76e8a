import type { Db } from '../../db/db.js';
import { publishNews } from './service.js';

const DAY_MS = 86_400_000;

/** Who the seeded articles are recorded as published by (operators' own articles carry their name). */
export const SEED_PUBLISHER = 'seed';

interface SeedArticle {
  key: string;
  /** Published this many days before the first start, so the list has an order and the latest is the newest. */
  daysAgo: number;
  title: string;
  html: string;
}

/** The announcements a new platform starts with. They describe what this server actually does. */
export const SEED_NEWS: SeedArticle[] = [
  {
    key: 'security-reminder',
    daysAgo: 12,
    title: 'Security reminder: we never ask for your password or an advance fee',
    html: `<p>Scams that impersonate exchange staff are common. To keep your account safe, remember what Meridian staff will <strong>never</strong> do:</p>
<ul>
<li>ask for your login password, your fund password or a verification code, by phone, e-mail, chat or social media;</li>
<li>ask you to pay a fee, a tax or a deposit in advance to release a withdrawal, approve a loan or unlock an account;</li>
<li>ask you to move funds to an address or an account outside the app "for safety".</li>
</ul>
<p>Verification codes are only for you to type into the app. If someone asks you for one, stop and contact customer service from the app's own menu.</p>
<p>Set a fund password in <em>Settings</em>: every withdrawal needs it, even when someone has your login password.</p>`,
  },
  {
    key: 'new-user-fee-exemption',
    daysAgo: 9,
    title: 'New users pay no deposit or withdrawal fees for three months',
    html: `<p>Every account opened on Meridian is exempt from deposit and withdrawal fees for its first <strong>three months</strong>, counted from the day of registration.</p>
<p>The exemption is applied automatically: the withdrawal screen shows the fee as 0 and the amount you will receive before you confirm. Network conditions never change the figure you confirmed.</p>
<h3>Good to know</h3>
<ul>
<li>Minimum and maximum withdrawal amounts still apply per currency.</li>
<li>After three months the usual flat network fee of each chain applies again; it is shown before every withdrawal.</li>
</ul>`,
  },
  {
    key: 'loans-launch',
    daysAgo: 6,
    title: 'USDT loans are now available to verified accounts',
    html: `<p>Verified users can now borrow USDT directly in the app. Three products are available, from 20 USDT for 7 days up to 50,000 USDT for 90 days, each with a fixed daily rate shown before you apply.</p>
<ul>
<li>Your KYC must be verified and each application needs at least 3 photos of supporting documents.</li>
<li>The terms you see when you apply are fixed for the whole life of your loan.</li>
<li>Interest is charged only for the days you use: repay early, in parts or in full, at any time.</li>
</ul>
<p>Read the full loan rules on the loan page before applying. Approving a loan never requires a payment from you.</p>`,
  },
  {
    key: 'listing-sol-avax',
    daysAgo: 3,
    title: 'New listings: SOL/USDT and AVAX/USDT spot markets',
    html: `<p>Solana (SOL) and Avalanche (AVAX) are now listed against USDT. Deposits and withdrawals are open on their native networks, and both pairs can be traded on the spot market and followed on the market page with live charts and depth.</p>
<p>Prices are shown to 2 decimals for both pairs; amounts to 2 decimals.</p>
<p>As with every listing, trade only what you can afford to lose: crypto prices can move sharply.</p>`,
  },
  {
    key: 'weekly-maintenance',
    daysAgo: 0,
    title: 'Routine maintenance window: Tuesdays 02:00–02:30 UTC',
    html: `<p>To keep the platform fast and secure we perform routine maintenance every <strong>Tuesday from 02:00 to 02:30 UTC</strong>.</p>
<p>The app stays available during the window, though some pages may answer slowly for a few minutes. Balances, orders and pending requests are not affected.</p>
<p>Exceptional maintenance outside this window is announced here at least 24 hours in advance.</p>`,
  },
];

/**
 * Publishes the seed articles once: each has a seed key, so a restart adds nothing and an article an operator
 * unpublished stays unpublished.
 */
export async function seedNews(db: Db, now: Date): Promise<number> {
  let created = 0;
  for (const article of SEED_NEWS) {
    const row = await publishNews(db, {
      title: article.title,
      html: article.html,
      publishedBy: SEED_PUBLISHER,
      now: new Date(now.getTime() - article.daysAgo * DAY_MS),
      seedKey: `seed:${article.key}`,
    });
    if (row) created += 1;
  }
  return created;
}
