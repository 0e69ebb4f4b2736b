-- Issue 26, /genericReport (docs/decisions/054-generic-report.md): the report definitions staff save, each their
-- own (one name once per user). A definition is the JSON object of shared-domain's generic-report schema, checked
-- again against the allow-list every time it is run: nothing saved here is ever SQL.
CREATE TABLE "saved_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_reports_name_check" CHECK (length("saved_reports"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "saved_reports" ADD CONSTRAINT "saved_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_reports_user_name_key" ON "saved_reports" USING btree ("user_id","name");
