export const ROLES = ['admin', 'user', 'founder', 'mini_franchise', 'basic_franchise'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['invited', 'registered', 'active', 'inactive', 'pending', 'rejected', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const KYC_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const POSITIONS = ['left', 'right'] as const;
export type Position = (typeof POSITIONS)[number];

export const RANKS = ['Executive', 'Bronze Star', 'Gold Star', 'Emerald Star', 'Ruby Star', 'Diamond', 'Wise President', 'President', 'Ambassador', 'Deputy Director', 'Director', 'Founder'] as const;
export type Rank = (typeof RANKS)[number];

export const PRODUCT_CATEGORIES = ['water_purifier', 'led_tv', 'ceiling_fan', 'others'] as const;
export const PURCHASE_TYPES = ['first_purchase', 'second_purchase'] as const;
export const PAYMENT_METHODS = ['upi', 'bank_transfer', 'card', 'wallet'] as const;
export const ORDER_STATUSES = ['completed', 'pending', 'failed', 'processing', 'delivered', 'shipped', 'cancelled'] as const;
export const FRANCHISE_TYPES = ['Mini', 'Basic', 'Smart', 'Growth', 'Master', 'Super Franchise'] as const;
export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export const TICKET_CATEGORIES = ['Payment', 'Product', 'ID', 'Technical', 'General'] as const;
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
// Ledger (transaction) types, their labels and which count as earnings: contracts/income-types.ts.
export const NEWS_TYPES = ['announcement', 'promotion', 'update', 'warning'] as const;
export const NEWS_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const WITHDRAWAL_TYPES = ['bank', 'usdt'] as const;
export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const NETWORK_TYPES = ['TRC20', 'ERC20', 'BEP20'] as const;
export const NOTIFICATION_PRIORITIES = ['low', 'normal', 'high'] as const;

export const PENDING_RECRUIT_STATUSES = ['awaiting_upline', 'awaiting_admin', 'approved', 'rejected'] as const;
export type PendingRecruitStatus = (typeof PENDING_RECRUIT_STATUSES)[number];

/** Kinds of single-use tokens (docs/spec/decisions.md §2, §8). */
export const TOKEN_TYPES = ['email_verification', 'password_reset', 'invitation', 'impersonation_code'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];
