import { AreaIndex } from '../../../components/AreaIndex';
import { P } from '../../../paths';

/** /pages/privacy-policy/privacy-policy */
export function PrivacyPolicyPage() {
  return (
    <AreaIndex
      title="privacyPolicyTitle"
      description="privacyPolicyDescription"
      related={[
        { href: P.profile, title: 'profileTitle' },
        { href: P.aboutUs, title: 'aboutUsTitle' },
        { href: P.register, title: 'registerTitle' },
      ]}
    />
  );
}
