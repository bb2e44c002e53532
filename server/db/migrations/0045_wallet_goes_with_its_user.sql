ALTER TABLE "wallet_balances" DROP CONSTRAINT "wallet_balances_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "wallet_balances" ADD CONSTRAINT "wallet_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;