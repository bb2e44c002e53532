CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" varchar(16) NOT NULL,
	"email" varchar(254) NOT NULL,
	"password" text,
	"first_name" varchar(80),
	"last_name" varchar(80),
	"profile_image_url" text,
	"role" varchar(20) DEFAULT 'user' NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"last_active_at" timestamp with time zone,
	"sponsor_id" uuid,
	"parent_id" uuid,
	"left_child_id" uuid,
	"right_child_id" uuid,
	"position" varchar(5),
	"level" integer DEFAULT 0 NOT NULL,
	"tree_path" text,
	"package_amount" numeric(10, 2),
	"registration_date" timestamp with time zone DEFAULT now() NOT NULL,
	"activation_date" timestamp with time zone,
	"id_status" varchar(20) DEFAULT 'Inactive' NOT NULL,
	"mobile" varchar(15),
	"pan_number" varchar(10),
	"aadhaar_number" varchar(14),
	"bank_account_number" varchar(20),
	"bank_ifsc" varchar(11),
	"bank_name" varchar(120),
	"bank_account_holder_name" varchar(120),
	"address" varchar(300),
	"city" varchar(80),
	"state" varchar(80),
	"pincode" varchar(10),
	"date_of_birth" date,
	"nominee" varchar(120),
	"current_rank" varchar(30) DEFAULT 'Executive' NOT NULL,
	"total_bv" numeric(12, 2) DEFAULT '0' NOT NULL,
	"left_bv" numeric(12, 2) DEFAULT '0' NOT NULL,
	"right_bv" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_directs" integer DEFAULT 0 NOT NULL,
	"left_directs" integer DEFAULT 0 NOT NULL,
	"right_directs" integer DEFAULT 0 NOT NULL,
	"kyc_status" varchar(20) DEFAULT 'pending' NOT NULL,
	"kyc_submitted_at" timestamp with time zone,
	"kyc_approved_at" timestamp with time zone,
	"txn_pin" text,
	"crypto_wallet_address" varchar(120),
	"first_login" boolean DEFAULT true NOT NULL,
	"password_changed_at" timestamp with time zone,
	"is_hidden_id" boolean DEFAULT false NOT NULL,
	"kyc_deadline" timestamp with time zone,
	"kyc_locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin','user','founder','mini_franchise','basic_franchise')),
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('invited','registered','active','inactive','pending','rejected','suspended')),
	CONSTRAINT "users_kyc_status_check" CHECK ("users"."kyc_status" in ('pending','approved','rejected')),
	CONSTRAINT "users_position_check" CHECK ("users"."position" is null or "users"."position" in ('left','right')),
	CONSTRAINT "users_bv_nonneg" CHECK ("users"."total_bv" >= 0 and "users"."left_bv" >= 0 and "users"."right_bv" >= 0),
	CONSTRAINT "users_email_lower" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(254) NOT NULL,
	"user_id" uuid,
	"token_hash" varchar(64) NOT NULL,
	"type" varchar(30) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"ip_address" varchar(64),
	"is_consumed" boolean DEFAULT false NOT NULL,
	"is_revoked" boolean DEFAULT false NOT NULL,
	"scoped_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_tokens_type_check" CHECK ("email_tokens"."type" in ('email_verification','password_reset','invitation','impersonation_code'))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" varchar(200) NOT NULL,
	"user_id" uuid NOT NULL,
	"route" varchar(200) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "impersonation_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"admin_id" uuid NOT NULL,
	"target_user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(200) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar(64) PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid,
	"pending_recruit_id" uuid,
	"sponsor_id" uuid,
	"plan_id" varchar(30) DEFAULT 'binary' NOT NULL,
	"placement_scope" varchar(30),
	"form_snapshot" jsonb,
	"kyc_status" varchar(20),
	"risk_score" integer,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"requested_by" uuid,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"rejection_reason" text,
	"approval_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_recruits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_user_id" uuid,
	"referral_link_id" uuid,
	"email" varchar(254) NOT NULL,
	"full_name" varchar(160) NOT NULL,
	"mobile" varchar(15),
	"recruiter_id" uuid,
	"upline_id" uuid,
	"placement_type" varchar(20) DEFAULT 'sponsor' NOT NULL,
	"placement_parent_id" uuid,
	"package_amount" numeric(10, 2),
	"position" varchar(5),
	"upline_decision" varchar(20) DEFAULT 'pending' NOT NULL,
	"upline_decision_at" timestamp with time zone,
	"status" varchar(20) DEFAULT 'awaiting_upline' NOT NULL,
	"rejection_reason" text,
	"rejected_by" uuid,
	"rejected_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"placement_locked" boolean DEFAULT false NOT NULL,
	"lock_expires_at" timestamp with time zone,
	"risk_score" integer,
	"kyc_status" varchar(20) DEFAULT 'pending' NOT NULL,
	"date_of_birth" date,
	"nominee" varchar(120),
	"address" varchar(300),
	"city" varchar(80),
	"state" varchar(80),
	"pincode" varchar(10),
	"pan_number" varchar(10),
	"aadhaar_number" varchar(14),
	"bank_account_number" varchar(20),
	"bank_ifsc" varchar(11),
	"bank_name" varchar(120),
	"bank_account_holder_name" varchar(120),
	"pan_card_url" text,
	"aadhaar_front_url" text,
	"aadhaar_back_url" text,
	"bank_cancelled_cheque_url" text,
	"profile_image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_recruits_status_check" CHECK ("pending_recruits"."status" in ('awaiting_upline','awaiting_admin','approved','rejected')),
	CONSTRAINT "pending_recruits_position_check" CHECK ("pending_recruits"."position" is null or "pending_recruits"."position" in ('left','right'))
);
--> statement-breakpoint
CREATE TABLE "recruitment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_link_id" uuid,
	"recruitee_email" varchar(254) NOT NULL,
	"recruitee_name" varchar(160),
	"recruitee_id" uuid,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"placement_locked" boolean DEFAULT false NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"generated_by" uuid NOT NULL,
	"generated_by_role" varchar(20) NOT NULL,
	"placement_type" varchar(20) DEFAULT 'sponsor' NOT NULL,
	"placement_side" varchar(5),
	"parent_id" uuid,
	"recruitee_email" varchar(254),
	"recruitee_name" varchar(160),
	"pending_recruit_id" uuid,
	"is_used" boolean DEFAULT false NOT NULL,
	"used_by" uuid,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_links_side_check" CHECK ("referral_links"."placement_side" is null or "referral_links"."placement_side" in ('left','right')),
	CONSTRAINT "referral_links_type_check" CHECK ("referral_links"."placement_type" in ('sponsor','strategic','auto','root'))
);
--> statement-breakpoint
CREATE TABLE "document_blobs" (
	"storage_key" varchar(64) PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"document_type" varchar(30) NOT NULL,
	"document_url" text NOT NULL,
	"storage_key" varchar(64) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"document_content_type" varchar(50) NOT NULL,
	"document_filename" varchar(255),
	"document_size" integer NOT NULL,
	"document_number" varchar(40),
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_documents_type_check" CHECK ("kyc_documents"."document_type" in ('pan','aadhaar_front','aadhaar_back','bank_cancelled_cheque','photo')),
	CONSTRAINT "kyc_documents_status_check" CHECK ("kyc_documents"."status" in ('pending','approved','rejected')),
	CONSTRAINT "kyc_documents_size_check" CHECK ("kyc_documents"."document_size" > 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(160) NOT NULL,
	"description" text,
	"price" numeric(12, 2) NOT NULL,
	"bv" numeric(12, 2) NOT NULL,
	"gst" numeric(5, 2) DEFAULT '0' NOT NULL,
	"category" varchar(40) NOT NULL,
	"purchase_type" varchar(20) NOT NULL,
	"image_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_check" CHECK ("products"."price" > 0 and "products"."bv" > 0 and "products"."gst" >= 0),
	CONSTRAINT "products_purchase_type_check" CHECK ("products"."purchase_type" in ('first_purchase','second_purchase'))
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"total_bv" numeric(12, 2) NOT NULL,
	"payment_method" varchar(20) NOT NULL,
	"payment_status" varchar(20) DEFAULT 'pending' NOT NULL,
	"transaction_id" varchar(100),
	"delivery_address" text NOT NULL,
	"delivery_status" varchar(20) DEFAULT 'pending' NOT NULL,
	"tracking_id" varchar(100),
	"bv_credited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_quantity_check" CHECK ("purchases"."quantity" >= 1),
	CONSTRAINT "purchases_amount_check" CHECK ("purchases"."total_amount" > 0 and "purchases"."total_bv" >= 0),
	CONSTRAINT "purchases_payment_method_check" CHECK ("purchases"."payment_method" in ('upi','bank_transfer','card','wallet'))
);
--> statement-breakpoint
CREATE TABLE "cheques" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"cheque_number" varchar(40) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"bank_name" varchar(120),
	"issued_date" date,
	"clearance_date" date,
	"status" varchar(20) DEFAULT 'issued' NOT NULL,
	"purpose" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" varchar(30) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"description" text,
	"reference_id" varchar(100),
	"balance_before" numeric(14, 2) NOT NULL,
	"balance_after" numeric(14, 2) NOT NULL,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_balance_math" CHECK ("transactions"."balance_after" = "transactions"."balance_before" + "transactions"."amount" and "transactions"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_balances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"balance" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_earnings" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_withdrawals" numeric(14, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_balance_nonneg" CHECK ("wallet_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawal_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"withdrawal_type" varchar(10) DEFAULT 'bank' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" varchar(3) DEFAULT 'INR' NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"bank_details" jsonb,
	"usdt_wallet_address" varchar(120),
	"network_type" varchar(10),
	"admin_notes" text,
	"rejection_reason" text,
	"processed_by" uuid,
	"processed_at" timestamp with time zone,
	"transaction_id" varchar(100),
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_amount_positive" CHECK ("withdrawal_requests"."amount" > 0),
	CONSTRAINT "withdrawal_type_check" CHECK ("withdrawal_requests"."withdrawal_type" in ('bank','usdt')),
	CONSTRAINT "withdrawal_status_check" CHECK ("withdrawal_requests"."status" in ('pending','approved','rejected'))
);
--> statement-breakpoint
CREATE TABLE "achievers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"achievement_type" varchar(40) NOT NULL,
	"position" integer,
	"amount" numeric(14, 2),
	"period" varchar(20),
	"period_date" date,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "franchise_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"franchise_type" varchar(30) NOT NULL,
	"investment_amount" numeric(14, 2),
	"business_volume" numeric(12, 2),
	"sponsor_income" numeric(14, 2),
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"business_plan" text NOT NULL,
	"admin_notes" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" text NOT NULL,
	"type" varchar(20) DEFAULT 'announcement' NOT NULL,
	"priority" varchar(10) DEFAULT 'normal' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" varchar(40) NOT NULL,
	"title" varchar(200) NOT NULL,
	"message" text NOT NULL,
	"priority" varchar(10) DEFAULT 'normal' NOT NULL,
	"data" jsonb,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rank_achievements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"rank" varchar(30) NOT NULL,
	"achieved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"team_bv" numeric(12, 2) NOT NULL,
	"left_bv" numeric(12, 2) NOT NULL,
	"right_bv" numeric(12, 2) NOT NULL,
	"bonus" numeric(14, 2),
	"metadata" jsonb
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"category" varchar(20) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"description" text NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"priority" varchar(10) DEFAULT 'medium' NOT NULL,
	"assigned_to" uuid,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_status_check" CHECK ("support_tickets"."status" in ('open','in_progress','resolved','closed')),
	CONSTRAINT "support_tickets_priority_check" CHECK ("support_tickets"."priority" in ('low','medium','high','urgent'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_type" varchar(40) NOT NULL,
	"entity_id" varchar(64),
	"action" varchar(60) NOT NULL,
	"actor_id" uuid,
	"actor_role" varchar(20),
	"on_behalf_of_id" uuid,
	"previous_state" jsonb,
	"new_state" jsonb,
	"changes" jsonb,
	"reason" text,
	"ip_address" varchar(64),
	"user_agent" text,
	"session_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" varchar(254) NOT NULL,
	"template" varchar(40) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"payload" text,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending','sending','sent','logged','failed'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sponsor_id_users_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_left_child_id_users_id_fk" FOREIGN KEY ("left_child_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_right_child_id_users_id_fk" FOREIGN KEY ("right_child_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_tokens" ADD CONSTRAINT "impersonation_tokens_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_tokens" ADD CONSTRAINT "impersonation_tokens_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_pending_recruit_id_pending_recruits_id_fk" FOREIGN KEY ("pending_recruit_id") REFERENCES "public"."pending_recruits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_sponsor_id_users_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_recruits" ADD CONSTRAINT "pending_recruits_applicant_user_id_users_id_fk" FOREIGN KEY ("applicant_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_recruits" ADD CONSTRAINT "pending_recruits_referral_link_id_referral_links_id_fk" FOREIGN KEY ("referral_link_id") REFERENCES "public"."referral_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_recruits" ADD CONSTRAINT "pending_recruits_recruiter_id_users_id_fk" FOREIGN KEY ("recruiter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_recruits" ADD CONSTRAINT "pending_recruits_upline_id_users_id_fk" FOREIGN KEY ("upline_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_recruits" ADD CONSTRAINT "pending_recruits_placement_parent_id_users_id_fk" FOREIGN KEY ("placement_parent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_recruits" ADD CONSTRAINT "pending_recruits_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_requests" ADD CONSTRAINT "recruitment_requests_referral_link_id_referral_links_id_fk" FOREIGN KEY ("referral_link_id") REFERENCES "public"."referral_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_requests" ADD CONSTRAINT "recruitment_requests_recruitee_id_users_id_fk" FOREIGN KEY ("recruitee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_requests" ADD CONSTRAINT "recruitment_requests_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_generated_by_users_id_fk" FOREIGN KEY ("generated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_storage_key_document_blobs_storage_key_fk" FOREIGN KEY ("storage_key") REFERENCES "public"."document_blobs"("storage_key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cheques" ADD CONSTRAINT "cheques_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_balances" ADD CONSTRAINT "wallet_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievers" ADD CONSTRAINT "achievers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchise_requests" ADD CONSTRAINT "franchise_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchise_requests" ADD CONSTRAINT "franchise_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_achievements" ADD CONSTRAINT "rank_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_on_behalf_of_id_users_id_fk" FOREIGN KEY ("on_behalf_of_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_id_key" ON "users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tree_slot_key" ON "users" USING btree ("parent_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "users_left_child_key" ON "users" USING btree ("left_child_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_right_child_key" ON "users" USING btree ("right_child_id");--> statement-breakpoint
CREATE INDEX "users_sponsor_idx" ON "users" USING btree ("sponsor_id");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_tree_path_idx" ON "users" USING btree ("tree_path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_hash_key" ON "email_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_tokens_lookup_idx" ON "email_tokens" USING btree ("email","type");--> statement-breakpoint
CREATE UNIQUE INDEX "impersonation_tokens_hash_key" ON "impersonation_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pending_recruits_status_idx" ON "pending_recruits" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "pending_recruits_upline_idx" ON "pending_recruits" USING btree ("upline_id","status");--> statement-breakpoint
CREATE INDEX "pending_recruits_recruiter_idx" ON "pending_recruits" USING btree ("recruiter_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_recruits_applicant_key" ON "pending_recruits" USING btree ("applicant_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_links_token_key" ON "referral_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "referral_links_generated_by_idx" ON "referral_links" USING btree ("generated_by");--> statement-breakpoint
CREATE INDEX "kyc_documents_user_idx" ON "kyc_documents" USING btree ("user_id","document_type","created_at");--> statement-breakpoint
CREATE INDEX "kyc_documents_status_idx" ON "kyc_documents" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "products_active_idx" ON "products" USING btree ("is_active","purchase_type","category");--> statement-breakpoint
CREATE INDEX "purchases_user_idx" ON "purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "purchases_status_idx" ON "purchases" USING btree ("payment_status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cheques_number_key" ON "cheques" USING btree ("cheque_number");--> statement-breakpoint
CREATE INDEX "transactions_user_idx" ON "transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_type_idx" ON "transactions" USING btree ("type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_balances_user_key" ON "wallet_balances" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "withdrawal_requests_status_idx" ON "withdrawal_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_requests_user_idx" ON "withdrawal_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "franchise_requests_status_idx" ON "franchise_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "franchise_requests_user_idx" ON "franchise_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "news_active_idx" ON "news" USING btree ("is_active","published_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read" = false;--> statement-breakpoint
CREATE INDEX "rank_achievements_user_idx" ON "rank_achievements" USING btree ("user_id","achieved_at");--> statement-breakpoint
CREATE INDEX "support_tickets_status_idx" ON "support_tickets" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_user_idx" ON "support_tickets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");