ALTER TABLE "consents" ADD COLUMN "guardian_name" text;--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "guardian_mobile" text;