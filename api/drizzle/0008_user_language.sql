-- The language each user chose for the screens ('en' or 'ar'); null until they choose, when the
-- browser's own choice stands.
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'ar'));
