-- Who recorded each payment and each cheque: the daily collections report (modules/collections)
-- counts a staff member's takings by it. Null for a record the system made (the demo data, the
-- jobs) and for one the trail names no user for.
ALTER TABLE "payments" ADD COLUMN "recorded_by" uuid REFERENCES "users"("id");--> statement-breakpoint
ALTER TABLE "cheques" ADD COLUMN "recorded_by" uuid REFERENCES "users"("id");--> statement-breakpoint
-- The records made before this column: the user whose entry in the audit trail created them (the
-- trail is written in the same transaction as the record, so it names who did it).
UPDATE "payments" p SET "recorded_by" = a."actor_id" FROM "audit_log" a
	WHERE a."entity_type" = 'payment' AND a."action" IN ('create', 'refund') AND a."entity_id" = p."id"
	AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = a."actor_id");--> statement-breakpoint
UPDATE "cheques" c SET "recorded_by" = a."actor_id" FROM "audit_log" a
	WHERE a."entity_type" = 'cheque' AND a."action" = 'create' AND a."entity_id" = c."id"
	AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = a."actor_id");--> statement-breakpoint
-- The report reads the cheques received in a period (the post-dated ones are its PDCs received).
CREATE INDEX "cheques_received_idx" ON "cheques" USING btree ("received_date");
