-- A replayed requestId returns its decision only to the API key that made it: the key's name is kept
-- with the decision, and requestIds are unique per (bandit, key). A context's keyed digest is kept
-- only where a requestId needs it, and only for the replay window (the lifecycle's retention clears
-- both after it, see decision_replay).
ALTER TABLE decision ADD COLUMN request_key VARCHAR(64);
DROP INDEX decision_request;
CREATE UNIQUE INDEX decision_request ON decision (bandit_id, request_key, request_id) WHERE request_id IS NOT NULL;
UPDATE decision SET context_digest = NULL WHERE request_id IS NULL;
CREATE INDEX decision_replay ON decision (created_at) WHERE request_id IS NOT NULL OR context_digest IS NOT NULL;
