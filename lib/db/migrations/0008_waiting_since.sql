ALTER TABLE "chat_sessions" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
UPDATE "chat_sessions" s SET "waiting_since" = (
  SELECT min(v."created_at") FROM "messages" v
  WHERE v."session_id" = s."id" AND v."sender" = 'visitor'
    AND v."id" > coalesce((SELECT max(o."id") FROM "messages" o WHERE o."session_id" = s."id" AND o."sender" = 'operator'), 0)
) WHERE s."last_message_at" IS NOT NULL;
