import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/desktop/language */
export function DesktopLanguagePage() {
  return (
    <AreaIndex
      title="languageTitle"
      description="languageDescription"
      related={[
        { href: P.desktopSettings, title: 'settingsTitle' },
        { href: EXTERNAL.desktopMarket, title: 'quoteLink' },
      ]}
    />
  );
}
