-- A customer's contacts, printed on their documents and statements (docs/api.md, customers).
ALTER TABLE "customers" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "id_number" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "accepts_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_email_length_check" CHECK (char_length("email") <= 320);--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_address_length_check" CHECK (char_length("address") <= 500);
