-- Servers keep checked sessions (id, username, role, session_version) and counts of students
-- (modules/accounts/heard-cache.ts). An update that changes none of those columns (a student's
-- signed-in flag at each sign-in, a password hash rehashed at sign-in) no longer notifies: it
-- changes nothing a server keeps, and on exam day every sign-in told every server to drop that
-- student's session and to throw away any session read in flight meanwhile. A new password still
-- notifies, through the session version it bumps.
CREATE OR REPLACE FUNCTION "accounts_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.username = NEW.username AND OLD.role = NEW.role THEN
    IF OLD.session_version <> NEW.session_version THEN
      PERFORM pg_notify('valence_account_changed', OLD.id::text);
    END IF;
  ELSE
    PERFORM pg_notify('valence_account_changed', COALESCE(OLD.id, NEW.id)::text || ' counts');
  END IF;
  RETURN NULL;
END
$$;
