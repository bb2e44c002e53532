-- The open cycles' legs move into member_volume (docs/decisions/0009): one row write per ancestor and batch instead of three.
-- leg_volumes keeps what the old applier wrote; a cycle's legs are its leg_volumes rows plus the member_volume rows marked with it.
ALTER TABLE "member_volume" ADD COLUMN "pairing_cycle_id" uuid;--> statement-breakpoint
ALTER TABLE "member_volume" ADD COLUMN "pairing_left" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_volume" ADD COLUMN "pairing_right" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_volume" ADD COLUMN "monthly_cycle_id" uuid;--> statement-breakpoint
ALTER TABLE "member_volume" ADD COLUMN "monthly_left" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_volume" ADD COLUMN "monthly_right" numeric(14, 2) DEFAULT '0' NOT NULL;