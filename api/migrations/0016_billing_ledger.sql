CREATE TABLE "billing_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"date_of_service" date NOT NULL,
	"patient_name" text NOT NULL,
	"clinician_name" text NOT NULL,
	"visit_type" text NOT NULL,
	"units_text" text NOT NULL,
	"billed_minutes" integer,
	"late_cancellation" boolean NOT NULL,
	"rate_cents" bigint,
	"amount_cents" bigint NOT NULL,
	"service_tax_cents" bigint NOT NULL,
	"breakdown" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"referral_source_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"service_tax_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"collection_at" timestamp with time zone,
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total_cents" = "invoices"."subtotal_cents" + "invoices"."service_tax_cents"),
	CONSTRAINT "invoices_period_check" CHECK ("invoices"."period_end" >= "invoices"."period_start")
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"applied_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_amount_check" CHECK ("payment_allocations"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"referral_source_id" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"received_on" date NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_files" ADD CONSTRAINT "invoice_files_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_files" ADD CONSTRAINT "invoice_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_referral_source_id_referral_sources_id_fk" FOREIGN KEY ("referral_source_id") REFERENCES "public"."referral_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_referral_source_id_referral_sources_id_fk" FOREIGN KEY ("referral_source_id") REFERENCES "public"."referral_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_files_invoice_idx" ON "invoice_files" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_visit_key" ON "invoice_lines" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_rs_issued_idx" ON "invoices" USING btree ("referral_source_id","issued_on");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_on","id");--> statement-breakpoint
CREATE INDEX "payment_allocations_payment_idx" ON "payment_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_idx" ON "payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_rs_idx" ON "payments" USING btree ("referral_source_id","received_on");--> statement-breakpoint
INSERT INTO "billing_counters" ("name", "last_value") VALUES ('invoice', 0);
--> statement-breakpoint
CREATE TRIGGER invoices_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON invoices FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER invoice_lines_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON invoice_lines FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER payments_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER payment_allocations_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_allocations FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
