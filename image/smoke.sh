#!/usr/bin/env bash
# Starts the image that image/build.sh built against a throw-away PostgreSQL (Debian's postgresql
# package, started by hand on 127.0.0.1), checks its health and metrics the way an orchestrator and
# Prometheus would, stops it with SIGTERM and removes everything it started.
#
#   image/smoke.sh
#
# DPBANDIT_IMAGE names another image (default localhost/dpbandit:latest). Needs root (podman, and
# initdb run as the postgres user). Ports: 18080 (service), 19090 (management), 55432 (PostgreSQL).
set -euo pipefail
cd "$(dirname "$0")/.."

port=18080
management_port=19090
pg_port=55432
container=dpbandit-smoke
workdir=$(mktemp -d /tmp/dpbandit-smoke.XXXXXX)
chmod 755 "$workdir"

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "Installing postgresql from Debian's packages"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
pg_bin=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -1)")

cleanup() {
  podman rm --force --ignore "$container" >/dev/null 2>&1 || true
  runuser -u postgres -- "$pg_bin/pg_ctl" -D "$workdir/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$workdir"
}
trap cleanup EXIT

db_password=$(head -c 18 /dev/urandom | base64)
printf %s "$db_password" > "$workdir/pw"
chown postgres "$workdir" "$workdir/pw"
runuser -u postgres -- "$pg_bin/initdb" -D "$workdir/data" -U dpbandit --pwfile="$workdir/pw" \
  --auth=scram-sha-256 >/dev/null
runuser -u postgres -- "$pg_bin/pg_ctl" -D "$workdir/data" -l "$workdir/postgres.log" -w \
  -o "-p $pg_port -c listen_addresses=127.0.0.1 -k $workdir" start >/dev/null
echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$pg_port"

# An ops key for the health details, as its SHA-256 (README, Security).
ops_key=$(head -c 24 /dev/urandom | base64 | tr -d '/+=')
image/run.sh -d --name "$container" \
  -e SPRING_DATASOURCE_URL="jdbc:postgresql://127.0.0.1:$pg_port/postgres" \
  -e SPRING_DATASOURCE_USERNAME=dpbandit -e SPRING_DATASOURCE_PASSWORD="$db_password" \
  -e DPBANDIT_RELEASE_KEYSECRET="$(head -c 48 /dev/urandom | base64)" \
  -e DPBANDIT_SECURITY_KEYS_0_NAME=smoke-ops \
  -e DPBANDIT_SECURITY_KEYS_0_SHA256="$(printf %s "$ops_key" | sha256sum | cut -d' ' -f1)" \
  -e DPBANDIT_SECURITY_KEYS_0_ROLES=ops \
  -e PORT=$port -e MANAGEMENT_SERVER_PORT=$management_port >/dev/null
echo "Container $container from ${DPBANDIT_IMAGE:-localhost/dpbandit:latest}, user $(podman exec "$container" id -u)"

start=$(date +%s)
until curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; do
  if [ "$(podman inspect --format '{{.State.Running}}' "$container")" != true ]; then
    podman logs "$container" | tail -40
    echo "the container exited" >&2
    exit 1
  fi
  if [ $(( $(date +%s) - start )) -gt 180 ]; then
    podman logs "$container" | tail -40
    echo "not ready within 180 s" >&2
    exit 1
  fi
  sleep 1
done
echo "Ready after $(( $(date +%s) - start )) s"

show() {
  printf '%s -> ' "$1"
  curl -sS -o "$workdir/body" -w '%{http_code} ' "${@:2}" "$1"
  head -c 200 "$workdir/body" | tr '\n' ' '
  echo
}
show "http://127.0.0.1:$port/readyz"
show "http://127.0.0.1:$management_port/actuator/health"
show "http://127.0.0.1:$management_port/actuator/health" -H "X-API-Key: $ops_key"
printf 'http://127.0.0.1:%s/actuator/prometheus -> ' "$management_port"
curl -sS -w '%{http_code} ' -o "$workdir/metrics" "http://127.0.0.1:$management_port/actuator/prometheus"
echo "$(grep -c '^[a-z]' "$workdir/metrics") samples, e.g. $(grep -m1 '^jvm_threads_live_threads' "$workdir/metrics")"
show "http://127.0.0.1:$port/actuator/prometheus"

podman stop --time 40 "$container" >/dev/null
echo "Stopped with SIGTERM: $(podman logs "$container" 2>&1 | grep -o 'Graceful shutdown complete' | head -1)"
