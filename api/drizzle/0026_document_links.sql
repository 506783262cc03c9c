-- Documents shared by link: the PDF as shared, found by the hash of the link's secret until it expires.
CREATE TABLE "document_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"pdf" bytea NOT NULL,
	"sha256" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "document_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "document_links_kind_check" CHECK ("document_links"."kind" in ('invoice', 'credit-note', 'receipt', 'statement'))
);
--> statement-breakpoint
ALTER TABLE "document_links" ADD CONSTRAINT "document_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_links_expires_idx" ON "document_links" USING btree ("expires_at");
