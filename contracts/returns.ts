import { z } from 'zod';
import { blankToUndefined } from './fields';
import { day, decimal, id, instant, pageOf } from './route-contract';

/**
 * Returns, refunds and credit notes (docs/spec/returns.md §2, §7; issue 32): a return undoes all or part of a
 * purchase or a counter sale. requested -> approved or rejected -> received (the goods are back) -> refunded, with a
 * GST credit note per refund; an approved return may be refunded before the goods are back, with the reason.
 */
export const RETURN_REASONS = ['changed_mind', 'defective', 'damaged_in_transit', 'wrong_item', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  changed_mind: 'Changed my mind',
  defective: 'Defective',
  damaged_in_transit: 'Damaged in transit',
  wrong_item: 'Wrong item',
  other: 'Other',
};
/** The reasons for which an admin may still take goods back after the cooling-off window (returns.md §2). */
export const LATE_RETURN_REASONS: readonly ReturnReason[] = ['defective', 'damaged_in_transit', 'wrong_item'];

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Goods received',
  refunded: 'Refunded',
};
export const REFUND_METHODS = ['wallet', 'external'] as const;

/** The cooling-off period's default, in Asia/Kolkata calendar days (the plan's `returns.coolingOffDays`). */
export const DEFAULT_COOLING_OFF_DAYS = 30;
export const RETURN_NOTE_MAX = 500;
export const RETURN_REASON_MIN = 5;

export const RETURN_MSG = {
  notFound: 'Return not found',
  saleNotFound: 'Order not found',
  notPaid: 'Only a paid order can be returned.',
  productMismatch: 'This product is not part of the order.',
  quantityInvalid: 'Quantity must be a whole number of at least 1',
  nothingLeft: 'Everything bought in this order has already been returned.',
  tooMany: (n: number) => `You can return at most ${n} of this order.`,
  reasonRequired: 'Choose why the goods are coming back',
  noteRequired: 'Tell us briefly what is wrong (at least 5 characters)',
  windowEnded: (days: number, date: string) => `The ${days}-day return window for this order ended on ${date}.`,
  lateReason: 'After the return window an admin can take back only defective, damaged or wrong goods.',
  oneSale: 'Choose the order or the counter sale to return',
  notRequested: 'Only a requested return can be approved or rejected.',
  notApproved: 'Only an approved return can be marked as received.',
  notRefundable: 'Only an approved or received return can be refunded.',
  ownReturn: 'A return you created must be approved by another admin.',
  rejectReason: `Give the reason for the rejection (at least ${RETURN_REASON_MIN} characters)`,
  referenceRequired: 'Enter the UPI or bank transfer reference of the refund',
  walletOnly: 'A wallet purchase is refunded to the wallet.',
  externalOnly: 'A customer without a member account is refunded outside the platform.',
  earlyRefundNote: 'Say why the refund is made before the goods are back (at least 5 characters)',
  created: 'Your return request has been sent. We will let you know when it is reviewed.',
  createdByAdmin: 'Return created.',
  approved: 'Return approved.',
  approvalRequested: 'The refund is above the approval limit: the return waits for a second admin.',
  rejected: 'Return rejected.',
  received: 'Goods received back into stock.',
  refunded: 'Refund recorded and credit note issued.',
  creditNoteMissing: 'This return has no credit note yet: one is issued with the refund.',
} as const;

export const ReturnLine = z.object({
  productId: z.uuid({ error: RETURN_MSG.productMismatch }),
  quantity: z.coerce.number({ error: RETURN_MSG.quantityInvalid }).int({ error: RETURN_MSG.quantityInvalid }).min(1, { error: RETURN_MSG.quantityInvalid }).max(10_000),
});

const note = z.preprocess(blankToUndefined, z.string().trim().max(RETURN_NOTE_MAX).optional());

/** POST /api/returns: a member's return of their own purchase, or a franchise holder's of a counter sale it made. */
export const ReturnCreate = z
  .object({
    purchaseId: z.uuid({ error: RETURN_MSG.saleNotFound }).optional(),
    localSaleId: z.uuid({ error: RETURN_MSG.saleNotFound }).optional(),
    // One product per order today (a purchase or counter sale has one line); the list keeps the contract of returns.md §7.
    lines: z.array(ReturnLine).length(1, { error: RETURN_MSG.quantityInvalid }),
    reason: z.enum(RETURN_REASONS, { error: RETURN_MSG.reasonRequired }),
    note,
  })
  .superRefine((v, ctx) => {
    if (!v.purchaseId === !v.localSaleId) ctx.addIssue({ code: 'custom', path: ['purchaseId'], message: RETURN_MSG.oneSale });
    if (v.reason === 'other' && (v.note ?? '').length < RETURN_REASON_MIN) ctx.addIssue({ code: 'custom', path: ['note'], message: RETURN_MSG.noteRequired });
  });
export type ReturnCreate = z.infer<typeof ReturnCreate>;

