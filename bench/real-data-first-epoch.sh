#!/usr/bin/env bash
# docs/benchmarks-real.md, section "The first epoch's length": the simulator's linucb-epochs with summed
# releases and the eigenvalue floor (the served EPOCHS scheme) on the digits bandit, first epoch F in
# {T/8, T/4, T/3, T/2}, epsilon in EPSILONS, T in HORIZONS, SEEDS seeds. Finished cells are not run
# again (delete OUT to rerun). Prints the table: mean reward, second half / all rounds.
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=${JAR:-target/dpbandit.jar}
SEEDS=${SEEDS:-5}
HORIZONS=${HORIZONS:-"20000 100000"}
EPSILONS=${EPSILONS:-1,4}
THREADS=${THREADS:-2}
OUT=${OUT:-out/real-data-first-epoch}
SIM="java -jar $JAR simulate --env multiclass --dataset digits --pool 40 --delta 1e-5 --seeds $SEEDS --threads $THREADS"
run() { local name=$1; shift; [ -f "$OUT/$name/runs.csv" ] || $SIM "$@" --out "$OUT/$name" >/dev/null 2>&1; }

for T in $HORIZONS; do
  for F in 8 4 3 2; do
    first=$(( (T + F - 1) / F ))
    [ "$F" = 8 ] && first=t/8
    run "T$T-F$F" --horizon "$T" --policies linucb-epochs --epsilons "$EPSILONS" --epoch-first "$first" \
      --epoch-combine ALL --epoch-ridge FLOOR --feature-map PER_ACTION
  done
done

python3 - "$OUT" "$EPSILONS" <<'PY'
import csv, os, sys
out, eps = sys.argv[1], sys.argv[2].split(",")
cells = {}
for name in sorted(os.listdir(out)):
    t, f = name[1:].split("-F")
    for row in csv.DictReader(open(os.path.join(out, name, "runs.csv"))):
        cells.setdefault((int(t), int(f), row["epsilon"]), []).append(
            (float(row["mean_reward_second_half"]), float(row["mean_reward"])))
print("| T | F | " + " | ".join("ε = " + e for e in eps) + " |")
print("|---|---|" + "---|" * len(eps))
for t, f in sorted({(k[0], k[1]) for k in cells}, key=lambda k: (k[0], -k[1])):
    parts = []
    for e in eps:
        v = cells[(t, f, e)]
        parts.append("%.3f / %.3f" % (sum(x[0] for x in v) / len(v), sum(x[1] for x in v) / len(v)))
    print("| %d | T/%d%s | %s |" % (t, f, " (default)" if f == 8 else "", " | ".join(parts)))
PY
