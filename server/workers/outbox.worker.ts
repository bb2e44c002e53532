import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../context';
import { decrypt } from '../lib/crypto';
import { claimDueMail, markMail, releaseStaleSending } from '../modules/mail/outbox.repo';
import { renderMail, type MailTemplate } from '../modules/mail/mail.templates';
import { branding } from '../modules/branding/branding.service';

const MAX_ATTEMPTS = 8;
const backoffMs = (attempt: number) => Math.min(60 * 60_000, 15_000 * 2 ** (attempt - 1));

export interface OutboxWorker {
  /** Sends everything due now; resolves when done. */
  flush(): Promise<number>;
  kick(): void;
  stop(): Promise<void>;
}

/**
 * Sends queued mail over SMTP when SMTP_URL is set, otherwise prints it (development mode). The job
 * runner calls flush() every MAIL_POLL_MS (job mail.outbox); kick() sends at once after a commit that
 * queued mail, in this process, when `poll` is on.
 */
export function startOutboxWorker(ctx: AppContext, opts: { poll: boolean }): OutboxWorker {
  const transport: Transporter | null = ctx.config.smtpUrl ? nodemailer.createTransport(ctx.config.smtpUrl) : null;
  let running: Promise<number> | null = null;
  let stopped = false;

  /** Mail queued before a key rotation was sealed under the previous secret (APP_SECRET_PREVIOUS). */
  const openPayload = (payload: string) => {
    for (const secret of [ctx.secret, ...ctx.config.appSecretPrevious]) {
      try {
        return decrypt(secret, payload);
      } catch {
        /* the next secret */
      }
    }
    throw new Error('the payload opens under no configured secret');
  };

  async function sendOne(row: { id: string; toAddress: string; payload: string | null; attempts: number }) {
    try {
      if (!row.payload) throw new Error('empty payload');
      const mail = JSON.parse(openPayload(row.payload)) as MailTemplate;
      const rendered = renderMail(mail, await branding(ctx));
      if (transport) {
        await transport.sendMail({ from: ctx.config.mailFrom, to: row.toAddress, subject: rendered.subject, text: rendered.text, html: rendered.html });
        await markMail(ctx.db, row.id, { status: 'sent', sentAt: ctx.clock.now(), payload: null, lastError: null });
      } else {
        ctx.log.info({ mailTo: row.toAddress, subject: rendered.subject }, `development mail:\n${rendered.text}`);
        await markMail(ctx.db, row.id, { status: 'logged', sentAt: ctx.clock.now(), payload: null, lastError: null });
      }
    } catch (err) {
      const failedForGood = row.attempts >= MAX_ATTEMPTS;
      await markMail(ctx.db, row.id, {
        status: failedForGood ? 'failed' : 'pending',
        lastError: String((err as Error).message).slice(0, 500),
        nextAttemptAt: new Date(ctx.clock.now().getTime() + backoffMs(row.attempts)),
      });
      ctx.log.warn({ mailId: row.id, attempt: row.attempts }, 'mail send failed; will retry');
    }
  }

  async function drain(): Promise<number> {
    let sent = 0;
    await releaseStaleSending(ctx.db, ctx.clock.now());
    for (;;) {
      const batch = await claimDueMail(ctx.db, ctx.clock.now(), 20);
      if (batch.length === 0) return sent;
      for (const row of batch) await sendOne(row);
      sent += batch.length;
    }
  }

  function flush(): Promise<number> {
    if (!running) running = drain().finally(() => (running = null));
    return running;
  }

  return {
    flush,
    kick: () => {
      if (!stopped && opts.poll) setImmediate(() => flush().catch((err) => ctx.log.error({ err }, 'outbox worker failed')));
    },
    async stop() {
      stopped = true;
      await running?.catch(() => undefined);
      transport?.close();
    },
  };
}
