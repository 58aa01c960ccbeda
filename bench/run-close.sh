#!/usr/bin/env bash
# Epoch close of a continuous-context CAPRI bandit: users' contexts are fresh uniform points of
# [0,1]^2 (never in the public pool of 10 000), so every round's contribution costs a full
# O(|S|^2) projection (|S| = 1000). Horizon 2e9 gives T_1 = 44 722. wrk drives decide + feedback
# until epoch 1 has all its learning rounds (the 5 s reward wait settles the few whose feedback a
# wrk restart dropped); the database then says how long the plan took, how fast rounds were folded,
# and the time from the last reward to the seal, the close and epoch 2 being served.
# Needs: mvn package done, wrk and psql. Durable commits (the embedded cluster's default).
set -euo pipefail
cd "$(dirname "$0")/.."
PGPORT=54330
OUT=${OUT:-target/close}
CONNECTIONS=${CONNECTIONS:-16}
MAX_SECONDS=${MAX_SECONDS:-900}
mkdir -p "$OUT"
python3 - > "$OUT/bandit.json" <<'PY'
import json, random
random.seed(7)
spec = json.load(open("bench/load-bandit.json"))
spec.update(id="continuous", horizon=2000000000, feedback={"waitSeconds": 5, "defaultReward": 0.0},
            contextPool=[[round(random.random(), 6), round(random.random(), 6)] for _ in range(10000)])
print(json.dumps(spec))
PY
java -Xmx2g -jar target/dpbandit.jar --dpbandit.embedded-postgres.data-directory= \
  --dpbandit.embedded-postgres.port=$PGPORT \
  --dpbandit.security.rate-limit.per-second=1000000 --dpbandit.security.rate-limit.burst=1000000 \
  --logging.level.root=WARN --logging.level.io.dpbandit=INFO --server.port=8082 > "$OUT/service.log" 2>&1 &
SERVICE=$!
trap 'kill $SERVICE 2>/dev/null || true' EXIT
for i in $(seq 1 90); do curl -sf localhost:8082/actuator/health/readiness >/dev/null && break; sleep 1; done
KEY=$(grep -ao 'dpb_dev_[A-Za-z0-9_-]*' "$OUT/service.log" | head -n 1)
CODE=$(curl -s -o "$OUT/create.json" -w '%{http_code}' -X POST localhost:8082/bandits -H "X-API-Key: $KEY" \
  -H 'Content-Type: application/json' -d @"$OUT/bandit.json")
[ "$CODE" = 201 ] || { echo "create answered $CODE: $(cat "$OUT/create.json")"; exit 1; }
START=$(date +%s)
# Load until epoch 1 has all its T_1 learning rounds, then let the lifecycle finish it unloaded.
while true; do
  wrk -t2 -c$CONNECTIONS -d30s -H "X-API-Key: $KEY" -s bench/continuous.lua http://127.0.0.1:8082 \
    | grep -E 'Requests/sec|unexpected' | head -3
  STATE=$(curl -sf localhost:8082/bandits/continuous -H "X-API-Key: $KEY")
  echo "$(( $(date +%s) - START )) s: $(echo "$STATE" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["epoch"], d["current"])')"
  echo "$STATE" | python3 -c 'import json,sys; d=json.load(sys.stdin); c=d["current"]; sys.exit(0 if d["epoch"] > 1 or c["assigned"] >= 44722 else 1)' && break
  [ $(( $(date +%s) - START )) -ge $MAX_SECONDS ] && { echo "gave up after $MAX_SECONDS s"; break; }
done
for i in $(seq 1 $MAX_SECONDS); do
  EPOCH=$(curl -sf localhost:8082/bandits/continuous -H "X-API-Key: $KEY" | python3 -c 'import json,sys; print(json.load(sys.stdin)["epoch"])')
  [ "$EPOCH" -ge 2 ] && break
  sleep 1
done
echo "== epoch 1: T_r, plan ready after open (s), fold throughput (rounds/s, first to last fold), last reward -> sealed (ms), sealed -> closed (ms), last reward -> epoch 2 served (ms)"
PGPASSWORD= psql -h 127.0.0.1 -p $PGPORT -U postgres -d postgres -At -F ' ' -c "
  WITH r AS (SELECT max(feedback_at) AS last_reward, min(folded_at) AS f0, max(folded_at) AS f1, count(*) AS n
             FROM decision WHERE bandit_id = 'continuous' AND epoch = 1 AND slot IS NOT NULL)
  SELECT e.length, round(extract(epoch FROM e.planned_at - e.opened_at)),
         round(r.n / greatest(extract(epoch FROM r.f1 - r.f0), 0.001)),
         round(extract(epoch FROM e.sealed_at - r.last_reward) * 1000),
         round(extract(epoch FROM e.closed_at - e.sealed_at) * 1000),
         round(extract(epoch FROM n.opened_at - r.last_reward) * 1000)
  FROM epoch e, r, epoch n WHERE e.bandit_id = 'continuous' AND e.number = 1 AND n.bandit_id = e.bandit_id
    AND n.number = 2" | tee "$OUT/closes.txt"
grep -E 'Planned epoch|Closed epoch' "$OUT/service.log" | sed 's/.*CapriRuntime *: //' | tee "$OUT/lifecycle.txt"
