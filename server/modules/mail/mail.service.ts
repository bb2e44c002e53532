import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../context';
import { encrypt } from '../../lib/crypto';
import { insertOutbox } from './outbox.repo';
import { renderMail, type MailTemplate } from './mail.templates';

/**
 * Queues a message in the same transaction as the event that caused it (docs/spec/decisions.md §9).
 * The parameters may hold a link with a token, so they are stored encrypted and wiped after sending.
 */
export async function queueMail(ctx: AppContext, db: DbOrTx, to: string, mail: MailTemplate) {
  const { subject } = renderMail(mail);
  await insertOutbox(db, {
    toAddress: to,
    template: mail.template,
    subject,
    payload: encrypt(ctx.secret, JSON.stringify(mail)),
    nextAttemptAt: ctx.clock.now(),
  });
}
