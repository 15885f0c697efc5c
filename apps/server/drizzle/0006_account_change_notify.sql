-- Servers keep the sessions they have checked (modules/accounts/session-cache.ts); any change to an
-- account, or its removal, tells every server to forget it, once the change commits.
CREATE FUNCTION "accounts_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('valence_account_changed', OLD.id::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "accounts_notify_change" AFTER UPDATE OR DELETE ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION "accounts_notify_change"();
