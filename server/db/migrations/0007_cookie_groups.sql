CREATE TABLE "cookie_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"cookie" text NOT NULL,
	"value" text,
	"expiration_days" integer,
	"name" jsonb NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"feature" text
);
--> statement-breakpoint
CREATE TABLE "cookie_group" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"technical_name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"feature" text,
	CONSTRAINT "cookie_group_technical_name_unique" UNIQUE("technical_name")
);
--> statement-breakpoint
ALTER TABLE "cookie_entry" ADD CONSTRAINT "cookie_entry_group_id_cookie_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."cookie_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cookie_entry_group_cookie_idx" ON "cookie_entry" USING btree ("group_id","cookie");--> statement-breakpoint
INSERT INTO "cookie_group" ("id", "technical_name", "position", "required", "name", "description", "feature") VALUES
  ('6f1b2c3d-0001-4a00-8000-000000000001', 'required', 0, true, '{"en": "Technically required", "de": "Technisch erforderlich"}', '{"en": "Needed for the shop to work: your session, language, time zone and these settings.", "de": "Für den Shop nötig: Ihre Sitzung, Sprache, Zeitzone und diese Einstellungen."}', NULL),
  ('6f1b2c3d-0001-4a00-8000-000000000002', 'statistics', 1, false, '{"en": "Statistics", "de": "Statistik"}', '{"en": "Anonymous figures on how the shop is used, to make it better.", "de": "Anonyme Zahlen zur Nutzung des Shops, um ihn zu verbessern."}', 'google-analytics'),
  ('6f1b2c3d-0001-4a00-8000-000000000003', 'marketing', 2, false, '{"en": "Marketing", "de": "Marketing"}', '{"en": "Measures whether our advertising works.", "de": "Misst, ob unsere Werbung wirkt."}', 'google-analytics'),
  ('6f1b2c3d-0001-4a00-8000-000000000004', 'comfort', 3, false, '{"en": "Comfort features", "de": "Komfortfunktionen"}', '{"en": "Remember your wishlist on this device and show embedded videos.", "de": "Merkzettel auf diesem Gerät speichern und eingebettete Videos zeigen."}', NULL);--> statement-breakpoint
INSERT INTO "cookie_entry" ("group_id", "position", "cookie", "value", "expiration_days", "name", "hidden", "feature") VALUES
  ('6f1b2c3d-0001-4a00-8000-000000000001', 0, 'vitrine-session', NULL, NULL, '{"en": "Session", "de": "Sitzung"}', false, NULL),
  ('6f1b2c3d-0001-4a00-8000-000000000001', 1, 'language', NULL, NULL, '{"en": "Language", "de": "Sprache"}', false, NULL),
  ('6f1b2c3d-0001-4a00-8000-000000000001', 2, 'timezone', NULL, NULL, '{"en": "Time zone", "de": "Zeitzone"}', false, NULL),
  ('6f1b2c3d-0001-4a00-8000-000000000001', 3, 'cookie-preference', '1', 30, '{"en": "Cookie settings", "de": "Cookie-Einstellungen"}', true, NULL),
  ('6f1b2c3d-0001-4a00-8000-000000000002', 0, 'google-analytics-enabled', '1', 30, '{"en": "Google Analytics", "de": "Google Analytics"}', false, NULL),
  ('6f1b2c3d-0001-4a00-8000-000000000003', 0, 'google-ads-enabled', '1', 30, '{"en": "Google Advertising", "de": "Google Werbung"}', false, NULL),
  ('6f1b2c3d-0001-4a00-8000-000000000004', 0, 'wishlist-enabled', '1', 30, '{"en": "Wishlist", "de": "Merkzettel"}', false, 'wishlist'),
  ('6f1b2c3d-0001-4a00-8000-000000000004', 1, 'youtube-video', '1', 30, '{"en": "YouTube videos", "de": "YouTube-Videos"}', false, NULL);
