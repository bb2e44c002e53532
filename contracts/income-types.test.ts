import { describe, expect, it } from 'vitest';
import { EARNING_TYPES, INCOME_TYPES, LEDGER_TYPES, TRANSACTION_TYPES, ledgerActivityTitle, ledgerTypeLabel, reportTypes } from './income-types';

describe('the ledger type registry', () => {
  it('lists each type once, each with its own label', () => {
    expect(new Set(TRANSACTION_TYPES).size).toBe(LEDGER_TYPES.length);
    expect(new Set(LEDGER_TYPES.map((t) => t.label)).size).toBe(LEDGER_TYPES.length);
    for (const t of LEDGER_TYPES) expect(t.key).toMatch(/^[a-z_]{1,30}$/); // transactions.type is varchar(30)
  });

  it('holds the transaction types of document 3, the withdrawal reversal and the types compensation.md adds', () => {
    expect([...TRANSACTION_TYPES].sort()).toEqual(
      [
        'sponsor_income',
        'sales_incentive',
        'sales_bonus',
        'consistency_bonus',
        'franchise_income',
        'car_fund',
        'travel_fund',
        'leadership_fund',
        'house_fund',
        'millionaire_club',
        'royalty_income',
        'withdrawal',
        'purchase',
        'admin_credit',
        'admin_debit',
        'withdrawal_reversal',
        'rank_bonus',
        'admin_charge',
        'tds',
        'wallet_topup',
        'clawback', // docs/spec/returns.md §5: income taken back at posting
        'refund', // docs/spec/returns.md §2: a returned sale's money back to the wallet
      ].sort(),
    );
  });

  it('counts every income type as earnings, and the clawback that takes income back; nothing else (a Send Fund credit is not income)', () => {
    expect([...EARNING_TYPES].sort()).toEqual([...INCOME_TYPES.map((t) => t.key), 'clawback'].sort());
    for (const t of ['withdrawal', 'purchase', 'admin_credit', 'admin_debit', 'withdrawal_reversal', 'admin_charge', 'tds', 'wallet_topup']) expect(EARNING_TYPES.has(t)).toBe(false);
    for (const t of LEDGER_TYPES) expect(t.earnings, t.key).toBe(t.income || t.key === 'clawback');
  });

  it('feeds Direct Income from sponsor income and the Holiday Reward Summary from the travel fund', () => {
    expect(reportTypes('direct-income')).toEqual(['sponsor_income']);
    expect(reportTypes('holiday-reward')).toEqual(['travel_fund']);
  });

  it('labels, with a title-cased fallback for a type it does not know', () => {
    expect(ledgerTypeLabel('sponsor_income')).toBe('Direct Income');
    expect(ledgerTypeLabel('admin_credit')).toBe('Fund Credit');
    expect(ledgerTypeLabel('tds')).toBe('TDS');
    expect(ledgerTypeLabel('some_new_type')).toBe('Some New Type');
    expect(ledgerActivityTitle('admin_credit')).toBe('Wallet credited');
    expect(ledgerActivityTitle('purchase')).toBe('Paid from wallet');
    expect(ledgerActivityTitle('sales_incentive')).toBe('Sales Incentive');
  });
});
