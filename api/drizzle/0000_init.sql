CREATE SEQUENCE "public"."invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."payment_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "customer_cities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"city_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_kinds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_nationalities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nationality_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_name" text NOT NULL,
	"customer_alternate_name" text,
	"customer_old_name" text,
	"customer_new_name" text,
	"date_of_creation" date NOT NULL,
	"customer_kind_id" uuid NOT NULL,
	"customer_nationality_id" uuid NOT NULL,
	"customer_city_id" uuid NOT NULL,
	"city_located" text,
	"status" text DEFAULT 'medium' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_status_check" CHECK ("customers"."status" in ('high', 'medium', 'low'))
);
--> statement-breakpoint
CREATE TABLE "product_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_type_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_name" text NOT NULL,
	"product_price" bigint NOT NULL,
	"product_type_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_not_negative" CHECK ("products"."product_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"line_total" bigint NOT NULL,
	CONSTRAINT "invoice_lines_position_key" UNIQUE("invoice_id","position"),
	CONSTRAINT "invoice_lines_quantity_check" CHECK ("invoice_lines"."quantity" >= 1),
	CONSTRAINT "invoice_lines_unit_price_check" CHECK ("invoice_lines"."unit_price" >= 0),
	CONSTRAINT "invoice_lines_line_total_check" CHECK ("invoice_lines"."line_total" = "invoice_lines"."quantity"::bigint * "invoice_lines"."unit_price")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_number" text NOT NULL,
	"manual_invoice_number" text,
	"reference_number" text,
	"customer_id" uuid NOT NULL,
	"credit" boolean DEFAULT true NOT NULL,
	"date_of_creation" date NOT NULL,
	"total_amount" bigint NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"notes" text,
	"schedule_id" uuid,
	"schedule_period" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_invoice_number_key" UNIQUE("invoice_number"),
	CONSTRAINT "invoices_schedule_period_key" UNIQUE("schedule_id","schedule_period"),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('draft', 'sent', 'paid', 'unpaid', 'overdue', 'cancelled')),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total_amount" >= 0),
	CONSTRAINT "invoices_paid_check" CHECK ("invoices"."paid_amount" >= 0 and "invoices"."paid_amount" <= "invoices"."total_amount"),
	CONSTRAINT "invoices_paid_status_check" CHECK ("invoices"."status" <> 'paid' or "invoices"."paid_amount" = "invoices"."total_amount")
);
--> statement-breakpoint
CREATE TABLE "scheduled_invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scheduled_invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"line_total" bigint NOT NULL,
	CONSTRAINT "scheduled_invoice_lines_position_key" UNIQUE("scheduled_invoice_id","position"),
	CONSTRAINT "scheduled_invoice_lines_quantity_check" CHECK ("scheduled_invoice_lines"."quantity" >= 1),
	CONSTRAINT "scheduled_invoice_lines_unit_price_check" CHECK ("scheduled_invoice_lines"."unit_price" >= 0),
	CONSTRAINT "scheduled_invoice_lines_line_total_check" CHECK ("scheduled_invoice_lines"."line_total" = "scheduled_invoice_lines"."quantity"::bigint * "scheduled_invoice_lines"."unit_price")
);
--> statement-breakpoint
CREATE TABLE "scheduled_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_name" text NOT NULL,
	"reference_number" text,
	"customer_id" uuid NOT NULL,
	"date_of_creation" date NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"recurring_period" integer NOT NULL,
	"total_amount" bigint NOT NULL,
	"notes" text,
	"status" text DEFAULT 'inactive' NOT NULL,
	"automated" boolean DEFAULT false NOT NULL,
	"next_invoice_date" date NOT NULL,
	"periods_generated" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_invoices_status_check" CHECK ("scheduled_invoices"."status" in ('inactive', 'active', 'paused', 'completed')),
	CONSTRAINT "scheduled_invoices_period_check" CHECK ("scheduled_invoices"."recurring_period" between 1 and 12),
	CONSTRAINT "scheduled_invoices_end_check" CHECK ("scheduled_invoices"."end_date" is null or "scheduled_invoices"."end_date" >= "scheduled_invoices"."start_date"),
	CONSTRAINT "scheduled_invoices_total_check" CHECK ("scheduled_invoices"."total_amount" >= 0),
	CONSTRAINT "scheduled_invoices_periods_check" CHECK ("scheduled_invoices"."periods_generated" >= 0)
);
--> statement-breakpoint
CREATE TABLE "customer_accounts" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"advance_balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_accounts_balance_not_negative" CHECK ("customer_accounts"."advance_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "payment_allocations_payment_invoice_key" UNIQUE("payment_id","invoice_id"),
	CONSTRAINT "payment_allocations_amount_positive" CHECK ("payment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_number" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"payment_type" text NOT NULL,
	"payment_mode" text NOT NULL,
	"amount" bigint NOT NULL,
	"advance_used" bigint DEFAULT 0 NOT NULL,
	"payment_date" date NOT NULL,
	"reference_number" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_payment_number_unique" UNIQUE("payment_number"),
	CONSTRAINT "payments_type_check" CHECK ("payments"."payment_type" in ('advance', 'invoice_payment', 'refund')),
	CONSTRAINT "payments_mode_check" CHECK ("payments"."payment_mode" in ('Cash', 'Knet', 'Advance', 'Bank Transfer', 'Credit Card', 'Check')),
	CONSTRAINT "payments_amount_by_type" CHECK (("payments"."payment_type" = 'advance' and "payments"."amount" > 0 and "payments"."advance_used" = 0)
        or ("payments"."payment_type" = 'invoice_payment' and "payments"."amount" > 0 and "payments"."advance_used" between 0 and "payments"."amount")
        or ("payments"."payment_type" = 'refund' and "payments"."amount" < 0 and "payments"."advance_used" = 0))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_customer_kind_id_customer_kinds_id_fk" FOREIGN KEY ("customer_kind_id") REFERENCES "public"."customer_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_customer_nationality_id_customer_nationalities_id_fk" FOREIGN KEY ("customer_nationality_id") REFERENCES "public"."customer_nationalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_customer_city_id_customer_cities_id_fk" FOREIGN KEY ("customer_city_id") REFERENCES "public"."customer_cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_schedule_id_scheduled_invoices_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."scheduled_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_invoice_lines" ADD CONSTRAINT "scheduled_invoice_lines_scheduled_invoice_id_scheduled_invoices_id_fk" FOREIGN KEY ("scheduled_invoice_id") REFERENCES "public"."scheduled_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_invoice_lines" ADD CONSTRAINT "scheduled_invoice_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_invoices" ADD CONSTRAINT "scheduled_invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_accounts" ADD CONSTRAINT "customer_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_created_at_idx" ON "sessions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_cities_name_key" ON "customer_cities" USING btree (lower("city_name"));--> statement-breakpoint
CREATE INDEX "customer_cities_created_idx" ON "customer_cities" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_kinds_name_key" ON "customer_kinds" USING btree (lower("kind_name"));--> statement-breakpoint
CREATE INDEX "customer_kinds_created_idx" ON "customer_kinds" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_nationalities_name_key" ON "customer_nationalities" USING btree (lower("nationality_name"));--> statement-breakpoint
CREATE INDEX "customer_nationalities_created_idx" ON "customer_nationalities" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "customers_kind_idx" ON "customers" USING btree ("customer_kind_id");--> statement-breakpoint
CREATE INDEX "customers_nationality_idx" ON "customers" USING btree ("customer_nationality_id");--> statement-breakpoint
CREATE INDEX "customers_city_idx" ON "customers" USING btree ("customer_city_id");--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("customer_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "customers_alternate_name_trgm_idx" ON "customers" USING gin ("customer_alternate_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "customers_old_name_trgm_idx" ON "customers" USING gin ("customer_old_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "customers_new_name_trgm_idx" ON "customers" USING gin ("customer_new_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "product_types_name_key" ON "product_types" USING btree (lower("product_type_name"));--> statement-breakpoint
CREATE INDEX "product_types_created_idx" ON "product_types" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_product_type_idx" ON "products" USING btree ("product_type_id");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("product_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "invoice_lines_product_idx" ON "invoice_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING gin ("invoice_number" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "invoices_manual_number_trgm_idx" ON "invoices" USING gin ("manual_invoice_number" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "invoices_reference_trgm_idx" ON "invoices" USING gin ("reference_number" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "scheduled_invoice_lines_product_idx" ON "scheduled_invoice_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "scheduled_invoices_created_idx" ON "scheduled_invoices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "scheduled_invoices_customer_idx" ON "scheduled_invoices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "scheduled_invoices_due_idx" ON "scheduled_invoices" USING btree ("status","next_invoice_date");--> statement-breakpoint
CREATE INDEX "scheduled_invoices_name_trgm_idx" ON "scheduled_invoices" USING gin ("schedule_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_idx" ON "payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_customer_idx" ON "payments" USING btree ("customer_id","payment_type");--> statement-breakpoint
CREATE INDEX "payments_date_idx" ON "payments" USING btree ("payment_date");--> statement-breakpoint
CREATE INDEX "payments_number_trgm_idx" ON "payments" USING gin ("payment_number" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "payments_reference_trgm_idx" ON "payments" USING gin ("reference_number" gin_trgm_ops) WITH (fastupdate=false);