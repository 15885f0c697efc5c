CREATE TABLE "account_devices" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"session_version" integer NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_reason" text
);
--> statement-breakpoint
ALTER TABLE "institute_settings" ADD COLUMN "max_devices_per_student" integer;--> statement-breakpoint
ALTER TABLE "account_devices" ADD CONSTRAINT "account_devices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_devices_account_idx" ON "account_devices" USING btree ("account_id","created_at");--> statement-breakpoint
-- A student's device ended (by a sign-in on one device too many, or by staff) changes what servers
-- keep of the account's session (modules/accounts/heard-cache.ts): announce it like an account change.
-- A new device or a last-seen time changes nothing kept, so neither is announced.
CREATE FUNCTION "account_devices_notify_end"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('valence_account_changed', NEW.account_id::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "account_devices_notify_end" AFTER UPDATE OF "ended_at" ON "account_devices"
  FOR EACH ROW WHEN (OLD.ended_at IS DISTINCT FROM NEW.ended_at) EXECUTE FUNCTION "account_devices_notify_end"();
