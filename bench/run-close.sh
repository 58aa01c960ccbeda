#!/usr/bin/env bash
# Epoch close of a continuous-context CAPRI bandit at T_r ~ 10^5: users' contexts are fresh uniform
# points of [0,1]^2 (never in the public pool), so every round's contribution costs a full
# O(|S|^2) projection. Horizon 2e9 gives T_1 = 44 722 and T_2 = 89 443 rounds. wrk drives decide +
# feedback until epoch 2 has closed; the database then says, per epoch, the time from its last
# learning round's reward to the next epoch being served, and how long sealing took to close.
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
spec.update(id="continuous", horizon=2000000000,
            contextPool=[[round(random.random(), 6), round(random.random(), 6)] for _ in range(10000)])
print(json.dumps(spec))
PY
java -Xmx2g -jar dpbandit-service/target/dpbandit.jar --dpbandit.embedded-postgres.data-directory= \
  --dpbandit.embedded-postgres.port=$PGPORT \
  --dpbandit.security.rate-limit.per-second=1000000 --dpbandit.security.rate-limit.burst=1000000 \
  --logging.level.root=WARN --logging.level.io.dpbandit=INFO --server.port=8082 > "$OUT/service.log" 2>&1 &
SERVICE=$!
trap 'kill $SERVICE 2>/dev/null || true' EXIT
for i in $(seq 1 90); do curl -sf localhost:8082/actuator/health/readiness >/dev/null && break; sleep 1; done
KEY=$(grep -o 'dpb_dev_[A-Za-z0-9_-]*' "$OUT/service.log" | head -n 1)
curl -sf -X POST localhost:8082/bandits -H "X-API-Key: $KEY" -H 'Content-Type: application/json' \
  -d @"$OUT/bandit.json" > /dev/null
START=$(date +%s)
while true; do
  wrk -t2 -c$CONNECTIONS -d30s -H "X-API-Key: $KEY" -s bench/continuous.lua http://127.0.0.1:8082 \
    | grep -E 'Requests/sec|unexpected' | head -3
  EPOCH=$(curl -sf localhost:8082/bandits/continuous -H "X-API-Key: $KEY" | python3 -c 'import json,sys; print(json.load(sys.stdin)["epoch"])')
  echo "epoch now $EPOCH after $(( $(date +%s) - START )) s"
  [ "$EPOCH" -ge 3 ] && break
  [ $(( $(date +%s) - START )) -ge $MAX_SECONDS ] && { echo "gave up after $MAX_SECONDS s"; break; }
done
sleep 5
echo "== per epoch: T_r, |S|, last reward -> next epoch served (ms), seal -> close (ms), plan ready after open (s)"
PGPASSWORD= psql -h 127.0.0.1 -p $PGPORT -U postgres -d postgres -At -F ' ' -c "
  SELECT e.number, e.length,
         round(extract(epoch FROM n.opened_at - (SELECT max(feedback_at) FROM decision d
               WHERE d.bandit_id = e.bandit_id AND d.epoch = e.number AND d.slot IS NOT NULL)) * 1000),
         round(extract(epoch FROM e.closed_at - e.sealed_at) * 1000),
         round(extract(epoch FROM e.planned_at - e.opened_at))
  FROM epoch e JOIN epoch n ON n.bandit_id = e.bandit_id AND n.number = e.number + 1
  WHERE e.bandit_id = 'continuous' AND e.status = 'CLOSED' ORDER BY e.number" | tee "$OUT/closes.txt"
grep -E 'Planned epoch|Closed epoch' "$OUT/service.log" | sed 's/.*CapriRuntime *: //' | tee "$OUT/lifecycle.txt"
