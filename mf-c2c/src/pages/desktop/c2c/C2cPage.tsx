import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/desktop/c2c — desktop C2C. */
export function DesktopC2cPage() {
  return (
    <AreaIndex
      title="c2cTitle"
      description="c2cDescription"
      related={[
        { href: P.desktopOtc, title: 'otcTitle' },
        { href: EXTERNAL.desktopMarket, title: 'quoteLink' },
        { href: EXTERNAL.desktopAssets, title: 'assetsLink' },
      ]}
    />
  );
}
