import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/desktop/manage — desktop wealth financing. */
export function DesktopManagePage() {
  return (
    <AreaIndex
      title="manageAccountTitle"
      description="manageAccountDescription"
      related={[
        { href: P.desktopSmartPool, title: 'smartPoolTitle' },
        { href: P.desktopIco, title: 'icoTitle' },
        { href: EXTERNAL.desktopAssets, title: 'assetsLink' },
      ]}
    />
  );
}
