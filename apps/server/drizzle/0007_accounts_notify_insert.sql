-- Servers also keep counts of students (modules/accounts/heard-cache.ts): a new account changes them,
-- so inserts notify too. The payload stays the account's id (OLD is null on insert, NEW on delete).
CREATE OR REPLACE FUNCTION "accounts_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('valence_account_changed', COALESCE(OLD.id, NEW.id)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "accounts_notify_change" ON "accounts";--> statement-breakpoint
CREATE TRIGGER "accounts_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION "accounts_notify_change"();
