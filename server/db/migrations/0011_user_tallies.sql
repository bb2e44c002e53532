CREATE TABLE "user_tallies" (
	"is_admin" boolean NOT NULL,
	"status" varchar(20) NOT NULL,
	"kyc_status" varchar(20) NOT NULL,
	"is_free" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "user_tallies_is_admin_status_kyc_status_is_free_pk" PRIMARY KEY("is_admin","status","kyc_status","is_free")
);
--> statement-breakpoint
CREATE TABLE "user_tally_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"is_admin" boolean NOT NULL,
	"status" varchar(20) NOT NULL,
	"kyc_status" varchar(20) NOT NULL,
	"is_free" boolean NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (OLD.role = 'admin') = (NEW.role = 'admin') AND OLD.status = NEW.status AND OLD.kyc_status = NEW.kyc_status
       AND (coalesce(OLD.package_amount, 0) = 0) = (coalesce(NEW.package_amount, 0) = 0) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO user_tally_changes (is_admin, status, kyc_status, is_free, delta)
    VALUES (OLD.role = 'admin', OLD.status, OLD.kyc_status, coalesce(OLD.package_amount, 0) = 0, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO user_tally_changes (is_admin, status, kyc_status, is_free, delta)
    VALUES (NEW.role = 'admin', NEW.status, NEW.kyc_status, coalesce(NEW.package_amount, 0) = 0, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_tally AFTER INSERT OR DELETE OR UPDATE OF role, status, kyc_status, package_amount ON users FOR EACH ROW EXECUTE FUNCTION users_tally();--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_tallies_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Writers of users wait while the totals are recounted, so no change is lost or counted twice.
  LOCK TABLE users IN SHARE MODE;
  DELETE FROM user_tally_changes;
  DELETE FROM user_tallies;
  INSERT INTO user_tallies (is_admin, status, kyc_status, is_free, n)
  SELECT role = 'admin', status, kyc_status, coalesce(package_amount, 0) = 0, count(*) FROM users GROUP BY 1, 2, 3, 4;
END
$$;--> statement-breakpoint
SELECT user_tallies_rebuild();
