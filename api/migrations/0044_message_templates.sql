-- Issue 27, message templates (decision 063): one per purpose and credential state (SPEC §4: 1 uncredentialed,
-- 3 fully credentialed, 5 inactive), each with an email subject and message, an SMS and an app message, in English
-- and optionally German (SPEC §9: German only for template text). The broadcast of open visits is the first
-- purpose; its three templates are seeded here, so every database (demo or not) works out of the box.
CREATE TABLE "message_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"credential_state" integer NOT NULL,
	"email_subject" text NOT NULL,
	"email_message" text NOT NULL,
	"sms_message" text NOT NULL,
	"app_message" text NOT NULL,
	"email_subject_de" text,
	"email_message_de" text,
	"sms_message_de" text,
	"app_message_de" text,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer,
	CONSTRAINT "message_templates_credential_state_check" CHECK ("message_templates"."credential_state" in (1, 3, 5))
);
--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_purpose_state_key" ON "message_templates" USING btree ("purpose","credential_state");--> statement-breakpoint
INSERT INTO "message_templates" ("purpose", "credential_state", "email_subject", "email_message", "sms_message", "app_message", "email_subject_de", "email_message_de", "sms_message_de", "app_message_de") VALUES
	('broadcast', 1,
	 'Open {{providerType}} visits in {{city}}',
	 E'Hello {{givenName}},\n\n{{organization}} has {{visitCount}} open {{providerType}} visits in {{city}} ({{serviceRequest}}) on {{visitDates}}.\n\nFinish your credentials to take visits like these: {{link}}\n\nThank you,\nCarelane',
	 'Carelane: {{visitCount}} open {{providerType}} visits in {{city}} on {{visitDates}}. Finish your credentials to take them: {{link}}',
	 '{{visitCount}} open visits in {{city}} on {{visitDates}}. Finish your credentials to take them.',
	 'Offene {{providerType}}-Besuche in {{city}}',
	 E'Hallo {{givenName}},\n\n{{organization}} hat {{visitCount}} offene {{providerType}}-Besuche in {{city}} ({{serviceRequest}}) am {{visitDates}}.\n\nSchließen Sie Ihre Nachweise ab, um solche Besuche zu übernehmen: {{link}}\n\nVielen Dank,\nCarelane',
	 'Carelane: {{visitCount}} offene {{providerType}}-Besuche in {{city}} am {{visitDates}}. Nachweise abschließen und übernehmen: {{link}}',
	 '{{visitCount}} offene Besuche in {{city}} am {{visitDates}}. Schließen Sie Ihre Nachweise ab, um sie zu übernehmen.'),
	('broadcast', 3,
	 'Open {{providerType}} visits in {{city}}',
	 E'Hello {{givenName}},\n\n{{organization}} has {{visitCount}} open {{providerType}} visits in {{city}} ({{serviceRequest}}) on {{visitDates}}.\n\nTake them here: {{link}}\n\nThank you,\nCarelane',
	 'Carelane: {{visitCount}} open {{providerType}} visits in {{city}} on {{visitDates}}. Take them: {{link}}',
	 '{{visitCount}} open visits in {{city}} on {{visitDates}}. Tap to take them.',
	 'Offene {{providerType}}-Besuche in {{city}}',
	 E'Hallo {{givenName}},\n\n{{organization}} hat {{visitCount}} offene {{providerType}}-Besuche in {{city}} ({{serviceRequest}}) am {{visitDates}}.\n\nHier übernehmen: {{link}}\n\nVielen Dank,\nCarelane',
	 'Carelane: {{visitCount}} offene {{providerType}}-Besuche in {{city}} am {{visitDates}}. Übernehmen: {{link}}',
	 '{{visitCount}} offene Besuche in {{city}} am {{visitDates}}. Tippen, um sie zu übernehmen.'),
	('broadcast', 5,
	 'We miss you, {{givenName}}: open visits in {{city}}',
	 E'Hello {{givenName}},\n\n{{organization}} has {{visitCount}} open {{providerType}} visits in {{city}} ({{serviceRequest}}) on {{visitDates}}.\n\nIf you would like to work with us again, reactivate your profile: {{link}}\n\nThank you,\nCarelane',
	 'Carelane: {{visitCount}} open {{providerType}} visits in {{city}} on {{visitDates}}. Reactivate your profile to take them: {{link}}',
	 '{{visitCount}} open visits in {{city}} on {{visitDates}}. Reactivate your profile to take them.',
	 'Wir vermissen Sie, {{givenName}}: offene Besuche in {{city}}',
	 E'Hallo {{givenName}},\n\n{{organization}} hat {{visitCount}} offene {{providerType}}-Besuche in {{city}} ({{serviceRequest}}) am {{visitDates}}.\n\nWenn Sie wieder mit uns arbeiten möchten, reaktivieren Sie Ihr Profil: {{link}}\n\nVielen Dank,\nCarelane',
	 'Carelane: {{visitCount}} offene {{providerType}}-Besuche in {{city}} am {{visitDates}}. Profil reaktivieren und übernehmen: {{link}}',
	 '{{visitCount}} offene Besuche in {{city}} am {{visitDates}}. Reaktivieren Sie Ihr Profil, um sie zu übernehmen.')
ON CONFLICT ("purpose", "credential_state") DO NOTHING;
