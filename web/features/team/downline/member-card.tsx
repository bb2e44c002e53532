import type { DownlineMember } from '@contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { formatDate, titleCase } from '../../../lib/format';
import { bv, rupees, sideLabel } from '../format';
import { Term, type TermLook } from '../../../components/ui/term';
import { MemberContact } from '../ui/member-contact';

const FIELD: TermLook = { term: 'text-xs text-slate-500', value: 'font-medium text-slate-800' };

const STATUS_TONES: Record<string, BadgeTone> = { active: 'success', pending: 'warning', inactive: 'neutral', rejected: 'danger', suspended: 'danger' };

export function MemberStatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONES[status] ?? 'neutral'}>{titleCase(status || 'unknown')}</Badge>;
}

/** A downline member: name, email, userId, status, position, package, total BV, joined date. */
export function MemberCard({ member }: { member: DownlineMember }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
      <div className="flex items-start justify-between gap-3">
        <MemberContact member={member} />
        <MemberStatusBadge status={member.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <Term look={FIELD} term="Position">
          {sideLabel(member.position)} <span className="text-xs font-normal text-slate-500">· {sideLabel(member.leg)} leg</span>
        </Term>
        <Term look={FIELD} term="Joined">
          {formatDate(member.registrationDate || member.createdAt)}
        </Term>
        <Term look={FIELD} term="Package">
          <span className="tabular-nums">{rupees(member.packageAmount)}</span>
        </Term>
        <Term look={FIELD} term="Total BV">
          <span className="tabular-nums">{bv(member.totalBV)}</span>
        </Term>
      </dl>
    </li>
  );
}
