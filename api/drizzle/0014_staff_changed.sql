-- A notification on the channel staff_changed with the commit of any change to users or sessions,
-- whoever makes it: PGlite keeps the sessions it has read in memory and empties that keep when it
-- comes (db/staff-keep.ts), so a sign-out, a revoked session or a deactivated user counts at once.
CREATE FUNCTION "notify_staff_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('staff_changed', '');
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_staff_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_staff_changed"();
