-- Each applier batch's milliseconds by step (claim, walk, figures, marked, then each journal consumer by name), so that
-- a slow batch in the log says where its time went. Null on the rows written before.
ALTER TABLE "volume_apply_log" ADD COLUMN "phases" jsonb;