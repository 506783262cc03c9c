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
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_customer_kind_id_customer_kinds_id_fk" FOREIGN KEY ("customer_kind_id") REFERENCES "public"."customer_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_customer_nationality_id_customer_nationalities_id_fk" FOREIGN KEY ("customer_nationality_id") REFERENCES "public"."customer_nationalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_customer_city_id_customer_cities_id_fk" FOREIGN KEY ("customer_city_id") REFERENCES "public"."customer_cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_alternate_name_trgm_idx" ON "customers" USING gin ("customer_alternate_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_old_name_trgm_idx" ON "customers" USING gin ("customer_old_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_new_name_trgm_idx" ON "customers" USING gin ("customer_new_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "product_types_name_key" ON "product_types" USING btree (lower("product_type_name"));--> statement-breakpoint
CREATE INDEX "product_types_created_idx" ON "product_types" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_product_type_idx" ON "products" USING btree ("product_type_id");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("product_name" gin_trgm_ops);