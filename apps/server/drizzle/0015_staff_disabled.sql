ALTER TABLE "accounts" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Disabling an account moves its session version on, which notifies already. A name change now
-- notifies with counts: the Students screen's search matches names too, and servers keep the
-- counts of short searches (modules/accounts/heard-cache.ts).
CREATE OR REPLACE FUNCTION "accounts_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.username = NEW.username AND OLD.role = NEW.role
      AND OLD.name IS NOT DISTINCT FROM NEW.name THEN
    IF OLD.session_version <> NEW.session_version THEN
      PERFORM pg_notify('valence_account_changed', OLD.id::text);
    END IF;
  ELSE
    PERFORM pg_notify('valence_account_changed', COALESCE(OLD.id, NEW.id)::text || ' counts');
  END IF;
  RETURN NULL;
END
$$;
