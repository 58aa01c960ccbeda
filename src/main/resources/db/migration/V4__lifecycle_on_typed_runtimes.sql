-- The lifecycle on typed runtimes (see docs/architecture.md):
--  * an epoch's learning rounds are fixed when they are decided: a decision takes one of the
--    epoch's T_r slots or is served without learning (slot NULL, NOT_USED). The slots are
--    handed out by 16 counters per epoch (epoch_slot), so concurrent decisions rarely wait on the
--    same row lock (which is held until the decision's durable commit);
--  * epochs are planned in the background after they open (plan NULL until then), their rounds
--    are folded into a private accumulator as they resolve, and an epoch is SEALED once every
--    round has a reward or its wait has passed, then CLOSED by its release;
--  * raw contexts and rewards are kept only for learning rounds, and only until their
--    contribution is folded (plus the retention); a locally private bandit's rounds carry the
--    client's randomised report instead of a reward.

ALTER TABLE epoch
    ALTER COLUMN plan DROP NOT NULL,
    ADD COLUMN assigned     INTEGER     NOT NULL DEFAULT 0,
    ADD COLUMN folded       INTEGER     NOT NULL DEFAULT 0,
    ADD COLUMN accumulator  BYTEA,
    ADD COLUMN planned_at   TIMESTAMPTZ,
    ADD COLUMN sealed_at    TIMESTAMPTZ,
    ADD COLUMN work_stage   VARCHAR(32),
    ADD COLUMN work_progress DOUBLE PRECISION;
ALTER TABLE epoch DROP CONSTRAINT epoch_status;
ALTER TABLE epoch ADD CONSTRAINT epoch_status CHECK (status IN ('OPEN', 'SEALED', 'CLOSED'));
UPDATE epoch SET planned_at = opened_at WHERE plan IS NOT NULL;

ALTER TABLE decision
    ADD COLUMN report         JSONB,
    ADD COLUMN slot           INTEGER,
    ADD COLUMN context_digest VARCHAR(64),
    ADD COLUMN wait_until     TIMESTAMPTZ,
    ADD COLUMN folded_at      TIMESTAMPTZ;
ALTER TABLE decision DROP CONSTRAINT decision_feedback;

-- Existing decisions: the first T_r of each epoch (in decision order) are its learning rounds.
UPDATE decision d SET slot = r.rank
    FROM (SELECT dd.id, row_number() OVER (PARTITION BY dd.bandit_id, dd.epoch ORDER BY dd.seq) AS rank
          FROM decision dd) r
    JOIN decision x ON x.id = r.id
    JOIN epoch e ON e.bandit_id = x.bandit_id AND e.number = x.epoch
    WHERE d.id = r.id AND r.rank <= e.length;
-- USCA bandits have no epoch rows before this migration; their learning rounds are the first T.
UPDATE decision d SET slot = r.rank
    FROM (SELECT dd.id, row_number() OVER (PARTITION BY dd.bandit_id ORDER BY dd.seq) AS rank
          FROM decision dd JOIN bandit b ON b.id = dd.bandit_id WHERE b.algorithm = 'USCA') r
    JOIN decision x ON x.id = r.id
    JOIN bandit b ON b.id = x.bandit_id
    WHERE d.id = r.id AND r.rank <= (b.spec ->> 'horizon')::int;
UPDATE decision d SET wait_until = d.created_at + make_interval(secs => (b.spec #>> '{feedback,waitSeconds}')::int)
    FROM bandit b WHERE b.id = d.bandit_id;
UPDATE decision SET feedback = 'NOT_USED' WHERE slot IS NULL;
UPDATE decision SET context = NULL, reward = NULL WHERE slot IS NULL;
-- Rounds of closed epochs were used by their release.
UPDATE decision d SET folded_at = e.closed_at
    FROM epoch e WHERE e.bandit_id = d.bandit_id AND e.number = d.epoch AND e.status = 'CLOSED' AND d.slot IS NOT NULL;
UPDATE epoch e SET assigned = LEAST(e.length, (SELECT count(*) FROM decision d
    WHERE d.bandit_id = e.bandit_id AND d.epoch = e.number AND d.slot IS NOT NULL)),
    folded = CASE WHEN e.status = 'CLOSED' THEN e.length ELSE 0 END;
UPDATE decision SET wait_until = created_at WHERE wait_until IS NULL;

ALTER TABLE decision ALTER COLUMN wait_until SET NOT NULL;
ALTER TABLE decision ADD CONSTRAINT decision_feedback
    CHECK (feedback IN ('PENDING', 'ACCEPTED', 'DEFAULTED', 'LATE', 'NOT_USED'));
ALTER TABLE decision ADD CONSTRAINT decision_learning_state CHECK (slot IS NOT NULL OR feedback = 'NOT_USED');

-- The lifecycle's queries: unresolved and resolved-unfolded learning rounds of an epoch, and raw
-- data still held after its fold (retention). Each index covers only rows that still need work,
-- so none of them grows with the decisions that are done.
DROP INDEX decision_epoch;
CREATE INDEX decision_pending ON decision (bandit_id, epoch, wait_until)
    WHERE feedback = 'PENDING';
CREATE INDEX decision_unfolded ON decision (bandit_id, epoch, slot)
    WHERE slot IS NOT NULL AND folded_at IS NULL AND feedback <> 'PENDING';
CREATE INDEX decision_raw_data ON decision (folded_at)
    WHERE folded_at IS NOT NULL AND (context IS NOT NULL OR reward IS NOT NULL);

-- The slot counters: shard j hands out slots j+1, j+1+16, j+1+32, ... up to the epoch's length.
CREATE TABLE epoch_slot (
    bandit_id VARCHAR(64) NOT NULL,
    epoch     INTEGER     NOT NULL,
    shard     SMALLINT    NOT NULL,
    used      INTEGER     NOT NULL DEFAULT 0,
    quota     INTEGER     NOT NULL,
    PRIMARY KEY (bandit_id, epoch, shard),
    FOREIGN KEY (bandit_id, epoch) REFERENCES epoch (bandit_id, number) ON DELETE CASCADE,
    CONSTRAINT epoch_slot_used CHECK (used >= 0 AND used <= quota)
);

-- USCA bandits become one epoch of length T, like the other algorithms' learning phases.
INSERT INTO epoch (bandit_id, number, length, status, plan, assigned, folded, opened_at)
    SELECT b.id, 1, (b.spec ->> 'horizon')::int,
           CASE WHEN b.phase = 'EXPLORE' THEN 'OPEN' ELSE 'CLOSED' END, NULL,
           LEAST((b.spec ->> 'horizon')::int, (SELECT count(*) FROM decision d WHERE d.bandit_id = b.id
               AND d.slot IS NOT NULL)),
           0, b.created_at
    FROM bandit b WHERE b.algorithm = 'USCA'
    ON CONFLICT DO NOTHING;

-- Slot counters of the existing epochs: a shard has used as many of its slots as the epoch's
-- existing learning decisions cover (slots 1..assigned were taken in order before).
INSERT INTO epoch_slot (bandit_id, epoch, shard, used, quota)
    SELECT e.bandit_id, e.number, j,
           GREATEST(0, (e.assigned - j + 15) / 16), GREATEST(0, (e.length - j + 15) / 16)
    FROM epoch e CROSS JOIN generate_series(0, 15) AS j;
ALTER TABLE epoch DROP COLUMN assigned;
