-- The customers list's filters by kind, nationality or city, alone or with a status, count their
-- rows from the index alone (index-only scans) instead of visiting every matching row.
DROP INDEX "customers_kind_idx";--> statement-breakpoint
DROP INDEX "customers_nationality_idx";--> statement-breakpoint
DROP INDEX "customers_city_idx";--> statement-breakpoint
CREATE INDEX "customers_kind_idx" ON "customers" USING btree ("customer_kind_id","status");--> statement-breakpoint
CREATE INDEX "customers_nationality_idx" ON "customers" USING btree ("customer_nationality_id","status");--> statement-breakpoint
CREATE INDEX "customers_city_idx" ON "customers" USING btree ("customer_city_id","status");
