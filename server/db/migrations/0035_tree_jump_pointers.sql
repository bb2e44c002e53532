ALTER TABLE "users" ADD COLUMN "jump_id" uuid;--> statement-breakpoint
-- Every placed member's jump: the nearest ancestor at a level that is a multiple of 64, strictly above (ADR 0017).
-- Level by level from the top, each level one indexed update (a recursive query over a million members and a
-- 5,000-deep chain would rescan the table on every level).
DO $$
DECLARE
  d int;
  deepest int;
BEGIN
  SELECT coalesce(max(level), 0) INTO deepest FROM "users" WHERE placed_at IS NOT NULL;
  FOR d IN 1..deepest LOOP
    UPDATE "users" c SET jump_id = CASE WHEN p.level % 64 = 0 THEN p.id ELSE p.jump_id END
    FROM "users" p
    WHERE c.level = d AND c.placed_at IS NOT NULL AND p.id = c.parent_id;
  END LOOP;
END $$;
