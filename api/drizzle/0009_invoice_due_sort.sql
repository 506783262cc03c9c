-- The invoices list sorted by due date walks an index, like every other sort of the list.
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("due_date","id");
