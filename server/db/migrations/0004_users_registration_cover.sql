-- Admin search: filters on activation, KYC, status or role while paging in registration order read only this index
-- (drizzle-kit has no INCLUDE; docs/decisions/0006).
CREATE INDEX IF NOT EXISTS "users_registration_cover_idx" ON "users" USING btree ("registration_date", "id") INCLUDE ("activation_date", "kyc_status", "status", "role");
