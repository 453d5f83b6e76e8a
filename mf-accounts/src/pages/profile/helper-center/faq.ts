import type { Key } from '../../../i18n';

/** One question of the help centre and its answer (both i18n keys); `id` names it in the page (anchors, ids). */
export interface FaqItem {
  id: string;
  question: Key;
  answer: Key;
}

export interface FaqTopic {
  id: string;
  title: Key;
  items: FaqItem[];
}

const item = (id: string, question: Key, answer: Key): FaqItem => ({ id, question, answer });

/** The help centre's questions, by topic, in the order they are shown. */
export const FAQ: FaqTopic[] = [
  {
    id: 'account',
    title: 'faqTopicAccount',
    items: [
      item('register', 'faqRegisterQ', 'faqRegisterA'),
      item('passwords', 'faqPasswordsQ', 'faqPasswordsA'),
      item('locked', 'faqLockedQ', 'faqLockedA'),
      item('sessions', 'faqSessionsQ', 'faqSessionsA'),
    ],
  },
  {
    id: 'kyc',
    title: 'faqTopicKyc',
    items: [item('kyc-why', 'faqKycWhyQ', 'faqKycWhyA'), item('kyc-how', 'faqKycHowQ', 'faqKycHowA'), item('kyc-review', 'faqKycReviewQ', 'faqKycReviewA')],
  },
  {
    id: 'deposit',
    title: 'faqTopicDeposit',
    items: [item('deposit', 'faqDepositQ', 'faqDepositA'), item('fees', 'faqFeesQ', 'faqFeesA')],
  },
  {
    id: 'withdraw',
    title: 'faqTopicWithdraw',
    items: [item('withdraw', 'faqWithdrawQ', 'faqWithdrawA'), item('advance-fee', 'faqAdvanceFeeQ', 'faqAdvanceFeeA')],
  },
  {
    id: 'transfer',
    title: 'faqTopicTransfer',
    items: [item('wallets', 'faqWalletsQ', 'faqWalletsA'), item('convert', 'faqConvertQ', 'faqConvertA')],
  },
  {
    id: 'risk',
    title: 'faqTopicRisk',
    items: [
      item('risk', 'faqRiskQ', 'faqRiskA'),
      item('seconds', 'faqSecondsQ', 'faqSecondsA'),
      item('liquidation', 'faqLiquidationQ', 'faqLiquidationA'),
      item('demo', 'faqDemoQ', 'faqDemoA'),
      item('fair', 'faqFairQ', 'faqFairA'),
    ],
  },
];

/** Lower case without accents and with single spaces, so "depot" finds "Dépôt" and "KYC" finds "kyc". */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Whether a question matches the search: every word of the query appears in the topic, the question or the
 * answer (in the language shown). An empty query matches everything.
 */
export function matchesQuery(query: string, texts: string[]): boolean {
  const words = normalizeForSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normalizeForSearch(texts.join(' '));
  return words.every((word) => haystack.includes(word));
}
