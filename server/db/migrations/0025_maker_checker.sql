ALTER TABLE "approval_requests" ADD COLUMN "kind" varchar(30) DEFAULT 'recruit' NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "target_user_id" uuid;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_requests_kind_status_idx" ON "approval_requests" USING btree ("kind","status","created_at");