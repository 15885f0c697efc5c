CREATE TABLE "course_enrollment_counts" (
	"course_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"enrolled" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_enrollment_counts_course_id_shard_pk" PRIMARY KEY("course_id","shard")
);
--> statement-breakpoint
ALTER TABLE "course_enrollment_counts" ADD CONSTRAINT "course_enrollment_counts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each statement that adds, removes or moves enrolments (one, a bulk enrolment, the cascade of a
-- student's removal) moves the counts once per course and shard, in (course, shard) order so that
-- two such statements lock the rows in one order. A course being deleted takes its rows with it:
-- nothing is written for a course that no longer exists.
CREATE FUNCTION "course_enrollment_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "course_enrollment_counts" ("course_id", "shard", "enrolled")
    SELECT "course_id", ("student_id" % 8)::smallint, count(*)::integer FROM added
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("course_id", "shard") DO UPDATE
      SET "enrolled" = "course_enrollment_counts"."enrolled" + EXCLUDED."enrolled";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "course_enrollment_counts" ("course_id", "shard", "enrolled")
    SELECT r."course_id", (r."student_id" % 8)::smallint, -count(*)::integer FROM removed r
    WHERE EXISTS (SELECT 1 FROM "courses" c WHERE c."id" = r."course_id")
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("course_id", "shard") DO UPDATE
      SET "enrolled" = "course_enrollment_counts"."enrolled" + EXCLUDED."enrolled";
  ELSE
    -- A status changed moves nothing: only rows whose course or student changed count.
    INSERT INTO "course_enrollment_counts" ("course_id", "shard", "enrolled")
    SELECT m."course_id", m."shard", sum(m."n")::integer FROM (
      SELECT "course_id", ("student_id" % 8)::smallint AS "shard", 1 AS "n" FROM added
      UNION ALL
      SELECT "course_id", ("student_id" % 8)::smallint, -1 FROM removed
    ) m
    WHERE EXISTS (SELECT 1 FROM "courses" c WHERE c."id" = m."course_id")
    GROUP BY 1, 2 HAVING sum(m."n") <> 0 ORDER BY 1, 2
    ON CONFLICT ("course_id", "shard") DO UPDATE
      SET "enrolled" = "course_enrollment_counts"."enrolled" + EXCLUDED."enrolled";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A trigger with transition tables answers one kind of statement: three of them.
CREATE TRIGGER "enrollments_count_added" AFTER INSERT ON "enrollments"
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "course_enrollment_counts_move"();--> statement-breakpoint
CREATE TRIGGER "enrollments_count_removed" AFTER DELETE ON "enrollments"
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "course_enrollment_counts_move"();--> statement-breakpoint
CREATE TRIGGER "enrollments_count_moved" AFTER UPDATE ON "enrollments"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "course_enrollment_counts_move"();--> statement-breakpoint
-- The counts of the enrolments already there.
INSERT INTO "course_enrollment_counts" ("course_id", "shard", "enrolled")
SELECT "course_id", ("student_id" % 8)::smallint, count(*)::integer FROM "enrollments"
GROUP BY 1, 2;
