/**
 * Statuses that wait on something the viewer cannot see happen (issue 30: "Invoice being prepared" until a reload).
 * A query shown with such a status asks again on its own while it waits, and stops once it is settled:
 * `refetchInterval: pollWhile(isWaiting, SERVER_WORK_POLL_MS)`.
 */

/** The server's own work (an invoice issued by the applier's next pass): seconds, so ask again soon. */
export const SERVER_WORK_POLL_MS = 2_000;
/** A person's review (an admin approving a withdrawal, a top-up, a KYC document, a payment): ask now and then. */
export const REVIEW_POLL_MS = 30_000;

/** A refetchInterval for react-query: `ms` while `waiting(data)`, off once settled (or before the first answer). */
export function pollWhile<T>(waiting: (data: T) => boolean, ms: number) {
  return (query: { state: { data: T | undefined } }): number | false => (query.state.data !== undefined && waiting(query.state.data) ? ms : false);
}

/** True when any of the rows is still `pending`. */
export const anyPending = (rows: readonly { status: string }[] | undefined) => Boolean(rows?.some((r) => r.status === 'pending'));
