import { z } from 'zod';
import { decimal, id, instant } from './route-contract';
import { MOBILE_RE } from './profile';
import { MSG } from './messages';
import { blankToUndefined } from './fields';

/**
 * Local sales and retail customers (issue 16): a franchise holder sells from its own stock at the counter to a member
 * (by user ID; the BV counts as an online purchase's) or to a registered customer, with the payment recorded and a
 * GST tax invoice.
 */
export const LOCAL_PAYMENT_METHODS = ['cash', 'upi', 'card'] as const;
export const LOCAL_PAYMENT_LABELS: Record<(typeof LOCAL_PAYMENT_METHODS)[number], string> = { cash: 'Cash', upi: 'UPI', card: 'Card' };
export const LOCAL_BUYERS = ['member', 'customer'] as const;

export const LOCAL_SALE_MSG = {
  franchiseOnly: 'Local sales are for franchise holders.',
  itemsRequired: 'Add at least one product with a quantity',
  quantity: 'Quantity must be a whole number from 1 to 10,000',
  duplicateProduct: 'Each product once per sale',
  productUnknown: 'Unknown or inactive product',
  notEnoughStock: 'Not enough stock for this sale',
  paymentMethod: 'Please choose how the buyer paid: cash, UPI or card',
  buyerRequired: 'Choose a member by user ID or a registered customer',
  memberUnknown: 'No active member with this user ID',
  customerUnknown: 'Customer not found',
  sold: 'Sale recorded',
  notFound: 'Sale not found',
  invoicePreparing: 'The invoice is being prepared; try again in a few seconds.',
  customerName: "Please enter the customer's name",
  customerExists: 'A customer with this mobile number is already registered',
  customerAdded: 'Customer added',
  invited: 'Invitation link created',
} as const;

const quantity = z.coerce.number({ error: LOCAL_SALE_MSG.quantity }).int({ error: LOCAL_SALE_MSG.quantity }).min(1, { error: LOCAL_SALE_MSG.quantity }).max(10_000, { error: LOCAL_SALE_MSG.quantity });

export const LocalSaleCreate = z
  .object({
    buyer: z.enum(LOCAL_BUYERS, { error: LOCAL_SALE_MSG.buyerRequired }),
    memberUserId: z.preprocess(blankToUndefined, z.string().trim().max(20).optional()),
    customerId: z.preprocess(blankToUndefined, z.uuid({ error: LOCAL_SALE_MSG.customerUnknown }).optional()),
    items: z
      .array(z.object({ productId: z.uuid({ error: LOCAL_SALE_MSG.productUnknown }), quantity }), { error: LOCAL_SALE_MSG.itemsRequired })
      .min(1, { error: LOCAL_SALE_MSG.itemsRequired })
      .max(20)
      .refine((items) => new Set(items.map((i) => i.productId)).size === items.length, { error: LOCAL_SALE_MSG.duplicateProduct }),
    paymentMethod: z.enum(LOCAL_PAYMENT_METHODS, { error: LOCAL_SALE_MSG.paymentMethod }),
    paymentReference: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  })
  .superRefine((v, c) => {
    if (v.buyer === 'member' && !v.memberUserId) c.addIssue({ code: 'custom', path: ['memberUserId'], message: LOCAL_SALE_MSG.buyerRequired });
    if (v.buyer === 'customer' && !v.customerId) c.addIssue({ code: 'custom', path: ['customerId'], message: LOCAL_SALE_MSG.buyerRequired });
  });
export type LocalSaleCreate = z.input<typeof LocalSaleCreate>;
export const LocalSaleIdParam = z.object({ id: z.uuid({ error: LOCAL_SALE_MSG.notFound }) });
export const LocalSaleQuery = z.object({ customerId: z.preprocess(blankToUndefined, z.uuid({ error: LOCAL_SALE_MSG.customerUnknown }).optional()) });

export const CustomerCreate = z.object({
  name: z.string({ error: LOCAL_SALE_MSG.customerName }).trim().min(1, { error: LOCAL_SALE_MSG.customerName }).max(120),
  mobile: z.string({ error: MSG.mobilePattern }).trim().regex(MOBILE_RE, { error: MSG.mobilePattern }),
  address: z.preprocess(blankToUndefined, z.string().trim().max(500).optional()),
  consentToContact: z.boolean().default(false),
});
export type CustomerCreate = z.input<typeof CustomerCreate>;
export const CustomerQuery = z.object({ q: z.preprocess(blankToUndefined, z.string().trim().max(60).optional()) });
export const CustomerIdParam = z.object({ id: z.uuid({ error: LOCAL_SALE_MSG.customerUnknown }) });
export const CustomerInvite = z.object({ email: z.preprocess(blankToUndefined, z.email({ error: MSG.emailInvalid }).optional()) });

// ---- answers ----
export const LocalSaleView = z.strictObject({
  id,
  buyer: z.enum(LOCAL_BUYERS),
  buyerName: z.string(),
  memberUserId: z.string().nullable(),
  customerId: id.nullable(),
  purchaseId: id.nullable(),
  productId: id,
  productName: z.string(),
  quantity: z.number().int(),
  unitPrice: decimal,
  totalAmount: decimal,
  totalBV: decimal,
  paymentMethod: z.enum(LOCAL_PAYMENT_METHODS),
  paymentReference: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  createdAt: instant,
});
export type LocalSaleView = z.infer<typeof LocalSaleView>;
export const LocalSaleAnswer = z.strictObject({ message: z.string(), sales: z.array(LocalSaleView) });
export const LocalSaleList = z.array(LocalSaleView);

export const CustomerView = z.strictObject({
  id,
  name: z.string(),
  mobile: z.string(),
  address: z.string().nullable(),
  consentToContact: z.boolean(),
  invitedAt: instant.nullable(),
  purchases: z.number().int(),
  totalSpent: decimal,
  createdAt: instant,
});
export type CustomerView = z.infer<typeof CustomerView>;
export const CustomerList = z.array(CustomerView);
export const CustomerAnswer = z.strictObject({ message: z.string(), customer: CustomerView });
export const CustomerDetail = z.strictObject({ customer: CustomerView, sales: z.array(LocalSaleView) });
export const CustomerInviteAnswer = z.strictObject({ message: z.string(), url: z.string(), expiresAt: instant });
