#!/usr/bin/env bash
# USCA's simple regret at epsilon = 1, T = 20 000 on the reference world (50 contexts x 20 actions:
# a support of 1 000 points) with n_Z = 1, 2, 4, 8 and 32 x the support, Z held as distinct points
# with counts, at tau = 0.1 (the simulator's default) and tau = 1 (docs/benchmarks.md §7). One run at
# a time; JAR names the jar to run.
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=${JAR:-dpbandit-service/target/dpbandit.jar}
SEEDS=${SEEDS:-5}
OUT=${OUT:-out/usca-nz}
for tau in 0.1 1; do
  for nz in 1000 2000 4000 8000 32000; do
    dir="$OUT/nz$nz"; [ "$tau" = 1 ] && dir="$OUT/tau1-nz$nz"
    [ -f "$dir/summary.txt" ] || java -jar "$JAR" simulate --env kernel --horizon 20000 --seeds "$SEEDS" \
      --threads 1 --policies uniform,usca --epsilons 1 --tau $tau --approximation-size $nz --out "$dir"
  done
done
