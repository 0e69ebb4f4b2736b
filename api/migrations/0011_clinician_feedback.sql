CREATE TABLE "clinician_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinician_feedback_rating_check" CHECK ("clinician_feedback"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "clinician_feedback_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"visit_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"sent_to" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "evv_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"device_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"ip" text,
	CONSTRAINT "evv_records_kind_check" CHECK ("evv_records"."kind" in ('checkIn', 'checkOut'))
);
--> statement-breakpoint
ALTER TABLE "clinician_feedback" ADD CONSTRAINT "clinician_feedback_token_id_clinician_feedback_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."clinician_feedback_tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinician_feedback" ADD CONSTRAINT "clinician_feedback_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinician_feedback" ADD CONSTRAINT "clinician_feedback_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinician_feedback_tokens" ADD CONSTRAINT "clinician_feedback_tokens_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinician_feedback_tokens" ADD CONSTRAINT "clinician_feedback_tokens_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinician_feedback_tokens" ADD CONSTRAINT "clinician_feedback_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evv_records" ADD CONSTRAINT "evv_records_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evv_records" ADD CONSTRAINT "evv_records_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evv_records" ADD CONSTRAINT "evv_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clinician_feedback_token_key" ON "clinician_feedback" USING btree ("token_id");--> statement-breakpoint
CREATE INDEX "clinician_feedback_provider_idx" ON "clinician_feedback" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinician_feedback_tokens_hash_key" ON "clinician_feedback_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "clinician_feedback_tokens_visit_idx" ON "clinician_feedback_tokens" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "evv_records_visit_idx" ON "evv_records" USING btree ("visit_id","created_at");