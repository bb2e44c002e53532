import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { users, products, news, companySettings, grievanceSettings } from '../db/schema/index';
import { hashPassword } from '../lib/password';
import { findUserByEmail, findRootFounder, insertUser, type UserRow } from '../modules/users/users.repo';
import { generateUserId } from '../modules/users/users.service';
import { savePayoutDetails } from '../modules/users';
import { makeRoot } from '../modules/tree/tree.repo';
import { placeMember } from '../modules/tree/tree.service';
import { enterPipeline } from '../modules/recruitment/pipeline.service';
import { DEMO_ACCOUNTS, DEMO_DOWNLINE, DEMO_PRODUCTS, DEMO_WALLET_CREDIT, DEMO_NEWS, DEMO_COMPANY, DEMO_GRIEVANCE_OFFICERS, DEMO_BANK_ACCOUNTS } from './demo-data';
import { KYC_DEADLINE_DAYS, PAYOUT_HOLD_MS } from '../../contracts/constants';
import { uploadDemoKyc, approveDemoKyc } from './demo-payouts';
import { postLedger } from '../modules/wallet/ledger.service';
import { ensureWallet } from '../modules/wallet';
import { demoCalendar, seedDemoHistory, type DemoCalendar } from './demo-history';
import { acceptAtJoin, agreementInForce, ensureFirstAgreement } from '../modules/agreements';
import { AGREEMENT_V1 } from './agreement-v1';

export interface SeedReport {
  lines: string[];
}

/**
 * First start: the founder at the root of the tree and an admin. Outside demo mode no known password
 * is ever created: the admin gets a one-time password, printed once, that must be changed at first sign-in.
 */
export async function ensureInitialAccounts(ctx: AppContext): Promise<SeedReport> {
  const lines: string[] = [];
  const db = ctx.db;
  let root = await findRootFounder(db);
  // A fresh database in demo mode gets a history (demo-history.ts): the accounts date from before it.
  const history = ctx.config.demoSeed && !root ? demoCalendar(ctx.clock.now()) : null;
  const since = history?.since;
  // The Direct Seller Agreement every joining form shows (issue 32): version 1, in force from the start.
  const firstAgreement = await ensureFirstAgreement(ctx, AGREEMENT_V1, since);
  if (firstAgreement) lines.push(`Direct Seller Agreement: version ${firstAgreement.version} in force`);
  if (!root) {
    const email = ctx.config.demoSeed ? DEMO_ACCOUNTS.founder.email : 'founder@localhost';
    const password = ctx.config.demoSeed ? await hashPassword(DEMO_ACCOUNTS.founder.password) : null;
    root = await db.transaction(async (tx) => {
      const now = since ?? ctx.clock.now();
      const founder = await insertUser(tx, {
        userId: await generateUserId(ctx, tx),
        email,
        password,
        firstName: 'Founder',
        lastName: 'Root',
        role: 'founder',
        status: 'active',
        emailVerified: true,
        firstLogin: !ctx.config.demoSeed,
        idStatus: 'Active',
        activationDate: now,
        packageAmount: '0',
        kycStatus: 'approved',
        registrationDate: now,
        createdAt: now,
      });
      await makeRoot(tx, founder.id, now);
      await ensureWallet(tx, founder.id);
      return founder;
    });
    lines.push(
      ctx.config.demoSeed
        ? `Founder (tree root): ${root.userId} / ${email}`
        : `Founder (tree root) created: ${root.userId} / ${email} (no password: set one with "Forgot password" after changing the email)`,
    );
  }
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (!anyAdmin) {
    const email = ctx.config.demoSeed ? DEMO_ACCOUNTS.admin.email : 'admin@localhost';
    const oneTime = ctx.config.demoSeed ? DEMO_ACCOUNTS.admin.password : randomBytes(12).toString('base64url');
    const admin = await insertUser(db, {
      userId: await generateUserId(ctx, db),
      email,
      password: await hashPassword(oneTime),
      firstName: 'Platform',
      lastName: 'Admin',
      role: 'admin',
      status: 'active',
      emailVerified: true,
      firstLogin: !ctx.config.demoSeed,
      idStatus: 'Active',
      kycStatus: 'approved',
      activationDate: since ?? ctx.clock.now(),
      ...(since ? { registrationDate: since, createdAt: since } : {}),
    });
    lines.push(
      ctx.config.demoSeed ? `Admin: ${admin.userId} / ${email}` : `Admin created: ${admin.userId} / ${email} with one-time password ${oneTime} (shown only now; it must be changed at first sign-in)`,
    );
  }
  if (ctx.config.demoSeed) lines.push(...(await seedDemo(ctx, root, history)));
  return { lines };
}

