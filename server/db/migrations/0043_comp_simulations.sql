CREATE TABLE "comp_simulations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"cycle_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"config" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"result" jsonb,
	"error" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "comp_simulations_status_check" CHECK ("comp_simulations"."status" in ('queued','running','done','failed')),
	CONSTRAINT "comp_simulations_result_check" CHECK (("comp_simulations"."status" = 'done') = ("comp_simulations"."result" is not null))
);
--> statement-breakpoint
ALTER TABLE "comp_simulations" ADD CONSTRAINT "comp_simulations_plan_id_comp_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."comp_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_simulations" ADD CONSTRAINT "comp_simulations_cycle_id_comp_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."comp_cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_simulations" ADD CONSTRAINT "comp_simulations_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comp_simulations_requested_idx" ON "comp_simulations" USING btree ("requested_by","requested_at");