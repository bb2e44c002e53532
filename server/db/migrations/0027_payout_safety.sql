-- Payout safety (issue 13): when a member's payout details last changed (withdrawals wait 24 hours after it) and
-- when the bank account itself (number or IFSC) last changed (a cheque approved before it no longer verifies the
-- account). Both nullable without a default, so adding them rewrites no row.
ALTER TABLE "users" ADD COLUMN "payout_details_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bank_account_changed_at" timestamp with time zone;