import { Type } from 'typebox';
import { Nullable } from '../kit/schema.js';
import { StockRate } from '../stocks/schemas.js';
import { refuses } from '../refusals.js';

/** A release number major.minor.patch, as server/src/modules/app-version/version.ts checks it (a server test keeps them equal). */
export const VERSION_PATTERN = '^(0|[1-9]\\d{0,8})\\.(0|[1-9]\\d{0,8})\\.(0|[1-9]\\d{0,8})$';

export const Platform = Type.Union([Type.Literal('web'), Type.Literal('android'), Type.Literal('ios')]);

/** The site's settings; '' for an address means none is configured (server/src/modules/site/service.ts). */
export const SiteSettings = Type.Object({
  mobileOnly: Type.Boolean(),
  /** The current release the server offers (APP_VERSION). */
  appVersion: Type.String(),
  languages: Type.Array(Type.String()),
  defaultLanguage: Type.String(),
  customerServiceUrl: Type.String(),
  companyWebsite: Type.String(),
  /** The USD→USDT and JPY→USDT rates stocks are valued at (operator-set, versioned); null while none is set. */
  stockRates: Type.Object({ USD: Nullable(StockRate), JPY: Nullable(StockRate) }),
});

export const VersionAnswer = Type.Object({
  version: Type.Object({ versionNo: Type.String(), description: Type.String(), linkUpdateHot: Type.String(), linkUpdateFull: Type.String() }),
  /** null: nothing to do; choose_update: the user may; must_update: a dialog that cannot be dismissed. */
  newUpdate: Type.Union([Type.Literal('must_update'), Type.Literal('choose_update'), Type.Null()]),
});

/** Site settings and the app release under /asset/api; all public. */
export const siteSchemas = {
  settings: { refusals: refuses(), data: SiteSettings, summary: 'Mobile-only flag, languages, release, customer service and company addresses, stock conversion rates' },
  version: {
    refusals: refuses(),
    query: Type.Object({ platform: Platform, versionNo: Type.String({ pattern: VERSION_PATTERN }) }),
    data: VersionAnswer,
    summary: 'The current release and whether a client at versionNo must or may update',
  },
  appQr: { refusals: refuses(), data: Type.Array(Type.Object({ platform: Type.String(), url: Type.String() })), summary: 'The app download QR entries' },
};
