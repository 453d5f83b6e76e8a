import { P } from '../../../../paths';
import { FormScreen } from '../../components/FormScreen';
import { SessionsList } from '../../components/SessionsList';

/** /pages/profile/security-center/sessions: the logged-in devices. */
export function SessionsPage() {
  return (
    <FormScreen title="sessionsTitle" back={{ href: P.securityCenter, title: 'securityCenterTitle' }}>
      <SessionsList />
    </FormScreen>
  );
}
