#!/usr/bin/env bash
# Epoch close of a continuous-context CAPRI bandit: users' contexts are fresh uniform points of
# [0,1]^2 (never in the public pool of 10 000), so every round's contribution costs a full
# O(|S|^2) projection (|S| = 1000). Horizon 2e9 gives T_1 = 44 722. $REPLICAS replicas (default 2)
# on one PostgreSQL (bench/replicas.sh); wrk drives decide + feedback on every replica at once until
# epoch 1 has all its learning rounds (the 5 s reward wait settles the few whose feedback a wrk
# restart dropped); the database then says how long the plan took, how fast rounds were folded,
# and the time from the last reward to the seal, the close and epoch 2 being served (the close's
# UPDATE, which commits with epoch 2's row; epoch 2's opened_at is its transaction's start, earlier
# by the ledger charge and any lock wait, so it is not used), and from the end of
# the last round's feedback window (its decision + waitSeconds: no round can fold before it) to
# epoch 2. One replica leads the bandit (per-bandit leadership); its fold uses cores - 1 threads.
# Needs: mvn package done, wrk and psql. Durable commits (the embedded cluster's default).
# Usage: bench/run-close.sh            (REPLICAS=1 bench/run-close.sh for one replica;
#                                       WAIT_SECONDS=2 for a 2 s feedback window instead of 5 s)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-target/close}
CONNECTIONS=${CONNECTIONS:-16}
MAX_SECONDS=${MAX_SECONDS:-900}
export WAIT_SECONDS=${WAIT_SECONDS:-5}
mkdir -p "$OUT"
python3 - > "$OUT/bandit.json" <<'PY'
import json, os, random
random.seed(7)
spec = json.load(open("bench/load-bandit.json"))
spec.update(id="continuous", horizon=2000000000,
            feedback={"waitSeconds": int(os.environ["WAIT_SECONDS"]), "defaultReward": 0.0},
            contextPool=[[round(random.random(), 6), round(random.random(), 6)] for _ in range(10000)])
print(json.dumps(spec))
PY
source bench/replicas.sh
machine_state | tee "$OUT/machine-before.txt"
API=${PORTS[0]}
CODE=$(curl -s -o "$OUT/create.json" -w '%{http_code}' -X POST localhost:$API/bandits -H "X-API-Key: $KEY" \
  -H 'Content-Type: application/json' -d @"$OUT/bandit.json")
[ "$CODE" = 201 ] || { echo "create answered $CODE: $(cat "$OUT/create.json")"; exit 1; }
START=$(date +%s)
PER_REPLICA=$(( (CONNECTIONS + REPLICAS - 1) / REPLICAS ))
# Load until epoch 1 has all its T_1 learning rounds, then let the lifecycle finish it unloaded.
while true; do
  WRK=()
  for PORT in "${PORTS[@]}"; do
    BANDIT=continuous wrk -t1 -c$PER_REPLICA -d30s -H "X-API-Key: $KEY" -s bench/continuous.lua \
      http://127.0.0.1:$PORT > "$OUT/wrk-$PORT.txt" &
    WRK+=($!)
  done
  wait "${WRK[@]}" || true
  for PORT in "${PORTS[@]}"; do grep -E 'Requests/sec|unexpected' "$OUT/wrk-$PORT.txt" | head -2 | sed "s/^/$PORT: /"; done
  STATE=$(curl -sf localhost:$API/bandits/continuous -H "X-API-Key: $KEY")
  echo "$(( $(date +%s) - START )) s: $(echo "$STATE" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["epoch"], d["current"])')"
  echo "$STATE" | python3 -c 'import json,sys; d=json.load(sys.stdin); c=d["current"]; sys.exit(0 if d["epoch"] > 1 or c["assigned"] >= 44722 else 1)' && break
  [ $(( $(date +%s) - START )) -ge $MAX_SECONDS ] && { echo "gave up after $MAX_SECONDS s"; break; }
done
for i in $(seq 1 $MAX_SECONDS); do
  EPOCH=$(curl -sf localhost:$API/bandits/continuous -H "X-API-Key: $KEY" | python3 -c 'import json,sys; print(json.load(sys.stdin)["epoch"])')
  [ "$EPOCH" -ge 2 ] && break
  sleep 1
done
{
  echo "== epoch 1 of a continuous-context CAPRI bandit, $REPLICAS replica(s) on one PostgreSQL"
  printf '%-8s %-10s %-14s %-16s %-16s %-22s %-22s\n' "T_r" "plan (s)" "fold (r/s)" "reward->seal ms" "seal->close ms" "reward->epoch 2 ms" "window end->epoch 2 ms"
  psql_bench -F '|' -c "
    WITH r AS (SELECT max(feedback_at) AS last_reward, min(folded_at) AS f0, max(folded_at) AS f1, count(*) AS n,
                      max(wait_until) AS last_window
               FROM decision WHERE bandit_id = 'continuous' AND epoch = 1 AND slot IS NOT NULL)
    SELECT e.length, round(extract(epoch FROM e.planned_at - e.opened_at)),
           round(r.n / greatest(extract(epoch FROM r.f1 - r.f0), 0.001)),
           round(extract(epoch FROM e.sealed_at - r.last_reward) * 1000),
           round(extract(epoch FROM e.closed_at - e.sealed_at) * 1000),
           round(extract(epoch FROM e.closed_at - r.last_reward) * 1000),
           round(extract(epoch FROM e.closed_at - r.last_window) * 1000)
    FROM epoch e, r, epoch n WHERE e.bandit_id = 'continuous' AND e.number = 1 AND n.bandit_id = e.bandit_id
      AND n.number = 2" | awk -F '|' '{ printf "%-8s %-10s %-14s %-16s %-16s %-22s %-22s\n", $1, $2, $3, $4, $5, $6, $7 }'
  echo "== rounds folded in the epoch's last seconds, per 100 ms after the last round's window ended (ms, rounds)"
  psql_bench -c "
    WITH w AS (SELECT max(wait_until) AS last_window FROM decision
               WHERE bandit_id = 'continuous' AND epoch = 1 AND slot IS NOT NULL)
    SELECT 100 * floor(extract(epoch FROM d.folded_at - w.last_window) * 10) AS ms, count(*)
    FROM decision d, w WHERE d.bandit_id = 'continuous' AND d.epoch = 1 AND d.slot IS NOT NULL
    GROUP BY 1 ORDER BY 1 DESC LIMIT 8"
  echo "== feedback states of the epoch's learning rounds"
  psql_bench -c "SELECT feedback, count(*) FROM decision WHERE bandit_id = 'continuous' AND epoch = 1
    AND slot IS NOT NULL GROUP BY feedback"
  machine_state
} | tee "$OUT/closes.txt"
cat "$OUT"/replica-*.log | grep -E 'Planned epoch|Closed epoch|now leads' | sed 's/.*INFO [0-9]* --- //' | tee "$OUT/lifecycle.txt"
