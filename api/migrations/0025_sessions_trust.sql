-- Secrets the server signs with, shared by every instance on this database (docs/decisions/036): the device
-- cookie's HMAC key ('device-cookie') is made by the first server that needs it.
CREATE TABLE "signing_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
