CREATE TABLE "operator_presence" (
	"instance_id" text PRIMARY KEY NOT NULL,
	"consoles" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
