CREATE TABLE "visitor_count" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visitor_count_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
CREATE TABLE "visitor_seen" (
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "visitor_seen_day_visitor_hash_pk" PRIMARY KEY("day","visitor_hash")
);
