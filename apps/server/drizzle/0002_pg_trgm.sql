-- Trigram indexes back the free-text search of every list (ILIKE over searchable columns).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
