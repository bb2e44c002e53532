-- Foreign keys whose check locked one hot row from every writer (docs/decisions/0019): every purchase share-locked
-- its product's row (concurrent purchases of one product made a MultiXact each), and the applier checked the
-- open cycles' rows once per event it marked. Those rows are never deleted, which triggers now guarantee.
ALTER TABLE "purchases" DROP CONSTRAINT IF EXISTS "purchases_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "volume_events" DROP CONSTRAINT IF EXISTS "volume_events_pairing_cycle_id_comp_cycles_id_fk";
--> statement-breakpoint
ALTER TABLE "volume_events" DROP CONSTRAINT IF EXISTS "volume_events_monthly_cycle_id_comp_cycles_id_fk";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION never_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never deleted (%): retire them instead', TG_TABLE_NAME, TG_ARGV[0] USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_never_deleted ON "products";
--> statement-breakpoint
CREATE TRIGGER products_never_deleted BEFORE DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION never_deleted('purchases keep their product');
--> statement-breakpoint
DROP TRIGGER IF EXISTS comp_cycles_never_deleted ON "comp_cycles";
--> statement-breakpoint
CREATE TRIGGER comp_cycles_never_deleted BEFORE DELETE ON "comp_cycles" FOR EACH ROW EXECUTE FUNCTION never_deleted('the volume journal keeps its cycles');
--> statement-breakpoint
-- TRUNCATE skips row triggers; refuse it too.
DROP TRIGGER IF EXISTS products_never_truncated ON "products";
--> statement-breakpoint
CREATE TRIGGER products_never_truncated BEFORE TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION never_deleted('purchases keep their product');
--> statement-breakpoint
DROP TRIGGER IF EXISTS comp_cycles_never_truncated ON "comp_cycles";
--> statement-breakpoint
CREATE TRIGGER comp_cycles_never_truncated BEFORE TRUNCATE ON "comp_cycles" FOR EACH STATEMENT EXECUTE FUNCTION never_deleted('the volume journal keeps its cycles');
