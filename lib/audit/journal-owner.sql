-- Hands the journal to a database role of its own, so that the app's role can append to it and read
-- it but neither change nor delete an entry, nor drop or turn off the triggers that guard it (in
-- PostgreSQL only a table's owner, its schema's owner or a superuser can). Run once on PostgreSQL
-- by a superuser, after `npm run db:migrate`, and again after a migration that recreates these
-- objects:
--
--   psql "postgresql://postgres@HOST/DATABASE" -v app=APP_ROLE -v journal=maurice_journal -f lib/audit/journal-owner.sql
--
-- After it, the app's daily purge of the journal is refused (and logged once a day); the journal's
-- role purges it: psql … -c "set role maurice_journal; select audit_log_purge(now() - interval '730 days')".
\set ON_ERROR_STOP on
BEGIN;
SELECT format('CREATE ROLE %I NOLOGIN', :'journal') WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'journal') \gexec
-- The owner of the schema may drop whatever is in it: the app's role must not own the database
-- (whose owner owns `public` in PostgreSQL 15 and later) nor the schema; it keeps creating its own tables.
SELECT format('ALTER DATABASE %I OWNER TO %I', current_database(), current_user) \gexec
SELECT format('GRANT CONNECT, CREATE, TEMPORARY ON DATABASE %I TO %I', current_database(), :'app') \gexec
ALTER SCHEMA public OWNER TO CURRENT_USER;
GRANT USAGE, CREATE ON SCHEMA public TO :"app";
ALTER TABLE audit_log OWNER TO :"journal";
ALTER TABLE audit_chain OWNER TO :"journal";
ALTER FUNCTION audit_field(text) OWNER TO :"journal";
ALTER FUNCTION audit_log_digest(audit_log) OWNER TO :"journal";
ALTER FUNCTION audit_log_chain() OWNER TO :"journal";
ALTER FUNCTION audit_chain_guard() OWNER TO :"journal";
ALTER FUNCTION audit_log_refuse_change() OWNER TO :"journal";
ALTER FUNCTION audit_log_purge(timestamptz) OWNER TO :"journal";
REVOKE ALL ON audit_log, audit_chain FROM :"app";
GRANT SELECT, INSERT ON audit_log TO :"app";
GRANT SELECT ON audit_chain TO :"app";
REVOKE EXECUTE ON FUNCTION audit_log_purge(timestamptz) FROM PUBLIC;
COMMIT;
