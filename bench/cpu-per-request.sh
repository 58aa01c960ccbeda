#!/usr/bin/env bash
# CPU per request: what one /decide, one /feedback and one liveness probe cost the JVM, and what a
# decide + feedback pair costs PostgreSQL, next to what the same statements cost PostgreSQL when
# pgbench replays them (bench/pg-ceiling.sql). One instance on its embedded PostgreSQL (durable
# commits, temporary data, pg_stat_statements loaded), nothing else started:
#   1. warm-up: wrk with bench/decide-feedback.lua at $CONNECTIONS connections for $WARMUP s (the JIT
#      compiles for about two minutes under this load: at 60 s its threads still took a quarter of the CPU);
#   2. pairs: the same for $DURATION s, CPU seconds of the JVM and of every PostgreSQL process read
#      from /proc before and after (utime + stime), divided by the requests wrk completed; the
#      statements PostgreSQL ran per decide and per feedback from pg_stat_statements, and its commits;
#   3. liveness: wrk GET /actuator/health/liveness (no key, no database) for $DURATION s, JVM CPU per request;
#   4. ceiling: pgbench replays bench/pg-ceiling.sql at the same concurrency, PostgreSQL CPU per pair.
# The figures are CPU time, not wall time, so a busier machine inflates them less than throughput,
# but they are still best read on a quiet one (the script prints the load average).
# Needs: mvn package done, wrk, psql and pgbench (apt-get install wrk postgresql-client), python3.
# PROFILE=1 also records JFR (profile settings) during the pairs and liveness phases and prints
# bench/profile-table.py's tables for each (the recording costs CPU: read the figures from a run without it).
# Usage: bash bench/cpu-per-request.sh     (CONNECTIONS=16 DURATION=20 WARMUP=150 PORT=18090 PGPORT=54339
#        EXTRA_ARGS="--dpbandit.group-commit.direct-writes=0" OUT=target/cpu JAR=target/dpbandit.jar)
set -euo pipefail
cd "$(dirname "$0")/.."
CONNECTIONS=${CONNECTIONS:-16}
DURATION=${DURATION:-20}
WARMUP=${WARMUP:-150}
PORT=${PORT:-18090}
PGPORT=${PGPORT:-54339}
OUT=${OUT:-target/cpu}
JAR=${JAR:-target/dpbandit.jar}
KEY=dpb_bench_cpu_key_0123456789abcdef0123
KEY_SHA=$(printf '%s' "$KEY" | sha256sum | cut -d' ' -f1)
read -r -a EXTRA <<< "${EXTRA_ARGS:-}"
rm -rf "$OUT"; mkdir -p "$OUT"
exec > >(tee "$OUT/run.log") 2>&1
echo "load before: $(uptime)"
echo "jar: $JAR, git: $(git rev-parse --short HEAD 2>/dev/null || echo unknown), $CONNECTIONS connections, $DURATION s per phase, extra: ${EXTRA_ARGS:-none}"

# With PROFILE, JFR keeps whole stacks (its default of 64 frames cuts a request's outer filters off).
JFR_DEPTH=(); [ -n "${PROFILE:-}" ] && JFR_DEPTH=(-XX:FlightRecorderOptions=stackdepth=512)
java -Xmx768m "${JFR_DEPTH[@]}" -jar "$JAR" --dpbandit.embedded-postgres.data-directory= \
  --dpbandit.embedded-postgres.port=$PGPORT --server.port=$PORT \
  "--dpbandit.embedded-postgres.server-settings[shared_preload_libraries]=pg_stat_statements" \
  --dpbandit.security.rate-limit.per-second=1000000 --dpbandit.security.rate-limit.burst=1000000 \
  --dpbandit.security.keys[0].name=bench --dpbandit.security.keys[0].sha256=$KEY_SHA \
  --dpbandit.security.keys[0].roles=decider,analyst,admin,ops \
  --dpbandit.release.key-secret=bench-cpu-release-key-secret-0123456789 \
  --logging.level.root=WARN --spring.main.banner-mode=off "${EXTRA[@]}" > "$OUT/service.log" 2>&1 &
