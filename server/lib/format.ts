import { formatBV, formatMoney } from '../../contracts/format-money';

/** Rupees for messages and notifications: ₹1,23,456.50, the web's format (issue 30). */
export const rupees = (v: string) => formatMoney(v);
/** BV for messages and the activity feed: "1,500 BV", never "1500.00 BV" (issue 30). */
export const bvText = (v: string) => formatBV(v, { unit: true });

/** "First Last", or the public user id when the names are empty. */
export const personName = (r: { firstName: string | null; lastName: string | null; userDisplayId: string }) => [r.firstName, r.lastName].filter(Boolean).join(' ') || r.userDisplayId;
