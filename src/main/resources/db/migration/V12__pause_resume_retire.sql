-- Whether a bandit serves. ACTIVE: as before. PAUSED: no new decisions (409 paused); feedback for the
-- decisions already made, releases and the epoch lifecycle go on as usual. RETIRED: for good; it
-- makes no decision, takes no feedback and no POST /release (409 retired), while its status, ledger,
-- epochs and releases stay readable. Kept next to the other mutable state, written with plain JDBC;
-- changing it does not bump state_version (nothing a runtime is built from changes).
ALTER TABLE bandit_state ADD COLUMN serving VARCHAR(8) NOT NULL DEFAULT 'ACTIVE'
    CONSTRAINT bandit_state_serving CHECK (serving IN ('ACTIVE', 'PAUSED', 'RETIRED'));
ALTER TABLE bandit_state ADD COLUMN serving_since TIMESTAMPTZ;

-- Retiring is permanent: no statement, whatever runs it, brings a retired bandit back.
CREATE FUNCTION bandit_retirement_is_final() RETURNS trigger AS $$
BEGIN
    IF OLD.serving = 'RETIRED' AND NEW.serving <> 'RETIRED' THEN
        RAISE EXCEPTION 'bandit % is retired, for good', OLD.bandit_id;
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER bandit_retirement_final BEFORE UPDATE OF serving ON bandit_state
    FOR EACH ROW EXECUTE FUNCTION bandit_retirement_is_final();
