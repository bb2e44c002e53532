import { Badge } from '../../components/ui/badge';
import { ROLE_LABELS, useSignedInUser } from '../../features/account';
import { FranchisePage } from '../../features/franchise';
import { PortalShell } from '../layouts/portal-shell';

/** /franchise (roles mini_franchise and basic_franchise). */
export default function FranchiseApp() {
  const user = useSignedInUser();
  return (
    <PortalShell user={user} caption="Franchise Portal" homePath="/franchise" logoutHref="/api/logout" badge={<Badge tone="warning">{ROLE_LABELS[user.role]}</Badge>}>
      <FranchisePage />
    </PortalShell>
  );
}
