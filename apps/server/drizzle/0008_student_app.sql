-- The students' app: MCQ drafts saved as a student answers, and watch-time viewings kept up to date
-- by heartbeats (the parts played, where playback stood, the app's key for the viewing).
CREATE TABLE "submission_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watch_time" ADD COLUMN "viewing_key" uuid;--> statement-breakpoint
ALTER TABLE "watch_time" ADD COLUMN "segments" jsonb;--> statement-breakpoint
ALTER TABLE "watch_time" ADD COLUMN "position" double precision;--> statement-breakpoint
ALTER TABLE "watch_time" ADD COLUMN "beat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submission_drafts" ADD CONSTRAINT "submission_drafts_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_drafts" ADD CONSTRAINT "submission_drafts_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "submission_drafts_exam_student_idx" ON "submission_drafts" USING btree ("exam_id","student_id");--> statement-breakpoint
CREATE INDEX "watch_time_student_resource_idx" ON "watch_time" USING btree ("student_id","resource_id","timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_time_viewing_idx" ON "watch_time" USING btree ("student_id","viewing_key");