-- A kind, nationality or city of customer is often mostly of one status. Without statistics on
-- the pair PostgreSQL multiplies the two shares, so a pair that no customer has is planned as
-- thousands of rows, and the list's page walks its whole order index looking for ten of them
-- (17 ms at 100,000 customers, against 0.04 ms through the pair's index with these statistics).
CREATE STATISTICS "customers_kind_status_stats" (mcv) ON "customer_kind_id", "status" FROM "customers";--> statement-breakpoint
CREATE STATISTICS "customers_nationality_status_stats" (mcv) ON "customer_nationality_id", "status" FROM "customers";--> statement-breakpoint
CREATE STATISTICS "customers_city_status_stats" (mcv) ON "customer_city_id", "status" FROM "customers";
