CREATE TABLE "user_payout_details" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"bank_account_number" text,
	"bank_ifsc" varchar(11),
	"bank_name" varchar(120),
	"bank_account_holder_name" varchar(120),
	"crypto_wallet_address" text,
	"payout_details_changed_at" timestamp with time zone,
	"bank_account_changed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_payout_details" ADD CONSTRAINT "user_payout_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Payout details leave users for a table of their own (ADR 0026): a row for every member who had any. The sealed
-- values move as they are stored: their columns keep the additional data they had (users.<column>), so they open.
INSERT INTO "user_payout_details" ("user_id", "bank_account_number", "bank_ifsc", "bank_name", "bank_account_holder_name", "crypto_wallet_address", "payout_details_changed_at", "bank_account_changed_at", "updated_at")
SELECT "id", "bank_account_number", "bank_ifsc", "bank_name", "bank_account_holder_name", "crypto_wallet_address", "payout_details_changed_at", "bank_account_changed_at", "updated_at"
FROM "users"
WHERE "bank_account_number" IS NOT NULL OR "bank_ifsc" IS NOT NULL OR "bank_name" IS NOT NULL OR "bank_account_holder_name" IS NOT NULL
   OR "crypto_wallet_address" IS NOT NULL OR "payout_details_changed_at" IS NOT NULL OR "bank_account_changed_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "bank_account_number";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "bank_ifsc";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "bank_name";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "bank_account_holder_name";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "crypto_wallet_address";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "payout_details_changed_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "bank_account_changed_at";
