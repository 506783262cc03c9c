-- The customers list's total for a kind, a nationality or a city, alone or with a status, read
-- from figures kept like the status's (0003_dashboard_figures) instead of counted: at 100,000
-- customers a kind filter counted a third of them, some 33,000 index entries, at each call.
-- Figures: customers.kind:<id>, customers.nationality:<id>, customers.city:<id> and each of them
-- with ",status:<s>" (db/figures.ts, LIST_FIGURES, names them for the lists).
CREATE FUNCTION "customer_figures"(status text, kind uuid, nationality uuid, city uuid) RETURNS TABLE (figure text, amount bigint) LANGUAGE sql STABLE AS $$
	VALUES ('customers', 1::bigint), ('customers.status:' || status, 1::bigint),
		('customers.kind:' || kind, 1::bigint), ('customers.kind:' || kind || ',status:' || status, 1::bigint),
		('customers.nationality:' || nationality, 1::bigint), ('customers.nationality:' || nationality || ',status:' || status, 1::bigint),
		('customers.city:' || city, 1::bigint), ('customers.city:' || city || ',status:' || status, 1::bigint)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "customers_figures_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO dashboard_figures (figure, amount)
		SELECT d.figure, sum(d.amount) FROM (SELECT f.figure, f.amount AS amount FROM new_rows r CROSS JOIN LATERAL customer_figures(r.status, r.customer_kind_id, r.customer_nationality_id, r.customer_city_id) f) d GROUP BY d.figure;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO dashboard_figures (figure, amount)
		SELECT d.figure, sum(d.amount) FROM (SELECT f.figure, -f.amount AS amount FROM old_rows r CROSS JOIN LATERAL customer_figures(r.status, r.customer_kind_id, r.customer_nationality_id, r.customer_city_id) f) d GROUP BY d.figure;
	ELSE
		INSERT INTO dashboard_figures (figure, amount)
		SELECT d.figure, sum(d.amount) FROM (SELECT f.figure, f.amount AS amount FROM new_rows r CROSS JOIN LATERAL customer_figures(r.status, r.customer_kind_id, r.customer_nationality_id, r.customer_city_id) f UNION ALL SELECT f.figure, -f.amount AS amount FROM old_rows r CROSS JOIN LATERAL customer_figures(r.status, r.customer_kind_id, r.customer_nationality_id, r.customer_city_id) f) d
		GROUP BY d.figure HAVING sum(d.amount) <> 0;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
DROP FUNCTION "customer_figures"(text);--> statement-breakpoint
-- The new figures of the customers that exist already (the two older ones are kept as they are).
INSERT INTO dashboard_figures (figure, amount)
SELECT f.figure, sum(f.amount) FROM customers r
	CROSS JOIN LATERAL customer_figures(r.status, r.customer_kind_id, r.customer_nationality_id, r.customer_city_id) f
	WHERE f.figure NOT IN ('customers', 'customers.status:' || r.status)
	GROUP BY f.figure;
