CREATE TABLE "comp_balances" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"recovery" numeric(14, 2) NOT NULL,
	"tds_carried" numeric(14, 2) NOT NULL,
	"cycle_id" uuid NOT NULL,
	CONSTRAINT "comp_balances_nonneg" CHECK ("comp_balances"."recovery" >= 0 and "comp_balances"."tds_carried" >= 0)
);
--> statement-breakpoint
ALTER TABLE "comp_payouts" ADD COLUMN "lines_total" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "comp_payouts" ADD COLUMN "recovered" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "comp_payouts" ADD COLUMN "recovery" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "comp_payouts" ADD COLUMN "tds_carried" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "comp_balances" ADD CONSTRAINT "comp_balances_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Payouts posted before recovery existed: their lines never summed below zero (a negative sum was paid as 0), so
-- their gross is their lines' total.
UPDATE "comp_payouts" SET "lines_total" = "gross";
