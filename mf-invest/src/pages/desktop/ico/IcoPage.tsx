import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/desktop/ico — desktop token offerings. */
export function DesktopIcoPage() {
  return (
    <AreaIndex
      title="icoTitle"
      description="icoDescription"
      related={[
        { href: P.desktopSmartPool, title: 'smartPoolTitle' },
        { href: P.desktopManage, title: 'manageAccountTitle' },
        { href: EXTERNAL.desktopAssets, title: 'assetsLink' },
      ]}
    />
  );
}
