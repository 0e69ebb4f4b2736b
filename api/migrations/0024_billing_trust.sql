-- Issue 23, decision 035. A released NACHA file holds every paid clinician's account number: it is kept sealed
-- (AES-256-GCM under DATA_KEY, lib/blob-cipher.ts `seal`) in content_sealed. SQL cannot seal (the key is not in
-- the database), so a file released before this migration keeps its clear text in content until the server
-- starts: startServer seals it then (modules/billing/sealed-data.ts) and empties content. Exactly one of them holds
-- the file.
ALTER TABLE "nacha_files" ADD COLUMN "content_sealed" text;--> statement-breakpoint
ALTER TABLE "nacha_files" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "nacha_files" ADD CONSTRAINT "nacha_files_content_check" CHECK (num_nonnulls("nacha_files"."content", "nacha_files"."content_sealed") = 1);--> statement-breakpoint
-- A payment recorded with an Idempotency-Key header: a retried POST with the same key (by the same user) answers
-- the payment the first one recorded instead of recording it twice.
ALTER TABLE "payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" USING btree ("created_by","idempotency_key") WHERE "payments"."idempotency_key" is not null;
