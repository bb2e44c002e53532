/** The cycles module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { CYCLE_KINDS, periodBounds } from './cycle-calendar';
export { closeCycleOnSchedule, ensureOpenCycles } from './cycles.service';
