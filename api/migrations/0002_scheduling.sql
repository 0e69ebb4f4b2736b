CREATE TABLE "archive_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"older_than" date NOT NULL,
	"episode_reason" text,
	"patient_reason" text,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Running' NOT NULL,
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"referral_source_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"title" text,
	"relationship" text,
	"email" text,
	"phone_number" text,
	"primary_phone" text,
	"is_case_manager" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "episodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"referral_source_id" integer NOT NULL,
	"patient_id" integer,
	"physician_id" integer,
	"facility_id" integer,
	"insurance_id" integer,
	"external_insurance_id" text,
	"insurance_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"episode_type" text DEFAULT 'Visit' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"language" text DEFAULT 'English' NOT NULL,
	"payor" text,
	"authorized_visits" integer,
	"visit_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"provider_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"group_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"contact_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"patient_contact_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"case_manager_id" integer,
	"care_coordinator_id" integer,
	"customer_care_coordinator_id" integer,
	"vendor_manager_id" integer,
	"reviewer_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"org_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"frequencies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enable_notes_workflow" boolean DEFAULT false NOT NULL,
	"visit_rate" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archive_reason" text,
	"archived_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"referral_source_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone_number" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state" text,
	"zipcode" text,
	"county" text,
	"latitude" double precision,
	"longitude" double precision,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_response_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"visit_ids" integer[] NOT NULL,
	"referral_source_id" integer NOT NULL,
	"sent_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"break_minutes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	CONSTRAINT "group_members_group_id_provider_id_pk" PRIMARY KEY("group_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurances" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payer_id" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" serial PRIMARY KEY NOT NULL,
	"referral_source_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"middle_initial" text,
	"last_name" text NOT NULL,
	"gender" text,
	"birthday" date,
	"phone_number1" text,
	"phone_number2" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state" text,
	"zipcode" text,
	"county" text,
	"latitude" double precision,
	"longitude" double precision,
	"language" text DEFAULT 'English' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"archive_reason" text,
	"archived_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "physicians" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"npi" text,
	"specialty" text,
	"phone_number" text,
	"fax" text,
	"email" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state" text,
	"zipcode" text,
	"county" text,
	"latitude" double precision,
	"longitude" double precision,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_rates" (
	"provider_id" integer NOT NULL,
	"visit_type_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"special_rate" numeric(12, 2),
	"incremental_rate" numeric(12, 2),
	CONSTRAINT "provider_rates_provider_id_visit_type_id_pk" PRIMARY KEY("provider_id","visit_type_id")
);
--> statement-breakpoint
CREATE TABLE "provider_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_vacations" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"given_name" text NOT NULL,
	"family_name" text NOT NULL,
	"email" text,
	"phone_number" text,
	"provider_type_id" integer NOT NULL,
	"provider_status_id" integer DEFAULT 3 NOT NULL,
	"credential_state" integer DEFAULT 1 NOT NULL,
	"onboard_step" text DEFAULT 'Contract' NOT NULL,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state" text,
	"zipcode" text,
	"county" text,
	"latitude" double precision,
	"longitude" double precision,
	"preferred_latitude" double precision,
	"preferred_longitude" double precision,
	"coverage_radius_miles" integer DEFAULT 15 NOT NULL,
	"preferred_zipcodes" text[] DEFAULT '{}'::text[] NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"weekday_preferences" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"assignment_preference" text DEFAULT 'Both' NOT NULL,
	"shift_preferences" text[] DEFAULT '{}'::text[] NOT NULL,
	"rating" double precision,
	"rating_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_login" timestamp with time zone,
	"enable_email" boolean DEFAULT true NOT NULL,
	"enable_sms" boolean DEFAULT true NOT NULL,
	"device_status" text,
	"notification_status" text,
	"care_coordinator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_source_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"referral_source_id" integer NOT NULL,
	"provider_type_id" integer NOT NULL,
	"visit_type_id" integer NOT NULL,
	"payment_type" text NOT NULL,
	"service_fee" numeric(12, 2),
	"special_service_fee" numeric(12, 2),
	"incremental_service_fee" numeric(12, 2),
	"amount" numeric(12, 2),
	"special_rate" numeric(12, 2),
	"incremental_rate" numeric(12, 2),
	"profit_margin" numeric(12, 2),
	"special_profit_margin" numeric(12, 2),
	"incremental_profit_margin" numeric(12, 2),
	"unit" text DEFAULT '$/Visit' NOT NULL,
	"shift_break_time_in_mins" integer,
	"duration_limit" double precision,
	"billing_increment" integer,
	"hourly_rate_after_limit" numeric(12, 2),
	"service_tax_percentage" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supply_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"referral_source_id" integer,
	"provider_type_id" integer NOT NULL,
	"zipcode" text NOT NULL,
	"city" text,
	"state" text,
	"requested_count" integer DEFAULT 1 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_provider_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"provider_type_id" integer NOT NULL,
	"fixed_rate" numeric(12, 2),
	"provider_amount" numeric(12, 2),
	"unit" text DEFAULT '$/Visit' NOT NULL,
	"profit_margin" numeric(12, 2),
	"service_fee" numeric(12, 2),
	"bonus" numeric(12, 2),
	"referral_source_bonus" numeric(12, 2),
	"is_hourly" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '$/Visit' NOT NULL,
	"evaluation" boolean DEFAULT false NOT NULL,
	"discharge" boolean DEFAULT false NOT NULL,
	"service_type" text DEFAULT 'Visit' NOT NULL,
	"provider_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"episode_id" integer NOT NULL,
	"referral_source_id" integer NOT NULL,
	"patient_id" integer,
	"facility_id" integer,
	"episode_type" text DEFAULT 'Visit' NOT NULL,
	"visit_type_id" integer NOT NULL,
	"provider_type_id" integer NOT NULL,
	"date_of_service" date NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"duration" integer,
	"status" text DEFAULT 'Draft' NOT NULL,
	"non_visit" boolean DEFAULT false NOT NULL,
	"is_hourly" boolean DEFAULT false NOT NULL,
	"rate_override" boolean DEFAULT false NOT NULL,
	"override_amount" numeric(12, 2),
	"rs_override_amount" numeric(12, 2),
	"bonus" numeric(12, 2),
	"referral_source_bonus" numeric(12, 2),
	"rate_tier" text DEFAULT 'regular' NOT NULL,
	"late_cancellation" boolean DEFAULT false NOT NULL,
	"shift_confirmed_by_facility" boolean DEFAULT false NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"provider_id" integer,
	"assigned_at" timestamp with time zone,
	"assigned_by" integer,
	"provider_amount" numeric(12, 2),
	"rs_amount" numeric(12, 2),
	"time_in" timestamp with time zone,
	"time_out" timestamp with time zone,
	"expire_reason" text,
	"facility_response" text,
	"facility_reject_reason" text,
	"zipcode" text,
	"latitude" double precision,
	"longitude" double precision,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "archive_runs" ADD CONSTRAINT "archive_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_referral_source_id_referral_sources_id_fk" FOREIGN KEY ("referral_source_id") REFERENCES "public"."referral_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_referral_source_id_referral_sources_id_fk" FOREIGN KEY ("referral_source_id") REFERENCES "public"."referral_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_physician_id_physicians_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."physicians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_insurance_id_insurances_id_fk" FOREIGN KEY ("insurance_id") REFERENCES "public"."insurances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_case_manager_id_contacts_id_fk" FOREIGN KEY ("case_manager_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_care_coordinator_id_users_id_fk" FOREIGN KEY ("care_coordinator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_customer_care_coordinator_id_users_id_fk" FOREIGN KEY ("customer_care_coordinator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_vendor_manager_id_users_id_fk" FOREIGN KEY ("vendor_manager_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_referral_source_id_referral_sources_id_fk" FOREIGN KEY ("referral_source_id") REFERENCES "public"."referral_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_response_tokens" ADD CONSTRAINT "facility_response_tokens_referral_source_id_referral_sources_id_fk" FOREIGN KEY ("referral_source_id") REFERENCES "public"."referral_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_shifts" ADD CONSTRAINT "facility_shifts_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_referral_source_id_referral_sources_id_fk" FOREIGN KEY ("referral_source_id") REFERENCES "public"."referral_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_rates" ADD CONSTRAINT "provider_rates_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_rates" ADD CONSTRAINT "provider_rates_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_vacations" ADD CONSTRAINT "provider_vacations_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_provider_type_id_provider_types_id_fk" FOREIGN KEY ("provider_type_id") REFERENCES "public"."provider_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_care_coordinator_id_users_id_fk" FOREIGN KEY ("care_coordinator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_source_rates" ADD CONSTRAINT "referral_source_rates_referral_source_id_referral_sources_id_fk" FOREIGN KEY ("referral_source_id") REFERENCES "public"."referral_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_source_rates" ADD CONSTRAINT "referral_source_rates_provider_type_id_provider_types_id_fk" FOREIGN KEY ("provider_type_id") REFERENCES "public"."provider_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_source_rates" ADD CONSTRAINT "referral_source_rates_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_requests" ADD CONSTRAINT "supply_requests_referral_source_id_referral_sources_id_fk" FOREIGN KEY ("referral_source_id") REFERENCES "public"."referral_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_requests" ADD CONSTRAINT "supply_requests_provider_type_id_provider_types_id_fk" FOREIGN KEY ("provider_type_id") REFERENCES "public"."provider_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_requests" ADD CONSTRAINT "supply_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_provider_types" ADD CONSTRAINT "visit_provider_types_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_provider_types" ADD CONSTRAINT "visit_provider_types_provider_type_id_provider_types_id_fk" FOREIGN KEY ("provider_type_id") REFERENCES "public"."provider_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_referral_source_id_referral_sources_id_fk" FOREIGN KEY ("referral_source_id") REFERENCES "public"."referral_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_provider_type_id_provider_types_id_fk" FOREIGN KEY ("provider_type_id") REFERENCES "public"."provider_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_name_idx" ON "contacts" USING btree ("last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "contacts_referral_source_idx" ON "contacts" USING btree ("referral_source_id","last_name");--> statement-breakpoint
