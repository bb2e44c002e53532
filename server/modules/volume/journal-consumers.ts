import type { JournalConsumer, VolumeStep } from '../../core/journal';

/*
 * The consumers the applier runs after each batch (core/journal.ts), registered by the composition root
 * (server/journal-consumers.ts) in every process that applies the journal: the app, the worker, the tools.
 */
const registered: JournalConsumer[] = [];

/** Registers consumers, in the order they run; registering a name again replaces it (a second runtime in one process). */
export function registerJournalConsumers(...consumers: JournalConsumer[]) {
  for (const c of consumers) {
    const at = registered.findIndex((r) => r.name === c.name);
    if (at >= 0) registered[at] = c;
    else registered.push(c);
  }
}

/**
 * The consumers, refusing to answer none: a batch applied without them would leave purchases without their tax
 * invoice and members without their rank, silently and for good.
 */
export function journalConsumers(): readonly JournalConsumer[] {
  if (!registered.length) throw new Error('no volume journal consumers are registered: call registerJournalConsumers first (server/journal-consumers.ts)');
  return registered;
}

/** Every leg volume some consumer watches. */
export const watchedSteps = (): VolumeStep[] => journalConsumers().flatMap((c) => c.volumeSteps ?? []);
