#!/usr/bin/env bash
# docs/benchmarks-real.md, subsection "The served EPOCHS release": linucb-epochs-served (the served
# linear.release EPOCHS core, io.dpbandit.policy.linucb.EpochLinUcb) on the digits bandit with
# --feature-map PER_ACTION and the service's default leaf B = ceil(T/256), for T in HORIZONS, SEEDS
# seeds, epsilon in EPSILONS, delta 1e-5. Shares use the baselines of the tables above (uniform, linucb-disjoint),
# rerun here on the same seeds. Finished cells are not run again (delete OUT to rerun).
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=${JAR:-target/dpbandit.jar}
SEEDS=${SEEDS:-5}
HORIZONS=${HORIZONS:-"20000 100000"}
EPSILONS=${EPSILONS:-0.5,1,4}
THREADS=${THREADS:-2}
OUT=${OUT:-out/real-data-epochs-served}
SIM="java -jar $JAR simulate --env multiclass --dataset digits --pool 40 --delta 1e-5 --seeds $SEEDS --threads $THREADS"
run() { local name=$1; shift; [ -f "$OUT/$name/runs.csv" ] || $SIM "$@" --out "$OUT/$name" >/dev/null 2>&1; }

for T in $HORIZONS; do
  B=$(( (T + 255) / 256 ))
  run "T$T-baselines" --horizon "$T" --policies uniform,linucb-disjoint --epsilons inf
  run "T$T-served" --horizon "$T" --batch "$B" --feature-map PER_ACTION --policies linucb-epochs-served \
    --epsilons "$EPSILONS"
done

python3 bench/real-data-epochs-table.py "$OUT"
