-- User-level privacy, budgets shared across bandits, and a zCDP accountant.
--
-- Every charge records its native zCDP cost rho (null only for a mechanism without one: Wishart
-- node noise) and the accountant that composes it: BASIC sums (epsilon, delta) (Dwork & Roth 2014,
-- Thm 3.16); ZCDP sums rho (Bun & Steinke 2016, Lemma 2.3), its epsilon column then holding the
-- increase of the bandit's (epsilon, delta) view so that the column still adds up to what is spent.
ALTER TABLE ledger DISABLE TRIGGER ledger_append_only;
ALTER TABLE ledger ADD COLUMN rho DOUBLE PRECISION CHECK (rho >= 0);
ALTER TABLE ledger ADD COLUMN accountant VARCHAR(8) NOT NULL DEFAULT 'BASIC'
    CONSTRAINT ledger_accountant CHECK (accountant IN ('BASIC', 'ZCDP'));
ALTER TABLE ledger ENABLE TRIGGER ledger_append_only;

-- A user-level budget several bandits share: their charges compose in rho against it, and a bandit
-- whose worst-case spend would take it past its total is refused at creation (a privacy filter).
CREATE TABLE privacy_budget (
    id         VARCHAR(64)      PRIMARY KEY CONSTRAINT privacy_budget_id_format
                                CHECK (id ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$'),
    epsilon    DOUBLE PRECISION NOT NULL CHECK (epsilon > 0),
    delta      DOUBLE PRECISION NOT NULL CHECK (delta > 0 AND delta < 1),
    created_at TIMESTAMPTZ      NOT NULL DEFAULT now()
);

-- A bandit on a shared budget, and what it may spend at most over its life (its worst case), in rho.
ALTER TABLE bandit ADD COLUMN budget_id VARCHAR(64) REFERENCES privacy_budget (id);
ALTER TABLE bandit ADD COLUMN committed_rho DOUBLE PRECISION CHECK (committed_rho >= 0);
CREATE INDEX bandit_budget ON bandit (budget_id) WHERE budget_id IS NOT NULL;

-- privacy.unit USER: how many learning rounds each user has contributed to a bandit, under a keyed
-- digest of the caller's user id (the id itself is never stored). Kept for the bandit's life: it is
-- what bounds a user's contribution to maxRoundsPerUser.
CREATE TABLE user_contribution (
    bandit_id   VARCHAR(64) NOT NULL REFERENCES bandit (id) ON DELETE CASCADE,
    user_digest VARCHAR(64) NOT NULL,
    rounds      INTEGER     NOT NULL CHECK (rounds >= 0),
    PRIMARY KEY (bandit_id, user_digest)
);
