CREATE TABLE "fund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"method" varchar(10) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reference" varchar(40) NOT NULL,
	"proof_storage_key" varchar(64) NOT NULL,
	"proof_content_type" varchar(50) NOT NULL,
	"proof_size" integer NOT NULL,
	"proof_filename" varchar(255),
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"processed_by" uuid,
	"processed_at" timestamp with time zone,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_request_amount_positive" CHECK ("fund_requests"."amount" > 0),
	CONSTRAINT "fund_request_method_check" CHECK ("fund_requests"."method" in ('bank','upi')),
	CONSTRAINT "fund_request_status_check" CHECK ("fund_requests"."status" in ('pending','approved','rejected'))
);
--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_proof_storage_key_document_blobs_storage_key_fk" FOREIGN KEY ("proof_storage_key") REFERENCES "public"."document_blobs"("storage_key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fund_requests_status_idx" ON "fund_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "fund_requests_user_idx" ON "fund_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_requests_reference_key" ON "fund_requests" USING btree ("reference") WHERE "fund_requests"."status" <> 'rejected';