CREATE INDEX "episodes_status_created_idx" ON "episodes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "episodes_created_idx" ON "episodes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "episodes_rs_status_created_idx" ON "episodes" USING btree ("referral_source_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "episodes_patient_idx" ON "episodes" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "episodes_created_by_idx" ON "episodes" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "episodes_care_coordinator_idx" ON "episodes" USING btree ("care_coordinator_id","created_at");--> statement-breakpoint
CREATE INDEX "facilities_referral_source_idx" ON "facilities" USING btree ("referral_source_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "facility_response_tokens_hash_key" ON "facility_response_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "group_members_provider_idx" ON "group_members" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_name_key" ON "groups" USING btree ("name");--> statement-breakpoint
CREATE INDEX "patients_created_idx" ON "patients" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "patients_referral_source_created_idx" ON "patients" USING btree ("referral_source_id","created_at","id");--> statement-breakpoint
CREATE INDEX "patients_name_idx" ON "patients" USING btree ("last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "patients_zipcode_idx" ON "patients" USING btree ("zipcode");--> statement-breakpoint
CREATE INDEX "physicians_name_idx" ON "physicians" USING btree ("last_name","first_name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "physicians_npi_key" ON "physicians" USING btree ("npi");--> statement-breakpoint
CREATE INDEX "provider_vacations_provider_idx" ON "provider_vacations" USING btree ("provider_id","start_date");--> statement-breakpoint
CREATE INDEX "providers_name_idx" ON "providers" USING btree ("family_name","given_name","id");--> statement-breakpoint
CREATE INDEX "providers_type_lat_idx" ON "providers" USING btree ("provider_type_id","preferred_latitude");--> statement-breakpoint
CREATE INDEX "providers_status_idx" ON "providers" USING btree ("provider_status_id","family_name");--> statement-breakpoint
CREATE UNIQUE INDEX "providers_user_key" ON "providers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_source_rates_key" ON "referral_source_rates" USING btree ("referral_source_id","provider_type_id","visit_type_id");--> statement-breakpoint
CREATE INDEX "supply_requests_created_idx" ON "supply_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_provider_types_key" ON "visit_provider_types" USING btree ("visit_id","provider_type_id");--> statement-breakpoint
CREATE INDEX "visits_status_date_idx" ON "visits" USING btree ("status","date_of_service","id");--> statement-breakpoint
CREATE INDEX "visits_date_idx" ON "visits" USING btree ("date_of_service","id");--> statement-breakpoint
CREATE INDEX "visits_rs_status_date_idx" ON "visits" USING btree ("referral_source_id","status","date_of_service","id");--> statement-breakpoint
CREATE INDEX "visits_episode_date_idx" ON "visits" USING btree ("episode_id","date_of_service","id");--> statement-breakpoint
CREATE INDEX "visits_provider_start_idx" ON "visits" USING btree ("provider_id","start_at") WHERE provider_id is not null;--> statement-breakpoint
CREATE INDEX "visits_patient_provider_idx" ON "visits" USING btree ("patient_id","provider_id") WHERE provider_id is not null;