-- Payment reminders (modules/reminders): the steps and texts an admin sets, the steps sent for
-- each invoice (once each, across instances), a customer's switch and an invoice's promise to pay.
CREATE TABLE "reminder_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean NOT NULL,
	"steps" jsonb NOT NULL,
	"templates" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_settings_single_row" CHECK ("reminder_settings"."id" = 1)
);--> statement-breakpoint
CREATE TABLE "sent_reminders" (
	"invoice_id" uuid NOT NULL REFERENCES "invoices"("id") ON DELETE CASCADE,
	"offset_days" integer NOT NULL,
	"sent_on" date NOT NULL,
	"outbox_id" uuid NOT NULL REFERENCES "outbox"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sent_reminders_invoice_id_offset_days_pk" PRIMARY KEY ("invoice_id","offset_days")
);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "send_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "promised_until" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "promise_note" text;
