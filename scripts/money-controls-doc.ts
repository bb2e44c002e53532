/**
 * Writes docs/security/money-controls.md from the matrix in contracts/money-controls.ts (issue 29): the matrix is
 * written once, in code; this page is its readable copy. `npm run docs:controls` rewrites it; the completeness test
 * fails when the committed page differs from what this renders.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CUSTODY_DAYS, CUSTODY_MSG, IMPERSONATION_WRITES_ALLOWED, MONEY_CONTROLS, OUTSIDE_MONEY_CONTROLS, type MoneyControl } from '../contracts/money-controls';

const KIND_TITLES: Record<MoneyControl['kind'], string> = {
  money: 'Money created, moved or paid out',
  payout: 'Who gets paid',
  credentials: 'Who can sign in',
  role: 'What a user may do (roles)',
};

const cell = (v: string) => v.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const stepUpText = (c: MoneyControl) => (c.stepUp === 'always' ? 'always' : c.stepUp === 'conditional' ? `when ${c.stepUpWhen}` : 'no');

export function renderMoneyControls(): string {
  const rows = Object.entries(MONEY_CONTROLS) as [string, MoneyControl][];
  const out: string[] = [
    '# Money controls',
    '',
    '<!-- Generated from contracts/money-controls.ts by `npm run docs:controls`; edit the matrix there, not this page. -->',
    '',
    'No single person moves money (issue 29). Every route that creates, moves or pays out money, or changes who gets paid or',
    'who can sign in, has a row here: who may start it, who must approve it, its limits, whether it asks for the second',
    'factor again (step-up: a code given in the last 5 minutes), the audit entry it writes and who is told.',
    '',
    'How the code holds to it:',
    '',
    '- **One table, in code**: `contracts/money-controls.ts`. The server reads step-up `always` from it for every route',
    '  (`server/http/routes.ts`); the OpenAPI document carries each row as `x-money-control`.',
    '- **Completeness**: every write route is either in the matrix or in the list of writes that move no money, with why',
    '  (`tests/integration/money-controls.test.ts`). The tests also trace every request: one that wrote a ledger row, a',
    '  completed purchase or a change of a password, email, PIN, role, two-factor or payout details from a route without',
    '  a row fails as an answer off its contract would.',
    `- **Chain of custody**: a withdrawal is never approved by an admin who in the last ${CUSTODY_DAYS} days approved the`,
    '  member’s registration, credited them (Send Fund or a fund request), changed their email, password or payout',
    '  details, or opened their account with Login as user; nor by the admin who made it (Withdraw Personally); the',
    '  member’s first withdrawal never by the admin who approved the account (`custody_marks`, server/modules/custody).',
    '- **Impersonation is read-only**: under a Login as user token every write route is refused unless the allow-list',
    '  below names it; admins and founders cannot be opened that way.',
    '- **When nobody is left to approve**: `npm run admin:recover -- <email>` on the server (database access) resets an',
    '  admin’s or founder’s sign-in, prints a one-time password and writes the audit log.',
    '',
  ];
  for (const kind of Object.keys(KIND_TITLES) as MoneyControl['kind'][]) {
    const mine = rows.filter(([, c]) => c.kind === kind);
    if (!mine.length) continue;
    out.push(`## ${KIND_TITLES[kind]}`, '', '| Route | Action | Starts | Approves | Limits | Step-up | Audit | Told |', '|---|---|---|---|---|---|---|---|');
    for (const [route, c] of mine) {
      out.push(`| \`${route}\` | ${cell(c.action)} | ${cell(c.starts)} | ${cell(c.approves)} | ${cell(c.limits)} | ${cell(stepUpText(c))} | ${cell(c.audit)} | ${cell(c.told)} |`);
    }
    out.push('');
  }
  out.push('## Why a refused withdrawal approval says so', '', 'The messages the approving admin reads:', '');
  for (const reason of Object.values(CUSTODY_MSG.reasons)) out.push(`- ${CUSTODY_MSG.barred(reason, '<date>')}`);
  out.push(`- ${CUSTODY_MSG.firstWithdrawal}`, `- ${CUSTODY_MSG.createdIt}`, '');
  out.push('## Allowed under impersonation', '', '| Route | Why |', '|---|---|');
  for (const [route, why] of Object.entries(IMPERSONATION_WRITES_ALLOWED)) out.push(`| \`${route}\` | ${cell(why!)} |`);
  out.push('', '## Writes that move no money', '', '| Route | Why it is outside the matrix |', '|---|---|');
  for (const [route, why] of Object.entries(OUTSIDE_MONEY_CONTROLS)) out.push(`| \`${route}\` | ${cell(why!)} |`);
  out.push('');
  return out.join('\n');
}

export const MONEY_CONTROLS_DOC = 'docs/security/money-controls.md';

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(MONEY_CONTROLS_DOC, renderMoneyControls());
  console.log(`Wrote ${MONEY_CONTROLS_DOC}`);
}
