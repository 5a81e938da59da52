CREATE TABLE "image_feature" (
	"media_id" uuid PRIMARY KEY NOT NULL,
	"hashes" text[] NOT NULL,
	"colours" real[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_feature" ADD CONSTRAINT "image_feature_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;