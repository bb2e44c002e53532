/** The member portal's paths (doc 1 §2, doc 3 §2.1; /wallet and /support from screens M11-M12; /income from docs/spec/compensation.md §6). */
export const MEMBER_PATHS = ['/dashboard', '/kyc-upload', '/my-team', '/products', '/my-purchases', '/wallet', '/income', '/support', '/settings'] as const;

/** Paths a signed-in user has and a visitor does not: a visitor there is asked to log in. */
export const SIGNED_IN_ONLY_PATHS = [...MEMBER_PATHS, '/founder', '/admin', '/franchise', '/change-password', '/pending-dashboard', '/agreement-update'] as const;
