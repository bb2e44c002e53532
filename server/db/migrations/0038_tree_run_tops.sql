ALTER TABLE "users" ADD COLUMN "run_top" uuid;--> statement-breakpoint
-- Every placed member's run top (ADR 0017), level by level from the top as the jump pointers of 0035.
DO $$
DECLARE
  d int;
  deepest int;
BEGIN
  SELECT coalesce(max(level), 0) INTO deepest FROM "users" WHERE placed_at IS NOT NULL;
  FOR d IN 1..deepest LOOP
    UPDATE "users" c SET run_top = CASE WHEN p.position = c.position AND p.run_top IS NOT NULL THEN p.run_top ELSE p.id END
    FROM "users" p
    WHERE c.level = d AND c.placed_at IS NOT NULL AND p.id = c.parent_id;
  END LOOP;
END $$;--> statement-breakpoint
CREATE INDEX "users_run_idx" ON "users" USING btree ("run_top","position","level") WHERE "users"."run_top" is not null;
