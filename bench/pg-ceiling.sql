-- The same statements the service runs for one /decide and one /feedback, replayed by pgbench
-- straight against PostgreSQL (durable commits, as the service): the ceiling the service can at
-- best reach on this machine. Bandit 'ceiling' has a full epoch, so the decide's slot UPDATE
-- matches no row and takes no lock: the cheaper path, which makes the ceiling higher and the
-- service's share of it a conservative figure.
-- /decide: one autocommit statement (take a learning slot if one is left, insert the decision).
\set a random(0, 19)
\set shard random(0, 15)
WITH slot AS (UPDATE epoch_slot SET used = used + 1
              WHERE true AND bandit_id = 'ceiling' AND epoch = 1 AND used < quota AND shard = (SELECT shard
                FROM epoch_slot WHERE bandit_id = 'ceiling' AND epoch = 1 AND used < quota
                ORDER BY (shard - :shard + 16) % 16 LIMIT 1)
              RETURNING (used - 1) * 16 + shard + 1 AS assigned)
INSERT INTO decision (id, bandit_id, request_id, epoch, slot, context, context_digest, action_index, propensity,
                      feedback, wait_until)
SELECT gen_random_uuid(), 'ceiling', NULL, 1, s.assigned,
       CASE WHEN s.assigned IS NULL THEN NULL ELSE ARRAY[0.2, 0.4]::float8[] END,
       '9d1c0f7b6c2f3b7e8a5d4c3b2a1908f7e6d5c4b3a29180f7e6d5c4b3a2918071', :a, 0.05,
       CASE WHEN s.assigned IS NULL THEN 'NOT_USED' ELSE 'PENDING' END,
       clock_timestamp() + make_interval(secs => 600)
FROM (SELECT 1) one LEFT JOIN slot s ON true RETURNING id AS decision_id \gset
-- /feedback: the decision's bandit (scope check), then one transaction on its row.
SELECT bandit_id FROM decision WHERE id = :decision_id;
BEGIN;
SELECT bandit_id, feedback, feedback_at IS NULL FROM decision WHERE id = :decision_id FOR UPDATE;
UPDATE decision SET
  feedback = CASE WHEN feedback = 'PENDING' AND clock_timestamp() < wait_until THEN 'ACCEPTED'
                  WHEN feedback = 'PENDING' THEN 'LATE' ELSE feedback END,
  reward = CASE WHEN feedback = 'PENDING' AND clock_timestamp() < wait_until THEN 0.5 ELSE reward END,
  feedback_at = clock_timestamp() WHERE id = :decision_id RETURNING feedback;
COMMIT;
