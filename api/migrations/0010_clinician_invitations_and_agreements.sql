CREATE TABLE "agreement_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"body" text NOT NULL,
	"form_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signature_position" jsonb NOT NULL,
	"include_date" boolean DEFAULT true NOT NULL,
	"provider_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"required_for_onboarding" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinician_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "clinician_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "provider_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"template_name" text NOT NULL,
	"template_version" integer NOT NULL,
	"form_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"signed_on" timestamp with time zone DEFAULT now() NOT NULL,
	"file_id" integer NOT NULL,
	"sha256" text NOT NULL,
	"signed_by" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "agreement_templates" ADD CONSTRAINT "agreement_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinician_invitations" ADD CONSTRAINT "clinician_invitations_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinician_invitations" ADD CONSTRAINT "clinician_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_agreements" ADD CONSTRAINT "provider_agreements_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_agreements" ADD CONSTRAINT "provider_agreements_template_id_agreement_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."agreement_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_agreements" ADD CONSTRAINT "provider_agreements_file_id_provider_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."provider_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_agreements" ADD CONSTRAINT "provider_agreements_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_templates_name_version_key" ON "agreement_templates" USING btree ("name","version");--> statement-breakpoint
CREATE INDEX "clinician_invitations_provider_idx" ON "clinician_invitations" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_agreements_provider_template_key" ON "provider_agreements" USING btree ("provider_id","template_id");