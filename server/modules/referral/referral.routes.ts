import type { AppContext } from '../../context';
import { PUBLIC_BODY_LIMIT, type RouteDef } from '../../http/routes';
import { AppError } from '../../core/app-error';
import { parse } from '../../http/validate';
import { originOf } from '../../http/actor';
import { MSG } from '../../../contracts/messages';
import { ReferralRegistrationRequest, ReferralValidateQuery } from '../../../contracts/referral';
import { REFERRAL_DOC_MAX_BYTES } from '../../../contracts/constants';
import type { FastifyRequest } from 'fastify';
import { isUploadForm, readUploadForm, type FileFields } from '../../http/upload-form';
import { validateLink, completeRegistration, DOCUMENT_FIELDS, documentSizeMessage, type Registration } from './referral.service';

/** Five documents of up to 10 MB each, as data URLs (about 4/3 of the bytes). */
const REGISTRATION_BODY_LIMIT = 72 * 1024 * 1024;

const REGISTRATION_FILES: FileFields = Object.fromEntries(DOCUMENT_FIELDS.map(([field, , label]) => [field, { maxBytes: REFERRAL_DOC_MAX_BYTES, sizeMessage: documentSizeMessage(label) }]));

/**
 * The registration: a JSON body with the documents as data URLs (doc 1 §3), or a `multipart/form-data` form whose
 * text fields are the same and whose files are the documents under the same names, read as a stream that stops at
 * the first byte past 10 MB of a file (upload-form.ts).
 */
async function registration(req: FastifyRequest): Promise<Registration> {
  // The link named in the address (checked before the body) and in the body must be the same one.
  const addressed = (req.query as { token?: unknown } | undefined)?.token;
  const sameLink = (named: unknown) => {
    if (typeof addressed === 'string' && typeof named === 'string' && addressed.trim() !== named.trim()) throw new AppError('INVALID_TOKEN', 400, MSG.referralInvalid);
  };
  if (!isUploadForm(req)) {
    sameLink((req.body as { referralToken?: unknown } | null)?.referralToken);
    return parse(ReferralRegistrationRequest, req.body);
  }
  const form = await readUploadForm(req, REGISTRATION_FILES, Object.keys(ReferralRegistrationRequest.shape).length);
  sameLink(form.fields.referralToken);
  const values = parse(ReferralRegistrationRequest, form.fields);
  const documents = Object.fromEntries(DOCUMENT_FIELDS.map(([field]) => [field, form.files[field]?.bytes ?? values[field]]));
  return { ...values, ...documents } as Registration;
}

export function referralRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/api/referral/validate',
      access: 'public',
      rateLimits: [{ name: 'referral-validate-ip', max: 60, windowMs: 60_000, message: MSG.tooManyRequests }],
      handler: async (req) => {
        const { token } = parse(ReferralValidateQuery, req.query);
        return validateLink(ctx, token);
      },
    },
    {
      method: 'POST',
      url: '/api/referral/complete-registration',
      access: 'public',
      bodyLimit: REGISTRATION_BODY_LIMIT,
      uploadForm: true,
      rateLimits: [{ name: 'referral-register-ip', max: 10, windowMs: 15 * 60_000, message: MSG.tooManySignups }],
      // A body above the public 16 KB (documents) is read only for a live referral link named in the address
      // (`?token=`), checked before the first byte of the body: no one without a link makes the server hold megabytes.
      beforeBody: async (req) => {
        const length = Number(req.headers['content-length']);
        if (Number.isFinite(length) && length <= PUBLIC_BODY_LIMIT) return;
        const token = (req.query as { token?: unknown } | undefined)?.token;
        if (typeof token !== 'string' || token.length > 200 || !(await validateLink(ctx, token)).valid) {
          throw new AppError('INVALID_TOKEN', 400, MSG.referralInvalid);
        }
      },
      handler: async (req, reply) => {
        return reply.status(201).send(await completeRegistration(ctx, await registration(req), originOf(req)));
      },
    },
  ];
}
