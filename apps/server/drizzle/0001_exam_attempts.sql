CREATE TABLE "exam_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	"seed" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"flagged" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"saved_at" timestamp with time zone,
	"leave_count" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" text,
	"score" integer,
	"total_score" integer
);
--> statement-breakpoint
ALTER TABLE "exam_papers" ADD COLUMN "multiple_scoring" text DEFAULT 'AllOrNothing' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD COLUMN "leave_limit" integer;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD COLUMN "show_correctness" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_paper_id_exam_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."exam_papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_application_unique" ON "exam_attempts" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "exam_attempts_open_deadline" ON "exam_attempts" USING btree ("deadline_at") WHERE "exam_attempts"."submitted_at" is null;