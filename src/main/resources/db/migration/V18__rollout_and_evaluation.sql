-- Rollout and private evaluation (issue 34, docs/launch.md).
--
-- A decision that names a baseline is served by the bandit or by the baseline on a public coin: arm
-- records which (null: a decision without a baseline, outside the evaluation). Its reward, when it
-- came within the decision's wait, is kept in eval_reward (clipped as the learning's) only until the
-- evaluation release that covers it (eval_window), which then forgets it; retention leaves a decision
-- alone until then.
ALTER TABLE decision ADD COLUMN arm VARCHAR(8) CONSTRAINT decision_arm CHECK (arm IN ('BANDIT', 'BASELINE'));
ALTER TABLE decision ADD COLUMN eval_reward DOUBLE PRECISION;
ALTER TABLE decision ADD COLUMN eval_window INTEGER;
CREATE INDEX decision_evaluation ON decision (bandit_id, seq) WHERE arm IS NOT NULL AND eval_window IS NULL;
DROP INDEX decision_personal;
CREATE INDEX decision_personal ON decision ((coalesce(folded_at, created_at)))
    WHERE feedback <> 'FORGOTTEN' AND (folded_at IS NOT NULL OR slot IS NULL)
      AND (arm IS NULL OR eval_window IS NOT NULL);

-- The coin's bias now and the trial's state; every change is an event with its reason.
CREATE TABLE rollout (
    bandit_id VARCHAR(64)      PRIMARY KEY REFERENCES bandit (id) ON DELETE CASCADE,
    share     DOUBLE PRECISION NOT NULL CHECK (share >= 0 AND share <= 1),
    state     VARCHAR(12)      NOT NULL CHECK (state IN ('TRIAL', 'PROMOTED', 'ROLLED_BACK'))
);
CREATE TABLE rollout_event (
    id         BIGSERIAL        PRIMARY KEY,
    bandit_id  VARCHAR(64)      NOT NULL REFERENCES bandit (id) ON DELETE CASCADE,
    state      VARCHAR(12)      NOT NULL CHECK (state IN ('TRIAL', 'PROMOTED', 'ROLLED_BACK')),
    share      DOUBLE PRECISION NOT NULL,
    cause      VARCHAR(8)       NOT NULL CHECK (cause IN ('CREATED', 'ADMIN', 'AUTO')),
    look       INTEGER,
    lift_low   DOUBLE PRECISION,
    lift_high  DOUBLE PRECISION,
    created_at TIMESTAMPTZ      NOT NULL DEFAULT now()
);
CREATE INDEX rollout_event_bandit ON rollout_event (bandit_id, id);

-- One evaluation release: a window of the schedule, its public counts per arm and its noisy sums.
CREATE TABLE evaluation_release (
    bandit_id       VARCHAR(64)      NOT NULL REFERENCES bandit (id) ON DELETE CASCADE,
    look            INTEGER          NOT NULL CHECK (look >= 1),
    bandit_rounds   INTEGER          NOT NULL CHECK (bandit_rounds >= 0),
    baseline_rounds INTEGER          NOT NULL CHECK (baseline_rounds >= 0),
    bandit_sum      DOUBLE PRECISION NOT NULL,
    baseline_sum    DOUBLE PRECISION NOT NULL,
    created_at      TIMESTAMPTZ      NOT NULL DEFAULT now(),
    PRIMARY KEY (bandit_id, look)
);
