CREATE TABLE "goal_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"person" text NOT NULL,
	"action" text NOT NULL,
	"phrase" text NOT NULL,
	"phrase_de" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "icd_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "note_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"field_id" text,
	"text" text NOT NULL,
	"author_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "note_comments_text_check" CHECK (char_length("note_comments"."text") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "note_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"note_type" text NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "note_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"note_id" integer NOT NULL,
	"version" integer NOT NULL,
	"values" jsonb NOT NULL,
	"saved_by" integer NOT NULL,
	"device_id" text NOT NULL,
	"autosave" boolean DEFAULT false NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "note_types" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"note_type" text NOT NULL,
	"definition_version" integer NOT NULL,
	"values" jsonb NOT NULL,
	"version" integer NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" integer NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_version_check" CHECK ("notes"."version" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "note_definitions_type_version_key" ON "note_definitions" USING btree ("note_type","version");--> statement-breakpoint
ALTER TABLE "note_comments" ADD CONSTRAINT "note_comments_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_comments" ADD CONSTRAINT "note_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_definitions" ADD CONSTRAINT "note_definitions_note_type_note_types_code_fk" FOREIGN KEY ("note_type") REFERENCES "public"."note_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_revisions" ADD CONSTRAINT "note_revisions_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_revisions" ADD CONSTRAINT "note_revisions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_definition_fk" FOREIGN KEY ("note_type","definition_version") REFERENCES "public"."note_definitions"("note_type","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goal_templates_category_idx" ON "goal_templates" USING btree ("category","person","action","id");--> statement-breakpoint
CREATE INDEX "note_comments_visit_idx" ON "note_comments" USING btree ("visit_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "note_revisions_note_version_key" ON "note_revisions" USING btree ("note_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "notes_visit_key" ON "notes" USING btree ("visit_id");--> statement-breakpoint
-- A revision is what the server acknowledged: nobody changes or deletes one, administrators included.
CREATE FUNCTION carelane_refuse_note_revision_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'note revisions cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER note_revisions_immutable BEFORE UPDATE OR DELETE ON note_revisions
FOR EACH ROW EXECUTE FUNCTION carelane_refuse_note_revision_change();
