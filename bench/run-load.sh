#!/usr/bin/env bash
# Load benchmark: /decide + /feedback through the service (wrk) next to the same statements
# straight against the same PostgreSQL (pgbench), durable commits on both sides (the embedded
# cluster's default: fsync and synchronous_commit on), in one run:
#   * one instance (embedded PostgreSQL) at 4, 16 and 64 connections, each followed by pgbench at the
#     same concurrency (the ceiling: one transaction per decide + feedback pair);
#   * then 2 and 3 instances on that one PostgreSQL (distinct ports, started against its URL), the
#     connections spread evenly over them (one wrk process per instance, latencies merged).
# It prints one table (bench/load-table.py) with the load average before and after.
# Needs: mvn package done, wrk, psql and pgbench (apt-get install wrk postgresql-client), python3.
# Loopback only; every run is bounded by -d/-T. Settings (environment):
#   DURATION=20 (s per run)  WARMUP=150 (s before each instance count: the JIT compiles for about two
#   minutes under load, and a 10 s warm-up left the first runs at a fraction of their speed)  CONNECTIONS="4 16 64"  REPLICAS="1 2 3"  POOL=16 (Hikari, per instance)
#   GROUP_COMMIT=true (false: one transaction per request, the behaviour before group commit)
#   DIRECT_WRITES= (dpbandit.group-commit.direct-writes; empty: the service's default)
#   WRITERS= (dpbandit.group-commit.writers; empty: the service's default)
#   PGPORT=54329  PORT=18080 (instance i listens on PORT+i)  OUT=target/load  JAR=target/dpbandit.jar (another build to compare)
set -euo pipefail
cd "$(dirname "$0")/.."
PGPORT=${PGPORT:-54329}
PORT=${PORT:-18080}
POOL=${POOL:-16}
DURATION=${DURATION:-20}
WARMUP=${WARMUP:-150}
CONNECTIONS=${CONNECTIONS:-"4 16 64"}
REPLICAS=${REPLICAS:-"1 2 3"}
GROUP_COMMIT=${GROUP_COMMIT:-true}
DIRECT_WRITES=${DIRECT_WRITES:-}
WRITERS=${WRITERS:-}
OUT=${OUT:-target/load}
JAR=${JAR:-target/dpbandit.jar}
KEY=dpb_bench_load_key_0123456789abcdef
KEY_SHA=$(printf '%s' "$KEY" | sha256sum | cut -d' ' -f1)
SECRET=bench-load-release-key-secret-0123456789
MAX_REPLICAS=$(echo $REPLICAS | tr ' ' '\n' | sort -n | tail -n 1)
rm -rf "$OUT"; mkdir -p "$OUT"
exec > >(tee "$OUT/run.log") 2>&1
echo "load before: $(uptime)"
echo "git: $(git rev-parse --short HEAD 2>/dev/null || echo '?'), group commit: $GROUP_COMMIT, direct writes: ${DIRECT_WRITES:-default}, writers: ${WRITERS:-default}, $DURATION s per run"

COMMON=(--spring.datasource.hikari.maximum-pool-size=$POOL --dpbandit.group-commit.enabled=$GROUP_COMMIT
  --dpbandit.security.rate-limit.per-second=1000000 --dpbandit.security.rate-limit.burst=1000000
  --dpbandit.security.keys[0].name=bench --dpbandit.security.keys[0].sha256=$KEY_SHA
  --dpbandit.security.keys[0].roles=decider,analyst,admin,ops --dpbandit.release.key-secret=$SECRET
  --logging.level.root=WARN --spring.main.banner-mode=off)
[ -n "$DIRECT_WRITES" ] && COMMON+=(--dpbandit.group-commit.direct-writes=$DIRECT_WRITES)
[ -n "$WRITERS" ] && COMMON+=(--dpbandit.group-commit.writers=$WRITERS)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; wait "${PIDS[@]}" 2>/dev/null || true; }
trap cleanup EXIT
ready() { for i in $(seq 1 120); do curl -sf "localhost:$1/actuator/health/readiness" >/dev/null && return 0; sleep 1; done; echo "instance on $1 not ready"; exit 1; }

# Instance 1 owns the embedded PostgreSQL (durable, temporary data directory).
java -Xmx768m -jar "$JAR" --dpbandit.embedded-postgres.data-directory= \
  --dpbandit.embedded-postgres.port=$PGPORT --server.port=$((PORT + 1)) "${COMMON[@]}" > "$OUT/service-1.log" 2>&1 &
