-- Monthly statements (jobs/monthly-statements.ts): the switch and who their PDFs are drawn as, and
-- each customer's month looked at once, across instances: its statement sent (with the outbox
-- message) or nothing owed at its end (no message).
ALTER TABLE "reminder_settings" ADD COLUMN "monthly_statements" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD COLUMN "statements_sent_as" uuid REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE TABLE "sent_statements" (
	"customer_id" uuid NOT NULL REFERENCES "customers"("id") ON DELETE CASCADE,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"closing_balance" bigint NOT NULL,
	"sent_on" date NOT NULL,
	"outbox_id" uuid REFERENCES "outbox"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sent_statements_customer_id_period_from_pk" PRIMARY KEY ("customer_id","period_from")
);
