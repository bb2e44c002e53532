import type { AppContext } from '../context';
import type { Tx } from '../db/client';

/*
 * The volume journal's consumers (docs/ARCHITECTURE.md, "A new journal consumer"): what else happens, in the same
 * transaction, when a batch of journal entries is applied. The applier (modules/volume) knows only this shape; each
 * consumer is defined by the module that owns what it writes (tax invoices, the sales chart's sums, ranks) and the
 * composition root registers them (server/journal-consumers.ts), so the volume module imports none of them.
 */

/** A leg volume a consumer wants to hear of a member reaching (rupees as text; the ranks' requirements). */
export interface VolumeStep {
  left: string;
  right: string;
  team: string;
}

/** What one applied batch did, as its consumers see it. */
export interface AppliedBatch {
  /** The batch's time (the context's clock). */
  at: Date;
  /** The purchases applied, in journal order. */
  purchaseIds: string[];
  /** Members whose lifetime legs reached one of the consumers' volume steps in this batch. */
  reachedStep: string[];
  /** The sponsors of the members placed in this batch. */
  sponsors: string[];
}

export interface JournalConsumer {
  /** Names the consumer in the batch's result and in errors. */
  name: string;
  /** The leg volumes this consumer watches: members who reach one are in `reachedStep`. */
  volumeSteps?: readonly VolumeStep[];
  /**
   * Runs in the batch's transaction after its figures are written, in registration order; a throw rolls the whole
   * batch back, so what a consumer writes happens exactly once with the entries it follows. Answers how many
   * records it wrote (reported with the batch), or nothing.
   */
  applied(ctx: AppContext, tx: Tx, batch: AppliedBatch): Promise<number | void>;
}
