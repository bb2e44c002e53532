CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_id" uuid,
	"author_role" varchar(10) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"body" text,
	"status_from" varchar(20),
	"status_to" varchar(20),
	"attachment_key" varchar(64),
	"attachment_name" varchar(255),
	"attachment_type" varchar(50),
	"attachment_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_role_check" CHECK ("support_messages"."author_role" in ('member','staff')),
	CONSTRAINT "support_messages_kind_check" CHECK ("support_messages"."kind" in ('reply','status'))
);
--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_attachment_key_document_blobs_storage_key_fk" FOREIGN KEY ("attachment_key") REFERENCES "public"."document_blobs"("storage_key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_messages_ticket_idx" ON "support_messages" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "purchases_completed_day_idx" ON "purchases" USING btree ("created_at","total_amount","total_bv") WHERE "purchases"."payment_status" = 'completed';