#!/usr/bin/env bash
# Where the request path's CPU goes: one instance on its embedded PostgreSQL (durable), a JFR flight
# recording (profile settings, 30 s after a 40 s warm-up) while wrk drives /decide + /feedback at
# $CONNECTIONS connections for 80 s; then bench/profile-table.py attributes each execution sample of
# the request and writer threads to the first non-JDK frame (Tomcat, Spring, Micrometer, Jackson, ...).
# Needs: mvn package done, wrk, psql, python3, the JDK's jfr tool.
# Usage: bash bench/profile-requests.sh            (OUT=target/profile CONNECTIONS=16)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-target/profile}
CONNECTIONS=${CONNECTIONS:-16}
mkdir -p "$OUT"
rm -f "$OUT/rec.jfr"
REPLICAS=1
export JAVA_TOOL_OPTIONS="-XX:StartFlightRecording=filename=$OUT/rec.jfr,settings=profile,delay=40s,duration=30s"
source bench/replicas.sh
unset JAVA_TOOL_OPTIONS
API=${PORTS[0]}
CODE=$(curl -s -o "$OUT/create.json" -w '%{http_code}' -X POST localhost:$API/bandits -H "X-API-Key: $KEY" \
  -H 'Content-Type: application/json' -d @bench/load-bandit.json)
[ "$CODE" = 201 ] || { echo "create answered $CODE: $(cat "$OUT/create.json")"; exit 1; }
BANDIT=$(python3 -c 'import json; print(json.load(open("bench/load-bandit.json"))["id"])') \
  wrk -t2 -c"$CONNECTIONS" -d80s -H "X-API-Key: $KEY" -s bench/decide-feedback.lua "http://127.0.0.1:$API" \
  | grep -E 'Requests/sec|Latency'
machine_state
for i in $(seq 1 30); do [ -s "$OUT/rec.jfr" ] && break; sleep 1; done
jfr print --stack-depth 200 --events jdk.ExecutionSample "$OUT/rec.jfr" > "$OUT/samples.txt"
python3 bench/profile-table.py "$OUT/samples.txt"
