-- Issue 26, /candidateReport and /candidatePageView (docs/decisions/058-candidates.md). The page views of the public
-- candidate pages, recorded without cookies: a row per view with its page, its day (Central), a visitor hash
-- (sha256 of a salt of the day, the client address and the user agent: the same visitor once a day, never
-- followed across days), the referrer's host only, the utm_source, and whether an invitation was in the address
-- (never the token). Kept 400 days. And the invitations' created-at index, which the candidate report reads a
-- period of invitations by.
CREATE TABLE "candidate_page_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"page" text NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	"referrer_host" text,
	"source" text,
	"with_invitation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "candidate_page_views_day_idx" ON "candidate_page_views" USING btree ("day","page");--> statement-breakpoint
CREATE INDEX "clinician_invitations_created_idx" ON "clinician_invitations" USING btree ("created_at");
