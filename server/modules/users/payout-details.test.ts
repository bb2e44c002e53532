import { describe, expect, it } from 'vitest';
import { activeHoldEnd, bankVerificationOf, payoutChangesOf, payoutStamp, shownPayoutValue } from './payout-details';

const bank = { bankAccountNumber: '001122334455', bankIFSC: 'HDFC0001234', bankName: 'HDFC Bank', bankAccountHolderName: 'A Member', cryptoWalletAddress: null };
const at = (iso: string) => new Date(iso);

describe('payout details', () => {
  it('changes are the given fields that differ; undefined keeps, null clears', () => {
    expect(payoutChangesOf(bank, { bankAccountNumber: undefined, bankIFSC: 'HDFC0001234', bankName: 'SBI', cryptoWalletAddress: null })).toEqual({ bankName: 'SBI' });
    expect(payoutChangesOf(bank, { bankAccountHolderName: null })).toEqual({ bankAccountHolderName: null });
    expect(payoutChangesOf(bank, {})).toEqual({});
  });

  it('any change starts the hold; a new account number or IFSC also marks the account changed', () => {
    const now = at('2026-03-01T10:00:00Z');
    expect(payoutStamp({}, now)).toEqual({});
    expect(payoutStamp({ bankName: 'SBI' }, now)).toEqual({ payoutDetailsChangedAt: now });
    expect(payoutStamp({ cryptoWalletAddress: 'TX1' }, now)).toEqual({ payoutDetailsChangedAt: now });
    expect(payoutStamp({ bankIFSC: 'SBIN0001234' }, now)).toEqual({ payoutDetailsChangedAt: now, bankAccountChangedAt: now });
  });

  it('the hold runs 24 hours from the change', () => {
    const u = { payoutDetailsChangedAt: at('2026-03-01T10:00:00Z') };
    expect(activeHoldEnd(u, at('2026-03-02T09:59:59Z'))).toEqual(at('2026-03-02T10:00:00Z'));
    expect(activeHoldEnd(u, at('2026-03-02T10:00:00Z'))).toBeNull();
    expect(activeHoldEnd({ payoutDetailsChangedAt: null }, at('2026-03-02T10:00:00Z'))).toBeNull();
  });

  it('a bank account is verified by an approved cheque approved after the account last changed', () => {
    const u = { ...bank, bankAccountChangedAt: at('2026-03-01T10:00:00Z') };
    const doc = (status: string, reviewedAt: string | null) => ({ status, reviewedAt: reviewedAt ? at(reviewedAt) : null, updatedAt: at('2026-01-01T00:00:00Z') });
    expect(bankVerificationOf({ ...u, bankIFSC: null }, doc('approved', '2026-03-02T00:00:00Z'))).toBe('none');
    expect(bankVerificationOf(u, undefined)).toBe('missing');
    expect(bankVerificationOf(u, doc('pending', null))).toBe('pending');
    expect(bankVerificationOf(u, doc('rejected', '2026-03-02T00:00:00Z'))).toBe('rejected');
    expect(bankVerificationOf(u, doc('approved', '2026-02-28T00:00:00Z'))).toBe('outdated');
    expect(bankVerificationOf(u, doc('approved', '2026-03-02T00:00:00Z'))).toBe('verified');
    expect(bankVerificationOf({ ...u, bankAccountChangedAt: null }, doc('approved', '2020-01-01T00:00:00Z'))).toBe('verified');
  });

  it('account numbers are shown masked', () => {
    expect(shownPayoutValue('bankAccountNumber', '001122334455')).toBe('••••••••4455');
    expect(shownPayoutValue('bankIFSC', 'HDFC0001234')).toBe('HDFC0001234');
    expect(shownPayoutValue('cryptoWalletAddress', undefined)).toBeNull();
  });
});
