CREATE TABLE "comp_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"type" varchar(30) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cycle_id" uuid
);
--> statement-breakpoint
CREATE TABLE "comp_carry" (
	"cycle_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"carry_left" numeric(14, 2) NOT NULL,
	"carry_right" numeric(14, 2) NOT NULL,
	"paired_ever" boolean DEFAULT false NOT NULL,
	CONSTRAINT "comp_carry_cycle_id_member_id_pk" PRIMARY KEY("cycle_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "comp_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cycle_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"type" varchar(30) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"plan_version" integer NOT NULL,
	"explanation" jsonb NOT NULL,
	"adjustment_id" uuid
);
--> statement-breakpoint
CREATE TABLE "comp_payouts" (
	"cycle_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"gross" numeric(14, 2) NOT NULL,
	"admin_charge" numeric(14, 2) NOT NULL,
	"tds" numeric(14, 2) NOT NULL,
	"net" numeric(14, 2) NOT NULL,
	"fy" integer NOT NULL,
	"tds_rate" numeric(7, 4) NOT NULL,
	"pan_approved" boolean NOT NULL,
	"posted_at" timestamp with time zone,
	CONSTRAINT "comp_payouts_cycle_id_member_id_pk" PRIMARY KEY("cycle_id","member_id"),
	CONSTRAINT "comp_payouts_net_nonneg" CHECK ("comp_payouts"."net" >= 0 and "comp_payouts"."gross" >= 0 and "comp_payouts"."admin_charge" >= 0 and "comp_payouts"."tds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "comp_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"config" jsonb NOT NULL,
	"based_on" uuid,
	"effective_from" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_by" uuid,
	"activated_at" timestamp with time zone,
	CONSTRAINT "comp_plans_status_check" CHECK ("comp_plans"."status" in ('draft','active','retired')),
	CONSTRAINT "comp_plans_active_dated" CHECK ("comp_plans"."status" = 'draft' or "comp_plans"."effective_from" is not null)
);
--> statement-breakpoint
ALTER TABLE "comp_cycles" ADD COLUMN "plan_id" uuid;--> statement-breakpoint
ALTER TABLE "comp_cycles" ADD COLUMN "calculated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comp_cycles" ADD COLUMN "calculated_by" uuid;--> statement-breakpoint
ALTER TABLE "comp_cycles" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comp_cycles" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "comp_cycles" ADD COLUMN "posted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comp_cycles" ADD COLUMN "posted_by" uuid;--> statement-breakpoint
ALTER TABLE "comp_cycles" ADD COLUMN "summary" jsonb;--> statement-breakpoint
ALTER TABLE "comp_adjustments" ADD CONSTRAINT "comp_adjustments_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_adjustments" ADD CONSTRAINT "comp_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_adjustments" ADD CONSTRAINT "comp_adjustments_cycle_id_comp_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."comp_cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_carry" ADD CONSTRAINT "comp_carry_cycle_id_comp_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."comp_cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_lines" ADD CONSTRAINT "comp_lines_cycle_id_comp_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."comp_cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_lines" ADD CONSTRAINT "comp_lines_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_payouts" ADD CONSTRAINT "comp_payouts_cycle_id_comp_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."comp_cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_payouts" ADD CONSTRAINT "comp_payouts_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_plans" ADD CONSTRAINT "comp_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_plans" ADD CONSTRAINT "comp_plans_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comp_adjustments_waiting_idx" ON "comp_adjustments" USING btree ("member_id") WHERE "comp_adjustments"."cycle_id" is null;--> statement-breakpoint
CREATE INDEX "comp_carry_member_idx" ON "comp_carry" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "comp_lines_cycle_member_idx" ON "comp_lines" USING btree ("cycle_id","member_id");--> statement-breakpoint
CREATE INDEX "comp_lines_member_idx" ON "comp_lines" USING btree ("member_id","cycle_id");--> statement-breakpoint
CREATE INDEX "comp_payouts_member_idx" ON "comp_payouts" USING btree ("member_id","fy");--> statement-breakpoint
CREATE UNIQUE INDEX "comp_plans_version_key" ON "comp_plans" USING btree ("version");--> statement-breakpoint
ALTER TABLE "comp_cycles" ADD CONSTRAINT "comp_cycles_calculated_by_users_id_fk" FOREIGN KEY ("calculated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_cycles" ADD CONSTRAINT "comp_cycles_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_cycles" ADD CONSTRAINT "comp_cycles_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;