import { describe, it, expect } from 'vitest';
import { poolingOf } from './client';

describe('poolingOf (ADR 0033)', () => {
  it('leaves a URL without pool_mode as it is: direct, named statements allowed', () => {
    expect(poolingOf('postgres://app:s3cret@db:5432/app?sslmode=require')).toEqual({ connectionString: 'postgres://app:s3cret@db:5432/app?sslmode=require', transactionPooling: false });
  });

  it('takes pool_mode=transaction off the URL and says so, keeping the other parameters', () => {
    expect(poolingOf('postgres://app@pgbouncer:6432/app?pool_mode=transaction&sslmode=disable')).toEqual({
      connectionString: 'postgres://app@pgbouncer:6432/app?sslmode=disable',
      transactionPooling: true,
    });
  });

  it('accepts pool_mode=session as no change, and refuses any other mode', () => {
    expect(poolingOf('postgres://app@pgbouncer:6432/app?pool_mode=session').transactionPooling).toBe(false);
    expect(() => poolingOf('postgres://app@pgbouncer:6432/app?pool_mode=statement')).toThrow(/pool_mode .* transaction or session/);
  });
});
