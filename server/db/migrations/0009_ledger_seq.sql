ALTER TABLE "transactions" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_user_seq_idx" ON "transactions" USING btree ("user_id","seq");