import { readFileSync, appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../contracts/access';
import { describeViolations, takeResponseViolations } from '../../server/http/response-check';

/** One row of the API contract: method (upper case), path (`:name` parameters), access level, source section. */
export interface ContractRow {
  method: string;
  path: string;
  access: Access;
  source: string;
}

/**
 * The API contract, `contracts/api-routes.tsv` in this repository (kept in step with the reference
 * specification). API_ROUTES_TSV may point at another copy; the default is the repository's own.
 */
export const CONTRACT_TSV = process.env.API_ROUTES_TSV ?? fileURLToPath(new URL('../../contracts/api-routes.tsv', import.meta.url));

/** The rows of the contract (header skipped): method, path, access, source, notes, tab separated. */
export function readContract(file: string = CONTRACT_TSV): ContractRow[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l.trim())
    .map((l) => {
      const [method, path, access, source] = l.split('\t');
      return { method: method.toUpperCase(), path, access: access as Access, source: source ?? '' };
    });
}

/**
 * Fails (throws) when the app answered anything off its route's contract since the last check (issue 14): the
 * test harness calls it after every call, so each integration test is a contract test too.
 */
export function assertAnswersOnContract(app: FastifyInstance) {
  const found = takeResponseViolations(app);
  // TEST_CONTRACT_LOG=file collects them there instead of failing at the call: a survey of a whole run.
  if (found.length && process.env.TEST_CONTRACT_LOG) return appendFileSync(process.env.TEST_CONTRACT_LOG, `${describeViolations(found)}\n`);
  if (found.length) throw new Error(`Answer off its contract:\n${describeViolations(found)}`);
}
