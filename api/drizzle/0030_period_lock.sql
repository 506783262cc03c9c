-- Closed periods (modules/period-lock): the day the books are closed through, one row that every
-- dated write reads under the period's advisory lock, and the reopens asked and decided.
CREATE TABLE "period_lock" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"locked_through" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "period_lock_single_row" CHECK ("period_lock"."id" = 1)
);--> statement-breakpoint
INSERT INTO "period_lock" ("id", "locked_through") VALUES (1, NULL);--> statement-breakpoint
CREATE TABLE "period_reopen_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"locked_through" date,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"requested_by_name" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "period_reopen_requests_status_check" CHECK ("period_reopen_requests"."status" in ('pending', 'approved', 'rejected'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "period_reopen_requests_one_pending" ON "period_reopen_requests" ("status") WHERE "status" = 'pending';
