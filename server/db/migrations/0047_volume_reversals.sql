ALTER TABLE "volume_events" DROP CONSTRAINT "volume_events_kind_check";--> statement-breakpoint
ALTER TABLE "volume_events" DROP CONSTRAINT "volume_events_bv_check";--> statement-breakpoint
DROP INDEX "volume_events_purchase_key";--> statement-breakpoint
ALTER TABLE "volume_events" ADD COLUMN "return_id" uuid;--> statement-breakpoint
ALTER TABLE "volume_events" ADD COLUMN "reference" varchar(30);--> statement-breakpoint
CREATE UNIQUE INDEX "volume_events_return_key" ON "volume_events" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "volume_events_reversed_idx" ON "volume_events" USING btree ("purchase_id") WHERE "volume_events"."kind" = 'reversal';--> statement-breakpoint
CREATE UNIQUE INDEX "volume_events_purchase_key" ON "volume_events" USING btree ("purchase_id") WHERE "volume_events"."kind" = 'purchase';--> statement-breakpoint
ALTER TABLE "volume_events" ADD CONSTRAINT "volume_events_kind_check" CHECK ("volume_events"."kind" in ('purchase','placement','activity','reversal'));--> statement-breakpoint
ALTER TABLE "volume_events" ADD CONSTRAINT "volume_events_bv_check" CHECK (case when "volume_events"."kind" = 'reversal' then "volume_events"."bv" < 0 and "volume_events"."purchase_id" is not null and "volume_events"."return_id" is not null else "volume_events"."bv" >= 0 end);