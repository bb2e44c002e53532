/** The recruitment module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { findRecruitForUpdate, listAwaitingUpline, listRecruiterPipeline, openRecruitsWithRefs, recruitsAimedAt, updateRecruit } from './pipeline.repo';
export type { PendingRecruitRow } from './pipeline.repo';
export { enterPipeline } from './pipeline.service';
export { closeAsRejected } from './recruits.service';
