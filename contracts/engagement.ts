import { z } from 'zod';
import { FRANCHISE_TYPES, NEWS_PRIORITIES, NEWS_TYPES, TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from './enums';
import { emailField, blankToUndefined } from './fields';
import { MSG } from './messages';
import { decimal, id, instant } from './route-contract';
import { adminViewOf, memberIdentityFields } from './answer-fields';

/** Franchise requests, support tickets, news, hidden IDs and the member's dashboard (doc 3 §2.1-2.2, §2.6-2.7, §5.2). */

export const ENGAGEMENT_MSG = {
  businessPlanMin: 'Business plan must be at least 50 characters',
  investmentInvalid: 'Please enter a valid investment amount',
  franchiseTypeRequired: 'Please choose a franchise type',
  franchisePending: 'You already have a franchise request under review.',
  requestNotFound: 'Franchise request not found',
  requestDecided: 'This franchise request has already been decided.',
  subjectMin: 'Subject must be at least 5 characters',
  descriptionMin: 'Description must be at least 20 characters',
  categoryRequired: 'Please choose a category',
  ticketNotFound: 'Ticket not found',
  ticketClosed: 'A closed ticket cannot be changed.',
  resolutionRequired: 'Please write the resolution before resolving the ticket',
  assigneeInvalid: 'Tickets can only be assigned to an active admin',
  titleMin: 'Title must be at least 5 characters',
  contentMin: 'Content must be at least 20 characters',
  expiresBeforePublish: 'The expiry must be after the publication time',
  newsNotFound: 'News item not found',
  hiddenIdLimit: 'You have reached the limit of 20 hidden IDs.',
  hiddenIdCreated: 'Hidden ID created successfully',
  franchiseOnly: 'Unauthorized - Franchise access required. Redirecting...',
} as const;

export const FranchiseRequestInput = z.object({
  franchiseType: z.enum(FRANCHISE_TYPES, { error: ENGAGEMENT_MSG.franchiseTypeRequired }),
  investmentAmount: z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    z
      .string({ error: ENGAGEMENT_MSG.investmentInvalid })
      .trim()
      .regex(/^\d{1,10}(\.\d{1,2})?$/, { error: ENGAGEMENT_MSG.investmentInvalid })
      .refine((v) => Number(v) > 0, { error: ENGAGEMENT_MSG.investmentInvalid })
      .transform((v) => Number(v).toFixed(2)),
  ),
  businessPlan: z.string({ error: ENGAGEMENT_MSG.businessPlanMin }).trim().min(50, { error: ENGAGEMENT_MSG.businessPlanMin }).max(5000, { error: 'At most 5000 characters' }),
});
export type FranchiseRequestInput = z.input<typeof FranchiseRequestInput>;

export const FranchiseDecision = z
  .object({
    status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
    adminNotes: z.preprocess(blankToUndefined, z.string().trim().max(1000).optional()),
  })
  .refine((v) => v.status === 'approved' || (v.adminNotes?.length ?? 0) >= 5, { path: ['adminNotes'], error: 'Please give the reason for rejecting (5 characters or more)' });
export type FranchiseDecision = z.input<typeof FranchiseDecision>;

export const TicketInput = z.object({
  category: z.enum(TICKET_CATEGORIES, { error: ENGAGEMENT_MSG.categoryRequired }),
  subject: z.string({ error: ENGAGEMENT_MSG.subjectMin }).trim().min(5, { error: ENGAGEMENT_MSG.subjectMin }).max(200, { error: 'At most 200 characters' }),
  description: z.string({ error: ENGAGEMENT_MSG.descriptionMin }).trim().min(20, { error: ENGAGEMENT_MSG.descriptionMin }).max(5000, { error: 'At most 5000 characters' }),
  priority: z.preprocess(blankToUndefined, z.enum(TICKET_PRIORITIES, { error: 'Priority must be low, medium, high or urgent' }).default('medium')),
});
export type TicketInput = z.input<typeof TicketInput>;

export const TicketUpdate = z
  .object({
    status: z.enum(TICKET_STATUSES, { error: 'Unknown status' }).optional(),
    priority: z.enum(TICKET_PRIORITIES, { error: 'Unknown priority' }).optional(),
    /** An admin's id, or null to unassign. */
    assignedTo: z.union([z.uuid({ error: ENGAGEMENT_MSG.assigneeInvalid }), z.null()]).optional(),
    resolution: z.preprocess(blankToUndefined, z.string().trim().max(5000).optional()),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Nothing to change' });
export type TicketUpdate = z.input<typeof TicketUpdate>;
export const TicketQuery = z.object({
  status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(TICKET_STATUSES).optional()),
  category: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(TICKET_CATEGORIES).optional()),
  priority: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(TICKET_PRIORITIES).optional()),
});

