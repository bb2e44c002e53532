/**
 * The identity numbers and payout details the tests type (issue 13): one list, used by every test, so that what the
 * suite leaves in its databases can be searched for each of them (tests/support/dumps.ts: every test database is
 * dumped before it is dropped and the run fails if any of these is found in the clear; ADR 0011).
 */
export const ID = {
  pan: 'ABCDE1234F',
  otherPan: 'ABCDE1234G',
  aadhaar: '123412345678',
  otherAadhaar: '123412341234',
  /** A PAN stored before encryption (the legacy rows of encryption-at-rest.test.ts). */
  legacyPan: 'LEGAC1234F',
  /** Bank account numbers. */
  account: '001122334455',
  account2: '998877665544',
  account3: '123456789012',
  account4: '999988887777',
  account5: '000111222333',
  account6: '000123456789',
  account7: '50100234567890',
  /** TRC20 addresses: a member's crypto payout wallet, a USDT withdrawal's destination. */
  wallet: 'TQdTestWalletAddress0000000000001',
  otherWallet: 'TQdTestWalletAddress0000000000002',
  oldWallet: 'TXold0000000000000000000000000000',
  newWallet: 'TXnew1111111111111111111111111111',
} as const;

/** Unique PANs for tests that register many members (one account per PAN): `ZQPAN0000Z` to `ZQPAN9999Z`. */
const UNIQUE_PAN = /ZQPAN\d{4}Z/i;
let panSeq = Math.floor(Math.random() * 5000);
export const uniquePan = () => `ZQPAN${String(panSeq++ % 10000).padStart(4, '0')}Z`;

/** Every value above (and the unique PANs' pattern), as searched for in the dumps. */
export const IDENTITY_VALUES: readonly string[] = Object.values(ID);
export const IDENTITY_PATTERNS: readonly RegExp[] = [UNIQUE_PAN];

/**
 * Which identity values occur in `text` (case-insensitive), as typed or hex-encoded (a dump writes bytea as hex,
 * so a document holding a number in the clear shows it that way).
 */
export function identityFindings(text: string): string[] {
  const lower = text.toLowerCase();
  const found: string[] = [];
  for (const v of IDENTITY_VALUES) {
    if (lower.includes(v.toLowerCase())) found.push(v);
    else if (lower.includes(Buffer.from(v, 'utf8').toString('hex'))) found.push(`${v} (hex)`);
  }
  for (const re of IDENTITY_PATTERNS) {
    const m = new RegExp(re.source, 'i').exec(text);
    if (m) found.push(m[0]);
  }
  return found;
}

/** The longest needle, hex included: a streaming search keeps this much of the previous chunk. */
export const LONGEST_IDENTITY = Math.max(...IDENTITY_VALUES.map((v) => v.length * 2), 20);
