-- Every server process keeps signed-in actors in memory for a moment (the session cache): it is
-- told here, whichever process made the change, when a session ends or what an account may do
-- changes, and drops its copy at once. The payload is the user's id.
CREATE OR REPLACE FUNCTION "cmp_notify_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
BEGIN
  PERFORM pg_notify('cmp_session_changed', changed ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_session_changed"
AFTER UPDATE OF "role", "parent_id", "site", "status", "valid_until", "grants" OR DELETE ON "users"
FOR EACH ROW EXECUTE FUNCTION "cmp_notify_session_changed"('id');
--> statement-breakpoint
CREATE TRIGGER "sessions_session_changed"
AFTER UPDATE OF "revoked_at", "expires_at" OR DELETE ON "sessions"
FOR EACH ROW EXECUTE FUNCTION "cmp_notify_session_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "user_shops_session_changed"
AFTER INSERT OR UPDATE OR DELETE ON "user_shops"
FOR EACH ROW EXECUTE FUNCTION "cmp_notify_session_changed"('user_id');
