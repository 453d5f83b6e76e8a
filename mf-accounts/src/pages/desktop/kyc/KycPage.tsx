import { P } from '../../../paths';
import { FormScreen } from '../../profile/components/FormScreen';
import { KycVerification } from '../../profile/kyc-verification/KycVerification';

/** /pages/desktop/kyc (?type=trade when a trade was refused for missing KYC). */
export function DesktopKycPage() {
  return (
    <FormScreen title="kycTitle" back={{ href: P.desktopSettings, title: 'settingsTitle' }} desktop>
      <KycVerification />
    </FormScreen>
  );
}
