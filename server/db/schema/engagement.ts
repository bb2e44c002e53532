import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, text, boolean, integer, date, jsonb, index, check } from 'drizzle-orm/pg-core';
import { users } from './users';
import { ts, primaryId, createdAt, ref, rupees, bv, timestamps, actedBy } from './columns';

export const notifications = pgTable(
  'notifications',
  {
    id: primaryId(),
    userId: ref('user_id', () => users.id, 'cascade'),
    type: varchar('type', { length: 40 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    message: text('message').notNull(),
    priority: varchar('priority', { length: 10 }).notNull().default('normal'),
    data: jsonb('data'),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.read} = false`),
  ],
);

export const rankAchievements = pgTable(
  'rank_achievements',
  {
    id: primaryId(),
    userId: ref('user_id', () => users.id),
    rank: varchar('rank', { length: 30 }).notNull(),
    achievedAt: ts('achieved_at').notNull().defaultNow(),
    teamBV: bv('team_bv').notNull(),
    leftBV: bv('left_bv').notNull(),
    rightBV: bv('right_bv').notNull(),
    bonus: rupees('bonus'),
    metadata: jsonb('metadata'),
  },
  (t) => [index('rank_achievements_user_idx').on(t.userId, t.achievedAt)],
);

export const franchiseRequests = pgTable(
  'franchise_requests',
  {
    id: primaryId(),
    userId: ref('user_id', () => users.id),
    franchiseType: varchar('franchise_type', { length: 30 }).notNull(),
    investmentAmount: rupees('investment_amount'),
    businessVolume: bv('business_volume'),
    sponsorIncome: rupees('sponsor_income'),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    businessPlan: text('business_plan').notNull(),
    adminNotes: text('admin_notes'),
    ...actedBy('reviewed', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('franchise_requests_status_idx').on(t.status, t.createdAt), index('franchise_requests_user_idx').on(t.userId)],
);

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: primaryId(),
    userId: ref('user_id', () => users.id),
    category: varchar('category', { length: 20 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    description: text('description').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('open'),
    priority: varchar('priority', { length: 10 }).notNull().default('medium'),
    assignedTo: uuid('assigned_to').references(() => users.id),
    resolution: text('resolution'),
    resolvedAt: ts('resolved_at'),
    ...timestamps(),
  },
  (t) => [
    index('support_tickets_status_idx').on(t.status, t.createdAt),
    index('support_tickets_user_idx').on(t.userId),
    check('support_tickets_status_check', sql`${t.status} in ('open','in_progress','resolved','closed')`),
    check('support_tickets_priority_check', sql`${t.priority} in ('low','medium','high','urgent')`),
  ],
);

export const achievers = pgTable(
  'achievers',
  {
    id: primaryId(),
    userId: ref('user_id', () => users.id),
    achievementType: varchar('achievement_type', { length: 40 }).notNull(),
    position: integer('position'),
    amount: rupees('amount'),
    period: varchar('period', { length: 20 }),
    periodDate: date('period_date'),
    metadata: jsonb('metadata'),
    createdAt: createdAt(),
  },
  (t) => [index('achievers_user_idx').on(t.userId, t.periodDate)],
);

export const news = pgTable(
  'news',
  {
    id: primaryId(),
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content').notNull(),
    type: varchar('type', { length: 20 }).notNull().default('announcement'),
    priority: varchar('priority', { length: 10 }).notNull().default('normal'),
    isActive: boolean('is_active').notNull().default(true),
    publishedAt: ts('published_at'),
    expiresAt: ts('expires_at'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('news_active_idx').on(t.isActive, t.publishedAt)],
);