const when = z.preprocess(blankToUndefined, z.iso.datetime({ offset: true, error: 'Use a date and time' }).optional());
const newsFields = {
  title: z.string({ error: ENGAGEMENT_MSG.titleMin }).trim().min(5, { error: ENGAGEMENT_MSG.titleMin }).max(200, { error: 'At most 200 characters' }),
  content: z.string({ error: ENGAGEMENT_MSG.contentMin }).trim().min(20, { error: ENGAGEMENT_MSG.contentMin }).max(10000, { error: 'At most 10000 characters' }),
  type: z.enum(NEWS_TYPES, { error: 'Type must be announcement, promotion, update or warning' }),
  priority: z.enum(NEWS_PRIORITIES, { error: 'Priority must be low, normal, high or urgent' }),
  isActive: z.boolean(),
  publishedAt: when,
  expiresAt: when,
};
const expiryAfterPublish = (v: { publishedAt?: string; expiresAt?: string }) => !v.publishedAt || !v.expiresAt || Date.parse(v.expiresAt) > Date.parse(v.publishedAt);
export const NewsInput = z
  .object({ ...newsFields, type: newsFields.type.default('announcement'), priority: newsFields.priority.default('normal'), isActive: newsFields.isActive.default(true) })
  .refine(expiryAfterPublish, { path: ['expiresAt'], error: ENGAGEMENT_MSG.expiresBeforePublish });
export type NewsInput = z.input<typeof NewsInput>;
export const NewsPatch = z
  .object({ ...newsFields, publishedAt: z.union([when, z.null()]), expiresAt: z.union([when, z.null()]) })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Nothing to change' });
export type NewsPatch = z.input<typeof NewsPatch>;

/** Founder hidden ID (doc 3 §5.1: all four required). */
export const HiddenIdInput = z.object({
  email: emailField(MSG.validEmailRequired),
  firstName: z.string({ error: MSG.firstNameRequired }).trim().min(1, { error: MSG.firstNameRequired }).max(80),
  lastName: z.string({ error: MSG.lastNameRequired }).trim().min(1, { error: MSG.lastNameRequired }).max(80),
  placementSide: z.enum(['left', 'right'], { error: 'Choose the left or right side' }),
});
export type HiddenIdInput = z.input<typeof HiddenIdInput>;

/** Ticket status moves (enforced by the server, offered by the admin's dialog). */
export const TICKET_NEXT: Record<string, readonly string[]> = {
  open: ['in_progress', 'resolved', 'closed'],
  in_progress: ['open', 'resolved', 'closed'],
  resolved: ['in_progress', 'closed'],
  closed: [],
};

const idParam = (message: string) => z.object({ id: z.uuid({ error: message }) });
export const FranchiseRequestIdParam = idParam(ENGAGEMENT_MSG.requestNotFound);
export const TicketIdParam = idParam(ENGAGEMENT_MSG.ticketNotFound);
export const NewsIdParam = idParam(ENGAGEMENT_MSG.newsNotFound);
export const FranchiseStatusQuery = z.object({ status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(['pending', 'approved', 'rejected']).optional()) });

// ---- answers ----
const franchiseRequestFields = {
  id,
  franchiseType: z.string(),
  investmentAmount: decimal.nullable(),
  businessVolume: decimal.nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  businessPlan: z.string(),
  adminNotes: z.string().nullable(),
  reviewedAt: instant.nullable(),
  createdAt: instant,
};
export const FranchiseRequestView = z.strictObject(franchiseRequestFields);
export type FranchiseRequestView = z.infer<typeof FranchiseRequestView>;
export const AdminFranchiseRequest = adminViewOf(franchiseRequestFields, { userRole: z.string() });
export type AdminFranchiseRequest = z.infer<typeof AdminFranchiseRequest>;
export const AdminFranchiseRequestList = z.strictObject({
  items: z.array(AdminFranchiseRequest),
  counts: z.partialRecord(z.enum(['pending', 'approved', 'rejected']), z.number().int()),
});
export type AdminFranchiseRequestList = z.infer<typeof AdminFranchiseRequestList>;
/** PATCH /api/admin/franchise-requests/:id: the decision, and the member's role change an approval made. */
export const FranchiseDecided = z.strictObject({
  message: z.string(),
  request: FranchiseRequestView,
  roleChange: z.strictObject({ from: z.string(), to: z.string() }).nullable(),
});
export type FranchiseDecided = z.infer<typeof FranchiseDecided>;

/** GET /api/founder/stats (doc 3 §3.1; docs/spec/decisions.md §10). */
export const FounderStats = z.strictObject({
  totalUsers: z.number().int(),
  hiddenIds: z.number().int(),
  totalRevenue: decimal,
  leftLegUsers: z.number().int(),
  rightLegUsers: z.number().int(),
  hiddenIdLimit: z.number().int(),
});
export type FounderStats = z.infer<typeof FounderStats>;
/** GET /api/founder/hidden-ids item. `leg` is the founder's leg it was placed in; `position` its side under its own parent. */
export const HiddenIdItem = z.strictObject({
  ...memberIdentityFields,
  position: z.enum(['left', 'right']).nullable(),
  leg: z.enum(['left', 'right']).nullable(),
  createdAt: instant,
});
export type HiddenIdItem = z.infer<typeof HiddenIdItem>;
export const HiddenIdCreated = z.strictObject({ message: z.string(), hiddenId: HiddenIdItem });
export type HiddenIdCreated = z.infer<typeof HiddenIdCreated>;

