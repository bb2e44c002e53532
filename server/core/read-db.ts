import type { Db } from '../db/client';
import type { AppContext } from '../context';
import type { Actor, Principal, SystemActor } from './actor';
import { isSystemActor } from './actor';

/** Who a lag-tolerant read is for: the acting user (an Actor, or the Principal a read service takes), a job, or no one. */
export type Reader = Actor | Pick<Principal, 'id'> | SystemActor | undefined;

/** The users whose own writes a read must see: the user acted as, and the impersonating admin. */
function readerIds(reader: Reader): string[] {
  if (!reader) return [];
  if ('user' in reader) return reader.onBehalfOf ? [reader.user.id, reader.onBehalfOf.admin.id] : [reader.user.id];
  return [(reader as Pick<Principal, 'id'>).id];
}

/**
 * The database for a read that tolerates a little lag (ADR 0031: team, tree and explorer, charts, reports, income,
 * catalog, admin lists and search, exports): a replica when one is in use and has replayed the reader's last write,
 * else the primary. For reads only: a replica refuses writes. Jobs (a SystemActor) read the primary, since what they
 * read they usually write from. Without replicas (PGlite, or none configured) this is `ctx.db`.
 */
export function readDb(ctx: Pick<AppContext, 'db' | 'replicas'>, reader: Reader): Db {
  if (!ctx.replicas || (reader && 'system' in reader && isSystemActor(reader))) return ctx.db;
  return ctx.replicas.reader(readerIds(reader));
}
