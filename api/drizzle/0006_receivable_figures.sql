-- What customers still owe, kept by statement triggers on invoices in the transaction of each
-- write, so the aging report reads it instead of grouping every open invoice. An invoice owes its
-- total minus its paid amount once it bills (not draft or cancelled); payments change the paid
-- amount of their invoices (and deleting one changes it back), so triggers on invoices alone see
-- every change. Four tables:
--   receivable_due        per customer and due date, what is still due (rows above zero only);
--   receivable_customers  per customer, all they still owe and how it falls in the aging buckets
--                         at receivable_aging_day's day (rows above zero only): the report's sorts;
--   receivable_aging_day  that day, one row; roll_receivable_aging() moves it on (the buckets
--                         move with the calendar), writers read it under a key-share lock;
--   receivable_figures    deltas per due date, and of how many customers owe something (rows with
--                         no due date): the report's totals without a filter. Only inserted, so
--                         writers never wait for each other here; compact_receivable_figures() folds them.
CREATE TABLE "receivable_due" (
	"customer_id" uuid NOT NULL REFERENCES "customers"("id") ON DELETE CASCADE,
	"due_date" date NOT NULL,
	"amount" bigint NOT NULL,
	PRIMARY KEY ("customer_id", "due_date")
);--> statement-breakpoint
CREATE TABLE "receivable_customers" (
	"customer_id" uuid PRIMARY KEY NOT NULL REFERENCES "customers"("id") ON DELETE CASCADE,
	"total" bigint NOT NULL,
	"current" bigint DEFAULT 0 NOT NULL,
	"days1to30" bigint DEFAULT 0 NOT NULL,
	"days31to60" bigint DEFAULT 0 NOT NULL,
	"days61to90" bigint DEFAULT 0 NOT NULL,
	"over90" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- The report sorted by total or a bucket, either way, ties by customer id: a page reads ten index entries.
CREATE INDEX "receivable_customers_total_desc_idx" ON "receivable_customers" USING btree ("total" DESC, "customer_id");--> statement-breakpoint
CREATE INDEX "receivable_customers_total_asc_idx" ON "receivable_customers" USING btree ("total", "customer_id");--> statement-breakpoint
CREATE INDEX "receivable_customers_current_desc_idx" ON "receivable_customers" USING btree ("current" DESC, "customer_id");--> statement-breakpoint
CREATE INDEX "receivable_customers_current_asc_idx" ON "receivable_customers" USING btree ("current", "customer_id");--> statement-breakpoint
CREATE INDEX "receivable_customers_days1to30_desc_idx" ON "receivable_customers" USING btree ("days1to30" DESC, "customer_id");--> statement-breakpoint
CREATE INDEX "receivable_customers_days1to30_asc_idx" ON "receivable_customers" USING btree ("days1to30", "customer_id");--> statement-breakpoint
CREATE INDEX "receivable_customers_days31to60_desc_idx" ON "receivable_customers" USING btree ("days31to60" DESC, "customer_id");--> statement-breakpoint
CREATE INDEX "receivable_customers_days31to60_asc_idx" ON "receivable_customers" USING btree ("days31to60", "customer_id");--> statement-breakpoint
CREATE INDEX "receivable_customers_days61to90_desc_idx" ON "receivable_customers" USING btree ("days61to90" DESC, "customer_id");--> statement-breakpoint
CREATE INDEX "receivable_customers_days61to90_asc_idx" ON "receivable_customers" USING btree ("days61to90", "customer_id");--> statement-breakpoint
CREATE INDEX "receivable_customers_over90_desc_idx" ON "receivable_customers" USING btree ("over90" DESC, "customer_id");--> statement-breakpoint
CREATE INDEX "receivable_customers_over90_asc_idx" ON "receivable_customers" USING btree ("over90", "customer_id");--> statement-breakpoint
-- A roll finds the customers whose due dates cross a bucket's edge.
CREATE INDEX "receivable_due_due_date_idx" ON "receivable_due" USING btree ("due_date");--> statement-breakpoint
CREATE TABLE "receivable_aging_day" (
	"day" date NOT NULL
);--> statement-breakpoint
INSERT INTO "receivable_aging_day" ("day") VALUES (current_date);--> statement-breakpoint
CREATE TABLE "receivable_figures" (
	"due_date" date,
	"amount" bigint NOT NULL,
	"customers" bigint NOT NULL
);--> statement-breakpoint
-- What an invoice still owes.
CREATE FUNCTION "invoice_still_due"(status text, total bigint, paid bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN status IN ('draft', 'cancelled') THEN 0 ELSE total - paid END
$$;--> statement-breakpoint
-- The bucket of a due date at a day: 0 current, 1 days 1-30, 2 days 31-60, 3 days 61-90, 4 over 90.
CREATE FUNCTION "aging_bucket"(day date, due date) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN day - due <= 0 THEN 0 WHEN day - due <= 30 THEN 1 WHEN day - due <= 60 THEN 2 WHEN day - due <= 90 THEN 3 ELSE 4 END
$$;--> statement-breakpoint
-- Adds changes (customer, due date, amount; several per key allowed) to the three tables. Keys are
-- written in order, so two writes of the same customers lock their rows in the same order.
CREATE FUNCTION "add_receivable_changes"(customer_ids uuid[], due_dates date[], amounts bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	aging_day date;
BEGIN
	-- A roll (which takes the row for update) waits for this transaction, and this one for a roll.
	SELECT day INTO aging_day FROM receivable_aging_day FOR KEY SHARE;
	WITH changes AS (
		SELECT c.customer_id, c.due_date, sum(c.amount)::bigint AS amount
		FROM unnest(customer_ids, due_dates, amounts) AS c (customer_id, due_date, amount)
		GROUP BY c.customer_id, c.due_date HAVING sum(c.amount) <> 0
	),
	per_customer AS (
		SELECT customer_id, sum(amount)::bigint AS amount,
			coalesce(sum(amount) FILTER (WHERE aging_bucket(aging_day, due_date) = 0), 0)::bigint AS b0,
			coalesce(sum(amount) FILTER (WHERE aging_bucket(aging_day, due_date) = 1), 0)::bigint AS b1,
			coalesce(sum(amount) FILTER (WHERE aging_bucket(aging_day, due_date) = 2), 0)::bigint AS b2,
			coalesce(sum(amount) FILTER (WHERE aging_bucket(aging_day, due_date) = 3), 0)::bigint AS b3,
			coalesce(sum(amount) FILTER (WHERE aging_bucket(aging_day, due_date) = 4), 0)::bigint AS b4
		FROM changes GROUP BY customer_id
	),
	due AS (
		INSERT INTO receivable_due (customer_id, due_date, amount)
		SELECT customer_id, due_date, amount FROM changes ORDER BY customer_id, due_date
		ON CONFLICT (customer_id, due_date) DO UPDATE SET amount = receivable_due.amount + excluded.amount
	),
	totals AS (
		INSERT INTO receivable_customers (customer_id, total, "current", days1to30, days31to60, days61to90, over90)
		SELECT customer_id, amount, b0, b1, b2, b3, b4 FROM per_customer ORDER BY customer_id
		ON CONFLICT (customer_id) DO UPDATE SET total = receivable_customers.total + excluded.total,
			"current" = receivable_customers."current" + excluded."current", days1to30 = receivable_customers.days1to30 + excluded.days1to30,
			days31to60 = receivable_customers.days31to60 + excluded.days31to60, days61to90 = receivable_customers.days61to90 + excluded.days61to90,
			over90 = receivable_customers.over90 + excluded.over90
		RETURNING customer_id, total
	),
	by_due_date AS (
		INSERT INTO receivable_figures (due_date, amount, customers)
		SELECT due_date, sum(amount), 0 FROM changes GROUP BY due_date HAVING sum(amount) <> 0
	),
	-- A customer starts owing when their total leaves zero, stops when it comes back to it.
	owing AS (
		SELECT count(*) FILTER (WHERE t.total > 0 AND t.total - p.amount = 0) - count(*) FILTER (WHERE t.total = 0 AND t.total - p.amount > 0) AS change
		FROM totals t JOIN per_customer p ON p.customer_id = t.customer_id
	)
	INSERT INTO receivable_figures (due_date, amount, customers)
	SELECT NULL, 0, change FROM owing WHERE change <> 0;
	DELETE FROM receivable_due d USING unnest(customer_ids, due_dates) AS c (customer_id, due_date)
	WHERE d.customer_id = c.customer_id AND d.due_date = c.due_date AND d.amount = 0;
	DELETE FROM receivable_customers WHERE customer_id = ANY (customer_ids) AND total = 0;
END $$;--> statement-breakpoint
CREATE FUNCTION "invoices_receivables_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	customer_ids uuid[];
	due_dates date[];
	amounts bigint[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(r.customer_id), array_agg(r.due_date), array_agg(invoice_still_due(r.status, r.total_amount, r.paid_amount))
		INTO customer_ids, due_dates, amounts FROM new_rows r WHERE invoice_still_due(r.status, r.total_amount, r.paid_amount) <> 0;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(r.customer_id), array_agg(r.due_date), array_agg(-invoice_still_due(r.status, r.total_amount, r.paid_amount))
		INTO customer_ids, due_dates, amounts FROM old_rows r WHERE invoice_still_due(r.status, r.total_amount, r.paid_amount) <> 0;
	ELSE
		SELECT array_agg(c.customer_id), array_agg(c.due_date), array_agg(c.amount)
		INTO customer_ids, due_dates, amounts FROM (
			SELECT r.customer_id, r.due_date, invoice_still_due(r.status, r.total_amount, r.paid_amount) AS amount FROM new_rows r
			UNION ALL SELECT r.customer_id, r.due_date, -invoice_still_due(r.status, r.total_amount, r.paid_amount) FROM old_rows r
		) c WHERE c.amount <> 0;
	END IF;
	IF customer_ids IS NOT NULL THEN
		PERFORM add_receivable_changes(customer_ids, due_dates, amounts);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_receivables_insert" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoices_receivables_changed"();--> statement-breakpoint
CREATE TRIGGER "invoices_receivables_update" AFTER UPDATE ON "invoices" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoices_receivables_changed"();--> statement-breakpoint
CREATE TRIGGER "invoices_receivables_delete" AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoices_receivables_changed"();--> statement-breakpoint
-- Moves the buckets of receivable_customers to `to_day`: only customers with a due date that
-- crosses a bucket's edge (0, 30, 60 or 90 days past due) between the two days are summed again
-- (a few edges' worth of due dates for a day). Returns how many.
CREATE FUNCTION "roll_receivable_aging"(to_day date) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	from_day date;
	moved bigint;
BEGIN
	SELECT day INTO from_day FROM receivable_aging_day FOR UPDATE;
	IF to_day = from_day THEN
		RETURN 0;
	END IF;
	WITH crossing AS (
		SELECT DISTINCT d.customer_id FROM receivable_due d, (VALUES (0), (30), (60), (90)) AS edge (days)
		WHERE d.due_date >= least(from_day, to_day) - edge.days AND d.due_date < greatest(from_day, to_day) - edge.days
	),
	summed AS (
		SELECT d.customer_id,
			coalesce(sum(d.amount) FILTER (WHERE aging_bucket(to_day, d.due_date) = 0), 0)::bigint AS b0,
			coalesce(sum(d.amount) FILTER (WHERE aging_bucket(to_day, d.due_date) = 1), 0)::bigint AS b1,
			coalesce(sum(d.amount) FILTER (WHERE aging_bucket(to_day, d.due_date) = 2), 0)::bigint AS b2,
			coalesce(sum(d.amount) FILTER (WHERE aging_bucket(to_day, d.due_date) = 3), 0)::bigint AS b3,
			coalesce(sum(d.amount) FILTER (WHERE aging_bucket(to_day, d.due_date) = 4), 0)::bigint AS b4
		FROM receivable_due d WHERE d.customer_id IN (SELECT customer_id FROM crossing) GROUP BY d.customer_id
	),
	updated AS (
		UPDATE receivable_customers r SET "current" = s.b0, days1to30 = s.b1, days31to60 = s.b2, days61to90 = s.b3, over90 = s.b4
		FROM summed s WHERE r.customer_id = s.customer_id
		RETURNING 1
	)
	SELECT count(*) INTO moved FROM updated;
	UPDATE receivable_aging_day SET day = to_day;
	RETURN moved;
END $$;--> statement-breakpoint
-- Folds the deltas into one row per due date and one count; the sums do not change, so readers
-- see the same figures before and after. Returns the rows left.
CREATE FUNCTION "compact_receivable_figures"() RETURNS bigint LANGUAGE sql AS $$
	WITH gone AS (DELETE FROM receivable_figures RETURNING due_date, amount, customers),
	kept AS (
		INSERT INTO receivable_figures (due_date, amount, customers)
		SELECT due_date, sum(amount), sum(customers) FROM gone GROUP BY due_date HAVING sum(amount) <> 0 OR sum(customers) <> 0
		RETURNING 1
	)
	SELECT count(*) FROM kept
$$;--> statement-breakpoint
-- The figures of the invoices that exist already.
SELECT add_receivable_changes(array_agg(customer_id), array_agg(due_date), array_agg(invoice_still_due(status, total_amount, paid_amount)))
FROM invoices WHERE invoice_still_due(status, total_amount, paid_amount) <> 0;
