-- Trigram search (pg_trgm is a trusted extension on PostgreSQL 13+ and bundled with PGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
