import { onFirstUse } from './intl';

const COUNT = onFirstUse(() => new Intl.NumberFormat('en-IN'));

/**
 * A count with its noun in the right number (issue 30: never "1 members"): `plural(1, 'member')` is "1 member",
 * `plural(100000, 'member')` "1,00,000 members"; `many` for a plural not made by adding "s" (`plural(n, 'member paid',
 * 'members paid')`). A missing count reads 0.
 */
export function plural(n: number | string | null | undefined, one: string, many = `${one}s`): string {
  const v = Number(n ?? 0);
  const count = Number.isFinite(v) ? v : 0;
  return `${COUNT().format(count)} ${count === 1 ? one : many}`;
}

/** The possessive of a counted plural: "1 member’s wallet", "2 members’ wallets". */
export function pluralPossessive(n: number | string | null | undefined, one: string, thing: string, many = `${one}s`, things = `${thing}s`): string {
  const v = Number(n ?? 0);
  return v === 1 ? `${plural(v, one, many)}’s ${thing}` : `${plural(v, one, many)}’ ${things}`;
}
