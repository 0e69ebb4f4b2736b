-- Issue 28, telehealth (decision 068): a visit type held by video, one room per telehealth visit, its
-- participants (keys stored as SHA-256) and the relayed WebRTC handshake; EVV records say where the visit was
-- held, and a telehealth record has no position.
ALTER TABLE "visit_types" ADD COLUMN "telehealth" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "evv_records" ADD COLUMN "location" text DEFAULT 'home' NOT NULL;--> statement-breakpoint
ALTER TABLE "evv_records" ALTER COLUMN "latitude" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "evv_records" ALTER COLUMN "longitude" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "evv_records" ADD CONSTRAINT "evv_records_location_check" CHECK ("evv_records"."location" = 'telehealth' or ("evv_records"."location" = 'home' and "evv_records"."latitude" is not null and "evv_records"."longitude" is not null));--> statement-breakpoint
CREATE TABLE "telehealth_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"link_secret" text NOT NULL,
	"opened_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "telehealth_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"state" text NOT NULL,
	"key_hash" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admitted_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	CONSTRAINT "telehealth_participants_role_check" CHECK ("telehealth_participants"."role" in ('host', 'staff', 'guest')),
	CONSTRAINT "telehealth_participants_state_check" CHECK ("telehealth_participants"."state" in ('waiting', 'admitted', 'left')),
	CONSTRAINT "telehealth_participants_name_check" CHECK (length("telehealth_participants"."name") between 1 and 80)
);
--> statement-breakpoint
CREATE TABLE "telehealth_signals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"from_participant" integer NOT NULL,
	"to_participant" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telehealth_signals_kind_check" CHECK ("telehealth_signals"."kind" in ('offer', 'answer', 'candidate')),
	CONSTRAINT "telehealth_signals_payload_check" CHECK (length("telehealth_signals"."payload") between 1 and 20000)
);
--> statement-breakpoint
ALTER TABLE "telehealth_rooms" ADD CONSTRAINT "telehealth_rooms_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_rooms" ADD CONSTRAINT "telehealth_rooms_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_participants" ADD CONSTRAINT "telehealth_participants_room_id_telehealth_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."telehealth_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_participants" ADD CONSTRAINT "telehealth_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_signals" ADD CONSTRAINT "telehealth_signals_room_id_telehealth_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."telehealth_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_signals" ADD CONSTRAINT "telehealth_signals_from_participant_telehealth_participants_id_fk" FOREIGN KEY ("from_participant") REFERENCES "public"."telehealth_participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_signals" ADD CONSTRAINT "telehealth_signals_to_participant_telehealth_participants_id_fk" FOREIGN KEY ("to_participant") REFERENCES "public"."telehealth_participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "telehealth_rooms_visit_key" ON "telehealth_rooms" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "telehealth_participants_room_idx" ON "telehealth_participants" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "telehealth_participants_key" ON "telehealth_participants" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "telehealth_signals_to_idx" ON "telehealth_signals" USING btree ("to_participant","id");--> statement-breakpoint
CREATE INDEX "telehealth_signals_room_idx" ON "telehealth_signals" USING btree ("room_id");
