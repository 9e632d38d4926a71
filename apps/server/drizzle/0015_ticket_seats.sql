ALTER TABLE "applications" ADD COLUMN "exam_seat" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_project_exam_seat_unique" ON "applications" USING btree ("project_id","exam_seat");