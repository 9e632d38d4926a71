CREATE TABLE "scheduled_job_ticks" (
	"job" varchar(100) PRIMARY KEY NOT NULL,
	"tick" timestamp with time zone NOT NULL
);