/** POST /api/admin/returns: the same, for anyone's sale, also after the window (defective, damaged or wrong goods, with a note). */
export const AdminReturnCreate = ReturnCreate;

export const ReturnReject = z.object({
  reason: z.string({ error: RETURN_MSG.rejectReason }).trim().min(RETURN_REASON_MIN, { error: RETURN_MSG.rejectReason }).max(RETURN_NOTE_MAX),
});
export const ReturnApprove = z.object({ note }).default({});
export const ReturnReceive = z.object({ note }).default({});
export const ReturnRefund = z
  .object({
    method: z.enum(REFUND_METHODS, { error: 'Choose how the refund is paid' }),
    reference: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    refundedOn: z.preprocess(blankToUndefined, day.optional()),
    note,
  })
  .superRefine((v, ctx) => {
    if (v.method === 'external' && !v.reference) ctx.addIssue({ code: 'custom', path: ['reference'], message: RETURN_MSG.referenceRequired });
  });
export type ReturnRefund = z.infer<typeof ReturnRefund>;

export const ReturnIdParam = z.object({ id: z.uuid({ error: RETURN_MSG.notFound }) });
export const AdminReturnsQuery = z.object({
  status: z.enum(RETURN_STATUSES, { error: 'Unknown return status' }).optional(),
  q: z.preprocess(blankToUndefined, z.string().trim().max(60).optional()),
  cursor: z.string().max(100).optional(),
});
export const ReturnsReportQuery = z.object({
  from: z.preprocess(blankToUndefined, day.optional()),
  to: z.preprocess(blankToUndefined, day.optional()),
});

const Person = z.strictObject({ userId: z.string(), name: z.string() });
/** The line of a sale a return is of (or may be of): the online purchase or the counter sale, the product and the units. */
const saleLineFields = { purchaseId: id.nullable(), localSaleId: id.nullable(), productId: id, productName: z.string(), quantity: z.number().int() };

export const ReturnEventView = z.strictObject({
  at: instant,
  action: z.enum(['requested', 'approval_requested', 'approved', 'rejected', 'received', 'refunded']),
  by: Person.nullable(),
  note: z.string().nullable(),
});

export const ReturnView = z.strictObject({
  id,
  number: z.string(),
  status: z.enum(RETURN_STATUSES),
  ...saleLineFields,
  invoiceNumber: z.string().nullable(),
  boughtQuantity: z.number().int(),
  bv: decimal,
  refundAmount: decimal,
  taxableValue: decimal,
  cgst: decimal,
  sgst: decimal,
  igst: decimal,
  reason: z.enum(RETURN_REASONS),
  note: z.string().nullable(),
  member: Person.nullable(),
  customerName: z.string().nullable(),
  franchise: Person.nullable(),
  outsideWindow: z.boolean(),
  windowEndsAt: instant,
  requestedAt: instant,
  /** An approval above RETURN_APPROVAL_ABOVE waiting for a second admin. */
  awaitingSecondAdmin: z.boolean(),
  refund: z.strictObject({ method: z.enum(REFUND_METHODS), reference: z.string().nullable(), at: instant }).nullable(),
  creditNote: z.strictObject({ number: z.string(), issuedAt: instant }).nullable(),
  events: z.array(ReturnEventView),
});
export type ReturnView = z.infer<typeof ReturnView>;

/** What a member (or a franchise holder) can still return: a paid sale within its window with quantity left. */
export const Returnable = z.strictObject({
  ...saleLineFields,
  unitRefund: decimal,
  until: instant,
});

export const OwnReturns = z.strictObject({
  items: z.array(ReturnView),
  returnable: z.array(Returnable),
  coolingOffDays: z.number().int(),
});
export const ReturnPage = pageOf(ReturnView);

export const ReturnsReport = z.strictObject({
  from: day.nullable(),
  to: day.nullable(),
  sales: z.strictObject({ orders: z.number().int(), units: z.number().int(), amount: decimal }),
  returned: z.strictObject({ returns: z.number().int(), units: z.number().int(), refunded: decimal }),
  /** Units returned over units sold, percent to two places. */
  rate: decimal,
  byProduct: z.array(z.strictObject({ productId: id, productName: z.string(), sold: z.number().int(), returned: z.number().int(), rate: decimal, refunded: decimal })),
  byReason: z.array(z.strictObject({ reason: z.enum(RETURN_REASONS), returns: z.number().int(), units: z.number().int() })),
});
export type ReturnsReport = z.infer<typeof ReturnsReport>;

/** The return's refund for `returned` of `bought` units of a line paid `total` (paise): half-up to the paisa (returns.md §2). */
export function shareOfLine(totalPaise: bigint, returned: number, bought: number): bigint {
  if (!Number.isInteger(returned) || !Number.isInteger(bought) || returned < 0 || bought <= 0 || returned > bought) throw new RangeError('bad quantities');
  const num = totalPaise * BigInt(returned) * 2n + BigInt(bought);
  return num / (2n * BigInt(bought));
}
