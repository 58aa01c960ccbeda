-- Composition over epochs becomes an explicit field of a bandit's spec (privacy.composition) instead
-- of a side effect of tuning.mode. Bandits created before ran ENGINEERED CAPRI with PARALLEL
-- composition and everything else SEQUENTIAL; their specs say so from now on, so a running bandit
-- keeps the accounting it started with.
UPDATE bandit SET spec = jsonb_set(spec, '{privacy,composition}',
        CASE WHEN algorithm = 'CAPRI' AND spec #>> '{tuning,mode}' = 'ENGINEERED'
             THEN '"PARALLEL"'::jsonb ELSE '"SEQUENTIAL"'::jsonb END)
    WHERE spec ? 'privacy';

-- How each charge composes with the bandit's others: SEQUENTIAL (basic composition: the charges
-- add up) or PARALLEL (CAPRI's epochs over disjoint rounds: the first release is charged the whole
-- budget, later ones nothing). Shown with every ledger entry. Existing rows are labelled with the
-- mode they were charged under; the append-only trigger is lifted for this one schema change.
ALTER TABLE ledger ADD COLUMN composition VARCHAR(16)
    CONSTRAINT ledger_composition CHECK (composition IN ('SEQUENTIAL', 'PARALLEL'));
ALTER TABLE ledger DISABLE TRIGGER ledger_append_only;
UPDATE ledger l SET composition = b.spec #>> '{privacy,composition}' FROM bandit b WHERE b.id = l.bandit_id;
UPDATE ledger SET composition = 'SEQUENTIAL' WHERE composition IS NULL;
ALTER TABLE ledger ENABLE TRIGGER ledger_append_only;
ALTER TABLE ledger ALTER COLUMN composition SET NOT NULL;

-- USCA release keys are an HMAC of the context under a server-side secret, so that a key cannot
-- be recomputed from a guessed context without the secret. Rows written before this migration
-- carry an unsalted SHA-256 key; they are re-keyed the first time their context is asked for.
ALTER TABLE context_release ADD COLUMN key_scheme VARCHAR(16) NOT NULL DEFAULT 'SHA256'
    CONSTRAINT context_release_key_scheme CHECK (key_scheme IN ('SHA256', 'HMAC_SHA256'));
ALTER TABLE context_release ALTER COLUMN key_scheme SET DEFAULT 'HMAC_SHA256';

-- Service-wide secrets the service generated itself because none was configured (today: the
-- release-key secret). A configured secret always takes precedence and is never stored here.
CREATE TABLE service_secret (
    name       VARCHAR(64) PRIMARY KEY,
    value      BYTEA       NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
