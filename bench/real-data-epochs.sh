#!/usr/bin/env bash
# docs/benchmarks-real.md, section "Doubling epochs (simulator only, not served)": the doubling-epoch
# private disjoint linear policy (linucb-epochs, src/main/java/io/dpbandit/sim/EpochLinearUcb.java) on
# the digits bandit (--env multiclass --dataset digits --pool 40), with uniform play and non-private
# disjoint LinUCB (linucb-disjoint) as the baselines of share = (r - r_uniform) / (r_np - r_uniform),
# for T in HORIZONS, SEEDS seeds, epsilon in EPSILONS (and inf: the same policy without noise) and
# delta 1e-5, over the variants below (first epoch, ridge, combining, UCB radius). Finished cells are
# not run again (delete OUT to rerun). Prints the markdown table (bench/real-data-epochs-table.py).
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=${JAR:-target/dpbandit.jar}
SEEDS=${SEEDS:-5}
HORIZONS=${HORIZONS:-"20000 100000"}
EPSILONS=${EPSILONS:-0.5,1,4}
THREADS=${THREADS:-2}
OUT=${OUT:-out/real-data-epochs}
SIM="java -jar $JAR simulate --env multiclass --dataset digits --pool 40 --delta 1e-5 --seeds $SEEDS --threads $THREADS"
run() { local name=$1; shift; [ -f "$OUT/$name/runs.csv" ] || $SIM "$@" --out "$OUT/$name" >/dev/null 2>&1; }

# name:options of each variant
VARIANTS=(
  "sqrt-last-2ups:--epoch-first sqrt --epoch-combine LAST --epoch-ridge DOUBLE_UPSILON"
  "sqrt-last-floor:--epoch-first sqrt --epoch-combine LAST --epoch-ridge FLOOR"
  "sqrt-all-2ups:--epoch-first sqrt --epoch-combine ALL --epoch-ridge DOUBLE_UPSILON"
  "sqrt-all-floor:--epoch-first sqrt --epoch-combine ALL --epoch-ridge FLOOR"
  "t16-all-2ups:--epoch-first t/16 --epoch-combine ALL --epoch-ridge DOUBLE_UPSILON"
  "t16-all-floor:--epoch-first t/16 --epoch-combine ALL --epoch-ridge FLOOR"
  "t8-last-2ups:--epoch-first t/8 --epoch-combine LAST --epoch-ridge DOUBLE_UPSILON"
  "t8-all-2ups:--epoch-first t/8 --epoch-combine ALL --epoch-ridge DOUBLE_UPSILON"
  "t8-all-floor:--epoch-first t/8 --epoch-combine ALL --epoch-ridge FLOOR"
  "t8-all-2ups-a1:--epoch-first t/8 --epoch-combine ALL --epoch-ridge DOUBLE_UPSILON --epoch-radius 1"
  "t8-all-floor-a1:--epoch-first t/8 --epoch-combine ALL --epoch-ridge FLOOR --epoch-radius 1"
)

for T in $HORIZONS; do
  run "T$T-baselines" --horizon "$T" --policies uniform,linucb-disjoint --epsilons inf
  for v in "${VARIANTS[@]}"; do
    name=${v%%:*}; opts=${v#*:}
    # shellcheck disable=SC2086
    run "T$T-$name" --horizon "$T" --policies linucb-epochs --epsilons "$EPSILONS,inf" $opts
  done
done

python3 bench/real-data-epochs-table.py "$OUT"