JVM=$!
trap 'kill $JVM 2>/dev/null || true; wait $JVM 2>/dev/null || true' EXIT
for i in $(seq 1 120); do curl -sf "localhost:$PORT/actuator/health/readiness" >/dev/null && break; sleep 1; done
curl -sf "localhost:$PORT/actuator/health/readiness" >/dev/null || { echo "service not ready"; tail -50 "$OUT/service.log"; exit 1; }
psql_() { PGPASSWORD= psql -h 127.0.0.1 -p $PGPORT -U postgres -d postgres -At -F ' ' "$@"; }
psql_ -q -c "CREATE EXTENSION IF NOT EXISTS pg_stat_statements"
echo "fsync=$(psql_ -c 'SHOW fsync') synchronous_commit=$(psql_ -c 'SHOW synchronous_commit')"
CODE=$(curl -s -o "$OUT/create.json" -w '%{http_code}' -X POST localhost:$PORT/bandits -H "X-API-Key: $KEY" \
  -H 'Content-Type: application/json' -d @bench/load-bandit.json)
[ "$CODE" = 201 ] || { echo "create answered $CODE: $(cat "$OUT/create.json")"; exit 1; }
psql_ -q -c "
  INSERT INTO bandit (id, algorithm, spec, epsilon_total, delta_total) SELECT 'ceiling', algorithm, spec, 1, 1e-5
    FROM bandit WHERE id = 'load' ON CONFLICT DO NOTHING;
  INSERT INTO epoch (bandit_id, number, length, status) VALUES ('ceiling', 1, 16, 'OPEN') ON CONFLICT DO NOTHING;
  INSERT INTO epoch_slot (bandit_id, epoch, shard, used, quota) SELECT 'ceiling', 1, j, 1, 1
    FROM generate_series(0, 15) AS j ON CONFLICT DO NOTHING;"

TICK=$(getconf CLK_TCK)
POSTMASTER=$(head -1 "$(psql_ -c 'SHOW data_directory')/postmaster.pid")
# CPU seconds (utime + stime) of one process, and of the postmaster with all its children.
cpu_of() { cpu_at "/proc/$1/stat"; }
cpu_at() { awk -v t="$TICK" '{ s = $0; sub(/^.*\) /, "", s); split(s, f, " "); printf "%.2f\n", (f[12] + f[13]) / t }' "$1"; }
# CPU seconds per JVM thread group (name without its numbers), one "name seconds" line each.
threads_cpu() {
  for t in /proc/$JVM/task/*; do
    printf '%s\t' "$(tr -d '\n' < "$t/comm" | sed 's/[0-9]\+/N/g')"; cpu_at "$t/stat" 2>/dev/null || echo 0
  done | awk -F'\t' '{ s[$1] += $2 } END { for (k in s) printf "%s\t%.2f\n", k, s[k] }' | sort
}
# CPU seconds of PostgreSQL by process (its title without the cluster name and state: each client
# backend by its address, autovacuum, walwriter, checkpointer, ...), plus what exited children used (the postmaster's cutime + cstime): "kind seconds" lines.
pg_cpu_kinds() {
  local p
  { awk -v t="$TICK" '{ s = $0; sub(/^.*\) /, "", s); split(s, f, " "); printf "exited\t%.2f\n", (f[14] + f[15]) / t }' "/proc/$POSTMASTER/stat"
    printf 'postmaster\t'; cpu_of "$POSTMASTER"
    for p in $(pgrep -P "$POSTMASTER"); do
      kind=$(tr '\0' ' ' < "/proc/$p/cmdline" 2>/dev/null | sed -E 's/^postgres: //; s/^[^ :]*: //; s/ +$//; s/^[^ ]+ [^ ]+ ([0-9.]+\([0-9]+\)).*/client backend \1/; s/^(autovacuum worker).*/\1/')
      [ -n "$kind" ] && { printf '%s\t' "$kind"; cpu_of "$p" 2>/dev/null || echo 0; }
    done; } | awk -F'\t' '{ s[$1] += $2 } END { for (k in s) printf "%s\t%.2f\n", k, s[k] }' | sort
}
# Decisions retention has forgotten so far (its rewrite of each done decision is PostgreSQL work that
# lags the requests by up to a few seconds, so a window can hold more or less of it than its own share).
forgotten() { psql_ -c "SELECT coalesce(sum(forgotten), 0) FROM feedback_tally"; }
# All of PostgreSQL's CPU seconds: the postmaster, its children, and the children that exited
# (pgbench's backends, at its end).
pg_cpu() { pg_cpu_kinds | awk -F'\t' '{ s += $2 } END { printf "%.2f\n", s }'; }
commits() { psql_ -c "SELECT xact_commit FROM pg_stat_database WHERE datname = 'postgres'"; }
wrk_run() {  # $1 tag, rest: wrk arguments; prints the requests wrk completed
  wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" "$@" > "$OUT/wrk-$TAG.log" 2>&1
  awk '/requests in/ { print $1 }' "$OUT/wrk-$TAG.log"
}

