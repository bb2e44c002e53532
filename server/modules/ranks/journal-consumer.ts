import type { JournalConsumer } from '../../core/journal';
import { lockAncestors } from '../tree';
import { applyRanks, findRankPromotions, RANK_VOLUME_STEPS } from './rank.service';

/**
 * The rank check (docs/spec/decisions.md §5) after each volume batch, in its transaction: for members whose legs
 * reached a rank's volume in the batch, and for sponsors, who may reach a rank through a new direct recruit. Only
 * the applier changes legs, directs and ranks, so the figures read here are the ones the promotions record.
 * Answers the members promoted.
 */
export const ranksOnJournal: JournalConsumer = {
  name: 'ranks',
  volumeSteps: RANK_VOLUME_STEPS,
  async applied(_ctx, tx, batch) {
    const promotions = await findRankPromotions(tx, [...new Set([...batch.reachedStep, ...batch.sponsors])]);
    // A promotion writes the member's `users` row, which placements lock bottom-up: lock those rows in the same
    // order, in one statement, first (promotions are rare; a batch otherwise never touches `users`).
    if (promotions.length)
      await lockAncestors(
        tx,
        promotions.map((p) => p.id),
      );
    return applyRanks(tx, promotions, batch.at);
  },
};
