import { z } from 'zod';
import { PRODUCT_CATEGORIES, PURCHASE_TYPES, PAYMENT_METHODS, RANKS, type Rank } from './enums';
import { decimal as dec, id, instant, pageOf } from './route-contract';
import { ProductImageView } from './product-images';
import { gstStateCode } from './branding';
import { pincodeFitsState } from './places';
import { adminViewOf } from './answer-fields';
import { blankToUndefined } from './fields';

/** Products, purchases, BV and ranks (doc 3 §2.3-2.5, §5, §9; docs/spec/decisions.md §5). */

/** Tax invoices (issue 15). */
export const INVOICE_MSG = {
  notFound: 'Invoice not found',
  notPaid: 'An invoice is issued once the payment is complete.',
  preparing: 'Your invoice is being prepared. Please try again in a moment.',
} as const;

export const COMMERCE_MSG = {
  hsnInvalid: 'HSN code is 4, 6 or 8 digits',
  productNameRequired: 'Product name is required',
  priceInvalid: 'Price must be greater than 0',
  bvInvalid: 'BV must be greater than 0',
  gstInvalid: 'GST must be between 0 and 100 percent',
  productRequired: 'Product is required',
  quantityInvalid: 'Quantity must be a whole number of at least 1',
  paymentMethodRequired: 'Please choose a payment method',
  deliveryAddressShort: 'Delivery address must be at least 10 characters',
  deliveryStateRequired: 'Choose the state the order is delivered to',
  deliveryPincodeInvalid: 'PIN code must be 6 digits',
  deliveryPincodeState: 'This PIN code is not in the state chosen',
  productUnavailable: 'This product is not available',
  purchaseSuccessTitle: 'Purchase Successful!',
  purchaseSuccess: 'Your order has been placed successfully. You will receive confirmation shortly.',
  insufficientBalance: 'Insufficient wallet balance',
  orderNotFound: 'Order not found',
  paymentFinal: 'A completed or failed payment cannot be changed.',
  cancelPaid: 'A paid order cannot be cancelled here.',
  productHasPurchases: 'This product has purchases, so it is deactivated instead of deleted.',
} as const;

