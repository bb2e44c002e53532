import type { AppContext } from '../context';
import { jobSummary } from './jobs.repo';

/** Per job name: how many are due, running (leased) and failing (last run ended in an error). */
export async function jobStatus(ctx: AppContext) {
  return jobSummary(ctx.db, ctx.clock.now());
}
