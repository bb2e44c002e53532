import { z } from 'zod';
import type { RouteContract } from '../route-contract';
import { Message, file } from '../route-contract';
import { IdParam, NotificationListQuery, NotificationView, ReadAllResponse, UnreadCountResponse } from '../notifications';
import { ALLOWED_CONTENT_TYPES, DocumentIdParam, DocumentQuery, KycDocumentView, KycReplaceRequest, KycUploadRequest } from '../kyc';
import { ReferralRegistrationRequest, ReferralValidateQuery, ReferralValidateResponse } from '../referral';

/** Notifications, the own KYC documents, stored documents and the referral registration. */
export const ACCOUNT_API = {
  'GET /api/notifications': { summary: 'Own notifications, newest first', query: NotificationListQuery, response: { 200: z.array(NotificationView) } },
  'GET /api/notifications/unread-count': { summary: 'How many own notifications are unread', response: { 200: UnreadCountResponse } },
  'POST /api/notifications/:id/read': { summary: 'Mark an own notification read', params: IdParam, response: { 200: Message } },
  'POST /api/notifications/read-all': { summary: 'Mark every own notification read', response: { 200: ReadAllResponse } },
  'GET /api/kyc': { summary: 'Own KYC documents', response: { 200: z.array(KycDocumentView) } },
  'POST /api/kyc/upload': {
    summary: 'Upload an own document (base64); replaces the newest of that type if one exists (200) or adds one (201)',
    body: KycUploadRequest,
    response: { 200: KycDocumentView, 201: KycDocumentView },
  },
  'PUT /api/kyc/:documentId': { summary: 'Replace an own rejected document', params: DocumentIdParam, body: KycReplaceRequest, response: { 200: KycDocumentView } },
  'GET /api/documents/:id': {
    summary: 'A stored document: to its owner, or to an admin or founder reviewing it (sandboxed)',
    params: IdParam,
    query: DocumentQuery,
    response: { 200: file(ALLOWED_CONTENT_TYPES, 'The document as stored (re-encoded image or PDF)') },
  },
  'GET /api/referral/validate': { summary: 'Whether a referral link is live, who generated it and its side', query: ReferralValidateQuery, response: { 200: ReferralValidateResponse } },
  'POST /api/referral/complete-registration': {
    summary: 'Register through a referral link with documents (a body above 16 KB names the link in ?token=)',
    body: ReferralRegistrationRequest,
    response: { 201: Message },
  },
} as const satisfies Record<string, RouteContract>;
