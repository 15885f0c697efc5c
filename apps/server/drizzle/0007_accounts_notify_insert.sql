-- Servers also keep counts of students (modules/accounts/heard-cache.ts). The payload stays the
-- account's id, followed by ' counts' when the change may alter who counts as a student: an insert, a
-- delete, a new username or role (a sign-in or a new password changes no count).
CREATE OR REPLACE FUNCTION "accounts_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.username = NEW.username AND OLD.role = NEW.role THEN
    PERFORM pg_notify('valence_account_changed', OLD.id::text);
  ELSE
    PERFORM pg_notify('valence_account_changed', COALESCE(OLD.id, NEW.id)::text || ' counts');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "accounts_notify_change" ON "accounts";--> statement-breakpoint
CREATE TRIGGER "accounts_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION "accounts_notify_change"();
