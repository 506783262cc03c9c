-- Migration 0015 gave the issued numbers 300 histogram bounds, so that a number search's estimate
-- no longer made its page walk the list's order for a few matches. A search's page no longer
-- follows that estimate: up to 1,000 matches it reads and sorts them, past that its walk is bounded
-- (http/pagination.ts, idsOfSearch). The bounds cost each number search's statements planning
-- time and no longer paid for it: in turns at 200,000 invoices and payments, the default's 100
-- bounds answered 1-6% more number searches a second on PostgreSQL (2 rounds, each search) and 3-5%
-- more on PGlite (1 round), within a run's noise but each time the same way.
-- It counts from the table's next ANALYZE.
ALTER TABLE "invoices" ALTER COLUMN "invoice_number" SET STATISTICS -1;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "payment_number" SET STATISTICS -1;
