-- A learning round folds when its feedback window has passed, whatever its feedback: the lifecycle
-- reads the unfolded learning rounds of an epoch in decision order (and whether any window is
-- still open) regardless of their feedback state. Only rows not folded yet are indexed.
CREATE INDEX decision_to_fold ON decision (bandit_id, epoch, seq)
    WHERE slot IS NOT NULL AND folded_at IS NULL;
