import { defineTexts } from './define';

/** Texts of the wallet screens (see ../i18n.ts: merged into the mf_accounts namespace). */
export const walletTexts = defineTexts({
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
