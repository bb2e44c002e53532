/** A timestamp of the team's answers as ISO text (the contract's dates), null kept. */
export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