export const PAYMENT_METHOD_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  upi: 'UPI',
  bank_transfer: 'Bank Transfer',
  card: 'Credit/Debit Card',
  wallet: 'Wallet',
};
export const CATEGORY_LABELS: Record<string, string> = { water_purifier: 'Water Purifier', led_tv: 'LED TV', ceiling_fan: 'Ceiling Fan', others: 'Others' };
export const DELIVERY_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed'] as const;
/** Delivery moves forward only; cancelled only before payment (enforced by the server, offered by the form). */
export const DELIVERY_NEXT: Record<(typeof DELIVERY_STATUSES)[number], readonly (typeof DELIVERY_STATUSES)[number][]> = {
  pending: ['processing', 'shipped', 'delivered', 'cancelled'],
  processing: ['shipped', 'delivered', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

const decimal = (message: string, opts: { min?: number; allowZero?: boolean; max: number; scale?: number }) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    z
      .string({ error: message })
      .trim()
      .regex(new RegExp(`^\\d{1,10}(\\.\\d{1,${opts.scale ?? 2}})?$`), { error: message })
      .refine((v) => (opts.allowZero ? Number(v) >= 0 : Number(v) > 0) && Number(v) <= opts.max, { error: message })
      .transform((v) => Number(v).toFixed(2)),
  );

/** Admin product editor (doc 3 §5.2: name required, price > 0, bv > 0, gst >= 0). */
/** HSN: 4, 6 or 8 digits. */
export const HSN_RE = /^[0-9]{4}(?:[0-9]{2}){0,2}$/;

export const ProductInput = z.object({
  name: z.string({ error: COMMERCE_MSG.productNameRequired }).trim().min(1, { error: COMMERCE_MSG.productNameRequired }).max(160),
  description: z.preprocess(blankToUndefined, z.string().trim().max(2000).optional()),
  price: decimal(COMMERCE_MSG.priceInvalid, { max: 10_000_000 }),
  bv: decimal(COMMERCE_MSG.bvInvalid, { max: 10_000_000 }),
  gst: decimal(COMMERCE_MSG.gstInvalid, { allowZero: true, max: 100 }),
  category: z.enum(PRODUCT_CATEGORIES, { error: 'Choose a category' }),
  purchaseType: z.enum(PURCHASE_TYPES, { error: 'Choose first or second purchase' }),
  imageUrl: z.preprocess(
    blankToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'Image URL must be an http(s) address' })
      .max(1000)
      .optional(),
  ),
  /** HSN code of the goods, printed on the tax invoice (issue 15). */
  hsnCode: z.preprocess(blankToUndefined, z.string().trim().regex(HSN_RE, { error: COMMERCE_MSG.hsnInvalid }).optional()),
  isActive: z.boolean().default(true),
});
export type ProductInput = z.input<typeof ProductInput>;
/** A blank description or image URL clears it (null). */
const clearable = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().optional());
export const ProductPatch = ProductInput.partial()
  .extend({
    isActive: z.boolean({ error: 'Active must be true or false' }).optional(),
    description: clearable(z.string().trim().max(2000)),
    imageUrl: clearable(z.url({ protocol: /^https?$/, error: 'Image URL must be an http(s) address' }).max(1000)),
    hsnCode: clearable(z.string().trim().regex(HSN_RE, { error: COMMERCE_MSG.hsnInvalid })),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Nothing to change' });
export type ProductPatch = z.input<typeof ProductPatch>;

/** Purchase dialog (doc 3 §5.1-5.2). */
export const PurchaseRequest = z
  .object({
    productId: z.uuid({ error: COMMERCE_MSG.productRequired }),
    quantity: z.coerce
      .number({ error: COMMERCE_MSG.quantityInvalid })
      .int({ error: COMMERCE_MSG.quantityInvalid })
      .min(1, { error: COMMERCE_MSG.quantityInvalid })
      .max(100, { error: 'At most 100 units per order' }),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: COMMERCE_MSG.paymentMethodRequired }),
    deliveryAddress: z.string({ error: COMMERCE_MSG.deliveryAddressShort }).trim().min(10, { error: COMMERCE_MSG.deliveryAddressShort }).max(500),
    /** The place of supply (issue 30): IGST when it is not the company's state. One of GST_STATES' names. */
    deliveryState: z
      .string({ error: COMMERCE_MSG.deliveryStateRequired })
      .trim()
      .refine((s) => gstStateCode(s) !== undefined, { error: COMMERCE_MSG.deliveryStateRequired }),
    deliveryPincode: z
      .string({ error: COMMERCE_MSG.deliveryPincodeInvalid })
      .trim()
      .regex(/^[1-9][0-9]{5}$/, { error: COMMERCE_MSG.deliveryPincodeInvalid }),
  })
  .superRefine((v, ctx) => {
    if (!pincodeFitsState(v.deliveryPincode, v.deliveryState)) ctx.addIssue({ code: 'custom', path: ['deliveryPincode'], message: COMMERCE_MSG.deliveryPincodeState });
  });
export type PurchaseRequest = z.input<typeof PurchaseRequest>;

/** Admin order update: payment pending -> completed | failed (BV on completion); delivery progress; tracking id. */
export const AdminPurchasePatch = z
  .object({
    paymentStatus: z.enum(PAYMENT_STATUSES, { error: 'Payment status must be pending, completed or failed' }).optional(),
    deliveryStatus: z.enum(DELIVERY_STATUSES, { error: 'Unknown delivery status' }).optional(),
    trackingId: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  })
  .refine((v) => Object.keys(v).some((k) => v[k as keyof typeof v] !== undefined), { error: 'Nothing to change' });
export type AdminPurchasePatch = z.input<typeof AdminPurchasePatch>;

export const ProductsQuery = z.object({
  purchaseType: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(PURCHASE_TYPES).optional()),
  category: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(PRODUCT_CATEGORIES).optional()),
});
export const AdminPurchasesQuery = z.object({
  paymentStatus: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(PAYMENT_STATUSES).optional()),
  deliveryStatus: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(DELIVERY_STATUSES).optional()),
  cursor: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(200).optional()),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** Rank requirements (doc 3 §9). */