echo "== warm-up: $WARMUP s of decide + feedback"
wrk -t2 -c"$CONNECTIONS" -d"${WARMUP}s" -H "X-API-Key: $KEY" -s bench/decide-feedback.lua "http://127.0.0.1:$PORT" > "$OUT/wrk-warm.log" 2>&1
grep -q "unexpected status" "$OUT/wrk-warm.log" && { echo "warm-up saw errors:"; sort "$OUT/wrk-warm.log" | uniq -c | head; exit 1; }

echo "== pairs: $DURATION s of decide + feedback"
psql_ -q -c "SELECT pg_stat_statements_reset()" > /dev/null
threads_cpu > "$OUT/threads-0.txt"; [ -n "${PROFILE:-}" ] && jcmd $JVM JFR.start name=pairs settings=profile > /dev/null
pg_cpu_kinds > "$OUT/pg-kinds-0.txt"; F0=$(forgotten); J0=$(cpu_of $JVM); P0=$(pg_cpu); C0=$(commits)
TAG=pairs REQUESTS=$(wrk_run -H "X-API-Key: $KEY" -s bench/decide-feedback.lua "http://127.0.0.1:$PORT")
J1=$(cpu_of $JVM); P1=$(pg_cpu); C1=$(commits); pg_cpu_kinds > "$OUT/pg-kinds-1.txt"; F1=$(forgotten)
threads_cpu > "$OUT/threads-1.txt"; [ -n "${PROFILE:-}" ] && jcmd $JVM JFR.stop name=pairs filename="$(realpath "$OUT")/pairs.jfr" > /dev/null
ERRORS=$(grep -c "unexpected status" "$OUT/wrk-pairs.log" || true)
DECISIONS=$(psql_ -c "SELECT count(*) FROM decision WHERE bandit_id = 'load'")
psql_ -c "SELECT calls, round(total_exec_time::numeric, 1), regexp_replace(left(query, 110), '\s+', ' ', 'g')
            FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = 'postgres')
            ORDER BY calls DESC" > "$OUT/statements.txt"

echo "== liveness: $DURATION s of GET /actuator/health/liveness (after 5 s of warm-up)"
wrk -t2 -c"$CONNECTIONS" -d5s "http://127.0.0.1:$PORT/actuator/health/liveness" > /dev/null 2>&1
[ -n "${PROFILE:-}" ] && jcmd $JVM JFR.start name=live settings=profile > /dev/null
L0=$(cpu_of $JVM)
TAG=liveness LIVE=$(wrk_run "http://127.0.0.1:$PORT/actuator/health/liveness")
L1=$(cpu_of $JVM)
[ -n "${PROFILE:-}" ] && jcmd $JVM JFR.stop name=live filename="$(realpath "$OUT")/live.jfr" > /dev/null

echo "== ceiling: $DURATION s of pgbench (one transaction = one decide + one feedback)"
psql_ -q -c "SELECT pg_stat_statements_reset()" > /dev/null
Q0=$(pg_cpu)
PGPASSWORD= pgbench -h 127.0.0.1 -p $PGPORT -U postgres -n -M prepared -c "$CONNECTIONS" -j 2 -T "$DURATION" \
  -f bench/pg-ceiling.sql postgres > "$OUT/pgbench.txt" 2>&1
Q1=$(pg_cpu)
psql_ -c "SELECT calls, round(total_exec_time::numeric, 1), regexp_replace(left(query, 110), '\s+', ' ', 'g')
            FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = 'postgres')
            ORDER BY calls DESC" > "$OUT/ceiling-statements.txt"
