import { defineTexts } from './define';

/** Texts of the loan screens (see ../i18n.ts: merged into the mf_accounts namespace). */
export const loanTexts = defineTexts({
  en: {},
  hk: {},
  zh: {},
  kr: {},
  jp: {},
  ge: {},
  fr: {},
  it: {},
  ru: {},
});
