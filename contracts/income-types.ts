/**
 * The one registry of ledger types (`transactions.type`): every type the ledger writes, with the label the
 * platform shows for it (member statement, admin fund history and its filter, recent activity, reports).
 * Server and web read labels, the earnings rule and the report sources from here; nothing else lists them.
 *
 * Income types are those of document 3 (schema, transaction types) and docs/spec/compensation.md §3-§4; `rank_bonus`,
 * `admin_charge` and `tds` are the ledger types docs/spec/compensation.md §4-§5 adds.
 */

/** An admin Income Report (doc 2; web section ids) that lists the ledger rows of the types feeding it. */
export type IncomeReport = 'direct-income' | 'holiday-reward';

export interface LedgerTypeDef {
  key: string;
  /** The label wherever the type is shown; one per type. */
  label: string;
  /** An income type of the compensation plan (docs/spec/compensation.md §3-§4). */
  income: boolean;
  /** A credit of this type adds to the wallet's total earnings (wallet summary "Total Earnings"). */
  earnings: boolean;
  /** The income report that lists this type's rows, if one does. */
  report: IncomeReport | null;
  /** The member's recent activity words these events as a happening ("Wallet credited"); otherwise it shows the label. */
  activity?: string;
}

const income = <K extends string>(key: K, label: string, report: IncomeReport | null = null) => ({ key, label, income: true, earnings: true, report }) satisfies LedgerTypeDef;

/** Income credited to members (compensation.md): every one counts as earnings. */
export const INCOME_TYPES = [
  income('sponsor_income', 'Direct Income', 'direct-income'), // compensation.md §4; doc 2's Direct Income report
  income('sales_incentive', 'Sales Incentive'), // binary pairing, §3
  income('sales_bonus', 'Sales Bonus'), // matching bonus, §4
  income('consistency_bonus', 'Consistency Bonus'),
  income('franchise_income', 'Franchise Income'),
  income('car_fund', 'Car Fund'),
  income('travel_fund', 'Travel Fund', 'holiday-reward'), // "The Holiday Reward Summary is the travel fund's report" (§4)
  income('leadership_fund', 'Leadership Fund'),
  income('house_fund', 'House Fund'),
  income('millionaire_club', 'Millionaire Club'),
  income('royalty_income', 'Royalty Income'),
  income('rank_bonus', 'Rank Bonus'), // one-time amount per rank, §4 (new ledger type)
] as const satisfies readonly LedgerTypeDef[];

/** Every other movement of a wallet. */
export const OTHER_LEDGER_TYPES = [
  { key: 'withdrawal', label: 'Withdrawal', income: false, earnings: false, report: null, activity: 'Withdrawal held' },
  { key: 'purchase', label: 'Product Purchase', income: false, earnings: false, report: null, activity: 'Paid from wallet' },
  // An admin's Send Fund credit moves money but is not income (docs/spec/compensation.md §1: income comes only from
  // sales), so it does not add to the wallet's total earnings.
  { key: 'admin_credit', label: 'Fund Credit', income: false, earnings: false, report: null, activity: 'Wallet credited' },
  { key: 'admin_debit', label: 'Fund Debit', income: false, earnings: false, report: null, activity: 'Wallet debited' },
  // A member's top-up by bank transfer or UPI, credited when an admin approves the fund request (issue 16): not income.
  { key: 'wallet_topup', label: 'Wallet Top-up', income: false, earnings: false, report: null, activity: 'Wallet topped up' },
  // A returned sale's refund to the wallet (docs/spec/returns.md §2): money back for goods, not income.
  { key: 'refund', label: 'Refund', income: false, earnings: false, report: null, activity: 'Refund credited' },
  { key: 'withdrawal_reversal', label: 'Withdrawal Returned', income: false, earnings: false, report: null, activity: 'Withdrawal returned' },
  { key: 'admin_charge', label: 'Admin Charge', income: false, earnings: false, report: null }, // deduction at posting, §5 (new)
  { key: 'tds', label: 'TDS', income: false, earnings: false, report: null }, // tax deducted at source at posting, §5 (new)
  // Income taken back at posting: a returned sale's negative lines and the recovery balance (docs/spec/returns.md §5).
  { key: 'clawback', label: 'Clawback', income: false, earnings: true, report: null },
] as const satisfies readonly LedgerTypeDef[];

export const LEDGER_TYPES: readonly LedgerTypeDef[] = [...INCOME_TYPES, ...OTHER_LEDGER_TYPES];

export type IncomeType = (typeof INCOME_TYPES)[number]['key'];
export type LedgerType = IncomeType | (typeof OTHER_LEDGER_TYPES)[number]['key'];

/** Every ledger type, income first (the admin fund history's type filter lists them in this order). */
export const TRANSACTION_TYPES = LEDGER_TYPES.map((t) => t.key) as readonly LedgerType[];

const byKey = new Map(LEDGER_TYPES.map((t) => [t.key, t]));

export const ledgerTypeOf = (type: string): LedgerTypeDef | undefined => byKey.get(type);

/** The label of a ledger type; a type missing from the registry is title-cased ("some_type" -> "Some Type"). */
export const ledgerTypeLabel = (type: string): string =>
  byKey.get(type)?.label ??
  type
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');

/** How the member's recent activity titles a ledger row. */
export const ledgerActivityTitle = (type: string): string => byKey.get(type)?.activity ?? ledgerTypeLabel(type);

/** Types whose credits add to the wallet's total earnings: the income types, nothing else. */
export const EARNING_TYPES: ReadonlySet<string> = new Set(LEDGER_TYPES.filter((t) => t.earnings).map((t) => t.key));

/** The ledger types an income report lists. */
export const reportTypes = (report: IncomeReport): LedgerType[] => LEDGER_TYPES.filter((t) => t.report === report).map((t) => t.key as LedgerType);
