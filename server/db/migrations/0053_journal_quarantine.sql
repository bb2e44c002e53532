ALTER TABLE "jobs" ADD COLUMN "parked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "volume_events" ADD COLUMN "quarantined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "volume_events" ADD COLUMN "quarantine_error" text;--> statement-breakpoint
ALTER TABLE "volume_events" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "volume_events" ADD COLUMN "settle_reason" text;--> statement-breakpoint
CREATE INDEX "volume_events_quarantined_idx" ON "volume_events" USING btree ("id") WHERE "volume_events"."quarantined_at" is not null and "volume_events"."applied_at" is null;--> statement-breakpoint
CREATE INDEX "volume_events_settled_idx" ON "volume_events" USING btree ("purchase_id") WHERE "volume_events"."settled_at" is not null;