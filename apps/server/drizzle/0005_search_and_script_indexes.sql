DROP INDEX "accounts_username_trgm_idx";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "username_lower" text GENERATED ALWAYS AS (lower(username)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "name_lower" text GENERATED ALWAYS AS (lower(coalesce(name, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "accounts_username_lower_trgm_idx" ON "accounts" USING gin ("username_lower" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_name_lower_trgm_idx" ON "accounts" USING gin ("name_lower" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "submissions_exam_submitted_idx" ON "submissions" USING btree ("exam_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "submissions_unmarked_idx" ON "submissions" USING btree ("exam_id") WHERE "submissions"."traditional_score" is null;