#!/usr/bin/env bash
# Background throughput: 4 busy continuous-context CAPRI bandits (the run-close.sh bandit, horizon
# 3.6e7: T_1 = 6 000 rounds each, |S| = 1000) on 1 replica and then on 2 replicas of one PostgreSQL
# (bench/replicas.sh). Every round is decided and rewarded through the API with a feedback window
# of an hour, so nothing folds while the load runs; once every epoch is full and planned, all the
# windows are passed at once in the database, and the time until the four epochs are closed is the
# background work alone: folds (each round a full O(|S|^2) projection), seals and closes. With
# per-bandit leadership each replica leads two of the four bandits. It also prints the CPU seconds
# the JVMs (their lifecycle and fold threads apart) and PostgreSQL spent in that phase.
# Needs: mvn package done, wrk and psql.
# Usage: bench/run-background.sh          (CONFIGS="1 2" replicas by default; HORIZON=3.6e7)
#        BANDITS="big-1" HORIZON=576000000 bench/run-background.sh
#                                          (one large bandit, T_1 = 24 000: its fold shards are
#                                          folded by every replica, dpbandit.lifecycle.fold-shards)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT_ROOT=${OUT:-target/background}
CONFIGS=${CONFIGS:-"1 2"}
HORIZON=${HORIZON:-36000000}
CONNECTIONS=${CONNECTIONS:-16}
read -r -a BANDITS <<< "${BANDITS:-busy-1 busy-2 busy-3 busy-4}"
N_BANDITS=${#BANDITS[@]}
FIRST=${BANDITS[0]}
IN_LIST=$(printf "'%s'," "${BANDITS[@]}"); IN_LIST="(${IN_LIST%,})"
mkdir -p "$OUT_ROOT"
: > "$OUT_ROOT/results.txt"
for N in $CONFIGS; do
(
  OUT="$OUT_ROOT/replicas-$N"
  mkdir -p "$OUT"
  REPLICAS=$N
  source bench/replicas.sh
  machine_state > "$OUT/machine-before.txt"
  for B in "${BANDITS[@]}"; do
    python3 - "$B" "$HORIZON" > "$OUT/$B.json" <<'PY'
import json, random, sys
random.seed(7)
spec = json.load(open("bench/load-bandit.json"))
spec.update(id=sys.argv[1], horizon=int(float(sys.argv[2])), feedback={"waitSeconds": 3600, "defaultReward": 0.0},
            contextPool=[[round(random.random(), 6), round(random.random(), 6)] for _ in range(10000)])
print(json.dumps(spec))
PY
    CODE=$(curl -s -o "$OUT/create-$B.json" -w '%{http_code}' -X POST localhost:${PORTS[0]}/bandits \
      -H "X-API-Key: $KEY" -H 'Content-Type: application/json' -d @"$OUT/$B.json")
    [ "$CODE" = 201 ] || { echo "create answered $CODE: $(cat "$OUT/create-$B.json")"; exit 1; }
  done
  LENGTH=$(psql_bench -c "SELECT length FROM epoch WHERE bandit_id = '$FIRST' AND number = 1")
  PER_REPLICA=$(( (CONNECTIONS + REPLICAS - 1) / REPLICAS ))
  for B in "${BANDITS[@]}"; do
    while [ "$(psql_bench -c "SELECT coalesce(sum(used), 0) FROM epoch_slot WHERE bandit_id = '$B' AND epoch = 1")" -lt "$LENGTH" ]; do
      WRK=()
      for PORT in "${PORTS[@]}"; do
        BANDIT=$B wrk -t1 -c$PER_REPLICA -d10s -H "X-API-Key: $KEY" -s bench/continuous.lua \
          http://127.0.0.1:$PORT > "$OUT/wrk-$B-$PORT.txt" &
        WRK+=($!)
      done
      wait "${WRK[@]}" || true
    done
    echo "$B: $LENGTH learning rounds decided and rewarded"
  done
  # Planning is not measured here: wait until every epoch has its plan.
  for i in $(seq 1 1800); do
    [ "$(psql_bench -c "SELECT count(*) FROM epoch WHERE bandit_id IN $IN_LIST AND number = 1 AND plan IS NOT NULL")" = "$N_BANDITS" ] && break
    sleep 1
  done
  machine_state > "$OUT/machine-during.txt"
  # CPU seconds spent in the fold phase by the replicas' JVMs (of which their lifecycle and fold
  # threads) and by PostgreSQL's processes, from /proc: where the background work's time goes.
  cpu_ticks() { local t=0 f; for f in "$@"; do [ -r "$f" ] && t=$((t + $(sed 's/^.*) //' "$f" | awk '{print $12 + $13}'))); done; echo $t; }
  jvm_ticks() { cpu_ticks $(for p in "${PIDS[@]}"; do echo /proc/$p/stat; done); }
  lifecycle_ticks() { cpu_ticks $(for p in "${PIDS[@]}"; do grep -lE '^dpbandit-(lifecy|fold)' /proc/$p/task/*/comm 2>/dev/null | sed 's/comm$/stat/'; done); }
  pg_ticks() { cpu_ticks $(for p in $(pgrep -x postgres); do echo /proc/$p/stat; done); }
  J0=$(jvm_ticks); L0=$(lifecycle_ticks); P0=$(pg_ticks)
  T0=$(psql_bench -c "SELECT extract(epoch FROM clock_timestamp())")
  psql_bench -c "UPDATE decision SET wait_until = clock_timestamp() WHERE bandit_id IN $IN_LIST AND wait_until > clock_timestamp()" >/dev/null
  for i in $(seq 1 3600); do
    [ "$(psql_bench -c "SELECT count(*) FROM epoch WHERE bandit_id IN $IN_LIST AND number = 1 AND status = 'CLOSED'")" = "$N_BANDITS" ] && break
    sleep 0.5
  done
  J1=$(jvm_ticks); L1=$(lifecycle_ticks); P1=$(pg_ticks); HZ=$(getconf CLK_TCK)
  echo "$REPLICAS replica(s), fold phase CPU: JVMs $(( (J1 - J0) / HZ )).$(( (J1 - J0) % HZ * 10 / HZ )) s (lifecycle and fold threads $(( (L1 - L0) / HZ )).$(( (L1 - L0) % HZ * 10 / HZ )) s), PostgreSQL $(( (P1 - P0) / HZ )).$(( (P1 - P0) % HZ * 10 / HZ )) s" > "$OUT/cpu.txt"
  cat "$OUT/cpu.txt"
  psql_bench -c "SELECT $REPLICAS, $N_BANDITS, sum(e.length), round(max(extract(epoch FROM e.closed_at)) - $T0, 1),
      round(sum(e.length) / (max(extract(epoch FROM e.closed_at)) - $T0))
    FROM epoch e WHERE e.bandit_id IN $IN_LIST AND e.number = 1" > "$OUT/result.txt"
  echo "$(cat "$OUT/result.txt") $(uptime | sed 's/.*load average: //')" >> "$OUT_ROOT/results.txt"
  cat "$OUT"/replica-*.log | grep -E 'now leads|Closed epoch 1' | sed 's/.*INFO [0-9]* --- //' > "$OUT/lifecycle.txt"
)
done
{
  echo "== background throughput: $N_BANDITS busy continuous-context CAPRI bandit(s), fold + seal + close of epoch 1"
  printf '%-9s %-8s %-8s %-12s %-12s %-9s %s\n' replicas bandits rounds "seconds" "rounds/s" speed-up "load average (1, 5, 15 min) at the end"
  awk 'NR == 1 { base = $5 } { printf "%-9s %-8s %-8s %-12s %-12s %-9s %s %s %s\n", $1, $2, $3, $4, $5, sprintf("%.2f", $5 / base), $6, $7, $8 }' "$OUT_ROOT/results.txt"
  cat "$OUT_ROOT"/replicas-*/cpu.txt 2>/dev/null
  echo "== machine: $(nproc) cores, $(uptime | sed 's/.*load average/load average/')"
} | tee "$OUT_ROOT/table.txt"
