-- A colleague's e-mail (modules/approvals/notices.ts): where the requests they may approve, and the
-- answers to their own, are sent. Null: none.
ALTER TABLE "users" ADD COLUMN "email" text;
