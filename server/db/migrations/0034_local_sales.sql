CREATE TABLE "franchise_customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"name" varchar(120) NOT NULL,
	"mobile" varchar(15) NOT NULL,
	"address" text,
	"consent_to_contact" boolean DEFAULT false NOT NULL,
	"invited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"member_id" uuid,
	"customer_id" uuid,
	"purchase_id" uuid,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"gst_rate" numeric(5, 2) NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"total_bv" numeric(12, 2) NOT NULL,
	"payment_method" varchar(10) NOT NULL,
	"payment_reference" varchar(100),
	"invoice_number" varchar(30),
	"invoice" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_sales_invoice_number_unique" UNIQUE("invoice_number"),
	CONSTRAINT "local_sales_buyer_check" CHECK (("local_sales"."member_id" is null) <> ("local_sales"."customer_id" is null)),
	CONSTRAINT "local_sales_quantity_check" CHECK ("local_sales"."quantity" >= 1),
	CONSTRAINT "local_sales_payment_check" CHECK ("local_sales"."payment_method" in ('cash','upi','card'))
);
--> statement-breakpoint
ALTER TABLE "purchases" DROP CONSTRAINT "purchases_payment_method_check";--> statement-breakpoint
ALTER TABLE "franchise_customers" ADD CONSTRAINT "franchise_customers_franchise_id_users_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_sales" ADD CONSTRAINT "local_sales_franchise_id_users_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_sales" ADD CONSTRAINT "local_sales_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_sales" ADD CONSTRAINT "local_sales_customer_id_franchise_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."franchise_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_sales" ADD CONSTRAINT "local_sales_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_sales" ADD CONSTRAINT "local_sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_sales" ADD CONSTRAINT "local_sales_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "franchise_customers_mobile_idx" ON "franchise_customers" USING btree ("franchise_id","mobile");--> statement-breakpoint
CREATE INDEX "franchise_customers_name_idx" ON "franchise_customers" USING btree ("franchise_id","name");--> statement-breakpoint
CREATE INDEX "local_sales_franchise_idx" ON "local_sales" USING btree ("franchise_id","created_at");--> statement-breakpoint
CREATE INDEX "local_sales_customer_idx" ON "local_sales" USING btree ("customer_id","created_at");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_payment_method_check" CHECK ("purchases"."payment_method" in ('upi','bank_transfer','card','wallet','cash'));