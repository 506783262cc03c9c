-- Figures the dashboard and the lists' totals read instead of scanning every row, kept by
-- statement triggers in the transaction of each write, so they are exact whenever that write is
-- visible. Rows are deltas (figure, amount) that are only ever inserted: two transactions never
-- wait for each other here, and a figure is the sum of its rows. compact_dashboard_figures()
-- folds them into one row per figure.
CREATE TABLE "dashboard_figures" (
	"figure" text NOT NULL,
	"amount" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX "dashboard_figures_figure_idx" ON "dashboard_figures" USING btree ("figure");--> statement-breakpoint
-- What one row of each table adds to the figures. Counts per table and per status (the lists'
-- totals), money per payment type, invoiced per month of the invoice date (invoices that bill:
-- not draft or cancelled), collected per month of the payment date, what remains on overdue invoices.
CREATE FUNCTION "customer_figures"(status text) RETURNS TABLE (figure text, amount bigint) LANGUAGE sql STABLE AS $$
	VALUES ('customers', 1::bigint), ('customers.status:' || status, 1::bigint)
$$;--> statement-breakpoint
CREATE FUNCTION "product_figures"() RETURNS TABLE (figure text, amount bigint) LANGUAGE sql STABLE AS $$
	VALUES ('products', 1::bigint)
$$;--> statement-breakpoint
CREATE FUNCTION "invoice_figures"(status text, total bigint, paid bigint, day date) RETURNS TABLE (figure text, amount bigint) LANGUAGE sql STABLE AS $$
	SELECT * FROM (VALUES
		('invoices', 1::bigint),
		('invoices.status:' || status, 1::bigint),
		('invoiced:' || to_char(day, 'YYYY-MM'), CASE WHEN status IN ('draft', 'cancelled') THEN 0 ELSE total END),
		('overdue', CASE WHEN status = 'overdue' THEN total - paid ELSE 0 END)
	) AS f (figure, amount) WHERE amount <> 0
$$;--> statement-breakpoint
CREATE FUNCTION "payment_figures"(payment_type text, payment_mode text, fils bigint, day date) RETURNS TABLE (figure text, amount bigint) LANGUAGE sql STABLE AS $$
	SELECT * FROM (VALUES
		('payments', 1::bigint),
		('payments.type:' || payment_type, 1::bigint),
		('payments.mode:' || payment_mode, 1::bigint),
		('paid:' || payment_type, fils),
		('collected:' || to_char(day, 'YYYY-MM'), CASE WHEN payment_type = 'invoice_payment' THEN fils ELSE 0 END)
	) AS f (figure, amount) WHERE amount <> 0
$$;--> statement-breakpoint
-- One trigger function per table; a trigger with transition tables serves one event, so each
-- table has three (insert, update, delete) calling its function, which reads the rows it was given.
CREATE FUNCTION "customers_figures_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO dashboard_figures (figure, amount)
		SELECT d.figure, sum(d.amount) FROM (SELECT f.figure, f.amount AS amount FROM new_rows r CROSS JOIN LATERAL customer_figures(r.status) f) d GROUP BY d.figure;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO dashboard_figures (figure, amount)
		SELECT d.figure, sum(d.amount) FROM (SELECT f.figure, -f.amount AS amount FROM old_rows r CROSS JOIN LATERAL customer_figures(r.status) f) d GROUP BY d.figure;
	ELSE
		INSERT INTO dashboard_figures (figure, amount)
		SELECT d.figure, sum(d.amount) FROM (SELECT f.figure, f.amount AS amount FROM new_rows r CROSS JOIN LATERAL customer_figures(r.status) f UNION ALL SELECT f.figure, -f.amount AS amount FROM old_rows r CROSS JOIN LATERAL customer_figures(r.status) f) d
		GROUP BY d.figure HAVING sum(d.amount) <> 0;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customers_figures_insert" AFTER INSERT ON "customers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "customers_figures_changed"();--> statement-breakpoint
CREATE TRIGGER "customers_figures_update" AFTER UPDATE ON "customers" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "customers_figures_changed"();--> statement-breakpoint
CREATE TRIGGER "customers_figures_delete" AFTER DELETE ON "customers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "customers_figures_changed"();--> statement-breakpoint
CREATE FUNCTION "products_figures_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO dashboard_figures (figure, amount)
		SELECT d.figure, sum(d.amount) FROM (SELECT f.figure, f.amount AS amount FROM new_rows r CROSS JOIN LATERAL product_figures() f) d GROUP BY d.figure;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO dashboard_figures (figure, amount)
		SELECT d.figure, sum(d.amount) FROM (SELECT f.figure, -f.amount AS amount FROM old_rows r CROSS JOIN LATERAL product_figures() f) d GROUP BY d.figure;
	ELSE
		INSERT INTO dashboard_figures (figure, amount)
		SELECT d.figure, sum(d.amount) FROM (SELECT f.figure, f.amount AS amount FROM new_rows r CROSS JOIN LATERAL product_figures() f UNION ALL SELECT f.figure, -f.amount AS amount FROM old_rows r CROSS JOIN LATERAL product_figures() f) d
		GROUP BY d.figure HAVING sum(d.amount) <> 0;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_figures_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_figures_changed"();--> statement-breakpoint
CREATE TRIGGER "products_figures_update" AFTER UPDATE ON "products" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_figures_changed"();--> statement-breakpoint
CREATE TRIGGER "products_figures_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_figures_changed"();--> statement-breakpoint
CREATE FUNCTION "invoices_figures_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO dashboard_figures (figure, amount)
		SELECT d.figure, sum(d.amount) FROM (SELECT f.figure, f.amount AS amount FROM new_rows r CROSS JOIN LATERAL invoice_figures(r.status, r.total_amount, r.paid_amount, r.date_of_creation) f) d GROUP BY d.figure;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO dashboard_figures (figure, amount)
		SELECT d.figure, sum(d.amount) FROM (SELECT f.figure, -f.amount AS amount FROM old_rows r CROSS JOIN LATERAL invoice_figures(r.status, r.total_amount, r.paid_amount, r.date_of_creation) f) d GROUP BY d.figure;
	ELSE
		INSERT INTO dashboard_figures (figure, amount)
		SELECT d.figure, sum(d.amount) FROM (SELECT f.figure, f.amount AS amount FROM new_rows r CROSS JOIN LATERAL invoice_figures(r.status, r.total_amount, r.paid_amount, r.date_of_creation) f UNION ALL SELECT f.figure, -f.amount AS amount FROM old_rows r CROSS JOIN LATERAL invoice_figures(r.status, r.total_amount, r.paid_amount, r.date_of_creation) f) d
		GROUP BY d.figure HAVING sum(d.amount) <> 0;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_figures_insert" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoices_figures_changed"();--> statement-breakpoint
CREATE TRIGGER "invoices_figures_update" AFTER UPDATE ON "invoices" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoices_figures_changed"();--> statement-breakpoint
CREATE TRIGGER "invoices_figures_delete" AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoices_figures_changed"();--> statement-breakpoint
CREATE FUNCTION "payments_figures_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO dashboard_figures (figure, amount)
		SELECT d.figure, sum(d.amount) FROM (SELECT f.figure, f.amount AS amount FROM new_rows r CROSS JOIN LATERAL payment_figures(r.payment_type, r.payment_mode, r.amount, r.payment_date) f) d GROUP BY d.figure;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO dashboard_figures (figure, amount)
		SELECT d.figure, sum(d.amount) FROM (SELECT f.figure, -f.amount AS amount FROM old_rows r CROSS JOIN LATERAL payment_figures(r.payment_type, r.payment_mode, r.amount, r.payment_date) f) d GROUP BY d.figure;
	ELSE
		INSERT INTO dashboard_figures (figure, amount)
		SELECT d.figure, sum(d.amount) FROM (SELECT f.figure, f.amount AS amount FROM new_rows r CROSS JOIN LATERAL payment_figures(r.payment_type, r.payment_mode, r.amount, r.payment_date) f UNION ALL SELECT f.figure, -f.amount AS amount FROM old_rows r CROSS JOIN LATERAL payment_figures(r.payment_type, r.payment_mode, r.amount, r.payment_date) f) d
		GROUP BY d.figure HAVING sum(d.amount) <> 0;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_figures_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payments_figures_changed"();--> statement-breakpoint
CREATE TRIGGER "payments_figures_update" AFTER UPDATE ON "payments" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "payments_figures_changed"();--> statement-breakpoint
CREATE TRIGGER "payments_figures_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "payments_figures_changed"();--> statement-breakpoint
-- Folds the deltas into one row per figure; the sums do not change, so readers see the same
-- figures before and after. Returns the rows left.
CREATE FUNCTION "compact_dashboard_figures"() RETURNS bigint LANGUAGE sql AS $$
	WITH gone AS (DELETE FROM dashboard_figures RETURNING figure, amount),
	kept AS (INSERT INTO dashboard_figures (figure, amount) SELECT figure, sum(amount) FROM gone GROUP BY figure HAVING sum(amount) <> 0 RETURNING 1)
	SELECT count(*) FROM kept
$$;--> statement-breakpoint
-- The figures of the rows that exist already.
INSERT INTO dashboard_figures (figure, amount)
SELECT d.figure, sum(d.amount) FROM (
	SELECT f.figure, f.amount FROM customers r CROSS JOIN LATERAL customer_figures(r.status) f
	UNION ALL SELECT f.figure, f.amount FROM products r CROSS JOIN LATERAL product_figures() f
	UNION ALL SELECT f.figure, f.amount FROM invoices r CROSS JOIN LATERAL invoice_figures(r.status, r.total_amount, r.paid_amount, r.date_of_creation) f
	UNION ALL SELECT f.figure, f.amount FROM payments r CROSS JOIN LATERAL payment_figures(r.payment_type, r.payment_mode, r.amount, r.payment_date) f
) d GROUP BY d.figure;
