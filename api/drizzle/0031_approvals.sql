-- Four-eyes approvals (modules/approvals): the amounts above which a refund, a credit note, a
-- write-off or a cheque's bounce waits for another staff member, and the requests that wait.
ALTER TABLE "company_settings" ADD COLUMN "approval_refund" bigint;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "approval_credit_note" bigint;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "approval_write_off" bigint;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "approval_bounce" bigint;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_approval_amounts_check" CHECK ("company_settings"."approval_refund" >= 0 AND "company_settings"."approval_credit_note" >= 0 AND "company_settings"."approval_write_off" >= 0 AND "company_settings"."approval_bounce" >= 0);--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending_approval' NOT NULL,
	"amount" bigint NOT NULL,
	"customer_id" uuid NOT NULL REFERENCES "customers"("id"),
	"target_id" uuid,
	"input" jsonb NOT NULL,
	"requested_by" uuid NOT NULL REFERENCES "users"("id"),
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid REFERENCES "users"("id"),
	"decided_at" timestamp with time zone,
	"reason" text,
	"result_id" uuid,
	CONSTRAINT "approvals_kind_check" CHECK ("approvals"."kind" in ('refund', 'creditNote', 'writeOff', 'bounce')),
	CONSTRAINT "approvals_status_check" CHECK ("approvals"."status" in ('pending_approval', 'approved', 'rejected')),
	CONSTRAINT "approvals_amount_check" CHECK ("approvals"."amount" > 0)
);--> statement-breakpoint
CREATE INDEX "approvals_requested_at_idx" ON "approvals" USING btree ("requested_at","id");--> statement-breakpoint
CREATE INDEX "approvals_status_idx" ON "approvals" USING btree ("status");
