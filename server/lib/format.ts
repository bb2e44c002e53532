/** Rupees for messages and notifications: ₹1,23,456.50 (Indian grouping, 2 decimals). */
const INR = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const rupees = (v: string) => `₹${INR.format(Number(v))}`;

/** "First Last", or the public user id when the names are empty. */
export const personName = (r: { firstName: string | null; lastName: string | null; userDisplayId: string }) =>
  [r.firstName, r.lastName].filter(Boolean).join(' ') || r.userDisplayId;
