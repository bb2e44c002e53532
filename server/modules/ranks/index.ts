/** The ranks module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { RANK_VOLUME_STEPS, applyRanks, findRankPromotions, rankProgress } from './rank.service';
