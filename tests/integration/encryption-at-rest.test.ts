import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { runServerCommand } from '../support/server-command';
import { sql } from 'drizzle-orm';
import { startTestApp, userByEmail, TEST_SECRET, type TestApp } from '../support/test-app';
import { b64, count, dataUrl, expectError, fakeJpeg, query, uniqueEmail } from '../support/http';
import { bank, fundedMember } from '../support/money';
import { registerRecruit } from '../support/referral';
import { ID, identityFindings, uniquePan } from '../support/identity';
import { dumpPostgres, scanDatabase } from '../support/dumps';
import { MSG } from '../../contracts/messages';
import { createReferralLink } from '../../server/modules/referral/referral.service';
import { deriveFieldKey, fieldKeyring, lookupHash, sealText, useFieldKeys } from '../../server/lib/field-crypto';
import { SEALED_COLUMNS } from '../../server/db/sealed-columns';
import { encryptLegacyValues, rotateFieldKeys, staleCounts } from '../../server/modules/field-keys/field-keys.service';
import { SEALED_TABLES } from '../../server/modules/field-keys/field-keys.repo';
import type { UserRow } from '../support/users';

/**
 * Issue 13, finding "Aadhaar, PAN and bank account numbers are plaintext in users, pending_recruits, kyc_documents and
 * withdrawal_requests" (ADR 0011): every flow that stores an identity number, a payout detail or a document runs
 * through the API, then every column of every table is searched for the values typed, and a dump of the database
 * too. Then: one account per PAN through the keyed hash, altered ciphertext refused, values stored before
 * encryption encrypted at start, and key rotation while members write.
 */
let t: TestApp;
let admin: string;
let member: UserRow;
let applicant: UserRow;
let owner: { user: UserRow; cookie: string };
let pdfId: string;
/** A member who has not done KYC yet: uploads a document with its number. */
let kycMember: { user: UserRow; cookie: string };
const oldKid = deriveFieldKey(TEST_SECRET).id;

