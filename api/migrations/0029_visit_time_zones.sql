-- Issue 24, visit times and time zones (docs/decisions/039-visit-times-in-the-organizations-zone.md): a visit's
-- date and times are the organization's wall clock. The organization keeps its IANA zone (null: the zone of its
-- ZIP code's state, shared-domain organizationTimeZone); a visit keeps the zone it was booked in beside its
-- start and end instants (null on visits booked before: their organization's zone).
ALTER TABLE "referral_sources" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "referral_sources" ADD CONSTRAINT "referral_sources_time_zone_check" CHECK ("referral_sources"."time_zone" is null or length("referral_sources"."time_zone") between 1 and 64);--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_time_zone_check" CHECK ("visits"."time_zone" is null or length("visits"."time_zone") between 1 and 64);
