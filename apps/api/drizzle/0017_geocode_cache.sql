-- Issue 24: the imports' geocoder cache, one row per folded address (a miss too, with a null point):
-- a file uploaded for the preview and then for the commit asks GEOCODER_URL once per address.
CREATE TABLE "geocode_cache" (
	"address_key" text PRIMARY KEY NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"confidence" double precision,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
