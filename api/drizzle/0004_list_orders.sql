-- Every whitelisted sort of the large lists reads an index in order, ending on the id (the
-- tie-breaker), so a page, and the ids of a deep page, come from the index instead of sorting
-- every row. Sorts by a joined name (customer, kind, city, nationality) still sort the rows.
CREATE INDEX "invoices_list_default_idx" ON "invoices" USING btree ("date_of_creation","invoice_number","id");--> statement-breakpoint
CREATE INDEX "invoices_manual_number_idx" ON "invoices" USING btree ("manual_invoice_number","id");--> statement-breakpoint
CREATE INDEX "invoices_reference_idx" ON "invoices" USING btree ("reference_number","id");--> statement-breakpoint
CREATE INDEX "invoices_credit_idx" ON "invoices" USING btree ("credit","id");--> statement-breakpoint
CREATE INDEX "invoices_total_idx" ON "invoices" USING btree ("total_amount","id");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "payments_list_default_idx" ON "payments" USING btree ("payment_date","payment_number","id");--> statement-breakpoint
CREATE INDEX "payments_type_idx" ON "payments" USING btree ("payment_type","id");--> statement-breakpoint
CREATE INDEX "payments_mode_idx" ON "payments" USING btree ("payment_mode","id");--> statement-breakpoint
CREATE INDEX "payments_amount_idx" ON "payments" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "payments_reference_idx" ON "payments" USING btree ("reference_number","id");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("customer_name","id");--> statement-breakpoint
CREATE INDEX "customers_status_idx" ON "customers" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "customers_date_idx" ON "customers" USING btree ("date_of_creation","id");
