-- A requestId belongs to the key that made its decision: another key sending it is refused (409,
-- whatever its context, so the answer tests nothing), so requestIds are unique per bandit again,
-- with the key kept to tell the owner from the others.
DROP INDEX decision_request;
CREATE UNIQUE INDEX decision_request ON decision (bandit_id, request_id) WHERE request_id IS NOT NULL;
