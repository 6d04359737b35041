ALTER TABLE "operators" ALTER COLUMN "push_hide_text" SET DEFAULT true;--> statement-breakpoint
-- Existing operators too: a stored false was the old default, not a choice anyone can be told apart by.
-- Each operator may show the text again from the Notifications view.
UPDATE "operators" SET "push_hide_text" = true;--> statement-breakpoint
ALTER TABLE "chat_session_tokens" ADD COLUMN "used_at" timestamp with time zone;