PIDS+=($!)
ready $((PORT + 1))
# The others are replicas on the same database, as behind a load balancer (allow-sharing: the benchmark
# borrows instance 1's embedded cluster as its one PostgreSQL server; deployments use an external one).
for i in $(seq 2 "$MAX_REPLICAS"); do
  java -Xmx768m -jar "$JAR" --server.port=$((PORT + i)) \
    --spring.datasource.url=jdbc:postgresql://127.0.0.1:$PGPORT/postgres --spring.datasource.username=postgres \
    --spring.datasource.password= --dpbandit.embedded-postgres.allow-sharing=true "${COMMON[@]}" > "$OUT/service-$i.log" 2>&1 &
  PIDS+=($!)
done
for i in $(seq 2 "$MAX_REPLICAS"); do ready $((PORT + i)); done
echo "fsync=$(PGPASSWORD= psql -h 127.0.0.1 -p $PGPORT -U postgres -d postgres -Atc 'SHOW fsync') synchronous_commit=$(PGPASSWORD= psql -h 127.0.0.1 -p $PGPORT -U postgres -d postgres -Atc 'SHOW synchronous_commit')"
curl -sf -X POST localhost:$((PORT + 1))/bandits -H "X-API-Key: $KEY" -H 'Content-Type: application/json' \
  -d @bench/load-bandit.json > /dev/null
# The ceiling runs on its own bandit whose epoch is full (see pg-ceiling.sql).
PGPASSWORD= psql -h 127.0.0.1 -p $PGPORT -U postgres -d postgres -q -c "
  INSERT INTO bandit (id, algorithm, spec, epsilon_total, delta_total) SELECT 'ceiling', algorithm, spec, 1, 1e-5
    FROM bandit WHERE id = 'load' ON CONFLICT DO NOTHING;
  INSERT INTO epoch (bandit_id, number, length, status) VALUES ('ceiling', 1, 16, 'OPEN') ON CONFLICT DO NOTHING;
  INSERT INTO epoch_slot (bandit_id, epoch, shard, used, quota) SELECT 'ceiling', 1, j, 1, 1
    FROM generate_series(0, 15) AS j ON CONFLICT DO NOTHING;"

# n instances, c connections spread over them, one wrk process each; results in OUT/wrk-r{n}-c{c}-i{i}.txt.
drive() {
  local n=$1 c=$2 seconds=$3 tag=$4 wrks=()
  for i in $(seq 1 "$n"); do
    local share=$(( c / n + (i <= c % n ? 1 : 0) ))
    [ "$share" -gt 0 ] || continue
    local threads=$(( share < 2 ? share : 2 ))
    WRK_OUT="$OUT/wrk-$tag-i$i.txt" wrk -t$threads -c$share -d${seconds}s -H "X-API-Key: $KEY" \
      -s bench/decide-feedback.lua "http://127.0.0.1:$((PORT + i))" > "$OUT/wrk-$tag-i$i.log" 2>&1 &
    wrks+=($!)
  done
  wait "${wrks[@]}"
}

for n in $REPLICAS; do
  echo "== $n instance(s): warm-up $WARMUP s"
  drive "$n" 16 "$WARMUP" "warm$n"; rm -f "$OUT"/wrk-warm*
  for c in $CONNECTIONS; do
    echo "== $n instance(s), $c connections: service ($DURATION s)"
    drive "$n" "$c" "$DURATION" "r$n-c$c"
    if [ "$n" = "$(echo $REPLICAS | cut -d' ' -f1)" ]; then
      echo "== $c connections: PostgreSQL ceiling, pgbench ($DURATION s; one transaction = one decide + one feedback)"
      PGPASSWORD= pgbench -h 127.0.0.1 -p $PGPORT -U postgres -n -M prepared -c "$c" -j 2 -T "$DURATION" \
        -f bench/pg-ceiling.sql postgres > "$OUT/pgbench-c$c.txt" 2>&1
    fi
  done
done
echo "load after: $(uptime)"
echo
echo "pairs/s = (decide + feedback requests per second) / 2; ratio = service pairs/s / ceiling pairs/s (pgbench tps);"
echo "the ceiling's latency is pgbench's average per transaction (one decide + one feedback, durable commits)."
python3 bench/load-table.py "$OUT" | tee "$OUT/table.md"
grep -h "unexpected status" "$OUT"/wrk-*.log | sort | uniq -c || true
