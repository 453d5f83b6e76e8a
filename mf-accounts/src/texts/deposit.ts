import { defineTexts } from './define';

/** Texts of the deposit screens (see ../i18n.ts: merged into the mf_accounts namespace). */
export const depositTexts = defineTexts({
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
