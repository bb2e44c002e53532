CREATE UNIQUE INDEX "transactions_seq_key" ON "transactions" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "transactions_type_seq_idx" ON "transactions" USING btree ("type","seq");