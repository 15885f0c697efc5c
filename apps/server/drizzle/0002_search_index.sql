CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "accounts_username_trgm_idx" ON "accounts" USING gin (lower("username") gin_trgm_ops);
