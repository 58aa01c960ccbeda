#!/usr/bin/env bash
# Times README's test command, `mvn -B test`, per surefire phase (docs/benchmarks.md, "13. The test
# suite"), and lists each phase's slowest classes. Run from the repository's root on an idle machine:
#   bench/test-suite-time.sh            # the whole command, compile included
#   bench/test-suite-time.sh -Pfast     # the fast suite (arguments are passed to mvn)
#   OUT=target/suite bench/test-suite-time.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-target/suite-time}
mkdir -p "$out"
rm -rf target/surefire-reports target/surefire-reports-context target/surefire-reports-process target/surefire-reports-alone # this run's only
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GB, $(java -version 2>&1 | head -1)"
start=$(date +%s)
# Each line of Maven's output prefixed with the seconds since the start, to find the phases' bounds.
set +e
mvn -B test "$@" 2>&1 | while IFS= read -r line; do printf '%d %s\n' $(( $(date +%s) - start )) "$line"; done \
  > "$out/mvn.log"
rc=${PIPESTATUS[0]}
set -e
end=$(( $(date +%s) - start ))
python3 - "$out/mvn.log" "$end" <<'PY'
import glob, re, sys
import xml.etree.ElementTree as ET
log, total = sys.argv[1], int(sys.argv[2])
marks = []
for line in open(log, encoding='utf-8', errors='replace'):
    t, _, rest = line.partition(' ')
    m = re.search(r'maven-surefire-plugin:[^:]+:test \(([a-z-]+)\)', rest)
    if m:
        marks.append((int(t), m.group(1)))
    if 'Tests run:' in rest and 'Time elapsed' not in rest and re.search(r'Tests run: \d+, Failures', rest):
        print('   ', rest.strip())
bounds = marks + [(total, 'end')]
print('compile and before the tests: %d s' % marks[0][0] if marks else 'no test phase ran')
for (t0, name), (t1, _) in zip(bounds, bounds[1:]):
    print('phase %-13s %4d s' % (name, t1 - t0))
print('total %d s (%.1f min)' % (total, total / 60))
for d in ['target/surefire-reports', 'target/surefire-reports-context', 'target/surefire-reports-process', 'target/surefire-reports-alone']:
    rows = []
    for f in glob.glob(d + '/TEST-*.xml'):
        r = ET.parse(f).getroot()
        rows.append((float(r.get('time')), r.get('name').split('.')[-1], int(r.get('tests'))))
    rows.sort(reverse=True)
    print('%s: %d classes, %d tests, %.0f s of class time; slowest: %s' % (d, len(rows), sum(r[2] for r in rows),
          sum(r[0] for r in rows), ', '.join('%s %.0f s' % (r[1], r[0]) for r in rows[:5])))
PY
exit "$rc"
