-- The header's global search (issue 27, bench (p)): names, emails, titles and phone numbers are matched from the
-- start of a word, so each is one btree range scan on its lower-cased value (text_pattern_ops: LIKE 'abc%'),
-- instead of reading every patient, clinician and service request for a match anywhere in the text.
CREATE INDEX "patients_last_name_search_idx" ON "patients" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_first_name_search_idx" ON "patients" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_phone1_search_idx" ON "patients" USING btree ("phone_number1" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_phone2_search_idx" ON "patients" USING btree ("phone_number2" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_birthday_idx" ON "patients" USING btree ("birthday");--> statement-breakpoint
CREATE INDEX "providers_family_name_search_idx" ON "providers" USING btree (lower("family_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "providers_given_name_search_idx" ON "providers" USING btree (lower("given_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "providers_email_search_idx" ON "providers" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "providers_phone_search_idx" ON "providers" USING btree ("phone_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "episodes_title_search_idx" ON "episodes" USING btree (lower("title") text_pattern_ops);
