import { z } from 'zod';
import { id, instant } from './route-contract';
import { blankToUndefined } from './fields';

/**
 * Franchise stock (issue 16): each franchise holder's stock per product, the stock requests to the company
 * (requested, approved with quantities, dispatched, received; or rejected) and the stock ledger, where every change
 * is a row and the quantity never goes below zero.
 */
export const STOCK_REQUEST_STATUSES = ['requested', 'approved', 'dispatched', 'received', 'rejected'] as const;
export type StockRequestStatus = (typeof STOCK_REQUEST_STATUSES)[number];
// return: goods of a return received back (docs/spec/returns.md §2).
export const STOCK_MOVEMENT_KINDS = ['received', 'local_sale', 'adjustment', 'return'] as const;
export const FRANCHISE_ROLES = ['mini_franchise', 'basic_franchise'] as const;

export const STOCK_MSG = {
  franchiseOnly: 'Stock management is for franchise holders.',
  itemsRequired: 'Add at least one product with a quantity',
  quantity: 'Quantity must be a whole number from 1 to 10,000',
  approvedQuantity: 'Approved quantity must be a whole number from 0 to the quantity requested',
  productUnknown: 'Unknown or inactive product',
  duplicateProduct: 'Each product once per request',
  notFound: 'Stock request not found',
  wrongState: 'This stock request is not in a state that allows this.',
  nothingApproved: 'Approve at least one unit, or reject the request.',
  requested: 'Stock request sent to the company.',
  approved: 'Stock request approved',
  rejected: 'Stock request rejected',
  dispatched: 'Stock request marked dispatched',
  received: 'Stock received and added to your stock',
  reasonRequired: 'Please provide a reason for rejection',
} as const;

const quantity = (message: string, min: number) => z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(10_000, { error: message });

export const StockRequestCreate = z.object({
  items: z
    .array(z.object({ productId: z.uuid({ error: STOCK_MSG.productUnknown }), quantity: quantity(STOCK_MSG.quantity, 1) }), { error: STOCK_MSG.itemsRequired })
    .min(1, { error: STOCK_MSG.itemsRequired })
    .max(50)
    .refine((items) => new Set(items.map((i) => i.productId)).size === items.length, { error: STOCK_MSG.duplicateProduct }),
  note: z.preprocess(blankToUndefined, z.string().trim().max(500).optional()),
});
export type StockRequestCreate = z.input<typeof StockRequestCreate>;
/** Approve with quantities per product (0 to what was asked); a product left out is approved as requested. */
export const StockRequestApprove = z.object({
  items: z
    .array(z.object({ productId: z.uuid({ error: STOCK_MSG.productUnknown }), quantity: quantity(STOCK_MSG.approvedQuantity, 0) }))
    .max(50)
    .optional(),
});
export const StockRequestReject = z.object({ reason: z.string({ error: STOCK_MSG.reasonRequired }).trim().min(1, { error: STOCK_MSG.reasonRequired }).max(500) });
export const StockRequestIdParam = z.object({ id: z.uuid({ error: STOCK_MSG.notFound }) });

// ---- answers ----
export const StockItem = z.strictObject({ productId: id, productName: z.string(), quantity: z.number().int(), updatedAt: instant });
export type StockItem = z.infer<typeof StockItem>;
export const StockRequestLine = z.strictObject({ productId: id, productName: z.string(), requested: z.number().int(), approved: z.number().int().nullable() });
export const StockRequestView = z.strictObject({
  id,
  franchiseId: id,
  franchiseUserId: z.string(),
  franchiseName: z.string(),
  status: z.enum(STOCK_REQUEST_STATUSES),
  items: z.array(StockRequestLine),
  note: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: instant,
  approvedAt: instant.nullable(),
  dispatchedAt: instant.nullable(),
  receivedAt: instant.nullable(),
});
export type StockRequestView = z.infer<typeof StockRequestView>;
export const StockMovementView = z.strictObject({
  id,
  productId: id,
  productName: z.string(),
  change: z.number().int(),
  quantityAfter: z.number().int(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  referenceId: z.string().nullable(),
  createdAt: instant,
});
export type StockMovementView = z.infer<typeof StockMovementView>;
/** GET /api/franchise/stock: the franchise's own stock, requests and newest ledger rows. */
export const FranchiseStock = z.strictObject({ stock: z.array(StockItem), requests: z.array(StockRequestView), movements: z.array(StockMovementView) });
export type FranchiseStock = z.infer<typeof FranchiseStock>;
/** GET /api/admin/franchise-stock: every franchise's stock and every request. */
export const AdminFranchiseStock = z.strictObject({
  stock: z.array(StockItem.extend({ franchiseId: id, franchiseUserId: z.string(), franchiseName: z.string() })),
  requests: z.array(StockRequestView),
});
export type AdminFranchiseStock = z.infer<typeof AdminFranchiseStock>;
export const StockRequestAnswer = z.strictObject({ message: z.string(), request: StockRequestView });
