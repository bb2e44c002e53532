import { FounderPage } from '../../features/founder';
import { useSignedInUser } from '../../features/account';
import { PortalShell } from '../layouts/portal-shell';

/** /founder (role founder). */
export default function FounderApp() {
  const user = useSignedInUser();
  return (
    <PortalShell user={user} caption="Founder Portal" homePath="/founder">
      <FounderPage />
    </PortalShell>
  );
}
