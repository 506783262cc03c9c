-- Credit notes (modules/credit-notes): an invoice is corrected by a credit note, never edited
-- below what was recorded or deleted. A credit note's amount first lowers what its invoice still
-- owes (`owed_amount`); the rest had been paid and goes to the customer's advance balance
-- (`to_advance`), taken off the invoice's paid amount. So for every invoice
-- paid + credited <= total, and what it owes is total − paid − credited.
ALTER TABLE "invoices" ADD COLUMN "credited_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_paid_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_paid_check" CHECK ("invoices"."paid_amount" >= 0 and "invoices"."credited_amount" >= 0 and "invoices"."paid_amount" + "invoices"."credited_amount" <= "invoices"."total_amount");--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_paid_status_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_paid_status_check" CHECK ("invoices"."status" <> 'paid' or "invoices"."paid_amount" + "invoices"."credited_amount" = "invoices"."total_amount");--> statement-breakpoint
-- Numbers without gaps: a counter row updated in the issuing transaction (a sequence keeps the
-- numbers of rolled-back transactions consumed), so CN-000001, CN-000002… are all issued.
CREATE TABLE "credit_note_counter" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_number" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "credit_note_counter_single_row" CHECK ("credit_note_counter"."id" = 1)
);--> statement-breakpoint
INSERT INTO "credit_note_counter" ("id") VALUES (1);--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_note_number" text NOT NULL,
	"invoice_id" uuid NOT NULL REFERENCES "invoices"("id"),
	"customer_id" uuid NOT NULL REFERENCES "customers"("id"),
	"credit_date" date NOT NULL,
	"reason" text NOT NULL,
	"amount" bigint NOT NULL,
	"owed_amount" bigint NOT NULL,
	"to_advance" bigint NOT NULL,
	"notes" text,
	"recorded_by" uuid REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_credit_note_number_key" UNIQUE("credit_note_number"),
	CONSTRAINT "credit_notes_number_issued_check" CHECK ("credit_notes"."credit_note_number" ~ '^CN-[0-9]+$'),
	CONSTRAINT "credit_notes_reason_check" CHECK ("credit_notes"."reason" in ('return', 'price_adjustment', 'cancellation', 'write_off', 'other')),
	CONSTRAINT "credit_notes_amount_check" CHECK ("credit_notes"."amount" > 0 and "credit_notes"."owed_amount" >= 0 and "credit_notes"."to_advance" >= 0 and "credit_notes"."owed_amount" + "credit_notes"."to_advance" = "credit_notes"."amount")
);--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
-- Statements and aging read a customer's credit notes by date.
CREATE INDEX "credit_notes_customer_date_idx" ON "credit_notes" USING btree ("customer_id","credit_date");--> statement-breakpoint
CREATE INDEX "credit_notes_list_default_idx" ON "credit_notes" USING btree ("credit_date","credit_note_number","id");--> statement-breakpoint
CREATE INDEX "credit_notes_number_prefix_idx" ON "credit_notes" USING btree ("credit_note_number" collate "C");--> statement-breakpoint
CREATE TABLE "credit_note_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_note_id" uuid NOT NULL REFERENCES "credit_notes"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL REFERENCES "products"("id"),
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"line_total" bigint NOT NULL,
	CONSTRAINT "credit_note_lines_position_key" UNIQUE("credit_note_id","position"),
	CONSTRAINT "credit_note_lines_quantity_check" CHECK ("credit_note_lines"."quantity" >= 1),
	CONSTRAINT "credit_note_lines_unit_price_check" CHECK ("credit_note_lines"."unit_price" >= 0),
	CONSTRAINT "credit_note_lines_line_total_check" CHECK ("credit_note_lines"."line_total" = "credit_note_lines"."quantity"::bigint * "credit_note_lines"."unit_price")
);--> statement-breakpoint
CREATE INDEX "credit_note_lines_product_idx" ON "credit_note_lines" USING btree ("product_id");--> statement-breakpoint
-- A debit note is an invoice that corrects a credit note: a row here marks it and names the credit
-- note. A table rather than a column of invoices, so the foreign keys stay a tree (credit notes
-- point at invoices), which backups load in order.
CREATE TABLE "debit_notes" (
	"invoice_id" uuid PRIMARY KEY NOT NULL REFERENCES "invoices"("id") ON DELETE CASCADE,
	"credit_note_id" uuid NOT NULL REFERENCES "credit_notes"("id")
);--> statement-breakpoint
CREATE INDEX "debit_notes_credit_note_idx" ON "debit_notes" USING btree ("credit_note_id");--> statement-breakpoint
-- What an accountant may write off (fils); above it only an administrator.
ALTER TABLE "company_settings" ADD COLUMN "write_off_limit" bigint DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_write_off_limit_check" CHECK ("company_settings"."write_off_limit" >= 0);--> statement-breakpoint
-- The kept figures read an invoice's total less what was credited: credited amounts are neither
-- owed (aging, balances) nor invoiced (the dashboard). Same functions as 0003 and 0006 otherwise.
CREATE OR REPLACE FUNCTION "invoices_figures_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO dashboard_figures (figure, amount)
		SELECT d.figure, sum(d.amount) FROM (SELECT f.figure, f.amount AS amount FROM new_rows r CROSS JOIN LATERAL invoice_figures(r.status, r.total_amount - r.credited_amount, r.paid_amount, r.date_of_creation) f) d GROUP BY d.figure;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO dashboard_figures (figure, amount)
		SELECT d.figure, sum(d.amount) FROM (SELECT f.figure, -f.amount AS amount FROM old_rows r CROSS JOIN LATERAL invoice_figures(r.status, r.total_amount - r.credited_amount, r.paid_amount, r.date_of_creation) f) d GROUP BY d.figure;
	ELSE
		INSERT INTO dashboard_figures (figure, amount)
		SELECT d.figure, sum(d.amount) FROM (SELECT f.figure, f.amount AS amount FROM new_rows r CROSS JOIN LATERAL invoice_figures(r.status, r.total_amount - r.credited_amount, r.paid_amount, r.date_of_creation) f UNION ALL SELECT f.figure, -f.amount AS amount FROM old_rows r CROSS JOIN LATERAL invoice_figures(r.status, r.total_amount - r.credited_amount, r.paid_amount, r.date_of_creation) f) d
		GROUP BY d.figure HAVING sum(d.amount) <> 0;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "invoices_receivables_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	customer_ids uuid[];
	due_dates date[];
	amounts bigint[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(r.customer_id), array_agg(r.due_date), array_agg(invoice_still_due(r.status, r.total_amount - r.credited_amount, r.paid_amount))
		INTO customer_ids, due_dates, amounts FROM new_rows r WHERE invoice_still_due(r.status, r.total_amount - r.credited_amount, r.paid_amount) <> 0;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(r.customer_id), array_agg(r.due_date), array_agg(-invoice_still_due(r.status, r.total_amount - r.credited_amount, r.paid_amount))
		INTO customer_ids, due_dates, amounts FROM old_rows r WHERE invoice_still_due(r.status, r.total_amount - r.credited_amount, r.paid_amount) <> 0;
	ELSE
		SELECT array_agg(c.customer_id), array_agg(c.due_date), array_agg(c.amount)
		INTO customer_ids, due_dates, amounts FROM (
			SELECT r.customer_id, r.due_date, invoice_still_due(r.status, r.total_amount - r.credited_amount, r.paid_amount) AS amount FROM new_rows r
			UNION ALL SELECT r.customer_id, r.due_date, -invoice_still_due(r.status, r.total_amount - r.credited_amount, r.paid_amount) FROM old_rows r
		) c WHERE c.amount <> 0;
	END IF;
	IF customer_ids IS NOT NULL THEN
		PERFORM add_receivable_changes(customer_ids, due_dates, amounts);
	END IF;
	RETURN NULL;
END $$;
