-- The language a customer's printed documents (invoices, statements) are written in by default.
ALTER TABLE "customers" ADD COLUMN "preferred_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_preferred_language_check" CHECK ("customers"."preferred_language" in ('en', 'ar'));--> statement-breakpoint
-- The company's details printed on every document: one row (id 1), created here with empty texts.
CREATE TABLE "company_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"company_name_en" text DEFAULT '' NOT NULL,
	"company_name_ar" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"commercial_registration" text DEFAULT '' NOT NULL,
	"invoice_footer" text DEFAULT '' NOT NULL,
	"arabic_indic_digits" boolean DEFAULT false NOT NULL,
	"logo" "bytea",
	"logo_type" text,
	"logo_sha256" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_settings_single_row" CHECK ("company_settings"."id" = 1),
	CONSTRAINT "company_settings_logo_type_check" CHECK ("company_settings"."logo_type" in ('image/png', 'image/svg+xml'))
);--> statement-breakpoint
INSERT INTO "company_settings" ("id") VALUES (1);
