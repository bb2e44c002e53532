import { onPostgresPool, type DbOrTx } from '../../db/client';
import { insertWalletPurchase, insertWalletPurchases, type WalletPurchase } from './commerce.repo';

/** What a wallet purchase's statement answered: whether the debit happened, and the balance after it. */
export interface PurchaseOutcome {
  funded: boolean;
  balanceAfter: string | null;
  /** A keyed purchase that must run in a transaction of its own (InOwnTransaction): nothing was written. */
  inOwnTransaction?: boolean;
}

const IN_OWN_TRANSACTION: PurchaseOutcome = { funded: false, balanceAfter: null, inOwnTransaction: true };

/** Batches of one process sent at once; more wait and grow (ADR 0035). */
export const BATCHES_IN_FLIGHT = 2;
/** The most purchases in one statement. */
export const MAX_BATCH = 100;
/** A batch still waiting after this long (a wallet row held by a long transaction) lets the next batch start. */
export const STALLED_BATCH_MS = 500;

interface Pending {
  p: WalletPurchase;
  resolve: (o: PurchaseOutcome) => void;
  reject: (err: unknown) => void;
}

/**
 * Wallet purchases, coalesced (ADR 0035): while BATCHES_IN_FLIGHT statements are at the database, the purchases that
 * arrive wait, and go together in the next statement (commerce.repo insertWalletPurchases), one row each. Each
 * purchase is debited, written and journaled exactly as alone, and a keyed one stores its answer under its key in
 * that statement; one commit and one round trip serve them all. A batch holds one purchase per buyer, and no buyer
 * of a batch still at the database: a buyer's purchases go in the order they came, and two batches of a process
 * never wait on each other's wallet rows. A batch the database refuses as a whole (a statement error, which rolled
 * all of it back) is answered one purchase at a time: alone, or in its own transaction when it has a key; when the
 * connection fails, no one knows what committed, and every purchase of the batch fails with that error, as a
 * purchase alone would. A purchase whose wallet another transaction holds (a payout posting's batch) is skipped by
 * the statement, writing nothing, and goes on its own, waiting for that wallet alone instead of holding up its batch.
 */
export class PurchaseBatches {
  private queue: Pending[] = [];
  private counted = 0;
  /**
   * Coalesced statements sent (of more than one purchase, or of a keyed one), the purchases they carried, the largest,
   * how many the database refused as a whole, and the purchases skipped for a wallet another transaction held.
   */
  readonly sent = { batches: 0, purchases: 0, largest: 0, refused: 0, skipped: 0 };
  private readonly buyersAtDatabase = new Set<string>();

  constructor(private readonly db: DbOrTx) {}

  submit(p: WalletPurchase): Promise<PurchaseOutcome> {
    return new Promise<PurchaseOutcome>((resolve, reject) => {
      this.queue.push({ p, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.counted < BATCHES_IN_FLIGHT && this.queue.length) {
      const batch: Pending[] = [];
      const rest: Pending[] = [];
      const buyers = new Set<string>();
      for (const q of this.queue) {
        const buyer = q.p.userId;
        if (batch.length < MAX_BATCH && !buyers.has(buyer) && !this.buyersAtDatabase.has(buyer)) {
          buyers.add(buyer);
          batch.push(q);
        } else rest.push(q);
      }
      // Every waiting purchase is of a buyer whose batch is at the database: it goes when that batch is back.
      if (!batch.length) return;
      this.queue = rest;
      for (const b of buyers) this.buyersAtDatabase.add(b);
      this.counted++;
      let counting = true;
      const release = () => {
        if (!counting) return;
        counting = false;
        this.counted--;
      };
      const stalled = setTimeout(() => {
        release();
        this.pump();
      }, STALLED_BATCH_MS);
      void this.send(batch).then((skipped) => {
        clearTimeout(stalled);
        release();
        // A skipped purchase's buyer stays at the database until it went on its own: the buyer's next purchase waits.
        const waiting = new Set(skipped.map((b) => b.p.userId));
        for (const b of buyers) if (!waiting.has(b)) this.buyersAtDatabase.delete(b);
        this.pump();
        if (!skipped.length) return;
        void Promise.all(skipped.map((b) => alone(this.db, b))).then(() => {
          for (const b of waiting) this.buyersAtDatabase.delete(b);
          this.pump();
        });
      });
    }
  }

  /** Sends a batch and answers its purchases; resolves to those skipped for a wallet another transaction held. Never rejects. */
  private async send(batch: Pending[]): Promise<Pending[]> {
    if (batch.length === 1 && !batch[0].p.key) {
      await alone(this.db, batch[0]);
      return [];
    }
    this.sent.batches++;
    this.sent.purchases += batch.length;
    this.sent.largest = Math.max(this.sent.largest, batch.length);
    let made: Awaited<ReturnType<typeof insertWalletPurchases>>;
    try {
      made = await insertWalletPurchases(
        this.db,
        batch.map((b) => b.p),
      );
    } catch (err) {
      this.sent.refused++;
      if (!rolledBack(err)) {
        for (const b of batch) b.reject(err);
        return [];
      }
      await Promise.all(batch.map((b) => alone(this.db, b)));
      return [];
    }
    const skipped: Pending[] = [];
    for (const b of batch) {
      if (made.skipped.has(b.p.id)) {
        skipped.push(b);
        continue;
      }
      const balance = made.after.get(b.p.id);
      if (balance !== undefined) b.resolve({ funded: true, balanceAfter: balance });
      // A keyed purchase that was not made may be the repeat of one that was: its own transaction replays the answer
      // stored under its key, or refuses it for funds (or prices it again) as before.
      else b.resolve(b.p.key ? IN_OWN_TRANSACTION : { funded: false, balanceAfter: null });
    }
    this.sent.skipped += skipped.length;
    return skipped;
  }
}

/** A purchase on its own: the single statement; a keyed one in a transaction of its own, where its key is claimed. */
const alone = (db: DbOrTx, b: Pending) => (b.p.key ? b.resolve(IN_OWN_TRANSACTION) : insertWalletPurchase(db, b.p).then(b.resolve, b.reject));

/**
 * Whether a failed statement certainly wrote nothing: the server answered with an error (a SQLSTATE), which rolled
 * back its implicit transaction. Not when the connection failed or the server was going away (classes 08, 57, 58),
 * where the commit may have happened.
 */
function rolledBack(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !['08', '57', '58'].includes(code.slice(0, 2));
}

const batchesByDb = new WeakMap<object, PurchaseBatches>();

/** The batches of a database's pool, once a purchase went through them (for tests). */
export const purchaseBatchesOf = (db: DbOrTx) => batchesByDb.get(db);

/**
 * A wallet purchase's one statement: on a PostgreSQL pool through the process's batches, a keyed one storing its
 * answer with it; in a transaction (a keyed request run again in its own) or on PGlite alone, and a keyed one there
 * is answered IN_OWN_TRANSACTION: its key is claimed by the transactor's transaction instead.
 */
export async function walletPurchaseStatement(db: DbOrTx, p: WalletPurchase): Promise<PurchaseOutcome> {
  if (!onPostgresPool(db)) return p.key ? IN_OWN_TRANSACTION : insertWalletPurchase(db, p);
  let batches = batchesByDb.get(db);
  if (!batches) batchesByDb.set(db, (batches = new PurchaseBatches(db)));
  return batches.submit(p);
}
