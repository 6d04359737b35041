CREATE TABLE "chat_session_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "chat_session_tokens_token_hash_check" CHECK ("chat_session_tokens"."token_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "chat_session_tokens_kind_check" CHECK ("chat_session_tokens"."kind" in ('link', 'bearer'))
);
--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "visitor_email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "visitor_email_replies" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "visitor_emailed_through_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_session_tokens" ADD CONSTRAINT "chat_session_tokens_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_session_tokens_session_id_idx" ON "chat_session_tokens" USING btree ("session_id");