-- A payout run posts hundreds of thousands of ledger rows (issue 12). What each insert cost, and why it goes:
-- a random uuid put every row into a random page of the primary key: ids are now time-ordered (the first 48
-- bits are the milliseconds since the epoch, the rest random, as in UUID version 7), so new rows land on the
-- index's last pages. The key check against users locked (and so wrote) a users row per ledger row: the rows
-- now reference their wallet, which every ledger path has just moved in the same transaction. Two indexes
-- on created_at are read by nothing since the statements sort by seq (0013). comp_payouts keeps room on each
-- page so that marking a payout posted stays on its page (no index write).
CREATE OR REPLACE FUNCTION uuid_time_ordered() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
    PLACING substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid
$$;--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "transactions_user_idx";--> statement-breakpoint
DROP INDEX "transactions_type_idx";--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "id" SET DEFAULT uuid_time_ordered();--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_wallet_balances_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."wallet_balances"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_payouts" SET (fillfactor = 80);