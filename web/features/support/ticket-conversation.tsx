import { useRef, useState, type FormEvent } from 'react';
import { FileText, ImageIcon, Paperclip, Send, X } from 'lucide-react';
import { SUPPORT_MSG, type ThreadMessage } from '@contracts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { QueryError } from '../../components/ui/query-error';
import { InlineLoader } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { DOCUMENT_ACCEPT } from '../../lib/files';
import { formatBytes, formatDateTime, formatRelative } from '../../lib/format';
import { checkKycFile, toastFileProblem } from '../kyc';
import { TICKET_STATUS_LABELS } from './ticket-badges';
import { useSendReply, useTicketThread, type ThreadSide } from './thread-api';

const REPLY_MAX = 5000;

function Attachment({ file }: { file: NonNullable<ThreadMessage['attachment']> }) {
  const Icon = file.contentType === 'application/pdf' ? FileText : ImageIcon;
  return (
    <a
      href={file.url}
      target="_blank"
      rel="noopener"
      className="mt-2 inline-flex max-w-full items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700 hover:border-brand-300 hover:text-brand-700"
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span className="truncate">{file.name}</span>
      <span className="shrink-0 text-xs text-slate-500">{formatBytes(file.size)}</span>
    </a>
  );
}

function Entry({ m, side }: { m: ThreadMessage; side: ThreadSide }) {
  const when = (
    <time dateTime={m.createdAt} title={formatDateTime(m.createdAt)}>
      {formatRelative(m.createdAt)}
    </time>
  );
  if (m.kind === 'status') {
    return (
      <li className="flex justify-center">
        <p className="rounded-full bg-slate-100 px-3 py-1 text-center text-xs text-slate-600">
          Status changed from <strong className="font-semibold">{TICKET_STATUS_LABELS[m.statusFrom ?? ''] ?? m.statusFrom}</strong> to{' '}
          <strong className="font-semibold">{TICKET_STATUS_LABELS[m.statusTo ?? ''] ?? m.statusTo}</strong> · {when}
        </p>
      </li>
    );
  }
  const mine = m.authorRole === side;
  const who = m.authorRole === 'staff' ? (side === 'staff' ? (m.authorName ?? 'Staff') : `${m.authorName ?? 'Support'} · Support team`) : side === 'member' ? 'You' : (m.authorName ?? 'Member');
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <article
        aria-label={`${who}, ${formatDateTime(m.createdAt)}`}
        className={cn('max-w-[85%] rounded-2xl px-4 py-3', mine ? 'bg-brand-50 ring-1 ring-brand-100' : 'bg-slate-50 ring-1 ring-slate-200')}
      >
        <p className="text-xs text-slate-600">
          <span className="font-semibold text-slate-800">{who}</span> · {when}
        </p>
        {m.body ? <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">{m.body}</p> : null}
        {m.attachment ? <Attachment file={m.attachment} /> : null}
      </article>
    </li>
  );
}

/**
 * A ticket's conversation (issue 15): the replies of the member and of staff, the status changes between them, and the
 * reply box with one attachment (JPEG, PNG or PDF up to 5 MB, the KYC documents' checks). A closed ticket is read-only.
 */
export function TicketConversation({ side, ticketId }: { side: ThreadSide; ticketId: string }) {
  const thread = useTicketThread(side, ticketId);
  const send = useSendReply(side, ticketId);
  const [message, setMessage] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const idBase = `reply-${ticketId.slice(0, 8)}`;

  const pick = (f: File | null) => {
    if (!f) return setFile(null);
    const problem = checkKycFile(f);
    if (problem) {
      toastFileProblem(problem);
      if (fileInput.current) fileInput.current.value = '';
      return setFile(null);
    }
    setFile(f);
  };
  const clearFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const text = message.trim();
    if (!text) return setError(SUPPORT_MSG.replyRequired);
    setError(undefined);
    const res = await send.run({ message: text, file });
    if (res.ok) {
      setMessage('');
      clearFile();
    } else if (res.failure?.error.fieldErrors?.message) {
      setError(res.failure.error.fieldErrors.message[0]);
    }
  };

  if (thread.isPending) return <InlineLoader label="Loading the conversation..." />;
  if (thread.isError) return <QueryError title="Could not load the conversation" error={thread.error} onRetry={() => void thread.refetch()} retrying={thread.isFetching} />;
  const { ticket, messages } = thread.data;
  const closed = ticket.status === 'closed';

  return (
    <section aria-label="Conversation" className="space-y-4">
      {messages.length === 0 ? (
        <p className="text-sm text-slate-500">{side === 'member' ? 'No replies yet. Our support team will answer here.' : 'No replies yet.'}</p>
      ) : (
        <ol aria-label="Messages" className="space-y-3">
          {messages.map((m) => (
            <Entry key={m.id} m={m} side={side} />
          ))}
        </ol>
      )}
      {closed ? (
        <Alert tone="info" title="This ticket is closed">
          {SUPPORT_MSG.ticketClosed}
        </Alert>
      ) : (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-3 border-t border-slate-100 pt-4" aria-label="Reply">
          <FormField id={`${idBase}-message`} label={side === 'staff' ? 'Reply to the member' : 'Your reply'} error={error}>
            <Textarea {...fieldA11y(`${idBase}-message`, error)} rows={3} maxLength={REPLY_MAX} value={message} onChange={(e) => setMessage(e.target.value)} />
          </FormField>
          <div className="flex flex-wrap items-center gap-2">
            <input ref={fileInput} id={`${idBase}-file`} type="file" accept={DOCUMENT_ACCEPT} className="sr-only" onChange={(e) => pick(e.target.files?.[0] ?? null)} />
            <Button asChild variant="outline" size="sm">
              <label htmlFor={`${idBase}-file`} className="cursor-pointer">
                <Paperclip aria-hidden="true" className="size-4" /> Attach a file
              </label>
            </Button>
            {file ? (
              <span className="inline-flex min-w-0 items-center gap-1 rounded-lg bg-slate-100 px-2 py-1 text-xs text-slate-700">
                <span className="truncate">{file.name}</span> <span className="text-slate-500">({formatBytes(file.size)})</span>
                <button type="button" onClick={clearFile} className="cursor-pointer rounded p-0.5 hover:bg-slate-200" aria-label={`Remove ${file.name}`}>
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </span>
            ) : (
              <span className="text-xs text-slate-500">JPEG, PNG or PDF, up to 5 MB.</span>
            )}
            <Button type="submit" size="sm" loading={send.isPending} className="ml-auto">
              {send.isPending ? null : <Send aria-hidden="true" className="size-4" />} Send reply
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
