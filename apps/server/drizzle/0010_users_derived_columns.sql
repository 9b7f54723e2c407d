-- The users list sorts, filters and searches by the contact's name, email and phone, the access groups
-- and the effective roles. They live in other tables, so a trigger copies them into users whenever a
-- user row is written; writes to those other tables touch the users concerned.
CREATE FUNCTION users_derive() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.name, c.email, c.phone INTO NEW.contact_name, NEW.contact_email, NEW.contact_phone
    FROM contacts c WHERE c.id = NEW.contact_id;
  NEW.contact_name := coalesce(NEW.contact_name, '');
  NEW.effective_roles := ARRAY(
    SELECT r FROM (
      SELECT unnest(NEW.roles) AS r
      UNION
      SELECT unnest(g.roles) FROM access_groups g WHERE g.id = ANY(NEW.access_group_ids) AND g.enabled
    ) roles ORDER BY r);
  NEW.search_text := lower(NEW.username || E'\n' || NEW.contact_name || E'\n' ||
    coalesce(NEW.contact_email, '') || E'\n' || coalesce(NEW.contact_phone, ''));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_derive BEFORE INSERT OR UPDATE ON users FOR EACH ROW EXECUTE FUNCTION users_derive();
--> statement-breakpoint
CREATE FUNCTION users_contact_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET contact_name = NEW.name WHERE contact_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_contact_changed AFTER UPDATE OF name, email, phone ON contacts
  FOR EACH ROW EXECUTE FUNCTION users_contact_changed();
--> statement-breakpoint
CREATE FUNCTION users_groups_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  UPDATE users SET access_group_ids = ARRAY(
    SELECT access_group_id FROM user_access_groups WHERE user_id = changed ORDER BY access_group_id)
    WHERE id = changed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_groups_changed AFTER INSERT OR DELETE ON user_access_groups
  FOR EACH ROW EXECUTE FUNCTION users_groups_changed();
--> statement-breakpoint
CREATE FUNCTION users_group_roles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET effective_roles = '{}' WHERE NEW.id = ANY(access_group_ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_group_roles_changed AFTER UPDATE OF roles, enabled ON access_groups
  FOR EACH ROW EXECUTE FUNCTION users_group_roles_changed();
--> statement-breakpoint
UPDATE users SET access_group_ids = ARRAY(
  SELECT access_group_id FROM user_access_groups g WHERE g.user_id = users.id ORDER BY access_group_id);
