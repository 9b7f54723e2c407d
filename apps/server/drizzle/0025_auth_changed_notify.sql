-- Every instance caches resolved sessions for a few seconds; a change to what a session resolves to
-- (a user's roles, state, password, office or address rules; a group; a membership; an office's addresses;
-- a session ended) announces itself on commit, whoever writes it, so every instance drops its cache.
CREATE OR REPLACE FUNCTION tms_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tms_auth_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OF username, password_hash, contact_id, service_office_id,
  change_password_required, active, ip_restriction, remote_access, allowed_ip_addresses, api_key_hash, roles
  OR DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION tms_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF revoked_at, expires_at OR DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION tms_auth_changed();
--> statement-breakpoint
CREATE TRIGGER access_groups_auth_changed AFTER UPDATE OR DELETE ON access_groups
  FOR EACH STATEMENT EXECUTE FUNCTION tms_auth_changed();
--> statement-breakpoint
CREATE TRIGGER user_access_groups_auth_changed AFTER INSERT OR UPDATE OR DELETE ON user_access_groups
  FOR EACH STATEMENT EXECUTE FUNCTION tms_auth_changed();
--> statement-breakpoint
CREATE TRIGGER service_offices_auth_changed AFTER UPDATE OF ip_addresses, enabled OR DELETE ON service_offices
  FOR EACH STATEMENT EXECUTE FUNCTION tms_auth_changed();
