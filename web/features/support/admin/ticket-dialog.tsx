import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ENGAGEMENT_MSG, TICKET_NEXT, TICKET_PRIORITIES, TICKET_STATUSES, TicketUpdate } from '@contracts';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { CloseFooter, Dialog, DialogContent, FormFooter } from '../../../components/ui/dialog';
import { TicketConversation } from '../ticket-conversation';
import { Options } from '../../../components/ui/input';
import { formatDateTimeUS } from '../../../lib/admin/format';
import { schemaResolver } from '../../../lib/admin/queries';
import { useUpdateTicket, type AdminTicket, type AdminTicketList } from './tickets-api';
import { priorityLabel, PriorityBadge, TICKET_STATUS_LABELS, TicketStatusBadge } from '../ticket-badges';
import { SelectField } from '../../../components/ui/select-field';
import { TextareaField } from '../../../components/ui/textarea-field';

type Values = { status: string; priority: string; assignedTo: string; resolution: string };

/** The form's blank assignee is "unassigned" (null); resolving needs a resolution. */
const TicketForm = z
  .preprocess((v) => ({ ...(v as Values), assignedTo: (v as Values).assignedTo || null }), TicketUpdate)
  .superRefine((v, ctx) => {
    if (v.status === 'resolved' && !v.resolution) ctx.addIssue({ code: 'custom', path: ['resolution'], message: ENGAGEMENT_MSG.resolutionRequired });
  });
const FIELDS = ['status', 'priority', 'assignedTo', 'resolution'] as const;
/** The moves the server allows from each status (a resolved ticket reopens as In Progress; closed is final). */

function Details({ ticket: t }: { ticket: AdminTicket }) {
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-1.5">
        <TicketStatusBadge status={t.status} />
        <PriorityBadge priority={t.priority} />
        <Badge>{t.category}</Badge>
      </div>
      <p className="text-sm text-slate-600">
        From <span className="font-medium text-slate-900">{t.userName}</span> <span className="font-mono text-xs">{t.userDisplayId}</span> · {t.userEmail}
        <br />
        Opened {formatDateTimeUS(t.createdAt)}
        {t.resolvedAt ? ` · resolved ${formatDateTimeUS(t.resolvedAt)}` : ''}
      </p>
      <p className="max-h-40 overflow-y-auto rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm leading-relaxed whitespace-pre-wrap text-slate-800" tabIndex={0} aria-label="Description">
        {t.description}
      </p>
    </div>
  );
}

/** Manage a ticket: assign or unassign, status, priority, resolution (PATCH /api/admin/support-tickets/:id, only what changed). */
export function TicketDialog({ ticket, admins, onClose }: { ticket: AdminTicket; admins: AdminTicketList['admins']; onClose: () => void }) {
  const update = useUpdateTicket(ticket.id);
  const initial: Values = { status: ticket.status, priority: ticket.priority, assignedTo: ticket.assignedTo ?? '', resolution: ticket.resolution ?? '' };
  const form = useForm<Values, unknown, z.output<typeof TicketForm>>({ resolver: schemaResolver<Values, typeof TicketForm>(TicketForm), defaultValues: initial, mode: 'onTouched' });
  const { errors, isSubmitting, isDirty } = form.formState;
  const closed = ticket.status === 'closed';
  const status = form.watch('status');
  const assigneeKnown = !ticket.assignedTo || admins.some((a) => a.id === ticket.assignedTo);
  // When the ticket changes behind an untouched form (a reply moved its status), the form starts from the new values.
  const { reset } = form;
  useEffect(() => {
    if (!form.formState.isDirty) reset({ status: ticket.status, priority: ticket.priority, assignedTo: ticket.assignedTo ?? '', resolution: ticket.resolution ?? '' });
  }, [ticket.status, ticket.priority, ticket.assignedTo, ticket.resolution, reset, form.formState.isDirty]);

  const onSubmit = form.handleSubmit(async (values) => {
    const body: TicketUpdate = {};
    if (values.status !== ticket.status) body.status = values.status;
    if (values.priority !== ticket.priority) body.priority = values.priority;
    if ((values.assignedTo ?? null) !== (ticket.assignedTo ?? null)) body.assignedTo = values.assignedTo ?? null;
    if ((values.resolution ?? '') !== (ticket.resolution ?? '')) body.resolution = values.resolution;
    if (Object.keys(body).length === 0) return onClose();
    const res = await update.run(body, {
      setError: form.setError,
      fields: FIELDS,
      successToast: (data) => ({ title: 'Ticket updated', description: data?.message || `“${ticket.subject}” is ${TICKET_STATUS_LABELS[values.status ?? ticket.status] ?? values.status}.` }),
    });
    if (res.ok) onClose();
  });

  return (
    <Dialog open onOpenChange={(next) => !next && !isSubmitting && onClose()}>
      <DialogContent title={ticket.subject} description="Support ticket" className="sm:max-w-2xl">
        <div className="space-y-5">
          <Details ticket={ticket} />
          <TicketConversation side="staff" ticketId={ticket.id} />
          {closed ? (
            <>
              <Alert tone="info" title="This ticket is closed">
                {ENGAGEMENT_MSG.ticketClosed} {ticket.resolution ? <span className="mt-1 block whitespace-pre-wrap">Resolution: {ticket.resolution}</span> : null}
              </Alert>
              <CloseFooter onClose={onClose} />
            </>
          ) : (
            <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4 border-t border-slate-100 pt-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField id="ticket-assignee" label="Assigned to" error={errors.assignedTo?.message} className="sm:col-span-2" registration={form.register('assignedTo')}>
                  <option value="">Unassigned</option>
                  {!assigneeKnown ? <option value={ticket.assignedTo!}>{ticket.assignedToName ?? 'Another admin'}</option> : null}
                  {admins.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.name}
                    </option>
                  ))}
                </SelectField>
                <SelectField id="ticket-status" label="Status" error={errors.status?.message} registration={form.register('status')}>
                  {TICKET_STATUSES.filter((s) => s === ticket.status || TICKET_NEXT[ticket.status]?.includes(s)).map((s) => (
                    <option key={s} value={s}>
                      {TICKET_STATUS_LABELS[s]}
                    </option>
                  ))}
                </SelectField>
                <SelectField id="ticket-priority-field" label="Priority" error={errors.priority?.message} registration={form.register('priority')}>
                  <Options values={TICKET_PRIORITIES} label={priorityLabel} />
                </SelectField>
              </div>
              <TextareaField
                id="ticket-resolution"
                label="Resolution"
                optional={status !== 'resolved'}
                error={errors.resolution?.message}
                hint={status === 'resolved' ? 'Required to resolve. The member reads it.' : 'What was done. Required when the ticket is resolved.'}
                rows={4}
                maxLength={5000}
                registration={form.register('resolution')}
              />
              {status === 'closed' ? <Alert tone="warning">A closed ticket cannot be changed afterwards.</Alert> : null}
              <FormFooter onCancel={onClose} busy={isSubmitting} disabled={!isDirty}>
                Save Changes
              </FormFooter>
            </form>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
