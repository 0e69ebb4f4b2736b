CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_day" date NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
