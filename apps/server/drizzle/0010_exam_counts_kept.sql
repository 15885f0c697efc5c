CREATE TABLE "exam_script_counts" (
	"exam_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"submitted" integer DEFAULT 0 NOT NULL,
	"unmarked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_script_counts_exam_id_shard_pk" PRIMARY KEY("exam_id","shard")
);
--> statement-breakpoint
ALTER TABLE "exam_script_counts" ADD CONSTRAINT "exam_script_counts_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each change of a script moves its exam's counts, at the commit of the transaction that made it
-- (a deferred trigger: the count row is locked only for the commit, not for the whole hand-in).
CREATE FUNCTION "exam_script_counts_move"(exam integer, student integer, submitted integer, unmarked integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "exam_script_counts" ("exam_id", "shard", "submitted", "unmarked")
  SELECT exam, (student % 8)::smallint, submitted, unmarked
  WHERE EXISTS (SELECT 1 FROM "exams" WHERE "id" = exam)
  ON CONFLICT ("exam_id", "shard") DO UPDATE
    SET "submitted" = "exam_script_counts"."submitted" + EXCLUDED."submitted",
        "unmarked" = "exam_script_counts"."unmarked" + EXCLUDED."unmarked";
$$;--> statement-breakpoint
CREATE FUNCTION "submissions_keep_exam_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  traditional boolean;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."exam_id" = NEW."exam_id" AND OLD."student_id" = NEW."student_id"
     AND (OLD."traditional_score" IS NULL) = (NEW."traditional_score" IS NULL) THEN
    RETURN NULL; -- a mark changed, not whether there is one
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT "exam_type" = 'TRADITIONAL' INTO traditional FROM "exams" WHERE "id" = OLD."exam_id";
    PERFORM "exam_script_counts_move"(OLD."exam_id", OLD."student_id", -1,
      CASE WHEN traditional AND OLD."traditional_score" IS NULL THEN -1 ELSE 0 END);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    SELECT "exam_type" = 'TRADITIONAL' INTO traditional FROM "exams" WHERE "id" = NEW."exam_id";
    PERFORM "exam_script_counts_move"(NEW."exam_id", NEW."student_id", 1,
      CASE WHEN traditional AND NEW."traditional_score" IS NULL THEN 1 ELSE 0 END);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "submissions_keep_exam_counts"
  AFTER INSERT OR DELETE OR UPDATE OF "exam_id", "student_id", "traditional_score" ON "submissions"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "submissions_keep_exam_counts"();--> statement-breakpoint
-- The counts of the scripts already there.
INSERT INTO "exam_script_counts" ("exam_id", "shard", "submitted", "unmarked")
SELECT s."exam_id", (s."student_id" % 8)::smallint, count(*)::integer,
  (count(*) FILTER (WHERE e."exam_type" = 'TRADITIONAL' AND s."traditional_score" IS NULL))::integer
FROM "submissions" s JOIN "exams" e ON e."id" = s."exam_id"
GROUP BY s."exam_id", (s."student_id" % 8);
--> statement-breakpoint
-- An MCQ paper's item analysis reads every answer of the exam's scripts: with the chosen option in
-- the index itself, that is an index-only scan instead of a visit to each answer's row.
DROP INDEX "submission_answers_sub_q_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "submission_answers_sub_q_idx" ON "submission_answers" USING btree ("submission_id","question_id") INCLUDE ("option_id");
