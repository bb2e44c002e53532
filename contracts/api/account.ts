import { z } from 'zod';
import type { RouteContract } from '../route-contract';
import { Message, file, created, ok, route } from '../route-contract';
import { IdParam, NotificationListQuery, NotificationView, ReadAllResponse, UnreadCountResponse } from '../notifications';
import { ALLOWED_CONTENT_TYPES, DocumentIdParam, DocumentQuery, KycDocumentView, KycReplaceRequest, KycUploadRequest } from '../kyc';
import { ReferralRegistrationRequest, ReferralValidateQuery, ReferralValidateResponse } from '../referral';

/** Notifications, the own KYC documents, stored documents and the referral registration. */
export const ACCOUNT_API = {
  'GET /api/notifications': ok('Own notifications, newest first', z.array(NotificationView), { query: NotificationListQuery }),
  'GET /api/notifications/unread-count': ok('How many own notifications are unread', UnreadCountResponse),
  'POST /api/notifications/:id/read': ok('Mark an own notification read', Message, { params: IdParam }),
  'POST /api/notifications/read-all': ok('Mark every own notification read', ReadAllResponse),
  'GET /api/kyc': ok('Own KYC documents', z.array(KycDocumentView)),
  'POST /api/kyc/upload': route(
    'Upload an own document (base64); replaces the newest of that type if one exists (200) or adds one (201)',
    { 200: KycDocumentView, 201: KycDocumentView },
    { body: KycUploadRequest },
  ),
  'PUT /api/kyc/:documentId': ok('Replace an own rejected document', KycDocumentView, { params: DocumentIdParam, body: KycReplaceRequest }),
  'GET /api/documents/:id': ok('A stored document: to its owner, or to an admin or founder reviewing it (sandboxed)', file(ALLOWED_CONTENT_TYPES, 'The document as stored (re-encoded image or PDF)'), {
    params: IdParam,
    query: DocumentQuery,
  }),
  'GET /api/referral/validate': ok('Whether a referral link is live, who generated it and its side', ReferralValidateResponse, { query: ReferralValidateQuery }),
  'POST /api/referral/complete-registration': created('Register through a referral link with documents (a body above 16 KB names the link in ?token=)', Message, { body: ReferralRegistrationRequest }),
} as const satisfies Record<string, RouteContract>;
