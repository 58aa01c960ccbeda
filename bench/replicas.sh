# Sourced by run-close.sh and run-background.sh: starts $REPLICAS service replicas on one PostgreSQL
# (the first replica's embedded cluster on $PGPORT, durable commits; the others join it with
# allow-sharing, the switch the multi-instance tests use) on ports 8082, 8083, ...; one API key and
# one digest secret for all. Sets KEY, PORTS and PIDS, and a trap that stops them.
PGPORT=${PGPORT:-54330}
REPLICAS=${REPLICAS:-2}
KEY="dpb_bench_$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')"
KEY_SHA=$(printf %s "$KEY" | sha256sum | cut -d' ' -f1)
COMMON=(--dpbandit.security.keys[0].name=bench --dpbandit.security.keys[0].sha256=$KEY_SHA
  --dpbandit.security.keys[0].roles=decider,analyst,admin,ops
  --dpbandit.release.key-secret=bench-only-context-digest-secret-not-for-production
  --dpbandit.security.rate-limit.per-second=1000000 --dpbandit.security.rate-limit.burst=1000000
  --logging.level.root=WARN --logging.level.io.dpbandit=INFO
  # Keep the rounds' feedback times for the figures (retention would forget them once folded).
  --dpbandit.lifecycle.retention-seconds=3600)
# Further settings for every replica, e.g. EXTRA_ARGS="--dpbandit.lifecycle.check-interval-ms=200".
read -r -a EXTRA <<< "${EXTRA_ARGS:-}"
COMMON+=("${EXTRA[@]}")
PORTS=()
PIDS=()
stop_replicas() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; wait "${PIDS[@]}" 2>/dev/null || true; }
trap stop_replicas EXIT
await_ready() {
  for i in $(seq 1 180); do curl -sf "localhost:$1/actuator/health/readiness" >/dev/null && return 0; sleep 1; done
  echo "replica on port $1 did not start"; exit 1
}
for r in $(seq 1 "$REPLICAS"); do
  PORT=$((8081 + r))
  if [ "$r" = 1 ]; then
    DB=(--dpbandit.embedded-postgres.data-directory= --dpbandit.embedded-postgres.port=$PGPORT)
  else
    DB=(--spring.datasource.url=jdbc:postgresql://127.0.0.1:$PGPORT/postgres --spring.datasource.username=postgres
      --spring.datasource.password= --dpbandit.embedded-postgres.allow-sharing=true)
  fi
  java -Xmx2g -jar target/dpbandit.jar "${DB[@]}" "${COMMON[@]}" --server.port=$PORT > "$OUT/replica-$r.log" 2>&1 &
  PIDS+=($!)
  PORTS+=($PORT)
  await_ready $PORT  # one after the other: the first owns the database and migrates it
done
psql_bench() { PGPASSWORD= psql -h 127.0.0.1 -p $PGPORT -U postgres -d postgres -At -F ' ' "$@"; }
machine_state() {
  echo "== machine: $(nproc) cores, $(uptime | sed 's/.*load average/load average/'), replicas: $REPLICAS"
}
