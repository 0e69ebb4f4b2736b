CREATE TABLE "clinician_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"kind" text NOT NULL,
	"orientation_id" integer,
	"note" text,
	"due_on" date,
	"assigned_by" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinician_assignments_kind_check" CHECK (("clinician_assignments"."kind" = 'Orientation' and "clinician_assignments"."orientation_id" is not null)
        or ("clinician_assignments"."kind" = 'PerformanceEvaluation' and "clinician_assignments"."orientation_id" is null))
);
--> statement-breakpoint
CREATE TABLE "orientation_progress" (
	"provider_id" integer NOT NULL,
	"orientation_id" integer NOT NULL,
	"sections_viewed" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_score" integer,
	"passed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "orientation_progress_provider_id_orientation_id_pk" PRIMARY KEY("provider_id","orientation_id")
);
--> statement-breakpoint
CREATE TABLE "orientation_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"orientation_id" integer NOT NULL,
	"index" integer NOT NULL,
	"question" text NOT NULL,
	"options" text[] NOT NULL,
	"correct_option" integer NOT NULL,
	CONSTRAINT "orientation_questions_correct_check" CHECK ("orientation_questions"."correct_option" >= 0 and "orientation_questions"."correct_option" < cardinality("orientation_questions"."options"))
);
--> statement-breakpoint
CREATE TABLE "orientation_quiz_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"orientation_id" integer NOT NULL,
	"orientation_version" integer NOT NULL,
	"answers" integer[] NOT NULL,
	"score" integer NOT NULL,
	"passed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orientation_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"orientation_id" integer NOT NULL,
	"index" integer NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"video_url" text
);
--> statement-breakpoint
CREATE TABLE "orientations" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"provider_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"pass_mark" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clinician_assignments" ADD CONSTRAINT "clinician_assignments_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinician_assignments" ADD CONSTRAINT "clinician_assignments_orientation_id_orientations_id_fk" FOREIGN KEY ("orientation_id") REFERENCES "public"."orientations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinician_assignments" ADD CONSTRAINT "clinician_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orientation_progress" ADD CONSTRAINT "orientation_progress_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orientation_progress" ADD CONSTRAINT "orientation_progress_orientation_id_orientations_id_fk" FOREIGN KEY ("orientation_id") REFERENCES "public"."orientations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orientation_questions" ADD CONSTRAINT "orientation_questions_orientation_id_orientations_id_fk" FOREIGN KEY ("orientation_id") REFERENCES "public"."orientations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orientation_quiz_attempts" ADD CONSTRAINT "orientation_quiz_attempts_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orientation_quiz_attempts" ADD CONSTRAINT "orientation_quiz_attempts_orientation_id_orientations_id_fk" FOREIGN KEY ("orientation_id") REFERENCES "public"."orientations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orientation_sections" ADD CONSTRAINT "orientation_sections_orientation_id_orientations_id_fk" FOREIGN KEY ("orientation_id") REFERENCES "public"."orientations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinician_assignments_provider_idx" ON "clinician_assignments" USING btree ("provider_id","orientation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orientation_questions_order_idx" ON "orientation_questions" USING btree ("orientation_id","index");--> statement-breakpoint
CREATE INDEX "orientation_quiz_attempts_provider_idx" ON "orientation_quiz_attempts" USING btree ("provider_id","orientation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orientation_sections_order_idx" ON "orientation_sections" USING btree ("orientation_id","index");