CREATE TABLE "grievance_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grievance_id" uuid NOT NULL,
	"kind" varchar(20) NOT NULL,
	"note" text,
	"actor_id" uuid,
	"actor_name" varchar(120),
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "grievance_events_kind_check" CHECK ("grievance_events"."kind" in ('registered','acknowledged','action','resolved','rejected','delay','overdue'))
);
--> statement-breakpoint
CREATE TABLE "grievance_holidays" (
	"day" date PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "grievance_series" (
	"financial_year" varchar(7) PRIMARY KEY NOT NULL,
	"last_serial" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grievance_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"officer_name" varchar(120) NOT NULL,
	"officer_designation" varchar(120) NOT NULL,
	"officer_phone" varchar(20) NOT NULL,
	"officer_email" varchar(254) NOT NULL,
	"nodal_name" varchar(120) NOT NULL,
	"nodal_designation" varchar(120) NOT NULL,
	"nodal_phone" varchar(20) NOT NULL,
	"nodal_email" varchar(254) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "grievance_settings_one_row" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE "grievances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" varchar(20),
	"source" varchar(10) NOT NULL,
	"user_id" uuid,
	"name" varchar(120) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(20),
	"order_reference" varchar(60),
	"description" text NOT NULL,
	"status" varchar(20) DEFAULT 'received' NOT NULL,
	"confirm_token_hash" varchar(64),
	"confirm_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"registered_at" timestamp with time zone,
	"acknowledge_due_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"resolve_due_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closing_text" text,
	"delay_reason" text,
	"acknowledge_overdue_flagged_at" timestamp with time zone,
	"resolve_overdue_flagged_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grievances_status_check" CHECK ("grievances"."status" in ('received','acknowledged','in_progress','resolved','rejected')),
	CONSTRAINT "grievances_source_check" CHECK ("grievances"."source" in ('public','member')),
	CONSTRAINT "grievances_registered_check" CHECK (("grievances"."number" is null) = ("grievances"."registered_at" is null))
);
--> statement-breakpoint
ALTER TABLE "grievance_events" ADD CONSTRAINT "grievance_events_grievance_id_grievances_id_fk" FOREIGN KEY ("grievance_id") REFERENCES "public"."grievances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_events" ADD CONSTRAINT "grievance_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_holidays" ADD CONSTRAINT "grievance_holidays_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_settings" ADD CONSTRAINT "grievance_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grievance_events_grievance_idx" ON "grievance_events" USING btree ("grievance_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "grievances_number_key" ON "grievances" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "grievances_confirm_token_key" ON "grievances" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "grievances_registered_idx" ON "grievances" USING btree ("registered_at");--> statement-breakpoint
CREATE INDEX "grievances_user_idx" ON "grievances" USING btree ("user_id");