echo "load after: $(uptime)"
echo
python3 - "$OUT" "$REQUESTS" "$ERRORS" "$J0" "$J1" "$P0" "$P1" "$C0" "$C1" "$LIVE" "$L0" "$L1" "$Q0" "$Q1" "$DURATION" "$F0" "$F1" <<'EOF'
import re, sys
out, req, err, j0, j1, p0, p1, c0, c1, live, l0, l1, q0, q1, dur, f0, f1 = sys.argv[1:]
req, err, live, dur = int(req), int(err), int(live), float(dur)
pairs = req / 2
tps = float(re.search(r"tps = ([0-9.]+)", open(f"{out}/pgbench.txt").read()).group(1))
ceiling_pairs = tps * dur
us = lambda cpu, n: 1e6 * cpu / n if n else float("nan")
rows = [
    ("requests (decide + feedback), errors", f"{req:,} in {dur:.0f} s ({req / dur:,.0f}/s), {err} errors"),
    ("JVM CPU per decide or feedback request", f"{us(float(j1) - float(j0), req):.0f} µs"),
    ("PostgreSQL CPU per request (service)", f"{us(float(p1) - float(p0), req):.0f} µs"),
    ("PostgreSQL CPU per pair (service)", f"{us(float(p1) - float(p0), pairs):.0f} µs"),
    ("commits per pair (service)", f"{(int(c1) - int(c0)) / pairs:.2f}"),
    ("decisions retention forgot per pair made (service)", f"{(int(f1) - int(f0)) / pairs:.2f}"),
    ("JVM CPU per liveness request", f"{us(float(l1) - float(l0), live):.0f} µs ({live / dur:,.0f}/s)"),
    ("PostgreSQL CPU per pair (pgbench ceiling)", f"{us(float(q1) - float(q0), ceiling_pairs):.0f} µs ({tps:,.0f} pairs/s)"),
]
print("| figure | measured |\n|---|---|")
for k, v in rows:
    print(f"| {k} | {v} |")
print()
def statements(file, n, title):
    # every statement run at least once per 20 pairs or costing at least 1 µs of execution per pair
    print(f"{title} (pg_stat_statements; calls and execution µs per pair, over {n:,.0f} pairs):")
    total = 0.0
    for line in open(file):
        calls, ms, query = line.rstrip("\n").split(" ", 2)
        total += 1000 * float(ms) / n
        if int(calls) >= n / 20 or 1000 * float(ms) / n >= 1:
            print(f"  {int(calls) / n:5.2f}  {1000 * float(ms) / n:6.1f} µs  {query}")
    print(f"  total execution: {total:.0f} µs per pair")
statements(f"{out}/statements.txt", pairs, "statements per pair, service")
print()
statements(f"{out}/ceiling-statements.txt", ceiling_pairs, "statements per pair, pgbench ceiling")
kinds0 = dict(l.rstrip("\n").split("\t") for l in open(f"{out}/pg-kinds-0.txt"))
kinds1 = dict(l.rstrip("\n").split("\t") for l in open(f"{out}/pg-kinds-1.txt"))
print()
print("PostgreSQL CPU per pair by process (µs; 'exited': processes that ended, such as autovacuum workers):")
for cpu, kind in sorted(((float(v) - float(kinds0.get(k, 0)), k) for k, v in kinds1.items()), reverse=True):
    if cpu > 0:
        print(f"  {1e6 * cpu / pairs:6.0f}  {kind}")
before = dict(l.rstrip("\n").split("\t") for l in open(f"{out}/threads-0.txt"))
after = dict(l.rstrip("\n").split("\t") for l in open(f"{out}/threads-1.txt"))
used = sorted(((float(v) - float(before.get(k, 0)), k) for k, v in after.items()), reverse=True)
print()
print("JVM CPU per decide or feedback request by thread (µs):")
for cpu, name in used[:10]:
    if cpu > 0:
        print(f"  {1e6 * cpu / req:6.0f}  {name}")
EOF
if [ -n "${PROFILE:-}" ]; then
  for phase in pairs live; do
    echo; echo "== JFR, $phase (bench/profile-table.py)"
    jfr print --stack-depth 200 --events jdk.ExecutionSample "$OUT/$phase.jfr" > "$OUT/$phase-samples.txt"
    python3 bench/profile-table.py "$OUT/$phase-samples.txt"
  done
fi
