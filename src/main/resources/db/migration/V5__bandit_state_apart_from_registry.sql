-- Each table is written in one style. The registry row of a bandit (id, algorithm, spec, budget
-- totals) is written once, at creation, through JPA; what changes as the bandit learns (epoch,
-- phase, rounds, the version every instance checks, the policy state) moves to bandit_state, which
-- the lifecycle writes with JDBC compare-and-sets.
CREATE TABLE bandit_state (
    bandit_id     VARCHAR(64) PRIMARY KEY REFERENCES bandit (id) ON DELETE CASCADE,
    phase         VARCHAR(16) NOT NULL DEFAULT 'EXPLORE',
    epoch         INTEGER     NOT NULL DEFAULT 1,
    rounds        BIGINT      NOT NULL DEFAULT 0,
    state_version BIGINT      NOT NULL DEFAULT 0,
    policy_state  BYTEA
);
INSERT INTO bandit_state (bandit_id, phase, epoch, rounds, state_version, policy_state)
    SELECT id, phase, epoch, rounds, state_version, policy_state FROM bandit;
ALTER TABLE bandit
    DROP COLUMN phase,
    DROP COLUMN epoch,
    DROP COLUMN rounds,
    DROP COLUMN state_version,
    DROP COLUMN policy_state;
