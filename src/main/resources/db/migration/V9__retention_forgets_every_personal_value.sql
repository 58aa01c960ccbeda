-- Retention forgets every per-user value of a decision, not only its raw context and reward: the
-- device's report, which action it got and with what propensity (both depend on its context), and
-- whether and when its feedback came. A forgotten decision keeps only its id, bandit, epoch, slot
-- and times of decision and fold (public facts); its feedback state becomes FORGOTTEN. The action
-- stays while a requestId may still replay the decision (the replay window).
ALTER TABLE decision ALTER COLUMN action_index DROP NOT NULL;
ALTER TABLE decision ALTER COLUMN propensity DROP NOT NULL;
ALTER TABLE decision DROP CONSTRAINT decision_feedback;
ALTER TABLE decision ADD CONSTRAINT decision_feedback
    CHECK (feedback IN ('PENDING', 'ACCEPTED', 'DEFAULTED', 'LATE', 'NOT_USED', 'FORGOTTEN'));
ALTER TABLE decision DROP CONSTRAINT decision_learning_state;
ALTER TABLE decision ADD CONSTRAINT decision_learning_state
    CHECK (slot IS NOT NULL OR feedback IN ('NOT_USED', 'FORGOTTEN'));
-- Decisions whose per-user values retention has still to forget: learning rounds once folded,
-- other decisions from the start, by the time they are done.
DROP INDEX decision_raw_data;
CREATE INDEX decision_personal ON decision ((coalesce(folded_at, created_at)))
    WHERE feedback <> 'FORGOTTEN' AND (folded_at IS NOT NULL OR slot IS NULL);
