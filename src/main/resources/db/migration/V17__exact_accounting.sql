-- Exact accounting (issue 31).
--
-- A ledger entry names the mechanism it charges, so that a shared budget can convert it to its own
-- measure: GAUSSIAN (rho is mu^2/2 of a Gaussian release, exactly mu-GDP) or EXPONENTIAL (a pure
-- epsilon-DP exponential mechanism, epsilon in the epsilon column). The EXACT accountant composes
-- Gaussian charges as Gaussian DP and pure ones through their privacy loss distributions.
ALTER TABLE ledger DISABLE TRIGGER ledger_append_only;
ALTER TABLE ledger ADD COLUMN mechanism VARCHAR(12)
    CONSTRAINT ledger_mechanism CHECK (mechanism IN ('GAUSSIAN', 'EXPONENTIAL'));
UPDATE ledger l SET mechanism = CASE WHEN b.algorithm = 'USCA' THEN 'EXPONENTIAL'
                                     WHEN l.rho IS NOT NULL THEN 'GAUSSIAN' END
    FROM bandit b WHERE b.id = l.bandit_id;
ALTER TABLE ledger DROP CONSTRAINT ledger_accountant;
ALTER TABLE ledger ADD CONSTRAINT ledger_accountant CHECK (accountant IN ('BASIC', 'ZCDP', 'EXACT'));
ALTER TABLE ledger ENABLE TRIGGER ledger_append_only;

-- A shared budget's filter: GDP (Gaussian DP, Smith & Thakurta 2022: admit while the sum of mu^2 stays
-- within mu(epsilon, delta)^2; exact for Gaussian releases) or ZCDP (Whitehouse et al. 2023: admit
-- while the sum of rho stays within the rho that (epsilon, delta) is worth, now by Canonne, Kamath &
-- Steinke 2020 rather than Bun & Steinke's looser Prop 1.3). Budgets made before keep ZCDP.
ALTER TABLE privacy_budget ADD COLUMN accountant VARCHAR(8) NOT NULL DEFAULT 'ZCDP'
    CONSTRAINT privacy_budget_accountant CHECK (accountant IN ('GDP', 'ZCDP'));
ALTER TABLE privacy_budget ALTER COLUMN accountant DROP DEFAULT;

-- What a bandit commits of pure epsilon-DP releases (USCA's exponential mechanism): how many, each at
-- which epsilon; a Gaussian bandit's commitment is committed_rho alone.
ALTER TABLE bandit ADD COLUMN committed_exponential_count BIGINT CHECK (committed_exponential_count >= 0);
ALTER TABLE bandit ADD COLUMN committed_exponential_epsilon DOUBLE PRECISION
    CHECK (committed_exponential_epsilon > 0);
UPDATE bandit SET committed_exponential_count =
        floor((spec #>> '{privacy,totalEpsilon}')::numeric / (spec #>> '{privacy,epsilon}')::numeric),
    committed_exponential_epsilon = (spec #>> '{privacy,epsilon}')::double precision
    WHERE algorithm = 'USCA';
