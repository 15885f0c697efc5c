CREATE TABLE "video_streams" (
	"resource_id" integer NOT NULL,
	"state" text NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"error" text,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"prefix" text,
	"work_prefix" text,
	"duration" double precision,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_streams_resource_id_pk" PRIMARY KEY("resource_id")
);
--> statement-breakpoint
ALTER TABLE "video_streams" ADD CONSTRAINT "video_streams_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_streams_state_idx" ON "video_streams" USING btree ("state");