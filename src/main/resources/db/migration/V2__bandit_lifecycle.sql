-- The bandit lifecycle: epochs (public plans and released models), decisions with their
-- feedback, USCA releases, and the append-only privacy ledger.

ALTER TABLE bandit
    ADD COLUMN phase          VARCHAR(16)      NOT NULL DEFAULT 'EXPLORE',
    ADD COLUMN epoch          INTEGER          NOT NULL DEFAULT 1,
    ADD COLUMN rounds         BIGINT           NOT NULL DEFAULT 0,
    ADD COLUMN epsilon_total  DOUBLE PRECISION NOT NULL DEFAULT 0,
    ADD COLUMN delta_total    DOUBLE PRECISION NOT NULL DEFAULT 0,
    ADD COLUMN policy_state   BYTEA;

-- Plans and policy state are stored as JSON bytes: they hold m×m matrices (up to ~20 MB as
-- text), which JSONB would parse and re-encode on every write for no benefit.
-- One row per epoch of a CAPRI bandit. The unique key makes a double close impossible: the
-- close inserts epoch r+1 and flips r to CLOSED in one transaction.
CREATE TABLE epoch (
    bandit_id   VARCHAR(64) NOT NULL REFERENCES bandit (id) ON DELETE CASCADE,
    number      INTEGER     NOT NULL,
    length      INTEGER     NOT NULL,
    status      VARCHAR(16) NOT NULL DEFAULT 'OPEN',
    plan        BYTEA       NOT NULL,
    model       JSONB,
    opened_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    closed_at   TIMESTAMPTZ,
    PRIMARY KEY (bandit_id, number),
    CONSTRAINT epoch_status CHECK (status IN ('OPEN', 'CLOSED'))
);

-- A decision and, later, its reward. Raw contexts and rewards are sensitive: they are
-- deleted (set to NULL) once the epoch that used them has closed and the retention has passed.
CREATE TABLE decision (
    id           UUID             PRIMARY KEY,
    bandit_id    VARCHAR(64)      NOT NULL REFERENCES bandit (id) ON DELETE CASCADE,
    seq          BIGSERIAL        NOT NULL,
    request_id   VARCHAR(128),
    epoch        INTEGER          NOT NULL,
    context      DOUBLE PRECISION[],
    action_index INTEGER          NOT NULL,
    propensity   DOUBLE PRECISION NOT NULL,
    reward       DOUBLE PRECISION,
    feedback     VARCHAR(16)      NOT NULL DEFAULT 'PENDING',
    created_at   TIMESTAMPTZ      NOT NULL DEFAULT now(),
    feedback_at  TIMESTAMPTZ,
    CONSTRAINT decision_feedback CHECK (feedback IN ('PENDING', 'ACCEPTED', 'DEFAULTED', 'LATE'))
);
CREATE UNIQUE INDEX decision_request ON decision (bandit_id, request_id) WHERE request_id IS NOT NULL;
CREATE INDEX decision_epoch ON decision (bandit_id, epoch, feedback);

-- USCA's released decisions: a context released once is served again for free.
CREATE TABLE context_release (
    bandit_id   VARCHAR(64)  NOT NULL REFERENCES bandit (id) ON DELETE CASCADE,
    context_key VARCHAR(128) NOT NULL,
    action_index INTEGER     NOT NULL,
    ledger_id   BIGINT       NOT NULL,
    created_at  TIMESTAMPTZ  NOT NULL DEFAULT now(),
    PRIMARY KEY (bandit_id, context_key)
);

-- The privacy ledger: append-only. A charge commits together with the release it pays for.
CREATE TABLE ledger (
    id          BIGSERIAL        PRIMARY KEY,
    bandit_id   VARCHAR(64)      NOT NULL REFERENCES bandit (id),
    epsilon     DOUBLE PRECISION NOT NULL CHECK (epsilon >= 0),
    delta       DOUBLE PRECISION NOT NULL CHECK (delta >= 0),
    reason      VARCHAR(64)      NOT NULL,
    epoch       INTEGER,
    created_at  TIMESTAMPTZ      NOT NULL DEFAULT now()
);
CREATE INDEX ledger_bandit ON ledger (bandit_id, id);

CREATE FUNCTION ledger_is_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'the privacy ledger is append-only';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER ledger_append_only BEFORE UPDATE OR DELETE ON ledger
    FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
