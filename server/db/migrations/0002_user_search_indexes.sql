CREATE INDEX "users_user_id_pattern_idx" ON "users" USING btree ("user_id" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_registration_keyset_idx" ON "users" USING btree ("registration_date","id");--> statement-breakpoint
CREATE INDEX "users_activation_keyset_idx" ON "users" USING btree (coalesce("activation_date", 'epoch'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "users_name_keyset_idx" ON "users" USING btree (lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')),"id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_activation_idx" ON "users" USING btree ("activation_date");