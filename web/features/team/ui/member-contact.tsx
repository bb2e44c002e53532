import { memberName } from '../format';

/** A member on a phone card: name, email and user ID, truncated to the card's width. */
export function MemberContact({ member }: { member: { firstName: string | null; lastName: string | null; email: string; userId: string } }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium text-slate-900">{memberName(member)}</p>
      <p className="truncate text-sm text-slate-500">{member.email}</p>
      <p className="font-mono text-xs text-slate-500">{member.userId}</p>
    </div>
  );
}
