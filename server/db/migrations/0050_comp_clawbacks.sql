CREATE TABLE "comp_clawbacks" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"cycle_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE INDEX "comp_clawbacks_cycle_idx" ON "comp_clawbacks" USING btree ("cycle_id");