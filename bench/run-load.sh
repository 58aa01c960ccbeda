#!/usr/bin/env bash
# Load benchmark: /decide + /feedback through the service (wrk) next to the same statements
# straight against the same PostgreSQL (pgbench), durable commits on both sides (the embedded
# cluster's default), with epochs closing during the runs. Needs: mvn package done, wrk, psql and
# pgbench (apt-get install wrk postgresql-client). Loopback only; every run is bounded by -d/-T.
set -euo pipefail
cd "$(dirname "$0")/.."
PGPORT=54329
POOL=${POOL:-16}
DURATION=${DURATION:-20}
OUT=${OUT:-target/load}
mkdir -p "$OUT"
java -Xmx1g -jar target/dpbandit.jar --dpbandit.embedded-postgres.data-directory= \
  --dpbandit.embedded-postgres.port=$PGPORT --spring.datasource.hikari.maximum-pool-size=$POOL \
  --dpbandit.security.rate-limit.per-second=1000000 --dpbandit.security.rate-limit.burst=1000000 \
  --logging.level.root=WARN --server.port=8080 > "$OUT/service.log" 2>&1 &
SERVICE=$!
trap 'kill $SERVICE 2>/dev/null || true' EXIT
for i in $(seq 1 90); do curl -sf localhost:8080/actuator/health/readiness >/dev/null && break; sleep 1; done
# The embedded mode prints a development key with every role when no keys are configured.
KEY=$(grep -ao 'dpb_dev_[A-Za-z0-9_-]*' "$OUT/service.log" | head -n 1)
curl -sf -X POST localhost:8080/bandits -H "X-API-Key: $KEY" -H 'Content-Type: application/json' \
  -d @bench/load-bandit.json > /dev/null
echo "warm-up"; wrk -t2 -c16 -d10s -H "X-API-Key: $KEY" -s bench/decide-feedback.lua http://127.0.0.1:8080 > /dev/null
for c in 4 16 64; do
  echo "== service, wrk -c$c (requests are decide and feedback alternately)"
  wrk -t2 -c$c -d${DURATION}s --latency -H "X-API-Key: $KEY" -s bench/decide-feedback.lua http://127.0.0.1:8080 | tee "$OUT/wrk-c$c.txt"
done
echo "== epoch closes during the runs (database clock): T_r, last reward -> next epoch served, seal -> close"
PGPASSWORD= psql -h 127.0.0.1 -p $PGPORT -U postgres -d postgres -At -F ' ' -c "
  SELECT e.number, e.length,
         round(extract(epoch FROM n.opened_at - (SELECT max(feedback_at) FROM decision d
               WHERE d.bandit_id = e.bandit_id AND d.epoch = e.number AND d.slot IS NOT NULL)) * 1000) AS last_reward_to_next_ms,
         round(extract(epoch FROM e.closed_at - e.sealed_at) * 1000) AS seal_to_close_ms
  FROM epoch e JOIN epoch n ON n.bandit_id = e.bandit_id AND n.number = e.number + 1
  WHERE e.bandit_id = 'load' AND e.status = 'CLOSED' ORDER BY e.number" | tee "$OUT/closes.txt"
# The ceiling runs on its own bandit whose epoch is full (see pg-ceiling.sql).
PGPASSWORD= psql -h 127.0.0.1 -p $PGPORT -U postgres -d postgres -q -c "
  INSERT INTO bandit (id, algorithm, spec, epsilon_total, delta_total) SELECT 'ceiling', algorithm, spec, 1, 1e-5
    FROM bandit WHERE id = 'load' ON CONFLICT DO NOTHING;
  INSERT INTO epoch (bandit_id, number, length, status) VALUES ('ceiling', 1, 16, 'OPEN') ON CONFLICT DO NOTHING;
  INSERT INTO epoch_slot (bandit_id, epoch, shard, used, quota) SELECT 'ceiling', 1, j, 1, 1
    FROM generate_series(0, 15) AS j ON CONFLICT DO NOTHING;"
for c in 4 16 64; do
  echo "== PostgreSQL ceiling, pgbench -c$c (one transaction = one decide + one feedback)"
  PGPASSWORD= pgbench -h 127.0.0.1 -p $PGPORT -U postgres -n -M prepared -c $c -j 2 -T $DURATION -f bench/pg-ceiling.sql postgres \
    2>&1 | grep -E "tps|latency|number of" | tee "$OUT/pgbench-c$c.txt"
done
