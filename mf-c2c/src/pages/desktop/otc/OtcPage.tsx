import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/desktop/otc — desktop over-the-counter desk. */
export function DesktopOtcPage() {
  return (
    <AreaIndex
      title="otcTitle"
      description="otcDescription"
      related={[
        { href: P.desktopC2c, title: 'c2cTitle' },
        { href: EXTERNAL.desktopMarket, title: 'quoteLink' },
        { href: EXTERNAL.desktopAssets, title: 'assetsLink' },
      ]}
    />
  );
}
