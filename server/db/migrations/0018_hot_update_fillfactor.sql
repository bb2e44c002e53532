-- Room on every page for the rows the volume applier and the wallet rewrite many times a second (issue 11):
-- an update that finds space on its own page and changes no indexed column is heap-only (HOT) and writes
-- none of the table's indexes (users has 20). Pages written from now on keep 30 % free; an existing large
-- installation applies it to its old pages once with VACUUM FULL (docs/decisions/0009).
ALTER TABLE "users" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "leg_volumes" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "wallet_balances" SET (fillfactor = 70);
