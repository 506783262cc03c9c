-- The key an entry's HMAC was made with (audit/keys.ts). Null for the entries made before keys,
-- chained with plain SHA-256; every entry after the first keyed one must be keyed.
ALTER TABLE "audit_log" ADD COLUMN "key_id" text;
