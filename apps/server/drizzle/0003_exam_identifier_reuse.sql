DROP INDEX "exams_identifier_type_idx";--> statement-breakpoint
CREATE INDEX "exams_identifier_idx" ON "exams" USING btree ("exam_identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "exams_identifier_type_idx" ON "exams" USING btree ("course_id","exam_identifier","exam_type") WHERE not "exams"."content_deleted";