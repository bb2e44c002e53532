CREATE INDEX "users_total_bv_idx" ON "users" USING btree ("total_bv");--> statement-breakpoint
CREATE INDEX "users_rank_idx" ON "users" USING btree (lower("current_rank"));