export const RANK_REQUIREMENTS: Record<Rank, { teamBV: number; leftBV: number; rightBV: number; directs: number }> = {
  Executive: { teamBV: 0, leftBV: 0, rightBV: 0, directs: 0 },
  'Bronze Star': { teamBV: 10000, leftBV: 5000, rightBV: 5000, directs: 2 },
  'Gold Star': { teamBV: 25000, leftBV: 12500, rightBV: 12500, directs: 4 },
  'Emerald Star': { teamBV: 50000, leftBV: 25000, rightBV: 25000, directs: 6 },
  'Ruby Star': { teamBV: 100000, leftBV: 50000, rightBV: 50000, directs: 8 },
  Diamond: { teamBV: 250000, leftBV: 125000, rightBV: 125000, directs: 10 },
  'Wise President': { teamBV: 500000, leftBV: 250000, rightBV: 250000, directs: 12 },
  President: { teamBV: 1000000, leftBV: 500000, rightBV: 500000, directs: 15 },
  Ambassador: { teamBV: 2500000, leftBV: 1250000, rightBV: 1250000, directs: 20 },
  'Deputy Director': { teamBV: 5000000, leftBV: 2500000, rightBV: 2500000, directs: 25 },
  Director: { teamBV: 10000000, leftBV: 5000000, rightBV: 5000000, directs: 30 },
  Founder: { teamBV: 25000000, leftBV: 12500000, rightBV: 12500000, directs: 40 },
};
/** The five phases of the rank path (doc 3 §2.4). */
export const RANK_PHASES: { name: string; ranks: Rank[] }[] = [
  { name: 'Starting', ranks: ['Executive'] },
  { name: 'Growth', ranks: ['Bronze Star', 'Gold Star', 'Emerald Star'] },
  { name: 'Leadership', ranks: ['Ruby Star', 'Diamond'] },
  { name: 'Executive', ranks: ['Wise President', 'President', 'Ambassador'] },
  { name: 'Elite', ranks: ['Deputy Director', 'Director', 'Founder'] },
];
export { RANKS };

export const ProductIdParam = z.object({ id: z.uuid({ error: 'Product not found' }) });
export const OrderIdParam = z.object({ id: z.uuid({ error: COMMERCE_MSG.orderNotFound }) });

// ---- answers ----
const productFields = {
  id,
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  purchaseType: z.string(),
  price: dec,
  bv: dec,
  gst: dec,
  imageUrl: z.string().nullable(),
  hsnCode: z.string().nullable(),
  isActive: z.boolean(),
  /** Uploaded images, the primary first (issue 16 part 5); none: the category's artwork is shown. */
  images: z.array(ProductImageView),
};
export const ProductView = z.strictObject(productFields);
export type ProductView = z.infer<typeof ProductView>;
export const AdminProductView = z.strictObject({ ...productFields, purchaseCount: z.number().int(), createdAt: instant, updatedAt: instant });
export type AdminProductView = z.infer<typeof AdminProductView>;
const purchaseFields = {
  id,
  productId: id,
  productName: z.string(),
  /** The product's category (its artwork when it has no image). */
  productCategory: z.string(),
  /** The product's primary image, if it has one (in the lists; the answers of a purchase and of an order update leave it null). */
  productImage: ProductImageView.nullable(),
  quantity: z.number().int(),
  unitPrice: dec,
  totalAmount: dec,
  totalBV: dec,
  paymentMethod: z.string(),
  paymentStatus: z.string(),
  deliveryStatus: z.string(),
  trackingId: z.string().nullable(),
  deliveryAddress: z.string(),
  /** Where the delivery ends (the place of supply); null on orders placed before it was asked. */
  deliveryState: z.string().nullable(),
  deliveryPincode: z.string().nullable(),
  /** The GST invoice's number once issued (seconds after payment); null before, and in the answer of a write. */
  invoiceNumber: z.string().nullable(),
  createdAt: instant,
};
export const PurchaseView = z.strictObject(purchaseFields);
export type PurchaseView = z.infer<typeof PurchaseView>;
export const PurchaseResponse = z.strictObject({ message: z.string(), purchase: PurchaseView });
export type PurchaseResponse = z.infer<typeof PurchaseResponse>;
export const AdminPurchaseView = adminViewOf(purchaseFields, { bvCreditedAt: instant.nullable() });
export type AdminPurchaseView = z.infer<typeof AdminPurchaseView>;
export const AdminPurchasePage = pageOf(AdminPurchaseView);

export const RankRequirementProgress = z.strictObject({
  have: dec,
  need: dec,
  /** 0 to 100, capped. */
  percent: z.number(),
});
export type RankRequirementProgress = z.infer<typeof RankRequirementProgress>;
export const RankProgress = z.strictObject({
  current: z.string(),
  /** The next rank; at Founder it stays Founder. */
  next: z.string(),
  atTop: z.boolean(),
  /** Average of the four capped ratios, 0 to 100. */
  progress: z.number(),
  requirements: z.strictObject({ teamBV: RankRequirementProgress, leftBV: RankRequirementProgress, rightBV: RankRequirementProgress, directRecruits: RankRequirementProgress }),
  achievements: z.array(z.strictObject({ rank: z.string(), achievedAt: instant })),
});
export type RankProgress = z.infer<typeof RankProgress>;
