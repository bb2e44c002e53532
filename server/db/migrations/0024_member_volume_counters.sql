-- The tree counters move to member_volume (docs/decisions/0009): the applier never writes a users row, so a
-- placement (slot, child pointer, open depth on users) never waits for a batch and a batch never waits for it.
ALTER TABLE "users" DROP CONSTRAINT "users_tree_counters_nonneg";--> statement-breakpoint
ALTER TABLE "member_volume" ADD COLUMN "left_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_volume" ADD COLUMN "right_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_volume" ADD COLUMN "left_active" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_volume" ADD COLUMN "right_active" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_volume" ADD COLUMN "team_depth" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_volume" ADD COLUMN "total_directs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_volume" ADD COLUMN "left_directs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_volume" ADD COLUMN "right_directs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The counters come along before their columns go.
UPDATE "member_volume" v SET "left_count" = u."left_count", "right_count" = u."right_count", "left_active" = u."left_active", "right_active" = u."right_active",
  "team_depth" = u."team_depth", "total_directs" = u."total_directs", "left_directs" = u."left_directs", "right_directs" = u."right_directs"
FROM "users" u WHERE u."id" = v."member_id" AND (u."left_count" <> 0 OR u."right_count" <> 0 OR u."total_directs" <> 0 OR u."team_depth" <> 0);--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "left_count";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "right_count";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "left_active";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "right_active";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "team_depth";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "total_directs";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "left_directs";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "right_directs";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_open_depth_nonneg" CHECK ("users"."open_depth" >= 0);--> statement-breakpoint
ALTER TABLE "member_volume" ADD CONSTRAINT "member_volume_counters_nonneg" CHECK ("member_volume"."left_count" >= 0 and "member_volume"."right_count" >= 0 and "member_volume"."left_active" >= 0 and "member_volume"."right_active" >= 0 and "member_volume"."team_depth" >= 0 and "member_volume"."total_directs" >= 0);