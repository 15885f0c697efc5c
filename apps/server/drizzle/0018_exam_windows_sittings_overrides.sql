CREATE TABLE "exam_overrides" (
	"exam_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"extra_minutes" smallint,
	"opens_at" timestamp with time zone,
	"due_date" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_overrides_exam_id_student_id_pk" PRIMARY KEY("exam_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "exam_sittings" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"question_order" jsonb,
	"option_orders" jsonb
);
--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "time_limit_minutes" smallint;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "shuffle_questions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "shuffle_options" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "questions_per_student" smallint;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "review_after" text DEFAULT 'with-marks' NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "handed_in_at_deadline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_overrides" ADD CONSTRAINT "exam_overrides_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_overrides" ADD CONSTRAINT "exam_overrides_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sittings" ADD CONSTRAINT "exam_sittings_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sittings" ADD CONSTRAINT "exam_sittings_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_sittings_exam_student_idx" ON "exam_sittings" USING btree ("exam_id","student_id");