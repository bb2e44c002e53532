ALTER TABLE "purchases" ADD COLUMN "delivery_state" varchar(80);--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "delivery_pincode" varchar(6);