CREATE TABLE "signin_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "signin_throttle_last_at_idx" ON "signin_throttle" USING btree ("last_at");--> statement-breakpoint
CREATE UNIQUE INDEX "resources_object_key_idx" ON "resources" USING btree ("object_key");