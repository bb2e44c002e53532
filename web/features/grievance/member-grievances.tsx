import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Scale } from 'lucide-react';
import { Link } from 'react-router';
import { MemberGrievanceInput } from '@contracts';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { QueryStates } from '../../components/ui/query-error';
import { TextField } from '../../components/ui/text-field';
import { schemaResolver } from '../../lib/admin/queries';
import { useFileMemberGrievance, useMyGrievances } from './api';
import { GrievanceStatusBadge, OverdueBadge, istDate, istTime } from './grievance-look';
import { ComplaintField } from './complaint-field';

type Values = { orderReference: string; description: string };
const FIELDS = ['orderReference', 'description'] as const;

/**
 * The member's formal complaints on the Support page (Consumer Protection (Direct Selling) Rules, 2021): filed under
 * the account, numbered at once, acknowledged within 48 working hours and resolved within one month.
 */
export function MemberGrievances() {
  const list = useMyGrievances();
  const file = useFileMemberGrievance();
  const form = useForm<Values, unknown, z.output<typeof MemberGrievanceInput>>({
    resolver: schemaResolver<Values, typeof MemberGrievanceInput>(MemberGrievanceInput),
    defaultValues: { orderReference: '', description: '' },
    mode: 'onTouched',
  });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    if ((await file.run(values, { setError: form.setError, fields: FIELDS })).ok) form.reset();
  });
  const items = list.data?.items ?? [];
  return (
    <Card aria-labelledby="member-grievances-title">
      <CardHeader>
        <CardTitle id="member-grievances-title" icon={Scale}>
          File a formal complaint
        </CardTitle>
        <CardDescription>
          Not satisfied with an answer? A formal complaint goes to our grievance officer: acknowledged within 48 working hours, resolved within one month.{' '}
          <Link to="/grievance" className="text-brand-700 underline underline-offset-4">
            Grievance Redressal
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4" aria-label="Formal complaint">
          <TextField form={form} name="orderReference" id="mg-order" label="Order or invoice number" optional maxLength={60} />
          <ComplaintField form={form} id="mg-description" rows={4} hint="At least 20 characters." />
          <Button type="submit" loading={isSubmitting}>
            File complaint
          </Button>
        </form>
        <QueryStates query={list} what="complaints" empty={false}>
          {items.length > 0 ? (
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="My complaints">
              {items.map((g) => (
                <li key={g.id} className="space-y-1 p-3" data-grievance-number={g.number}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-mono text-sm font-semibold text-slate-900">{g.number}</span>
                    <span className="flex gap-1.5">
                      {g.overdue ? <OverdueBadge /> : null}
                      <GrievanceStatusBadge status={g.status} />
                    </span>
                  </div>
                  <p className="line-clamp-2 text-sm text-slate-700">{g.description}</p>
                  <p className="text-xs text-slate-500">
                    Received {istTime(g.receivedAt)} · {g.closedAt ? `closed ${istDate(g.closedAt)}` : `resolution due ${istDate(g.resolveDueAt)}`}
                  </p>
                  {g.closingText ? <p className="text-sm text-slate-700">{g.closingText}</p> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </QueryStates>
      </CardContent>
    </Card>
  );
}
