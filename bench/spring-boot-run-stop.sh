#!/usr/bin/env bash
# How `mvn spring-boot:run` ends when the service is stopped, per signal and receiver: SIGTERM to
# the forked JVM, SIGTERM to maven, SIGTERM to the whole process group, and Ctrl-C on a terminal
# (a pseudo-terminal here, so that the terminal itself sends SIGINT to the foreground group).
# Prints one row per case: maven's exit status, its BUILD line, and whether the service logged a
# graceful shutdown. docs/operations.md ("Stopping") shows the table. About a minute per case; run offline
# (-o) once the dependencies are present. Uses port 18080 and a temporary data directory.
set -uo pipefail
cd "$(dirname "$0")/.."
WORK=$(mktemp -d)
PORT=${PORT:-18080}
ARGS="--server.port=$PORT --dpbandit.embedded-postgres.data-directory=$WORK/pg --logging.level.root=WARN --logging.level.org.springframework.boot.web=INFO"

up() {  # waits until the service answers
  for _ in $(seq 1 300); do curl -sf -o /dev/null "localhost:$PORT/actuator/health" && return 0; sleep 1; done
  return 1
}

row() {  # case, exit status, log
  local build graceful
  build=$(grep -aoE "BUILD (SUCCESS|FAILURE)" "$3" | head -n 1)
  graceful=$(grep -aq "Graceful shutdown complete" "$3" && echo yes || echo no)
  printf '| %s | %s | %s | %s |\n' "$1" "$2" "${build:-no BUILD line}" "$graceful"
}

signal_case() {  # name, receiver: child | maven | group
  local log="$WORK/$1.log"
  setsid mvn -B -o spring-boot:run -Dspring-boot.run.arguments="$ARGS" > "$log" 2>&1 &
  local mvn=$!
  up || { echo "service did not start, see $log"; kill -TERM -- -"$mvn"; return; }
  local child
  child=$(pgrep -P "$mvn" java | head -n 1)
  case $2 in
    child) kill -TERM "$child" ;;
    maven) kill -TERM "$mvn" ;;
    group) kill -TERM -- -"$mvn" ;;
  esac
  wait "$mvn"
  row "$1" "$?" "$log"
}

ctrl_c_case() {
  local log="$WORK/ctrl-c.log"
  local status
  status=$(python3 - "$log" "$PORT" "$ARGS" <<'PY'
import os, pty, select, sys, time, urllib.request
log, port, args = open(sys.argv[1], 'wb'), sys.argv[2], sys.argv[3]
pid, fd = pty.fork()
if pid == 0:
    os.execvp('mvn', ['mvn', '-B', '-o', 'spring-boot:run', '-Dspring-boot.run.arguments=' + args])
def pump(seconds):
    end = time.time() + seconds
    while time.time() < end:
        if select.select([fd], [], [], 0.2)[0]:
            try:
                data = os.read(fd, 65536)
            except OSError:
                return False
            if not data:
                return False
            log.write(data)
    return True
for _ in range(300):
    pump(1)
    try:
        urllib.request.urlopen('http://localhost:%s/actuator/health' % port, timeout=1).read()
        break
    except Exception:
        pass
os.write(fd, b'\x03')
while pump(1):
    pass
print(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
PY
)
  row "Ctrl-C on a terminal" "$status" "$log"
}

echo "| stopped by | maven's exit status | BUILD line | graceful shutdown logged |"
echo "|---|---|---|---|"
signal_case "SIGTERM to the forked JVM" child
signal_case "SIGTERM to maven" maven
signal_case "SIGTERM to the process group" group
ctrl_c_case
rm -rf "$WORK"
