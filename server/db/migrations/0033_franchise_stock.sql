CREATE TABLE "franchise_stock" (
	"franchise_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "franchise_stock_franchise_id_product_id_pk" PRIMARY KEY("franchise_id","product_id"),
	CONSTRAINT "franchise_stock_nonneg" CHECK ("franchise_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"change" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"reference_id" varchar(100),
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movement_after_nonneg" CHECK ("stock_movements"."quantity_after" >= 0),
	CONSTRAINT "stock_movement_change_nonzero" CHECK ("stock_movements"."change" <> 0)
);
--> statement-breakpoint
CREATE TABLE "stock_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"status" varchar(20) DEFAULT 'requested' NOT NULL,
	"items" jsonb NOT NULL,
	"note" text,
	"rejection_reason" text,
	"decided_by" uuid,
	"approved_at" timestamp with time zone,
	"dispatched_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_request_status_check" CHECK ("stock_requests"."status" in ('requested','approved','dispatched','received','rejected'))
);
--> statement-breakpoint
ALTER TABLE "franchise_stock" ADD CONSTRAINT "franchise_stock_franchise_id_users_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchise_stock" ADD CONSTRAINT "franchise_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_franchise_id_users_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_franchise_id_users_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_franchise_idx" ON "stock_movements" USING btree ("franchise_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_requests_franchise_idx" ON "stock_requests" USING btree ("franchise_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_requests_status_idx" ON "stock_requests" USING btree ("status","created_at");