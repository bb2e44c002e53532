import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client';

/**
 * The query cache of a signed-out screen other than sign-in (signup, password reset, invitation, referral
 * registration): their data layer is the same TanStack hooks as everywhere; the sign-in page, in the first load,
 * does without (ADR 0012). Loaded with the screen's own chunk.
 */
export function WithQueries({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
