-- Credit control: a customer's credit limit in fils (null: no limit) and how many days
-- past its due date an invoice may be before new Credit invoices are refused (null: no rule).
ALTER TABLE "customers" ADD COLUMN "credit_limit" bigint;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "max_overdue_days" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_credit_limit_check" CHECK ("customers"."credit_limit" >= 0);--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_max_overdue_days_check" CHECK ("customers"."max_overdue_days" between 0 and 3650);
