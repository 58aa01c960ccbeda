-- Flyway owns the schema from this first migration on; Hibernate only validates it.
-- A bandit: its validated spec (JSON) and the version of its mutable state, used for
-- compare-and-set updates when several replicas share the database.
CREATE TABLE bandit (
    id            VARCHAR(64) PRIMARY KEY,
    algorithm     VARCHAR(32)  NOT NULL,
    spec          JSONB        NOT NULL,
    state_version BIGINT       NOT NULL DEFAULT 0,
    created_at    TIMESTAMPTZ  NOT NULL DEFAULT now(),
    CONSTRAINT bandit_id_format CHECK (id ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$')
);
