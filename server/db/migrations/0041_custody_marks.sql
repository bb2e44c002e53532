CREATE TABLE "custody_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"admin_id" uuid NOT NULL,
	"kind" varchar(40) NOT NULL,
	"amount" numeric(14, 2),
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "custody_marks_amount_check" CHECK ("custody_marks"."amount" is null or "custody_marks"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "custody_marks" ADD CONSTRAINT "custody_marks_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_marks" ADD CONSTRAINT "custody_marks_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custody_marks_member_idx" ON "custody_marks" USING btree ("member_id","at");--> statement-breakpoint
CREATE INDEX "custody_marks_admin_idx" ON "custody_marks" USING btree ("admin_id","kind","at");--> statement-breakpoint
-- Issue 29: the marks the rules read, from what the audit log already holds. Registration approvals of every age (a
-- member's first withdrawal needs an admin other than the one who approved the account), unilateral Send Fund
-- credits of the last 30 days (the approvals within 30 days and the 24-hour totals read them).
INSERT INTO "custody_marks" ("member_id", "admin_id", "kind", "at")
SELECT pr."applicant_user_id", a."actor_id", 'registration_approved', a."created_at"
FROM "audit_log" a JOIN "pending_recruits" pr ON pr."id"::text = a."entity_id"
WHERE a."action" = 'recruit.approve' AND a."actor_id" IS NOT NULL AND pr."applicant_user_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "custody_marks" ("member_id", "admin_id", "kind", "amount", "at")
SELECT u."id", a."actor_id", 'send_fund_credit', (a."new_state"->>'amount')::numeric, a."created_at"
FROM "audit_log" a JOIN "users" u ON u."id"::text = a."entity_id"
WHERE a."action" = 'fund.credit' AND a."actor_id" IS NOT NULL AND a."created_at" > now() - interval '30 days'
  AND (a."new_state"->>'amount') ~ '^[0-9]+(\.[0-9]+)?$' AND (a."new_state"->>'amount')::numeric > 0;