const ticketFields = {
  id,
  category: z.string(),
  subject: z.string(),
  description: z.string(),
  status: z.string(),
  priority: z.string(),
  resolution: z.string().nullable(),
  resolvedAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
  assignedToName: z.string().nullable(),
};
export const TicketView = z.strictObject(ticketFields);
export type TicketView = z.infer<typeof TicketView>;
export const AdminTicket = adminViewOf(ticketFields, { assignedTo: z.string().nullable() });
export type AdminTicket = z.infer<typeof AdminTicket>;
export const AdminTicketList = z.strictObject({
  items: z.array(AdminTicket),
  /** The active admins a ticket can be assigned to. */
  admins: z.array(z.strictObject({ id, name: z.string() })),
  counts: z.record(z.string(), z.number().int()),
});
export type AdminTicketList = z.infer<typeof AdminTicketList>;
export const TicketUpdated = z.strictObject({ message: z.string(), ticket: TicketView });
export type TicketUpdated = z.infer<typeof TicketUpdated>;

export const NEWS_STATES = ['live', 'scheduled', 'expired', 'inactive'] as const;
export type NewsState = (typeof NEWS_STATES)[number];

/** Live = active, published (no date or in the past) and not expired: what GET /api/news serves to members. */
export function newsStateAt(n: { isActive: boolean; publishedAt: string | null; expiresAt: string | null }, now: number): NewsState {
  if (!n.isActive) return 'inactive';
  if (n.expiresAt && Date.parse(n.expiresAt) <= now) return 'expired';
  if (n.publishedAt && Date.parse(n.publishedAt) > now) return 'scheduled';
  return 'live';
}

export const NewsView = z.strictObject({
  id,
  title: z.string(),
  content: z.string(),
  type: z.string(),
  priority: z.string(),
  isActive: z.boolean(),
  publishedAt: instant.nullable(),
  expiresAt: instant.nullable(),
  createdAt: instant,
  /** The state by the server's clock when it answered (a browser's clock may be off). */
  state: z.enum(NEWS_STATES),
});
export type NewsView = z.infer<typeof NewsView>;

export const KycInfoDocument = z.strictObject({
  status: z.string(),
  url: z.string().nullable(),
  documentData: z.string().nullable(),
  documentType: z.string().nullable(),
  reason: z.string().nullable(),
});
export type KycInfoDocument = z.infer<typeof KycInfoDocument>;
/** GET /api/user/kyc-info (doc 3 §3.1): the four tiles plus the deadline of docs/spec/decisions.md §7. */
export const KycInfo = z.strictObject({
  overallStatus: z.string(),
  overallReason: z.string().nullable(),
  lastUpdated: instant.nullable(),
  documents: z.strictObject({ panCard: KycInfoDocument, aadhaarCard: KycInfoDocument, bankStatement: KycInfoDocument, photo: KycInfoDocument }),
  deadline: instant.nullable(),
  deadlinePassed: z.boolean(),
  locked: z.boolean(),
});
export type KycInfo = z.infer<typeof KycInfo>;
export const ActivityItem = z.strictObject({
  kind: z.enum(['join', 'purchase', 'ledger', 'rank', 'decision', 'withdrawal']),
  title: z.string(),
  detail: z.string(),
  at: instant,
  link: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof ActivityItem>;
const salesFigures = z.strictObject({ orders: z.number().int(), amount: decimal, bv: decimal });
export const FranchiseDashboard = z.strictObject({
  role: z.string(),
  /**
   * The sales the holder recorded at the counter from their stock (local_sales; issue 30: "Own Sales" showed the
   * holder's own purchases, not the sale just recorded). `orders` counts the sales.
   */
  counterSales: salesFigures,
  teamSales: salesFigures,
  teamBV: decimal,
  leftBV: decimal,
  rightBV: decimal,
  wallet: z.strictObject({ balance: decimal, totalEarnings: decimal, totalWithdrawals: decimal }),
  recruits: z.strictObject({ direct: z.number().int(), pending: z.number().int(), teamSize: z.number().int(), activeTeam: z.number().int() }),
  recentOrders: z.array(
    z.strictObject({
      id,
      productName: z.string(),
      quantity: z.number().int(),
      totalAmount: decimal,
      paymentStatus: z.string(),
      createdAt: instant,
      buyerName: z.string(),
    }),
  ),
});
export type FranchiseDashboard = z.infer<typeof FranchiseDashboard>;
