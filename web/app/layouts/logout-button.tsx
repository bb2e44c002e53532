import { LogOut } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useLogout } from '../../features/account';
import { impersonationToken } from '../../lib/storage';

/**
 * The top bars' Logout (doc 3 §2.1): the POST by default; `href`, a plain link instead (the franchise portal's
 * GET /api/logout, doc 3 §2.7), except while impersonating, where the POST only revokes the token and a plain link
 * would end the admin's own session. Its name stays "Logout" on a phone, where only the icon shows.
 */
export function LogoutButton({ href, className }: { href?: string; className?: string }) {
  const logout = useLogout();
  const label = <span className="hidden sm:inline">Logout</span>;
  if (href && !impersonationToken.get())
    return (
      <Button asChild variant="ghost" size="sm" className={className}>
        <a href={href} aria-label="Logout">
          <LogOut aria-hidden="true" className="size-4" />
          {label}
        </a>
      </Button>
    );
  return (
    <Button variant="ghost" size="sm" onClick={() => logout.mutate()} loading={logout.isPending} aria-label="Logout" className={className}>
      {logout.isPending ? null : <LogOut aria-hidden="true" className="size-4" />}
      {label}
    </Button>
  );
}
