/** Object storage (ADR 0032): moving stored files between the database and the bucket (`npm run storage:migrate`). */
export { migrateStorage, storageCounts, type Direction, type KindReport, type MigrationReport } from './storage.service';
