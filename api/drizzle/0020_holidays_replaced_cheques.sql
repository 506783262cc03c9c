-- The days the business is closed besides Friday and Saturday: the cheques to deposit skip them
-- (company settings, modules/settings).
CREATE TABLE "public_holidays" (
	"day" date PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);--> statement-breakpoint
-- A bounced cheque exchanged for a new one: status 'replaced', naming the new cheque.
ALTER TABLE "cheques" ADD COLUMN "replaced_by_id" uuid REFERENCES "cheques"("id");--> statement-breakpoint
ALTER TABLE "cheques" DROP CONSTRAINT "cheques_status_check";--> statement-breakpoint
ALTER TABLE "cheques" ADD CONSTRAINT "cheques_status_check" CHECK ("cheques"."status" in ('in_hand', 'deposited', 'cleared', 'bounced', 'returned', 'replaced'));
