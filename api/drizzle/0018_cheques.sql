-- The cheque register (modules/cheques): banks, the cheques received, the invoices each is meant
-- for, and the payments a cheque posts and their reversals.
CREATE TABLE "banks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank_name" text NOT NULL,
	"bank_name_ar" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "banks_name_key" ON "banks" USING btree (lower("bank_name"));--> statement-breakpoint
CREATE INDEX "banks_created_idx" ON "banks" USING btree ("created_at","id");--> statement-breakpoint
CREATE TABLE "cheques" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cheque_number" text NOT NULL,
	"bank_id" uuid NOT NULL REFERENCES "banks"("id"),
	"drawer_name" text,
	"cheque_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"received_date" date NOT NULL,
	"customer_id" uuid NOT NULL REFERENCES "customers"("id"),
	"notes" text,
	"status" text DEFAULT 'in_hand' NOT NULL,
	"posted_date" date,
	"deposited_date" date,
	"bank_account" text,
	"cleared_date" date,
	"bounced_date" date,
	"bounce_reason" text,
	"bounce_charge" bigint,
	"returned_date" date,
	"return_reason" text,
	"shortfall_invoice_id" uuid REFERENCES "invoices"("id") ON DELETE SET NULL,
	"charge_invoice_id" uuid REFERENCES "invoices"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cheques_amount_positive" CHECK ("cheques"."amount" > 0),
	CONSTRAINT "cheques_bounce_charge_positive" CHECK ("cheques"."bounce_charge" > 0),
	CONSTRAINT "cheques_status_check" CHECK ("cheques"."status" in ('in_hand', 'deposited', 'cleared', 'bounced', 'returned'))
);--> statement-breakpoint
CREATE INDEX "cheques_list_default_idx" ON "cheques" USING btree ("cheque_date","cheque_number","id");--> statement-breakpoint
CREATE INDEX "cheques_status_idx" ON "cheques" USING btree ("status","cheque_date");--> statement-breakpoint
CREATE INDEX "cheques_customer_idx" ON "cheques" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "cheques_bank_idx" ON "cheques" USING btree ("bank_id");--> statement-breakpoint
CREATE INDEX "cheques_number_idx" ON "cheques" USING btree ("cheque_number");--> statement-breakpoint
CREATE TABLE "cheque_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cheque_id" uuid NOT NULL REFERENCES "cheques"("id") ON DELETE CASCADE,
	"invoice_id" uuid NOT NULL REFERENCES "invoices"("id") ON DELETE CASCADE,
	"amount" bigint NOT NULL,
	CONSTRAINT "cheque_invoices_cheque_invoice_key" UNIQUE("cheque_id","invoice_id"),
	CONSTRAINT "cheque_invoices_amount_positive" CHECK ("cheque_invoices"."amount" > 0)
);--> statement-breakpoint
CREATE INDEX "cheque_invoices_invoice_idx" ON "cheque_invoices" USING btree ("invoice_id");--> statement-breakpoint
-- A payment a cheque posted, or the entry that reverses one (a bounce or a return): never deleted.
ALTER TABLE "payments" ADD COLUMN "cheque_id" uuid REFERENCES "cheques"("id");--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reverses_payment_id" uuid REFERENCES "payments"("id");--> statement-breakpoint
CREATE INDEX "payments_cheque_idx" ON "payments" USING btree ("cheque_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reverses_key" ON "payments" USING btree ("reverses_payment_id");--> statement-breakpoint
-- A reversal is its payment negated: an advance or invoice payment of negative amount (and negative
-- allocations), so every sum of the ledger (paid amounts, balances, figures) nets it out as it is.
ALTER TABLE "payments" DROP CONSTRAINT "payments_amount_by_type";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_by_type" CHECK (("payments"."reverses_payment_id" is null and (("payments"."payment_type" = 'advance' and "payments"."amount" > 0 and "payments"."advance_used" = 0)
        or ("payments"."payment_type" = 'invoice_payment' and "payments"."amount" > 0 and "payments"."advance_used" between 0 and "payments"."amount")
        or ("payments"."payment_type" = 'refund' and "payments"."amount" < 0 and "payments"."advance_used" = 0)))
        or ("payments"."reverses_payment_id" is not null and "payments"."payment_type" in ('advance', 'invoice_payment') and "payments"."amount" < 0 and "payments"."advance_used" = 0));--> statement-breakpoint
ALTER TABLE "payment_allocations" DROP CONSTRAINT "payment_allocations_amount_positive";--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_amount_not_zero" CHECK ("payment_allocations"."amount" <> 0);
