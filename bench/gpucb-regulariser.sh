#!/usr/bin/env bash
# GP-UCB's regulariser and radius scale (docs/benchmarks-gpucb.md, section 9): the paper's SHIFT
# (+2 Lambda on every eigenvalue of the noisy Gram matrix) against FLOOR (its eigenvalues raised to
# Lambda), with the UCB bonus at RADII times the theoretical radius, under JDP at eps 1 and 10, on
# Table 1's functions, T = 10 000, delta = 0.1, on the served leaf grid (tuning.leafRounds' default
# ceil(T/256) = 40 rounds per leaf: --gpucb-batch 40), plus non-private GP-UCB and uniform play on
# the same worlds. Other settings are the simulator's defaults (m-bar 10, M = 200; length scale 0.5;
# lambda 0.25; analytic calibration; sharp Lambda, scale 1).
# FUNCTIONS (default: camelback styblinski-tang michalewicz), RADII (default: 0.1 0.01), SEEDS seeds
# per cell (default 5), THREADS runs at a time (default 2), JAR (default target/dpbandit.jar), OUT
# (default out/gpucb-regulariser, which git ignores). The doc's table is
#   FUNCTIONS=camelback bench/gpucb-regulariser.sh
#   FUNCTIONS="styblinski-tang michalewicz" RADII=0.1 bench/gpucb-regulariser.sh
# then bench/gpucb-regulariser-table.py $OUT.
set -euo pipefail
cd "$(dirname "$0")/.."
FUNCTIONS=${FUNCTIONS:-camelback styblinski-tang michalewicz}
RADII=${RADII:-0.1 0.01}
SEEDS=${SEEDS:-5}
THREADS=${THREADS:-2}
OUT=${OUT:-out/gpucb-regulariser}
JAR=${JAR:-target/dpbandit.jar}
SIM="java -jar $JAR simulate --horizon 10000 --delta 0.1 --threads $THREADS --seeds $SEEDS --gpucb-batch 40"

for fn in $FUNCTIONS; do
  for reg in shift floor; do
    for c in $RADII; do
      $SIM --env "$fn" --epsilons 1,10 --policies gpucb --gpucb-regulariser $reg --gpucb-radius-scale "$c" \
          --out "$OUT/$fn-$reg-c$c"
    done
  done
  $SIM --env "$fn" --policies gpucb-nonprivate,uniform --out "$OUT/$fn-baselines"
done
