CREATE TABLE "stored_files" (
	"name" varchar(80) PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stored_files_created_at_index" ON "stored_files" USING btree ("created_at");