/** A PDF whose text holds an Aadhaar number, as a scanned card's would. */
const idPdf = Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% Aadhaar ${ID.otherAadhaar} PAN ${ID.otherPan}\n%%EOF\n`);

function registration(referralToken: string, extra: Record<string, unknown> = {}) {
  return {
    firstName: 'Ira',
    lastName: 'Sealed',
    email: uniqueEmail('sealed'),
    mobile: '9812345678',
    nominee: 'Nominee Name',
    password: 'Sealed#Recruit-1',
    address: '10 Long Enough Street',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411001',
    referralToken,
    panNumber: uniquePan(),
    aadhaarNumber: ID.aadhaar,
    bankAccountNumber: ID.account,
    bankIFSC: 'HDFC0001234',
    bankName: 'HDFC Bank',
    bankAccountHolderName: 'Ira Sealed',
    ...extra,
  };
}
const register = async (extra: Record<string, unknown> = {}) => {
  const link = await createReferralLink(t.runtime.ctx, t.runtime.ctx.db, member, { placementSide: 'left' });
  const body = registration(link.token, extra);
  return { body, res: await registerRecruit(t, body) };
};

/** Every text, json and bytea cell of every table, as stored (bytea as escaped text: a plain file's text shows). */
async function everyCell() {
  const columns = await query<{ table_name: string; column_name: string; data_type: string }>(
    t,
    sql`
    select c.table_name, c.column_name, c.data_type from information_schema.columns c
    join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
    where c.table_schema = 'public' and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY', 'bytea')
    order by 1, 2`,
  );
  const cells: { where: string; v: string }[] = [];
  for (const { table_name, column_name, data_type } of columns) {
    const col = sql.identifier(column_name);
    const expr = data_type === 'bytea' ? sql`encode(${col}, 'escape')` : sql`${col}::text`;
    const rows = await query<{ v: string | null }>(t, sql`select ${expr} as v from ${sql.identifier(table_name)} where ${col} is not null`);
    for (const { v } of rows) if (v !== null) cells.push({ where: `${table_name}.${column_name}`, v });
  }
  return cells;
}

const envelopeKids = async (table: string, column: string) =>
  (await query<{ kid: string }>(t, sql`select split_part(${sql.identifier(column)}, ':', 2) as kid from ${sql.identifier(table)} where coalesce(${sql.identifier(column)}, '') <> ''`)).map(
    (r) => r.kid,
  );

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login(t.demo.admin.email, t.demo.admin.password);
  member = (await userByEmail(t, t.demo.member.email))!;
});
afterAll(async () => {
  useFieldKeys(fieldKeyring(TEST_SECRET));
  await t?.close();
});

describe('identity numbers, payout details and documents at rest', () => {
  it('runs every flow that stores one, and the screens still show what they showed', async () => {
    // Referral registration: PAN, Aadhaar and bank account on the user and on the pending recruit, documents.
    const reg = await register({ panNumber: ` ${ID.pan.toLowerCase()} `, panCardUrl: dataUrl(fakeJpeg(900), 'image/jpeg'), aadhaarFrontUrl: dataUrl(idPdf, 'application/pdf') });
    expect(reg.res.status, JSON.stringify(reg.res.body)).toBe(201);
    applicant = (await userByEmail(t, reg.body.email))!;
    expect({ pan: applicant.panNumber, aadhaar: applicant.aadhaarNumber, account: applicant.bankAccountNumber }).toEqual({ pan: ID.pan, aadhaar: ID.aadhaar, account: ID.account });

    // A member with a verified bank account (ID.account) and a crypto payout wallet (ID.wallet) from registration.
    owner = await fundedMember(t, admin, '5000', { panNumber: ID.otherPan, firstName: 'Owen', lastName: 'Sealed', cryptoWalletAddress: ID.wallet });

    // Withdrawals go to the profile's payout details: to the bank account and to the USDT wallet, each with an
    // Idempotency-Key (the answer is stored), and Withdraw Personally to the stored wallet.
    const bankW = await t.api('POST', '/api/withdrawals', {
      cookie: owner.cookie,
      headers: { 'idempotency-key': 'sealed-bank-1' },
      body: { withdrawalType: 'bank', amount: '100', bankDetails: { accountNumber: ID.account, ifsc: bank.ifsc, bankName: bank.bankName, accountHolderName: bank.accountHolderName } },
    });
    expect(bankW.status, JSON.stringify(bankW.body)).toBe(201);
    expect(bankW.body.withdrawal.bankDetails.accountNumber).toBe(`••••••••${ID.account.slice(-4)}`);
    const usdtBody = { withdrawalType: 'usdt', amount: '50', usdtWalletAddress: ID.wallet, networkType: 'TRC20' };
    const usdtW = await t.api('POST', '/api/withdrawals', { cookie: owner.cookie, headers: { 'idempotency-key': 'sealed-usdt-1' }, body: usdtBody });
    expect(usdtW.status, JSON.stringify(usdtW.body)).toBe(201);
    expect(usdtW.body.withdrawal.usdtWalletAddress).toBe(ID.wallet);
    const personal = await t.api('POST', '/api/admin/withdraw-personally', { cookie: admin, body: { userId: owner.user.userId, withdrawalType: 'USD', amount: '25', remarks: 'Paid out to wallet' } });
    expect(personal.status, JSON.stringify(personal.body)).toBe(201);
    expect(personal.body.withdrawal.usdtWalletAddress).toBe(ID.wallet);

    // Profile: the member's own new bank account.
    const profile = await t.api('PUT', '/api/user/profile', {
      cookie: owner.cookie,
      body: { firstName: 'Owen', lastName: 'Sealed', bankName: 'SBI', bankAccountNumber: ID.account3, bankIFSC: 'SBIN0001234' },
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    expect(profile.body.bankAccountNumber).toBe(`••••••••${ID.account3.slice(-4)}`);

    // Admin: a new crypto payout wallet waits for a second admin (the request, with the address, is sealed too).
    const edit = await t.api('PATCH', `/api/admin/users/${owner.user.id}`, {
      cookie: admin,
      body: { firstName: 'Owen', lastName: 'Sealed', email: owner.user.email, status: 'active', cryptoWalletAddress: ID.otherWallet },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(202);
    const [pendingRow] = await query<{ payload: unknown }>(t, sql`select payload from approval_requests where id = ${edit.body.approval.id}`);
    expect(JSON.stringify(pendingRow.payload)).not.toContain(ID.otherWallet);
    const second = await t.login(t.demo.admin2.email, t.demo.admin2.password);
    const approved = await t.api('POST', `/api/admin/approvals/${edit.body.approval.id}/approve`, { cookie: second });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    // KYC upload with a document number, the document's text holding numbers too (after the withdrawals: a new document puts KYC back under review).
    const kycEmail = uniqueEmail('kyc-sealed');
    kycMember = { user: await t.createUser({ email: kycEmail, password: 'Kyc#Sealed-1', firstName: 'Kia', lastName: 'Sealed' }), cookie: await t.login(kycEmail, 'Kyc#Sealed-1') };
    const up = await t.api('POST', '/api/kyc/upload', { cookie: kycMember.cookie, body: { documentType: 'aadhaar_front', documentData: b64(idPdf), documentNumber: ID.otherAadhaar } });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    pdfId = up.body.id;
    expect(up.body.documentNumber).toBe(`••••••••${ID.otherAadhaar.slice(-4)}`);

    // What the screens show is unchanged: masked for the member, whole for the reviewer.
    const me = await t.api('GET', '/api/auth/user', { cookie: owner.cookie });
    expect(me.body).toMatchObject({ panNumber: `••••••${ID.otherPan.slice(-4)}`, bankAccountNumber: `••••••••${ID.account3.slice(-4)}` });
    const review = await t.api('GET', `/api/admin/kyc/${applicant.id}/documents`, { cookie: admin });
    expect(review.status).toBe(200);
    expect(review.body.user).toMatchObject({ panNumber: ID.pan, aadhaarNumber: ID.aadhaar, bankAccountNumber: ID.account });
    const ownerReview = await t.api('GET', `/api/admin/kyc/${kycMember.user.id}/documents`, { cookie: admin });
    expect(ownerReview.body.documents.map((d: { documentNumber: string | null }) => d.documentNumber)).toContain(ID.otherAadhaar);
    const recruits = await t.api('GET', '/api/admin/pending-recruits', { cookie: admin });
    expect(recruits.body.items.find((r: { email: string }) => r.email === applicant.email)).toMatchObject({ panNumber: ID.pan, aadhaarNumber: ID.aadhaar, bankAccountNumber: ID.account });
    const mine = await t.api('GET', '/api/withdrawals', { cookie: owner.cookie });
    expect(JSON.stringify(mine.body)).toContain(ID.wallet);
    expect(JSON.stringify(mine.body)).not.toContain(ID.account);
    // The stored answer of an idempotent request is replayed as it was.
    const replay = await t.api('POST', '/api/withdrawals', { cookie: owner.cookie, headers: { 'idempotency-key': 'sealed-usdt-1' }, body: usdtBody });
    expect(replay).toMatchObject({ status: 201, body: usdtW.body });
    // The document is served byte for byte.
    const doc = await t.runtime.app.inject({ method: 'GET', url: `/api/documents/${pdfId}`, headers: { cookie: kycMember.cookie } });
    expect(doc.statusCode).toBe(200);
    expect(doc.rawPayload.equals(idPdf)).toBe(true);
    // The admin export still shows the wallet (PostgreSQL: COPY with the wallet opened as it streams; PGlite: pages).
    const csv = await t.runtime.app.inject({ method: 'GET', url: '/api/admin/users/export?format=csv', headers: { cookie: admin } });
    expect(csv.statusCode).toBe(200);
    const ownerLine = csv.body.split('\n').find((l) => l.startsWith(`${owner.user.userId},`));
    expect(ownerLine?.split(',')[10]).toBe(ID.otherWallet);
  });

  it('finds none of them in any text, json or bytea column of any table: the values are envelopes under a key id', async () => {
    const cells = await everyCell();
    expect(cells.length).toBeGreaterThan(200);
    const hits = cells.flatMap((c) => identityFindings(c.v).map((f) => `${f} in ${c.where}`));
    expect(hits).toEqual([]);
    // Where they were: envelopes naming the key, in the four tables of the finding and the document store.
    const [u] = await query<Record<string, string>>(
      t,
      sql`select u.pan_number, u.aadhaar_number, p.bank_account_number, u.pan_hash from users u join user_payout_details p on p.user_id = u.id where u.id = ${applicant.id}`,
    );
    for (const v of [u.pan_number, u.aadhaar_number, u.bank_account_number]) expect(v).toMatch(new RegExp(`^v1:${oldKid}:[\\w-]{16}:[\\w-]{22}:[\\w-]+$`));
    expect(u.pan_hash).toBe(lookupHash(deriveFieldKey(TEST_SECRET), 'pan', ID.pan));
    const [w] = await query<{ crypto_wallet_address: string }>(t, sql`select crypto_wallet_address from user_payout_details where user_id = ${owner.user.id}`);
    expect(w.crypto_wallet_address.startsWith(`v1:${oldKid}:`)).toBe(true);
    const [r] = await query<Record<string, string>>(t, sql`select pan_number, aadhaar_number, bank_account_number from pending_recruits where applicant_user_id = ${applicant.id}`);
    for (const v of Object.values(r)) expect(v.startsWith(`v1:${oldKid}:`)).toBe(true);
    const docs = await query<{ document_number: string | null; head: string }>(
      t,
      sql`
      select d.document_number, encode(substring(b.content from 1 for 12), 'escape') as head
      from kyc_documents d join document_blobs b on b.storage_key = d.storage_key where d.user_id in (${applicant.id}, ${kycMember.user.id})`,
    );
    expect(docs.length).toBe(3);
    for (const d of docs) expect(d.head).toBe(`v1:${oldKid}:`);
    expect(docs.filter((d) => d.document_number?.startsWith(`v1:${oldKid}:`))).toHaveLength(1);
    const withdrawals = await query<{ bank_details: { accountNumber: string; ifsc: string } | null; usdt_wallet_address: string | null }>(
      t,
      sql`
      select bank_details, usdt_wallet_address from withdrawal_requests where user_id = ${owner.user.id}`,
    );
    expect(withdrawals).toHaveLength(3);
    for (const x of withdrawals) {
      if (x.bank_details) expect(x.bank_details).toMatchObject({ ifsc: bank.ifsc, accountNumber: expect.stringMatching(new RegExp(`^v1:${oldKid}:`)) });
      else expect(x.usdt_wallet_address!.startsWith(`v1:${oldKid}:`)).toBe(true);
    }
    const answers = await query<{ response: { sealed?: string } }>(t, sql`select response from idempotency_keys where key like 'sealed-%'`);
    expect(answers).toHaveLength(2);
    for (const a of answers) expect(Object.keys(a.response)).toEqual(['sealed']);
    // The audit log keeps the wallet masked.
    const audits = await query<{ s: string }>(t, sql`select new_state::text as s from audit_log where entity_id = ${owner.user.id} and action = 'user.edit'`);
    expect(audits[0].s).toContain(ID.wallet.slice(-4));
  });

  it('and a dump of the whole database holds none of them (pg_dump on PostgreSQL, every row on PGlite), though it would show one left in the clear', async () => {
    const dump = () =>
      t.directDatabaseUrl ? dumpPostgres(t.directDatabaseUrl, `probe_${Date.now()}`, undefined, { record: false }) : scanDatabase(t.runtime.ctx.db, 'probe', undefined, { record: false });
    const clean = (await dump())!;
    expect(clean.bytes).toBeGreaterThan(10_000);
    expect(clean.findings).toEqual([]);
    // The search itself works: a number stored in the clear is found.
    await t.runtime.ctx.db.execute(sql`create table dump_probe (v text)`);
    await t.runtime.ctx.db.execute(sql`insert into dump_probe values (${`note ${ID.account7}`})`);
    try {
      expect((await dump())!.findings).toEqual([ID.account7]);
    } finally {
      await t.runtime.ctx.db.execute(sql`drop table dump_probe`);
    }
  });
});

describe('one account per PAN, through the keyed hash', () => {
  it('refuses a PAN another account holds, however it is typed, and changes nothing', async () => {
    const users = await count(t, 'users');
    const recruits = await count(t, 'pending_recruits');
    const { res } = await register({ panNumber: ` ${ID.pan.toLowerCase()}` });
    expectError(res, 409, { code: 'DUPLICATE_PAN', message: MSG.duplicatePan, field: 'panNumber' });
    expect(await count(t, 'users')).toBe(users);
    expect(await count(t, 'pending_recruits')).toBe(recruits);
    // The PAN of an account made any other way counts too.
    expectError((await register({ panNumber: ID.otherPan })).res, 409, { code: 'DUPLICATE_PAN' });
  });

  it('lets two registrations of one new PAN at once make one account', async () => {
    const pan = uniquePan();
    const answers = await Promise.all([register({ panNumber: pan }), register({ panNumber: pan })]);
    expect(answers.map((a) => a.res.status).sort()).toEqual([201, 409]);
    const holders = await query<{ n: number }>(t, sql`select count(*)::int as n from users where pan_hash = ${lookupHash(deriveFieldKey(TEST_SECRET), 'pan', pan)}`);
    expect(holders[0].n).toBe(1);
  });

  it('frees the PAN of a rejected applicant', async () => {
    const pan = uniquePan();
    const first = await register({ panNumber: pan });
    expect(first.res.status).toBe(201);
    const applicantRow = (await userByEmail(t, first.body.email))!;
    const [recruit] = await query<{ id: string }>(t, sql`select id from pending_recruits where applicant_user_id = ${applicantRow.id}`);
    expect((await t.api('DELETE', `/api/admin/pending-recruits/${recruit.id}`, { cookie: admin, body: { reason: 'Documents unreadable' } })).status).toBe(200);
    expect((await register({ panNumber: pan })).res.status).toBe(201);
  });
});

describe('altered ciphertext is refused (AES-GCM)', () => {
  it('a changed byte or an envelope moved to another column is not read as a value', async () => {
    const [before] = await query<{ bank_account_number: string; pan_number: string }>(
      t,
      sql`select p.bank_account_number, u.pan_number from users u join user_payout_details p on p.user_id = u.id where u.id = ${owner.user.id}`,
    );
    const parts = before.bank_account_number.split(':');
    const ct = Buffer.from(parts[4], 'base64url');
    ct[0] ^= 1;
    const altered = [...parts.slice(0, 4), ct.toString('base64url')].join(':');
    for (const value of [altered, before.pan_number]) {
      await t.runtime.ctx.db.execute(sql`update user_payout_details set bank_account_number = ${value} where user_id = ${owner.user.id}`);
      const r = await t.api('GET', '/api/auth/user', { cookie: owner.cookie });
      expectError(r, 500, { code: 'INTERNAL_ERROR' });
      expect(JSON.stringify(r.body)).not.toContain(ID.otherPan);
    }
    await t.runtime.ctx.db.execute(sql`update user_payout_details set bank_account_number = ${before.bank_account_number} where user_id = ${owner.user.id}`);
    expect((await t.api('GET', '/api/auth/user', { cookie: owner.cookie })).body.bankAccountNumber).toBe(`••••••••${ID.account3.slice(-4)}`);
  });

  it('a document whose stored bytes changed is not served', async () => {
    const [blob] = await query<{ storage_key: string; hex: string }>(
      t,
      sql`
      select b.storage_key, encode(b.content, 'hex') as hex from kyc_documents d join document_blobs b on b.storage_key = d.storage_key where d.id = ${pdfId}`,
    );
    const bytes = Buffer.from(blob.hex, 'hex');
    bytes[bytes.length - 5] ^= 1;
    await t.runtime.ctx.db.execute(sql`update document_blobs set content = decode(${bytes.toString('hex')}, 'hex') where storage_key = ${blob.storage_key}`);
    const r = await t.runtime.app.inject({ method: 'GET', url: `/api/documents/${pdfId}`, headers: { cookie: kycMember.cookie } });
    expect(r.statusCode).toBe(500);
    expect(r.body).not.toContain('%PDF');
    await t.runtime.ctx.db.execute(sql`update document_blobs set content = decode(${blob.hex}, 'hex') where storage_key = ${blob.storage_key}`);
    expect((await t.runtime.app.inject({ method: 'GET', url: `/api/documents/${pdfId}`, headers: { cookie: kycMember.cookie } })).rawPayload.equals(idPdf)).toBe(true);
  });
});

describe('values stored before encryption (databases from before migration 0028)', () => {
  it('are encrypted at start, before the app serves, and read as before', async () => {
    const old = await fundedMember(t, admin, '0', { firstName: 'Legacy', lastName: 'Member' });
    // As such a database holds them: plaintext columns, a plain document, a plain stored answer, and migration 0028's request.
    await t.runtime.ctx.db.execute(sql`update users set pan_number = ${ID.legacyPan}, pan_hash = null, aadhaar_number = ${ID.otherAadhaar} where id = ${old.user.id}`);
    await t.runtime.ctx.db.execute(sql`update user_payout_details set bank_account_number = ${ID.account6}, crypto_wallet_address = ${ID.oldWallet} where user_id = ${old.user.id}`);
    await t.runtime.ctx.db.execute(sql`insert into withdrawal_requests (user_id, withdrawal_type, amount, status, bank_details, created_by)
      values (${old.user.id}, 'bank', 10, 'pending', ${JSON.stringify({ accountNumber: ID.account6, ifsc: 'SBIN0001234', bankName: 'SBI', accountHolderName: 'Legacy' })}::jsonb, ${old.user.id}),
             (${old.user.id}, 'usdt', 10, 'pending', null, ${old.user.id})`);
    await t.runtime.ctx.db.execute(sql`update withdrawal_requests set usdt_wallet_address = ${ID.oldWallet} where user_id = ${old.user.id} and withdrawal_type = 'usdt'`);
    await t.runtime.ctx.db.execute(sql`insert into document_blobs (storage_key, content, sha256) values ('legacy-blob', ${idPdf}, 'x')`);
    await t.runtime.ctx.db.execute(sql`insert into kyc_documents (user_id, document_type, document_url, storage_key, sha256, document_content_type, document_size, document_number)
      values (${old.user.id}, 'pan', '', 'legacy-blob', 'x', 'application/pdf', ${idPdf.length}, ${ID.otherAadhaar})`);
    await t.runtime.ctx.db.execute(sql`insert into idempotency_keys (key, user_id, route, request_hash, status_code, response)
      values ('legacy-answer', ${old.user.id}, 'POST /api/withdrawals', 'h', 201, ${JSON.stringify({ withdrawal: { usdtWalletAddress: ID.oldWallet } })}::jsonb)`);
    await t.runtime.ctx.db.execute(sql`insert into jobs (key, name, run_at) values ('keys.encrypt-legacy', 'keys.rotate', now())`);
    // A sealed column reads envelopes only: the plaintext row is refused until it is encrypted.
    expectError(await t.api('GET', '/api/auth/user', { cookie: old.cookie }), 500);

    const report = await encryptLegacyValues(t.runtime.ctx);
    expect(report).toMatchObject({ remaining: 0, unreadable: 0 });
    expect(report!.rewritten).toBeGreaterThanOrEqual(6);
    expect(await count(t, 'jobs', sql`key = 'keys.encrypt-legacy'`)).toBe(0);
    expect(await encryptLegacyValues(t.runtime.ctx)).toBeNull();

    const me = await t.api('GET', '/api/auth/user', { cookie: old.cookie });
    expect(me.status).toBe(200);
    expect(me.body.bankAccountNumber).toBe(`••••••••${ID.account6.slice(-4)}`);
    const legacyPan = ID.legacyPan;
    expect(await userByEmail(t, old.user.email)).toMatchObject({ panNumber: legacyPan, cryptoWalletAddress: ID.oldWallet, panHash: lookupHash(deriveFieldKey(TEST_SECRET), 'pan', legacyPan) });
    expectError((await register({ panNumber: legacyPan })).res, 409, { code: 'DUPLICATE_PAN' });
    const docs = await t.api('GET', `/api/admin/kyc/${old.user.id}/documents`, { cookie: admin });
    const legacyDoc = docs.body.documents.find((d: { documentNumber: string }) => d.documentNumber === ID.otherAadhaar);
    expect(legacyDoc).toBeDefined();
    const served = await t.runtime.app.inject({ method: 'GET', url: `/api/documents/${legacyDoc.id}`, headers: { cookie: admin } });
    expect(served.rawPayload.equals(idPdf)).toBe(true);
    const ws = await t.api('GET', '/api/withdrawals', { cookie: old.cookie });
    expect(JSON.stringify(ws.body)).toContain(ID.oldWallet);
    expect(JSON.stringify(ws.body)).toContain(`••••••••${ID.account6.slice(-4)}`);
    expect((await everyCell()).flatMap((c) => identityFindings(c.v).map((f) => `${f} in ${c.where}`))).toEqual([]);
  });
});

describe('key rotation (npm run keys:rotate) while the app writes', () => {
  const NEXT = 'rotated-secret-'.padEnd(44, 'r');
  const nextKid = deriveFieldKey(NEXT).id;

  it('every sealed table is known to the rotation, with its primary key', () => {
    const tables = new Set(SEALED_COLUMNS.map((c) => c.table));
    expect([...tables].sort()).toEqual(['approval_requests', 'document_blobs', 'idempotency_keys', 'kyc_documents', 'pending_recruits', 'user_payout_details', 'users', 'withdrawal_requests']);
    for (const table of tables) expect(SEALED_TABLES[table], table).toBeDefined();
  });

  it("re-encrypts every row under the old key, never over a member's newer write, and everything still reads", async () => {
    // The app restarted with APP_SECRET = NEXT and APP_SECRET_PREVIOUS = the old secret.
    useFieldKeys(fieldKeyring(NEXT, [TEST_SECRET]));
    expect((await staleCounts(t.runtime.ctx)).find((c) => c.table === 'users')!.stale).toBeGreaterThan(3);
    // Values under the old key read as before, and a PAN under the old hash is still found.
    expect((await t.api('GET', '/api/auth/user', { cookie: owner.cookie })).body.bankAccountNumber).toBe(`••••••••${ID.account3.slice(-4)}`);
    expectError((await register({ panNumber: ID.pan })).res, 409, { code: 'DUPLICATE_PAN' });

    // Members change their bank account while the rotation runs, in small batches so that the two interleave.
    const writers = await Promise.all(
      [1, 2, 3].map(async (i) => {
        const email = uniqueEmail(`rotating${i}`);
        const user = await t.createUser({ email, password: 'Rotate#Member-1', bankAccountNumber: ID.account4 });
        return { user, cookie: await t.login(email, 'Rotate#Member-1'), last: ID.account4 as string };
      }),
    );
    const accounts = [ID.account3, ID.account5, ID.account6, ID.account7];
    let stop = false;
    let writes = 0;
    const writing = (async () => {
      for (let round = 0; !stop; round++) {
        for (const w of writers) {
          const account = accounts[(round + writers.indexOf(w)) % accounts.length];
          const r = await t.api('PUT', '/api/user/profile', { cookie: w.cookie, body: { firstName: 'Rot', lastName: 'Ating', bankAccountNumber: account } });
          expect(r.status).toBe(200);
          w.last = account;
          writes++;
        }
      }
    })();
    let writesAtFirstBatch: number | undefined;
    let writesAtLastBatch = 0;
    const report = await rotateFieldKeys(t.runtime.ctx, {
      batchSize: 2,
      pauseMs: 10,
      batchPauseMs: 15,
      onProgress: () => {
        writesAtFirstBatch ??= writes;
        writesAtLastBatch = writes;
      },
    });
    stop = true;
    await writing;
    // The members' writes and the rotation's batches interleaved.
    expect(writesAtLastBatch).toBeGreaterThan(writesAtFirstBatch!);
    expect(report).toMatchObject({ keyId: nextKid, unreadable: 0, remaining: 0 });
    expect(report.rewritten).toBeGreaterThan(10);

    // Nothing is left under the old key, in any sealed column.
    expect((await staleCounts(t.runtime.ctx)).every((c) => c.stale === 0)).toBe(true);
    for (const [table, column] of [
      ['users', 'pan_number'],
      ['user_payout_details', 'bank_account_number'],
      ['user_payout_details', 'crypto_wallet_address'],
      ['pending_recruits', 'aadhaar_number'],
      ['kyc_documents', 'document_number'],
      ['withdrawal_requests', 'usdt_wallet_address'],
    ]) {
      const kids = await envelopeKids(table, column);
      expect(kids.length, `${table}.${column}`).toBeGreaterThan(0);
      expect(new Set(kids), `${table}.${column}`).toEqual(new Set([nextKid]));
    }
    const heads = await query<{ h: string }>(t, sql`select distinct encode(substring(content from 1 for 12), 'escape') as h from document_blobs`);
    expect(heads.map((h) => h.h)).toEqual([`v1:${nextKid}:`]);
    // No member's write was overwritten by an older value re-encrypted.
    for (const w of writers) expect((await userByEmail(t, w.user.email))!.bankAccountNumber).toBe(w.last);
    // Everything reads: profile, reviewer view, documents, stored answers; the PAN is found under its new hash.
    expect((await t.api('GET', '/api/auth/user', { cookie: owner.cookie })).body.bankAccountNumber).toBe(`••••••••${ID.account3.slice(-4)}`);
    expect((await t.api('GET', `/api/admin/kyc/${applicant.id}/documents`, { cookie: admin })).body.user).toMatchObject({ panNumber: ID.pan, aadhaarNumber: ID.aadhaar });
    const doc = await t.runtime.app.inject({ method: 'GET', url: `/api/documents/${pdfId}`, headers: { cookie: kycMember.cookie } });
    expect(doc.rawPayload.equals(idPdf)).toBe(true);
    const replay = await t.api('POST', '/api/withdrawals', {
      cookie: owner.cookie,
      headers: { 'idempotency-key': 'sealed-usdt-1' },
      body: { withdrawalType: 'usdt', amount: '50', usdtWalletAddress: ID.wallet, networkType: 'TRC20' },
    });
    expect(replay.status).toBe(201);
    expect(replay.body.withdrawal.usdtWalletAddress).toBe(ID.wallet);
    const [hash] = await query<{ pan_hash: string }>(t, sql`select pan_hash from users where id = ${applicant.id}`);
    expect(hash.pan_hash).toBe(lookupHash(deriveFieldKey(NEXT), 'pan', ID.pan));
    // Without the old secret, the same rows still read: they are all under the new key.
    useFieldKeys(fieldKeyring(NEXT));
    expectError((await register({ panNumber: ID.pan })).res, 409, { code: 'DUPLICATE_PAN' });
    expect((await t.api('GET', '/api/auth/user', { cookie: owner.cookie })).status).toBe(200);

    // A second run finds nothing to do.
    expect(await rotateFieldKeys(t.runtime.ctx)).toMatchObject({ rewritten: 0, remaining: 0 });
  });

  it('leaves a value no configured secret opens as it is, and says so', async () => {
    const stranger = sealText(fieldKeyring('unknown-secret-'.padEnd(40, 'u')), 'users.aadhaar_number', ID.otherAadhaar);
    const lost = await t.createUser({ email: uniqueEmail('lost') });
    await t.runtime.ctx.db.execute(sql`update users set aadhaar_number = ${stranger} where id = ${lost.id}`);
    try {
      const report = await rotateFieldKeys(t.runtime.ctx, { tables: ['users'] });
      expect(report).toMatchObject({ rewritten: 0, unreadable: 1, remaining: 1 });
      expect(report.tables[0].samples[0]).toContain('users.aadhaar_number (unknown-key');
      const [row] = await query<{ aadhaar_number: string }>(t, sql`select aadhaar_number from users where id = ${lost.id}`);
      expect(row.aadhaar_number).toBe(stranger);
    } finally {
      await t.runtime.ctx.db.execute(sql`update users set aadhaar_number = null where id = ${lost.id}`);
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('npm run keys:rotate re-encrypts from another process while the app serves and writes', async () => {
    const THIRD = 'third-secret-'.padEnd(48, 't');
    const thirdKid = deriveFieldKey(THIRD).id;
    // Every process runs with the new secret and the one before it.
    useFieldKeys(fieldKeyring(THIRD, [NEXT]));
    const env = { ...process.env, NODE_ENV: 'test', DATABASE_URL: t.databaseUrl!, APP_SECRET: THIRD, APP_SECRET_PREVIOUS: NEXT, DATA_DIR: 'memory://', LOG_LEVEL: 'silent' };
    // What it printed, standard error included.
    const run = async (args: string[]) => {
      const { code, output } = await runServerCommand('keys-rotate', args, env);
      return { code, out: output };
    };
    const before = await run(['--check']);
    expect(before.code, before.out).toBe(1);
    let stop = false;
    let writes = 0;
    const writing = (async () => {
      while (!stop) {
        const r = await t.api('PUT', '/api/user/profile', { cookie: owner.cookie, body: { firstName: 'Owen', lastName: 'Sealed', bankAccountNumber: writes % 2 ? ID.account3 : ID.account4 } });
        expect(r.status).toBe(200);
        writes++;
      }
    })();
    const rotated = await run(['--pause-ms', '5']);
    stop = true;
    await writing;
    expect(rotated.code, rotated.out).toBe(0);
    expect(rotated.out).toContain(`under key ${thirdKid}`);
    expect(rotated.out).toContain('every sealed value is under the current key');
    expect(writes).toBeGreaterThan(0);
    const after = await run(['--check']);
    expect(after.code, after.out).toBe(0);
    expect(new Set(await envelopeKids('user_payout_details', 'bank_account_number'))).toEqual(new Set([thirdKid]));
    expect((await userByEmail(t, owner.user.email))!.bankAccountNumber).toBe((writes - 1) % 2 ? ID.account3 : ID.account4);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('a row the app holds through the first passes is rewritten under a lock once it lets go', async () => {
    const FOURTH = 'fourth-secret-'.padEnd(48, 'f');
    useFieldKeys(fieldKeyring(FOURTH, ['third-secret-'.padEnd(48, 't'), NEXT]));
    // Another connection holds the owner's row, as a member's long request would, for longer than the passes that
    // skip locked rows take; the patient passes wait for it instead of giving up after ten quick tries.
    const holder = new pg.Client({ connectionString: t.databaseUrl! });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select user_id from user_payout_details where user_id = $1 for update', [owner.user.id]);
      const released = new Promise((done) => setTimeout(() => holder.query('commit').then(done), 800));
      const report = await rotateFieldKeys(t.runtime.ctx, { tables: ['user_payout_details'], pauseMs: 10 });
      await released;
      expect(report).toMatchObject({ remaining: 0, unreadable: 0 });
      expect(report.tables[0].rewritten).toBeGreaterThan(1);
      expect(new Set(await envelopeKids('user_payout_details', 'bank_account_number'))).toEqual(new Set([deriveFieldKey(FOURTH).id]));
    } finally {
      await holder.end();
    }
  });
});
