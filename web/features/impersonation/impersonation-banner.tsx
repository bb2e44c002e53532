import { useState } from 'react';
import { UserRoundCog } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { fullName } from '../../lib/format';
import { impersonationToken } from '../../lib/storage';
import { stopImpersonating, useCurrentUser } from '../account';

/** Shown on every screen while this window holds an impersonation token. */
export function ImpersonationBanner() {
  const { data: user } = useCurrentUser({ passive: true });
  const [stopping, setStopping] = useState(false);
  if (!user?.impersonatedBy || !impersonationToken.get()) return null;
  return (
    <div role="status" className="sticky top-0 z-30 bg-amber-400 text-amber-950 shadow-sm">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 text-sm sm:px-6">
        <p className="flex items-center gap-2 font-medium">
          <UserRoundCog aria-hidden="true" className="size-4 shrink-0" />
          <span>
            You are impersonating {fullName(user, user.email)} ({user.userId})
          </span>
        </p>
        <Button
          size="sm"
          variant="outline"
          className="border-amber-700/40! bg-amber-50! text-amber-950! hover:bg-white!"
          loading={stopping}
          onClick={() => {
            setStopping(true);
            void stopImpersonating();
          }}
        >
          Stop impersonating
        </Button>
      </div>
    </div>
  );
}