async function seedDemo(ctx: AppContext, root: UserRow, history: DemoCalendar | null): Promise<string[]> {
  const db = ctx.db;
  const lines: string[] = [];
  if (await findUserByEmail(db, DEMO_ACCOUNTS.member.email)) return lines;
  const realNow = ctx.clock.now();
  const agreement = await agreementInForce(ctx);
  // With a history the accounts joined before it (their KYC deadlines run from that activation).
  const now = history?.since ?? realNow;
  const hashes = new Map<string, string>();
  const hashOf = async (p: string) => hashes.get(p) ?? (hashes.set(p, await hashPassword(p)), hashes.get(p)!);

  /**
   * An active member placed under `parentId` at `at`: the KYC deadline runs from that activation, as an approval's
   * does (KYC_DEADLINE_DAYS). A payout account given at registration counts as changed then, so its 24-hour hold has
   * passed when that was a day ago (a member joining now has nothing to wait for either: the details never changed).
   */
  const joinAt = async (
    tx: DbOrTx,
    at: Date,
    data: { email: string; firstName: string; lastName: string; password: string; mobile: string },
    sponsorId: string,
    parentId: string,
    side: 'left' | 'right',
    role = 'user',
    bank?: (typeof DEMO_BANK_ACCOUNTS)[keyof typeof DEMO_BANK_ACCOUNTS],
  ) => {
    const stamp = at.getTime() <= realNow.getTime() - PAYOUT_HOLD_MS ? at : null;
    const u = await insertUser(tx, {
      userId: await generateUserId(ctx, tx),
      email: data.email,
      password: await hashOf(data.password),
      firstName: data.firstName,
      lastName: data.lastName,
      mobile: data.mobile,
      role,
      status: 'active',
      emailVerified: true,
      firstLogin: false,
      registrationDate: at,
      sponsorId,
      idStatus: 'Active',
      activationDate: at,
      packageAmount: '5000.00',
      kycStatus: 'pending',
      createdAt: at,
      kycDeadline: new Date(at.getTime() + KYC_DEADLINE_DAYS * 86_400_000),
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
      address: '12 Residency Road, Camp',
      nominee: 'Family Nominee',
    });
    if (bank) await savePayoutDetails(tx, u.id, { ...bank, payoutDetailsChangedAt: stamp, bankAccountChangedAt: stamp });
    // Each demo seller joined accepting the agreement in force, as the joining forms ask.
    await acceptAtJoin(ctx, tx, u.id, agreement?.version, { ip: '127.0.0.1', userAgent: 'demo seed' }, at);
    await placeMember(tx, u, { startId: parentId, side }, at);
    await ensureWallet(tx, u.id);
    return (await tx.select().from(users).where(eq(users.id, u.id)))[0];
  };
  // With a history, the members who do not buy join the team during its last week (the demo member's recent
  // activity then shows them); without one everybody joins now.
  const lateJoiners: (typeof DEMO_DOWNLINE)[number][] = history ? DEMO_DOWNLINE.filter((d) => d.joinsLate) : [];

  const cast = await db.transaction(async (tx) => {
    const activeMember = (data: Parameters<typeof joinAt>[2], sponsor: UserRow, parent: UserRow, side: 'left' | 'right', role = 'user', bank?: Parameters<typeof joinAt>[7]) =>
      joinAt(tx, now, data, sponsor.id, parent.id, side, role, bank);
    const freshRoot = (await tx.select().from(users).where(eq(users.id, root.id)))[0];
    const member = await activeMember(DEMO_ACCOUNTS.member, freshRoot, freshRoot, 'left', 'user', DEMO_BANK_ACCOUNTS.member);
    lines.push(`Member: ${member.userId} / ${member.email}`);
    const placed: Record<string, UserRow> = { member };
    for (const d of DEMO_DOWNLINE) {
      if (lateJoiners.includes(d)) continue;
      const parent = placed[d.parent];
      const fresh = (await tx.select().from(users).where(eq(users.id, parent.id)))[0];
      placed[d.key] = await activeMember(d, member, fresh, d.side);
    }
    const pending = await insertUser(tx, {
      userId: await generateUserId(ctx, tx),
      email: DEMO_ACCOUNTS.pending.email,
      password: await hashOf(DEMO_ACCOUNTS.pending.password),
      firstName: DEMO_ACCOUNTS.pending.firstName,
      lastName: DEMO_ACCOUNTS.pending.lastName,
      mobile: DEMO_ACCOUNTS.pending.mobile,
      role: 'user',
      status: 'pending',
      emailVerified: true,
      firstLogin: false,
      sponsorId: member.id,
    });
    await enterPipeline(tx, pending, { recruiterId: member.id, uplineId: member.id, packageAmount: '5000.00' });
    lines.push(`Pending user: ${pending.userId} / ${pending.email}`);
    await tx
      .insert(companySettings)
      .values({ id: 1, ...DEMO_COMPANY, updatedAt: now })
      .onConflictDoNothing();
    await tx
      .insert(grievanceSettings)
      .values({ id: 1, ...DEMO_GRIEVANCE_OFFICERS, updatedAt: now })
      .onConflictDoNothing();
    const catalog = await tx
      .insert(products)
      .values(DEMO_PRODUCTS.map((p) => ({ ...p, createdAt: now, updatedAt: now })))
      .returning();
    const rootNow = (await tx.select().from(users).where(eq(users.id, root.id)))[0];
    const franchise = await activeMember(DEMO_ACCOUNTS.franchise, rootNow, rootNow, 'right', 'mini_franchise', DEMO_BANK_ACCOUNTS.franchise);
    lines.push(`Franchise holder: ${franchise.userId} / ${franchise.email}`);
    for (const u of [member, franchise]) {
      await postLedger(tx, u.id, DEMO_WALLET_CREDIT, 'admin_credit', { description: 'Welcome credit (demo data)', now });
    }
    await tx.insert(news).values({ ...DEMO_NEWS, type: 'announcement', priority: 'high', isActive: true, publishedAt: realNow, createdAt: realNow });
    const a2 = DEMO_ACCOUNTS.admin2;
    const admin2 =
      (await findUserByEmail(tx, a2.email)) ??
      (await insertUser(tx, {
        userId: await generateUserId(ctx, tx),
        email: a2.email,
        password: await hashOf(a2.password),
        firstName: a2.firstName,
        lastName: a2.lastName,
        role: 'admin',
        status: 'active',
        emailVerified: true,
        firstLogin: false,
        idStatus: 'Active',
        kycStatus: 'approved',
        registrationDate: now,
        activationDate: now,
        createdAt: now,
      }));
    lines.push(`Second admin (approves payouts): ${admin2.userId} / ${admin2.email}`);
    const fresh = async (u: UserRow) => (await tx.select().from(users).where(eq(users.id, u.id)))[0];
    return {
      admin2,
      joins: lateJoiners.map(
        (d) => (c: AppContext) =>
          c.db.transaction(async (t2) => {
            await joinAt(t2, c.clock.now(), d, member.id, placed[d.parent].id, d.side);
          }),
      ),
      buyers: { member: await fresh(member), franchise: await fresh(franchise), l1: await fresh(placed.l1), r1: await fresh(placed.r1) },
      products: new Map(catalog.map((p) => [p.name, p.id])),
    };
  });
  const admin = await findUserByEmail(db, DEMO_ACCOUNTS.admin.email);
  if (history && admin) lines.push(...(await seedDemoHistory(ctx, { ...cast, admin }, history)));
  else if (admin) {
    // Without a history the members with bank details send their KYC documents now and the admin approves them.
    const reviewer = { user: admin, role: admin.role, ip: null, userAgent: null };
    for (const u of [cast.buyers.member, cast.buyers.franchise]) {
      await uploadDemoKyc(ctx, u);
      await approveDemoKyc(ctx, reviewer, u);
    }
  }
  return lines;
}
