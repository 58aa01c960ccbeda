-- The same statements the service runs for one /decide and one /feedback, replayed by pgbench
-- straight against PostgreSQL: the ceiling the service can at best reach on this machine.
-- /decide: two autocommit statements (read the bandit row, insert the decision).
SELECT id, algorithm, phase, epoch, rounds, epsilon_total, delta_total, state_version FROM bandit WHERE id = 'load';
INSERT INTO decision (id, bandit_id, request_id, epoch, context, action_index, propensity)
  VALUES (gen_random_uuid(), 'load', NULL, 1, ARRAY[0.2, 0.4]::float8[], 3, 0.05) RETURNING id AS decision_id \gset
-- /feedback: one transaction.
BEGIN;
SELECT id, bandit_id, seq, request_id, epoch, context, action_index, propensity, reward, feedback, created_at
  FROM decision WHERE id = :decision_id FOR UPDATE;
SELECT pg_advisory_xact_lock_shared(hashtextextended('load', 0));
SELECT id, algorithm, phase, epoch, rounds, epsilon_total, delta_total, state_version FROM bandit WHERE id = 'load';
UPDATE decision SET feedback = 'ACCEPTED', reward = 0.5, feedback_at = now() WHERE id = :decision_id;
COMMIT;
