CREATE TABLE "audit_chain" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"head_seq" bigint DEFAULT 0 NOT NULL,
	"head_digest" text DEFAULT '' NOT NULL,
	"anchor_seq" bigint DEFAULT 0 NOT NULL,
	"anchor_digest" text DEFAULT '' NOT NULL,
	CONSTRAINT "audit_chain_one_row" CHECK ("audit_chain"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_digest" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "digest" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "role" text DEFAULT 'agent' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "invitation_hash" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "invitation_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_invitation_hash_key" UNIQUE("invitation_hash");--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_role_check" CHECK ("operators"."role" in ('admin', 'agent'));--> statement-breakpoint
-- The operators of before roles existed keep every right they had: admins (a new one is an agent unless said).
UPDATE "operators" SET "role" = 'admin';--> statement-breakpoint
-- The journal's chain (lib/audit/chain.ts computes the same digest to check it). A field is its
-- length in characters and its text, or '-' for none, so that no two contents read alike.
CREATE FUNCTION "audit_field"(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT coalesce(char_length(value)::text || ':' || value, '-')
$$;--> statement-breakpoint
CREATE FUNCTION "audit_log_digest"(entry "audit_log") RETURNS text LANGUAGE sql STABLE AS $$
	SELECT encode(sha256(convert_to(concat_ws('|',
		entry.seq::text, entry.prev_digest, entry.id::text,
		to_char(entry.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
		audit_field(entry.action), audit_field(entry.operator_id::text), audit_field(entry.operator_email),
		audit_field(entry.session_ref), audit_field(entry.address), audit_field(entry.target), audit_field(entry.detail::text)
	), 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- The entries already written, chained in the order of their ids (the append-only trigger is off
-- for this transaction only).
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
DO $$
DECLARE
	entry "audit_log";
	place bigint := 0;
	previous text := '';
BEGIN
	FOR entry IN SELECT * FROM "audit_log" ORDER BY "id" LOOP
		place := place + 1;
		entry.at := date_trunc('milliseconds', entry.at);
		entry.seq := place;
		entry.prev_digest := previous;
		previous := audit_log_digest(entry);
		UPDATE "audit_log" SET "at" = entry.at, "seq" = place, "prev_digest" = entry.prev_digest, "digest" = previous WHERE "id" = entry.id;
	END LOOP;
	INSERT INTO "audit_chain" ("id", "head_seq", "head_digest") VALUES (1, place, previous);
END;
$$;--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
-- After the backfill: every entry had place 0 before it.
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_seq_key" UNIQUE("seq");--> statement-breakpoint
-- Each new entry takes the next place after the head, which it locks (FOR UPDATE) until its
-- transaction ends: inserts from any number of connections and instances are chained one after
-- the other, never two on the same head. Whatever the insert said, these columns are the trigger's.
-- SECURITY DEFINER: once the journal belongs to a role of its own (lib/audit/README.md), the app's
-- role inserts without any right on audit_chain.
CREATE FUNCTION "audit_log_chain"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
	head "audit_chain";
BEGIN
	SELECT * INTO head FROM "audit_chain" WHERE "id" = 1 FOR UPDATE;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'audit_chain has no head row';
	END IF;
	NEW.at := date_trunc('milliseconds', NEW.at);
	NEW.seq := head.head_seq + 1;
	NEW.prev_digest := head.head_digest;
	NEW.digest := audit_log_digest(NEW);
	UPDATE "audit_chain" SET "head_seq" = NEW.seq, "head_digest" = NEW.digest WHERE "id" = 1;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_chain"();--> statement-breakpoint
-- The head moves only from the insert trigger; the anchor only forward, in the purge's transaction
-- (audit.purge, lib/audit/queries.ts); the row is never deleted.
CREATE FUNCTION "audit_chain_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 AND NEW.anchor_seq = OLD.anchor_seq AND NEW.anchor_digest = OLD.anchor_digest
		AND NEW.head_seq = OLD.head_seq + 1 THEN
		RETURN NEW;
	END IF;
	IF TG_OP = 'UPDATE' AND current_setting('audit.purge', true) = 'on' AND NEW.head_seq = OLD.head_seq AND NEW.head_digest = OLD.head_digest
		AND NEW.anchor_seq >= OLD.anchor_seq THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'audit_chain is written by the journal''s triggers only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_chain_guard" BEFORE UPDATE OR DELETE ON "audit_chain" FOR EACH ROW EXECUTE FUNCTION "audit_chain_guard"();--> statement-breakpoint
CREATE TRIGGER "audit_chain_no_truncate" BEFORE TRUNCATE ON "audit_chain" FOR EACH STATEMENT EXECUTE FUNCTION "audit_chain_guard"();--> statement-breakpoint
-- The retention purge (lib/audit/queries.ts calls it; the journal's own role may run it alone): the
-- entries before the first one at or after `cutoff`, in the chain's order, so the chain is cut at
-- its start only; the last one deleted becomes the anchor. Never an anchor taken from a broken
-- chain, which would hide what broke it.
CREATE FUNCTION "audit_log_purge"(cutoff timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	chain "audit_chain";
	kept bigint;
	through bigint;
	last_digest text;
	deleted bigint;
BEGIN
	SELECT * INTO chain FROM "audit_chain" WHERE "id" = 1 FOR UPDATE;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'audit_chain has no head row';
	END IF;
	SELECT min("seq") INTO kept FROM "audit_log" WHERE "at" >= cutoff;
	through := coalesce(kept - 1, chain.head_seq);
	IF through <= chain.anchor_seq THEN
		RETURN 0;
	END IF;
	SELECT "digest" INTO last_digest FROM "audit_log" WHERE "seq" = through;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'the journal''s entry at place % is missing: run npm run audit:verify', through;
	END IF;
	PERFORM set_config('audit.purge', 'on', true);
	DELETE FROM "audit_log" WHERE "seq" <= through;
	GET DIAGNOSTICS deleted = ROW_COUNT;
	UPDATE "audit_chain" SET "anchor_seq" = through, "anchor_digest" = last_digest WHERE "id" = 1;
	PERFORM set_config('audit.purge', 'off', true);
	RETURN deleted;
END;
$$;
