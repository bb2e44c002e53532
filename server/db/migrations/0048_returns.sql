CREATE TABLE "company_stock" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "company_stock_nonneg" CHECK ("company_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "document_series" (
	"kind" varchar(20) NOT NULL,
	"financial_year" varchar(7) NOT NULL,
	"last_serial" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_series_kind_financial_year_pk" PRIMARY KEY("kind","financial_year"),
	CONSTRAINT "document_series_kind_check" CHECK ("document_series"."kind" in ('return','credit_note'))
);
--> statement-breakpoint
CREATE TABLE "return_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"return_id" uuid NOT NULL,
	"action" varchar(30) NOT NULL,
	"actor_id" uuid,
	"note" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" varchar(20) NOT NULL,
	"financial_year" varchar(7) NOT NULL,
	"serial" integer NOT NULL,
	"purchase_id" uuid,
	"local_sale_id" uuid,
	"member_id" uuid,
	"franchise_id" uuid,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"bought_quantity" integer NOT NULL,
	"bv" numeric(12, 2) NOT NULL,
	"refund_amount" numeric(14, 2) NOT NULL,
	"taxable_value" numeric(14, 2) NOT NULL,
	"cgst" numeric(14, 2) NOT NULL,
	"sgst" numeric(14, 2) NOT NULL,
	"igst" numeric(14, 2) NOT NULL,
	"reason" varchar(30) NOT NULL,
	"note" text,
	"status" varchar(20) DEFAULT 'requested' NOT NULL,
	"outside_window" boolean DEFAULT false NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_by_admin" boolean DEFAULT false NOT NULL,
	"approval_requested_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"received_at" timestamp with time zone,
	"refund_method" varchar(10),
	"refund_reference" varchar(100),
	"refunded_at" timestamp with time zone,
	"refund_transaction_id" uuid,
	"credit_note_number" varchar(16),
	"credit_note_issued_at" timestamp with time zone,
	"invoice_number" varchar(30),
	"invoice_date" timestamp with time zone,
	"gst_rate" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_number_unique" UNIQUE("number"),
	CONSTRAINT "returns_credit_note_number_unique" UNIQUE("credit_note_number"),
	CONSTRAINT "returns_sale_check" CHECK (("returns"."purchase_id" is null) <> ("returns"."local_sale_id" is null) or ("returns"."purchase_id" is not null and "returns"."local_sale_id" is not null)),
	CONSTRAINT "returns_quantity_check" CHECK ("returns"."quantity" >= 1 and "returns"."quantity" <= "returns"."bought_quantity"),
	CONSTRAINT "returns_amount_check" CHECK ("returns"."refund_amount" > 0 and "returns"."refund_amount" = "returns"."taxable_value" + "returns"."cgst" + "returns"."sgst" + "returns"."igst"),
	CONSTRAINT "returns_status_check" CHECK ("returns"."status" in ('requested','approved','rejected','received','refunded')),
	CONSTRAINT "returns_reason_check" CHECK ("returns"."reason" in ('changed_mind','defective','damaged_in_transit','wrong_item','other')),
	CONSTRAINT "returns_refund_check" CHECK (("returns"."status" = 'refunded') = ("returns"."refunded_at" is not null and "returns"."credit_note_number" is not null))
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "franchise_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_stock" ADD CONSTRAINT "company_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_local_sale_id_local_sales_id_fk" FOREIGN KEY ("local_sale_id") REFERENCES "public"."local_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_franchise_id_users_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_events_return_idx" ON "return_events" USING btree ("return_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_series_idx" ON "returns" USING btree ("financial_year","serial");--> statement-breakpoint
CREATE INDEX "returns_purchase_idx" ON "returns" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "returns_local_sale_idx" ON "returns" USING btree ("local_sale_id");--> statement-breakpoint
CREATE INDEX "returns_member_idx" ON "returns" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "returns_franchise_idx" ON "returns" USING btree ("franchise_id","created_at");--> statement-breakpoint
CREATE INDEX "returns_status_idx" ON "returns" USING btree ("status","created_at");