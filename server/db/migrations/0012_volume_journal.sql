CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" varchar(120) NOT NULL,
	"name" varchar(60) NOT NULL,
	"payload" jsonb,
	"recurring" boolean DEFAULT false NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"locked_by" varchar(80),
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_run_at" timestamp with time zone,
	"last_ok_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comp_cycles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(10) NOT NULL,
	"period" varchar(10) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"status" varchar(12) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comp_cycles_kind_check" CHECK ("comp_cycles"."kind" in ('pairing','monthly')),
	CONSTRAINT "comp_cycles_status_check" CHECK ("comp_cycles"."status" in ('open','closed','calculated','approved','posted')),
	CONSTRAINT "comp_cycles_bounds_check" CHECK ("comp_cycles"."starts_at" < "comp_cycles"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "leg_volumes" (
	"cycle_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"left_bv" numeric(14, 2) DEFAULT '0' NOT NULL,
	"right_bv" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "leg_volumes_cycle_id_member_id_pk" PRIMARY KEY("cycle_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "volume_apply_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"events" integer NOT NULL,
	"ancestors" integer NOT NULL,
	"ms" integer NOT NULL,
	"worker" varchar(80)
);
--> statement-breakpoint
CREATE TABLE "volume_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"member_id" uuid NOT NULL,
	"purchase_id" uuid,
	"bv" numeric(12, 2) DEFAULT '0' NOT NULL,
	"d_members" smallint DEFAULT 0 NOT NULL,
	"d_active" smallint DEFAULT 0 NOT NULL,
	"sponsor_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	"pairing_cycle_id" uuid,
	"monthly_cycle_id" uuid,
	CONSTRAINT "volume_events_kind_check" CHECK ("volume_events"."kind" in ('purchase','placement','activity')),
	CONSTRAINT "volume_events_bv_check" CHECK ("volume_events"."bv" >= 0)
);
--> statement-breakpoint
ALTER TABLE "leg_volumes" ADD CONSTRAINT "leg_volumes_cycle_id_comp_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."comp_cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volume_events" ADD CONSTRAINT "volume_events_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volume_events" ADD CONSTRAINT "volume_events_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volume_events" ADD CONSTRAINT "volume_events_pairing_cycle_id_comp_cycles_id_fk" FOREIGN KEY ("pairing_cycle_id") REFERENCES "public"."comp_cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volume_events" ADD CONSTRAINT "volume_events_monthly_cycle_id_comp_cycles_id_fk" FOREIGN KEY ("monthly_cycle_id") REFERENCES "public"."comp_cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_key" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "comp_cycles_one_open_key" ON "comp_cycles" USING btree ("kind") WHERE "comp_cycles"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "comp_cycles_start_key" ON "comp_cycles" USING btree ("kind","starts_at");--> statement-breakpoint
CREATE INDEX "leg_volumes_member_idx" ON "leg_volumes" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "volume_apply_log_at_idx" ON "volume_apply_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "volume_events_pending_idx" ON "volume_events" USING btree ("id") WHERE "volume_events"."applied_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "volume_events_purchase_key" ON "volume_events" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "volume_events_member_idx" ON "volume_events" USING btree ("member_id","occurred_at");--> statement-breakpoint
CREATE INDEX "volume_events_pairing_idx" ON "volume_events" USING btree ("pairing_cycle_id");