ALTER TABLE "operator_sessions" ADD COLUMN "verified_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD COLUMN "challenge_expires_at" timestamp with time zone;--> statement-breakpoint
-- The recovery codes made so far held 50 random bits behind an unsalted SHA-256: they stop working, and
-- each operator issues new ones (120 bits) from the Sécurité page, which shows that none is left.
DELETE FROM "operator_recovery_codes";
