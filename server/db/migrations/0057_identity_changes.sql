-- Every app process keeps the identities of the sessions it served (docs/decisions/0034). A change to what an
-- identity holds is announced on the channel `identity_changed`, with the user's id, when its transaction commits:
-- a session that ends or is verified again (step-up), and a user whose principal changes (role, status, first
-- login, two-factor, name) or who is deleted. Triggers, so that no write (a service, a script, psql) is missed.
CREATE OR REPLACE FUNCTION identity_changed_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('identity_changed', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('identity_changed', OLD.id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A statement that ends sessions (sign-out everywhere, the expiry sweep): one message per user whose session ended,
-- or '*' (every process forgets every identity) when one statement ends the sessions of more than a thousand users.
CREATE OR REPLACE FUNCTION identity_changed_sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer;
  u uuid;
BEGIN
  SELECT count(DISTINCT user_id) INTO n FROM ended;
  IF n > 1000 THEN
    PERFORM pg_notify('identity_changed', '*');
  ELSIF n > 0 THEN
    FOR u IN SELECT DISTINCT user_id FROM ended LOOP
      PERFORM pg_notify('identity_changed', u::text);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_identity_ended ON "sessions";
--> statement-breakpoint
CREATE TRIGGER sessions_identity_ended AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS ended FOR EACH STATEMENT EXECUTE FUNCTION identity_changed_sessions_ended();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_identity_changed ON "sessions";
--> statement-breakpoint
CREATE TRIGGER sessions_identity_changed AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (OLD.verified_at IS DISTINCT FROM NEW.verified_at OR OLD.expire IS DISTINCT FROM NEW.expire OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION identity_changed_row();
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_identity_changed ON "users";
--> statement-breakpoint
CREATE TRIGGER users_identity_changed AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.status IS DISTINCT FROM NEW.status OR OLD.first_login IS DISTINCT FROM NEW.first_login
        OR OLD.two_factor_enabled_at IS DISTINCT FROM NEW.two_factor_enabled_at OR OLD.first_name IS DISTINCT FROM NEW.first_name
        OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION identity_changed_row();
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_identity_deleted ON "users";
--> statement-breakpoint
CREATE TRIGGER users_identity_deleted AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION identity_changed_row();
--> statement-breakpoint
-- TRUNCATE runs no row or delete trigger: everyone's identity is forgotten.
CREATE OR REPLACE FUNCTION identity_changed_everyone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('identity_changed', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_identity_truncated ON "sessions";
--> statement-breakpoint
CREATE TRIGGER sessions_identity_truncated AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION identity_changed_everyone();
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_identity_truncated ON "users";
--> statement-breakpoint
CREATE TRIGGER users_identity_truncated AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION identity_changed_everyone();
