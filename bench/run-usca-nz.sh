#!/usr/bin/env bash
# USCA's simple regret at epsilon = 1, T = 20 000 on the reference world (50 contexts x 20 actions:
# a support of 1 000 points) with n_Z = 1, 2, 4, 8 and 32 x the support, Z held as distinct points
# with counts, at tau = 0.1 (the simulator's default) up to 30 (docs/benchmarks.md §7). One run at
# a time; JAR names the jar to run.
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=${JAR:-target/dpbandit.jar}
SEEDS=${SEEDS:-5}
OUT=${OUT:-out/usca-nz}
# (tau, n_Z) cells of the table in docs/benchmarks.md §7
CELLS="0.1:1000 0.1:2000 0.1:4000 0.1:8000 0.1:32000 1:1000 1:2000 1:4000 1:8000 1:32000 1:100000
       3:32000 3:100000 10:1000 10:2000 10:4000 10:8000 10:32000 30:8000 30:32000"
for cell in $CELLS; do
  tau=${cell%%:*}; nz=${cell##*:}
  dir="$OUT/tau$tau-nz$nz"
  [ -f "$dir/summary.txt" ] || java -jar "$JAR" simulate --env kernel --horizon 20000 --seeds "$SEEDS" \
    --threads 1 --policies uniform,usca --epsilons 1 --tau "$tau" --approximation-size "$nz" --out "$dir"
done
