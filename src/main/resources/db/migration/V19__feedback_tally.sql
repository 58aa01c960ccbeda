-- Retention forgets whether and when each user's feedback came (the row's state becomes FORGOTTEN),
-- which left operators' feedback counts empty under the default retention-seconds 0. The tally keeps
-- per bandit how many decisions each state had when retention forgot them: an aggregate over users,
-- read by operators only (GET /bandits/{id}/feedback), never a per-user value. Retention adds to it in
-- the statement that forgets the rows, so a count is never lost nor counted twice.
CREATE TABLE feedback_tally (
    bandit_id  TEXT   NOT NULL,
    state      TEXT   NOT NULL,
    forgotten  BIGINT NOT NULL,
    PRIMARY KEY (bandit_id, state)
);
