ALTER TABLE "customers" ADD COLUMN "payment_terms_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_payment_terms_check" CHECK ("customers"."payment_terms_days" between 0 and 365);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_date" date;--> statement-breakpoint
UPDATE "invoices" SET "due_date" = CASE WHEN "credit" THEN "date_of_creation" + 30 ELSE "date_of_creation" END;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "due_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_due_date_check" CHECK ("invoices"."due_date" >= "invoices"."date_of_creation");--> statement-breakpoint
CREATE INDEX "invoices_open_due_idx" ON "invoices" USING btree ("customer_id","due_date") WHERE "invoices"."status" in ('sent', 'unpaid', 'overdue');--> statement-breakpoint
CREATE INDEX "invoices_overdue_job_idx" ON "invoices" USING btree ("due_date") WHERE "invoices"."status" in ('sent', 'unpaid', 'overdue');--> statement-breakpoint
CREATE INDEX "invoices_customer_date_idx" ON "invoices" USING btree ("customer_id","date_of_creation");--> statement-breakpoint
CREATE INDEX "payments_customer_date_idx" ON "payments" USING btree ("customer_id","payment_date");
