-- A member's BV figures move out of the wide users row into a narrow table of their own (docs/decisions/0009,
-- issue 11): the volume applier rewrites thousands of them a second; on users each personal-BV update wrote all
-- 20 indexes (total_bv was indexed) and each leg update read and dirtied 600 MB of wide pages.
CREATE TABLE "member_volume" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"total_bv" numeric(14, 2) DEFAULT '0' NOT NULL,
	"left_bv" numeric(14, 2) DEFAULT '0' NOT NULL,
	"right_bv" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "member_volume_nonneg" CHECK ("member_volume"."total_bv" >= 0 and "member_volume"."left_bv" >= 0 and "member_volume"."right_bv" >= 0)
) WITH (fillfactor = 70);
--> statement-breakpoint
INSERT INTO "member_volume" ("member_id", "total_bv", "left_bv", "right_bv") SELECT "id", "total_bv", "left_bv", "right_bv" FROM "users";--> statement-breakpoint
ALTER TABLE "member_volume" ADD CONSTRAINT "member_volume_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_volume_total_bv_idx" ON "member_volume" USING btree ("total_bv");--> statement-breakpoint
-- Every user has exactly one row from the moment the user exists.
CREATE OR REPLACE FUNCTION users_member_volume() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_volume (member_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_member_volume AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION users_member_volume();--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_bv_nonneg";--> statement-breakpoint
DROP INDEX "users_total_bv_idx";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "total_bv";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "left_bv";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "right_bv";
