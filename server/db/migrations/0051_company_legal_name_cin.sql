ALTER TABLE "company_settings" ADD COLUMN "legal_name" varchar(160);--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "cin" varchar(21);