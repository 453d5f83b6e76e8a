import type { LanguageCode } from '@meridian/shared';
import { depositTexts } from './deposit';
import { infoTexts } from './info';
import { loanTexts } from './loan';
import { walletTexts } from './wallet';

/**
 * Feature screens keep their texts in one file per feature (information pages, wallet and transfers, deposits
 * and withdrawals, loans and notifications), merged here into the remote's one namespace.
 */
const FEATURES = [infoTexts, walletTexts, depositTexts, loanTexts] as const;

// Listed again here (a mapped type over FEATURES loses the keys): add a new feature to both.
export type FeatureKey = (keyof typeof infoTexts.en | keyof typeof walletTexts.en | keyof typeof depositTexts.en | keyof typeof loanTexts.en) & string;

export function withFeatureTexts<B extends Record<string, string>>(base: Record<LanguageCode, B>): Record<LanguageCode, B & Record<FeatureKey, string>> {
  const merged = {} as Record<LanguageCode, B & Record<FeatureKey, string>>;
  for (const code of Object.keys(base) as LanguageCode[]) {
    merged[code] = Object.assign({}, base[code], ...FEATURES.map((feature) => feature[code])) as B & Record<FeatureKey, string>;
  }
  return merged;
}
