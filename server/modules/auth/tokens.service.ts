import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../context';
import { newToken, sha256 } from '../../lib/crypto';
import { TOKEN_TTL_MS } from '../../../contracts/constants';
import type { TokenType } from '../../../contracts/enums';
import { insertToken, revokeLiveTokens, findTokenForUpdate, findToken, consumeToken, type TokenRow } from './tokens.repo';

/** Issues a single-use token; only its hash is stored and older live ones of the type are revoked. */
export async function issueToken(ctx: AppContext, db: DbOrTx, opts: { email: string; userId?: string; type: TokenType; scopedData?: unknown; ip?: string }): Promise<string> {
  const now = ctx.clock.now();
  const token = newToken();
  await revokeLiveTokens(db, opts.email, opts.type, now);
  await insertToken(db, {
    email: opts.email,
    userId: opts.userId,
    tokenHash: sha256(token),
    type: opts.type,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[opts.type]),
    scopedData: opts.scopedData ?? null,
    ipAddress: opts.ip,
  });
  return token;
}

const isLive = (row: TokenRow | undefined, now: Date): row is TokenRow => Boolean(row && !row.isConsumed && !row.isRevoked && row.expiresAt.getTime() > now.getTime());

/** Checks without using: for screens that validate a link before the form is sent. */
export async function peekToken(ctx: AppContext, db: DbOrTx, token: string, type: TokenType): Promise<TokenRow | undefined> {
  const row = await findToken(db, sha256(token), type);
  return isLive(row, ctx.clock.now()) ? row : undefined;
}

/** Uses a token once, inside the caller's transaction. */
export async function useToken(ctx: AppContext, tx: DbOrTx, token: string, type: TokenType): Promise<TokenRow | undefined> {
  const now = ctx.clock.now();
  const row = await findTokenForUpdate(tx, sha256(token), type);
  if (!isLive(row, now)) return undefined;
  await consumeToken(tx, row.id, now);
  return row;
}
