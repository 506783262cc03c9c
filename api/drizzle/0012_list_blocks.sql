-- How many rows of each list fall in each block of its default order (a day of invoices by
-- invoice date, of payments by payment date, an hour of customers by creation time), kept by
-- statement triggers in the transaction of each write. A deep page sums the blocks from the
-- order's start to find the block its first row is in, and walks from that block's start only,
-- instead of walking every row before it (page 5,000 walked 50,000 index entries). Rows are
-- deltas, only inserted, so writers never wait for each other here; compact_list_blocks() folds them.
CREATE TABLE "list_blocks" (
	"list" text NOT NULL,
	"block" text NOT NULL,
	"rows" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX "list_blocks_list_block_idx" ON "list_blocks" USING btree ("list", "block");--> statement-breakpoint
-- One function for every list: the trigger names the block of a row r as SQL (TG_ARGV[0]), a
-- text that sorts as the order does; the list is the table's name. Rows added or removed are
-- counted per statement; a row whose block changes (an invoice given another date) per row, as
-- most updates leave the block as it was and need no work.
CREATE FUNCTION "list_blocks_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE format('INSERT INTO list_blocks (list, block, rows) SELECT %L, %s, %s FROM %I r GROUP BY 2',
		TG_TABLE_NAME, TG_ARGV[0], CASE TG_OP WHEN 'INSERT' THEN 'count(*)' ELSE '-count(*)' END,
		CASE TG_OP WHEN 'INSERT' THEN 'new_rows' ELSE 'old_rows' END);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "list_block_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	block_of text := format('SELECT %s FROM (SELECT ($1).*) r', TG_ARGV[0]);
	was text;
	now_in text;
BEGIN
	EXECUTE block_of INTO was USING OLD;
	EXECUTE block_of INTO now_in USING NEW;
	IF was IS DISTINCT FROM now_in THEN
		INSERT INTO list_blocks (list, block, rows) VALUES (TG_TABLE_NAME, was, -1), (TG_TABLE_NAME, now_in, 1);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customers_blocks_insert" AFTER INSERT ON "customers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_blocks_changed"('to_char(r.created_at AT TIME ZONE ''UTC'', ''YYYY-MM-DD HH24'')');--> statement-breakpoint
CREATE TRIGGER "customers_block_moved" AFTER UPDATE OF "created_at" ON "customers" FOR EACH ROW WHEN (OLD."created_at" IS DISTINCT FROM NEW."created_at") EXECUTE FUNCTION "list_block_moved"('to_char(r.created_at AT TIME ZONE ''UTC'', ''YYYY-MM-DD HH24'')');--> statement-breakpoint
CREATE TRIGGER "customers_blocks_delete" AFTER DELETE ON "customers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_blocks_changed"('to_char(r.created_at AT TIME ZONE ''UTC'', ''YYYY-MM-DD HH24'')');--> statement-breakpoint
CREATE TRIGGER "invoices_blocks_insert" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_blocks_changed"('to_char(r.date_of_creation, ''YYYY-MM-DD'')');--> statement-breakpoint
CREATE TRIGGER "invoices_block_moved" AFTER UPDATE OF "date_of_creation" ON "invoices" FOR EACH ROW WHEN (OLD."date_of_creation" IS DISTINCT FROM NEW."date_of_creation") EXECUTE FUNCTION "list_block_moved"('to_char(r.date_of_creation, ''YYYY-MM-DD'')');--> statement-breakpoint
CREATE TRIGGER "invoices_blocks_delete" AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_blocks_changed"('to_char(r.date_of_creation, ''YYYY-MM-DD'')');--> statement-breakpoint
CREATE TRIGGER "payments_blocks_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_blocks_changed"('to_char(r.payment_date, ''YYYY-MM-DD'')');--> statement-breakpoint
CREATE TRIGGER "payments_block_moved" AFTER UPDATE OF "payment_date" ON "payments" FOR EACH ROW WHEN (OLD."payment_date" IS DISTINCT FROM NEW."payment_date") EXECUTE FUNCTION "list_block_moved"('to_char(r.payment_date, ''YYYY-MM-DD'')');--> statement-breakpoint
CREATE TRIGGER "payments_blocks_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_blocks_changed"('to_char(r.payment_date, ''YYYY-MM-DD'')');--> statement-breakpoint
-- Folds the deltas into one row per block; the sums do not change. Returns the rows left.
CREATE FUNCTION "compact_list_blocks"() RETURNS bigint LANGUAGE sql AS $$
	WITH gone AS (DELETE FROM list_blocks RETURNING list, block, rows),
	kept AS (INSERT INTO list_blocks (list, block, rows) SELECT list, block, sum(rows) FROM gone GROUP BY list, block HAVING sum(rows) <> 0 RETURNING 1)
	SELECT count(*) FROM kept
$$;--> statement-breakpoint
-- The blocks of the rows that exist already.
INSERT INTO list_blocks (list, block, rows)
SELECT 'customers', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24'), count(*) FROM customers GROUP BY 2
UNION ALL SELECT 'invoices', to_char(date_of_creation, 'YYYY-MM-DD'), count(*) FROM invoices GROUP BY 2
UNION ALL SELECT 'payments', to_char(payment_date, 'YYYY-MM-DD'), count(*) FROM payments GROUP BY 2;
