/*
 * The charts' spans, beside the time zone: shared by the hooks (api.ts) and the reads the page starts before the
 * dashboards' script has arrived (app/prefetch.ts), which must ask for the very same address to be taken.
 */
export const ADMIN_CHARTS_QUERY = { days: 30, cycles: 12 } as const;
export const MEMBER_CHARTS_QUERY = { cycles: 12 } as const;
