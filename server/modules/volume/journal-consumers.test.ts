import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { JournalConsumer } from '../../core/journal';

// A fresh registry per test: the module keeps its list in module scope.
let registry: typeof import('./journal-consumers');
beforeEach(async () => {
  vi.resetModules();
  registry = await import('./journal-consumers');
});

const consumer = (name: string, steps?: JournalConsumer['volumeSteps']): JournalConsumer => ({ name, volumeSteps: steps, applied: async () => undefined });

describe('the volume journal consumers (core/journal.ts)', () => {
  it('refuses to answer none: a batch without them would leave purchases without invoices for good', () => {
    expect(() => registry.journalConsumers()).toThrow(/no volume journal consumers are registered/);
  });

  it('runs them in registration order; a name registered again is replaced in place', () => {
    registry.registerJournalConsumers(consumer('invoices'), consumer('sales-sums'), consumer('ranks'));
    const again = consumer('sales-sums');
    registry.registerJournalConsumers(again);
    expect(registry.journalConsumers().map((c) => c.name)).toEqual(['invoices', 'sales-sums', 'ranks']);
    expect(registry.journalConsumers()[1]).toBe(again);
  });

  it('watches the leg volumes of every consumer', () => {
    registry.registerJournalConsumers(consumer('a', [{ left: '1.00', right: '2.00', team: '3.00' }]), consumer('b'));
    expect(registry.watchedSteps()).toEqual([{ left: '1.00', right: '2.00', team: '3.00' }]);
  });

  it('the volume module imports none of its consumers: they register themselves (server/journal-consumers.ts)', () => {
    const dir = resolve(import.meta.dirname);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const text = readFileSync(resolve(dir, file), 'utf8');
      expect(text, file).not.toMatch(/from '\.\.\/(invoices|charts|ranks)(\/[^']*)?'/);
    }
  });
});
