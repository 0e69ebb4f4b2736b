CREATE TABLE "credential_requirements" (
	"provider_type_id" integer NOT NULL,
	"credential_type_id" integer NOT NULL,
	CONSTRAINT "credential_requirements_provider_type_id_credential_type_id_pk" PRIMARY KEY("provider_type_id","credential_type_id")
);
--> statement-breakpoint
CREATE TABLE "credential_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"expires" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "credential_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "provider_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"credential_type_id" integer NOT NULL,
	"number" text,
	"issuing_state" text,
	"issued_on" date,
	"expires_on" date,
	"status" text DEFAULT 'Submitted' NOT NULL,
	"reject_reason" text,
	"file_id" integer,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"warned_days_before" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "provider_credentials_status_check" CHECK ("provider_credentials"."status" in ('Submitted', 'InReview', 'Approved', 'Rejected', 'Expired')),
	CONSTRAINT "provider_credentials_dates_check" CHECK ("provider_credentials"."expires_on" is null or "provider_credentials"."issued_on" is null or "provider_credentials"."expires_on" >= "provider_credentials"."issued_on")
);
--> statement-breakpoint
CREATE TABLE "provider_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "credential_requirements" ADD CONSTRAINT "credential_requirements_provider_type_id_provider_types_id_fk" FOREIGN KEY ("provider_type_id") REFERENCES "public"."provider_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_requirements" ADD CONSTRAINT "credential_requirements_credential_type_id_credential_types_id_fk" FOREIGN KEY ("credential_type_id") REFERENCES "public"."credential_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_credentials" ADD CONSTRAINT "provider_credentials_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_credentials" ADD CONSTRAINT "provider_credentials_credential_type_id_credential_types_id_fk" FOREIGN KEY ("credential_type_id") REFERENCES "public"."credential_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_credentials" ADD CONSTRAINT "provider_credentials_file_id_provider_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."provider_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_credentials" ADD CONSTRAINT "provider_credentials_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_files" ADD CONSTRAINT "provider_files_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_files" ADD CONSTRAINT "provider_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_credentials_provider_type_idx" ON "provider_credentials" USING btree ("provider_id","credential_type_id","expires_on");--> statement-breakpoint
CREATE INDEX "provider_credentials_status_expiry_idx" ON "provider_credentials" USING btree ("status","expires_on");--> statement-breakpoint
CREATE INDEX "provider_files_provider_idx" ON "provider_files" USING btree ("provider_id","uploaded_at");--> statement-breakpoint
-- The fit score reads credentials (credential state at the date of service): they announce their writes too
-- (carelane_table_changed of migration 0001), so kept candidates are ranked again after a review.
CREATE TRIGGER provider_credentials_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON provider_credentials FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();--> statement-breakpoint
CREATE TRIGGER credential_types_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON credential_types FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();--> statement-breakpoint
CREATE TRIGGER credential_requirements_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON credential_requirements FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
