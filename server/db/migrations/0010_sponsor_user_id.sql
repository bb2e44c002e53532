ALTER TABLE "users" ADD COLUMN "sponsor_user_id" varchar(16);--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_sponsor_user_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sponsor_id IS NULL THEN
    NEW.sponsor_user_id := NULL;
  ELSE
    SELECT u.user_id INTO NEW.sponsor_user_id FROM users u WHERE u.id = NEW.sponsor_id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_sponsor_user_id BEFORE INSERT OR UPDATE OF sponsor_id, sponsor_user_id ON users FOR EACH ROW EXECUTE FUNCTION users_sponsor_user_id();--> statement-breakpoint
UPDATE "users" u SET "sponsor_user_id" = s."user_id" FROM "users" s WHERE s."id" = u."sponsor_id";
