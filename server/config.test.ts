import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { defaultPoolSize, loadConfig } from './config';

describe('DB_POOL_SIZE', () => {
  it('defaults to twice the cores plus one, between 4 and 20', () => {
    expect([1, 2, 4, 8, 16, 64].map(defaultPoolSize)).toEqual([4, 5, 9, 17, 20, 20]);
    expect(loadConfig({}).dbPoolSize).toBe(defaultPoolSize(availableParallelism()));
  });

  it('takes a set value as it is, and refuses one out of range', () => {
    expect(loadConfig({ DB_POOL_SIZE: '30' }).dbPoolSize).toBe(30);
    expect(() => loadConfig({ DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE/);
  });
});
