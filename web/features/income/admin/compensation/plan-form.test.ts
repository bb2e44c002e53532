import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN } from '../../../../../contracts/compensation';
import { formatCyclePeriod } from '../../../../lib/cycles';
import { diffPlans, flattenPlan, fromConfig, serverPlanErrors, setIn, toConfig, validatePlan } from './plan-form';

describe('plan form', () => {
  it('round-trips the defaults through the form and validates them', () => {
    const form = fromConfig(DEFAULT_PLAN);
    expect(toConfig(form)).toEqual(DEFAULT_PLAN);
    const verdict = validatePlan(form);
    expect(verdict.ok).toBe(true);
    if (verdict.ok) expect(verdict.config).toEqual(DEFAULT_PLAN);
  });

  it('turns blanks into no cap and whole numbers into numbers', () => {
    let form = setIn(fromConfig(DEFAULT_PLAN), 'pairing.capPairs', '5');
    form = setIn(form, 'pools.car_fund.capPerMember', '2000');
    form = setIn(form, 'pools.car_fund.points.Diamond', '2');
    form = setIn(form, 'pools.car_fund.points.Executive', '9'); // below the minimum rank: dropped
    const verdict = validatePlan(form);
    expect(verdict.ok).toBe(true);
    if (!verdict.ok) return;
    expect(verdict.config.pairing.capPairs).toBe(5);
    expect(verdict.config.pools.car_fund.capPerMember).toBe('2000');
    expect(verdict.config.pools.car_fund.points).toEqual({ Diamond: 2 });
    const back = validatePlan(setIn(form, 'pairing.capPairs', ''));
    expect(back.ok && back.config.pairing.capPairs).toBe(null);
  });

  it('reports the schema messages by path', () => {
    let form = setIn(fromConfig(DEFAULT_PLAN), 'pairing.pairRate', '101');
    form = setIn(form, 'pairing.pairUnitBV', '1.5');
    form = setIn(form, 'sponsorIncome.levels', [
      { level: '1', percent: '10' },
      { level: '1', percent: '5' },
    ]);
    const verdict = validatePlan(form);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.errors['pairing.pairRate']).toBe('Pair rate cannot be more than 100 %');
    expect(verdict.errors['pairing.pairUnitBV']).toBe('Pair unit BV must be a whole number');
    expect(verdict.errors['sponsorIncome.levels']).toBe('Each sponsor income level may appear once');
    // The whole-plan rules run once every field reads well.
    const pools = validatePlan(setIn(fromConfig(DEFAULT_PLAN), 'pools.car_fund.percent', '99'));
    expect(!pools.ok && pools.errors.pools).toBe('The pools together cannot take more than 100 % of the company BV');
  });

  it('maps the server fieldErrors of a {config} body', () => {
    expect(serverPlanErrors({ 'config.pairing.pairRate': ['Too high'], config: ['Bad'], other: undefined })).toEqual({ 'pairing.pairRate': 'Too high', _: 'Bad' });
  });

  it('lists the changed parameters, old to new, matching table rows by key', () => {
    let next = setIn(fromConfig(DEFAULT_PLAN), 'pairing.pairRate', '12.00');
    next = setIn(next, 'sponsorIncome.levels', [
      { level: '1', percent: '10.0' },
      { level: '2', percent: '5' },
    ]);
    next = setIn(next, 'pairing.capPairs', '5');
    const changes = diffPlans(fromConfig(DEFAULT_PLAN), next);
    expect(changes).toEqual([
      { path: 'pairing.pairRate', from: '10 %', to: '12 %' },
      { path: 'pairing.capPairs', from: 'none', to: '5 pairs' },
      { path: 'sponsorIncome.levels[level 2].percent', from: '—', to: '5 %' },
    ]);
    expect(diffPlans(fromConfig(DEFAULT_PLAN), fromConfig(DEFAULT_PLAN))).toEqual([]);
    expect(flattenPlan(fromConfig(DEFAULT_PLAN)).get('deductions.tds[from 2020-04-01].threshold')).toBe('₹20,000');
  });
});

describe('cycle period', () => {
  it('shows the last day of an exclusive end in Asia/Kolkata', () => {
    // Monday 2 Mar 2026 00:00 IST to Monday 9 Mar 2026 00:00 IST.
    expect(formatCyclePeriod('2026-03-01T18:30:00.000Z', '2026-03-08T18:30:00.000Z')).toBe('Mar 2 – Mar 8, 2026');
    expect(formatCyclePeriod('2025-12-28T18:30:00.000Z', '2026-01-04T18:30:00.000Z')).toBe('Dec 29, 2025 – Jan 4, 2026');
  });
});
