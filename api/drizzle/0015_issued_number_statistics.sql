-- A search for a number (INV-0199, PAY-0199) reads the numbers starting so (http/pagination.ts,
-- IssuedNumber). PostgreSQL estimates that LIKE by the share of the column's histogram bounds that
-- match: with the default 100 bounds, one falling among the few numbers searched made them a
-- hundredth of the table, and a search's page then walked the list's whole order looking for ten
-- of them (32 ms instead of 0.3 at 20,000 customers). With 300 bounds the walk no longer looks
-- cheaper: 40 terms holding a bound, two statements each, 19-20 of 80 took over 5 ms with 100
-- bounds and none with 300, planning 0.59-0.60 -> 0.70-0.78 ms a statement (1,000 bounds:
-- 0.74-1.08). It counts from the table's next ANALYZE.
ALTER TABLE "invoices" ALTER COLUMN "invoice_number" SET STATISTICS 300;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "payment_number" SET STATISTICS 300;
