import { z } from 'zod';
import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import type { FastifyReply } from 'fastify';
import { actorOf } from '../../http/actor';
import { parse } from '../../http/validate';
import { INVOICE_MSG } from '../../../contracts/commerce';
import { invoicePdf } from './invoice.service';
import { DOCUMENT_CSP } from '../../http/security';

const PurchaseId = z.object({ id: z.uuid({ error: INVOICE_MSG.notFound }) });

export function sendPdf(reply: FastifyReply, out: { pdf: Buffer; fileName: string }, download: boolean) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${out.fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', DOCUMENT_CSP)
    .send(out.pdf);
}

const PdfQuery = z.object({ download: z.enum(['1', 'true']).optional() });

/** A PDF route's `?download=1` (or `true`): the PDF is sent as an attachment to save, not shown inline. */
export const wantsDownload = (query: unknown) => Boolean(parse(PdfQuery, query).download);

/** GST tax invoices of completed purchases (issue 15): the buyer's own and, for admins, anyone's. */
export function invoiceRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/api/purchases/:id/invoice',
      access: 'member',
      handler: async (req, reply) => sendPdf(reply, await invoicePdf(ctx, actorOf(req), parse(PurchaseId, req.params).id, false), wantsDownload(req.query)),
    },
    {
      method: 'GET',
      url: '/api/admin/purchases/:id/invoice',
      access: 'admin',
      handler: async (req, reply) => sendPdf(reply, await invoicePdf(ctx, actorOf(req), parse(PurchaseId, req.params).id, true), wantsDownload(req.query)),
    },
  ];
}
