CREATE TABLE "adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"invoice_id" integer,
	"provider_id" integer,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"applied_by" integer,
	"applied_at" timestamp with time zone,
	"nacha_file_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adjustments_target_check" CHECK (("adjustments"."kind" = 'receivable' and "adjustments"."invoice_id" is not null and "adjustments"."amount_cents" > 0)
        or ("adjustments"."kind" = 'payable' and "adjustments"."provider_id" is not null and "adjustments"."amount_cents" <> 0))
);
--> statement-breakpoint
CREATE TABLE "fines" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"visit_id" integer,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"contest_note" text,
	"contested_at" timestamp with time zone,
	"removed_note" text,
	"removed_by" integer,
	"removed_at" timestamp with time zone,
	"nacha_file_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fines_amount_check" CHECK ("fines"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "nacha_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content" text NOT NULL,
	"effective_date" date NOT NULL,
	"entry_count" integer NOT NULL,
	"total_credit_cents" bigint NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_bank_accounts" (
	"provider_id" integer PRIMARY KEY NOT NULL,
	"routing_number" text NOT NULL,
	"account_type" text NOT NULL,
	"account_sealed" text NOT NULL,
	"account_last4" text NOT NULL,
	"updated_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_pay" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"date_of_service" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"breakdown" text[] NOT NULL,
	"nacha_file_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_nacha_file_id_nacha_files_id_fk" FOREIGN KEY ("nacha_file_id") REFERENCES "public"."nacha_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fines" ADD CONSTRAINT "fines_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fines" ADD CONSTRAINT "fines_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fines" ADD CONSTRAINT "fines_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fines" ADD CONSTRAINT "fines_nacha_file_id_nacha_files_id_fk" FOREIGN KEY ("nacha_file_id") REFERENCES "public"."nacha_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fines" ADD CONSTRAINT "fines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nacha_files" ADD CONSTRAINT "nacha_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_bank_accounts" ADD CONSTRAINT "provider_bank_accounts_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_bank_accounts" ADD CONSTRAINT "provider_bank_accounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_pay" ADD CONSTRAINT "provider_pay_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_pay" ADD CONSTRAINT "provider_pay_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_pay" ADD CONSTRAINT "provider_pay_nacha_file_id_nacha_files_id_fk" FOREIGN KEY ("nacha_file_id") REFERENCES "public"."nacha_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjustments_status_idx" ON "adjustments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "adjustments_invoice_idx" ON "adjustments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "adjustments_provider_idx" ON "adjustments" USING btree ("provider_id","status");--> statement-breakpoint
CREATE INDEX "fines_provider_idx" ON "fines" USING btree ("provider_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_pay_visit_key" ON "provider_pay" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "provider_pay_provider_idx" ON "provider_pay" USING btree ("provider_id","date_of_service");--> statement-breakpoint
CREATE INDEX "provider_pay_file_idx" ON "provider_pay" USING btree ("nacha_file_id");--> statement-breakpoint
CREATE TRIGGER provider_bank_accounts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON provider_bank_accounts FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER nacha_files_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON nacha_files FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER provider_pay_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON provider_pay FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER fines_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON fines FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER adjustments_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON adjustments FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
