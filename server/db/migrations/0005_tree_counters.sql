ALTER TABLE "users" ADD COLUMN "placed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "left_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "right_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "left_active" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "right_active" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "team_depth" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "open_depth" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "users" SET "placed_at" = coalesce("activation_date", "created_at") WHERE "tree_path" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_open_slot_idx" ON "users" USING btree ("level","created_at") WHERE "users"."placed_at" is not null and ("users"."left_child_id" is null or "users"."right_child_id" is null);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tree_counters_nonneg" CHECK ("users"."left_count" >= 0 and "users"."right_count" >= 0 and "users"."left_active" >= 0 and "users"."right_active" >= 0 and "users"."team_depth" >= 0 and "users"."open_depth" >= 0);