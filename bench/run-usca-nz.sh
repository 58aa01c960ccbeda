#!/usr/bin/env bash
# USCA's simple regret at epsilon = 1, T = 20 000 on the reference world (50 contexts x 20 actions:
# a support of 1 000 points) with n_Z = 1, 2, 4 and 8 x the support, Z held as distinct points with
# counts (docs/benchmarks.md §7). One run at a time; JAR names the jar to run.
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=${JAR:-dpbandit-service/target/dpbandit.jar}
SEEDS=${SEEDS:-5}
OUT=${OUT:-out/usca-nz}
for nz in 1000 2000 4000 8000; do
  [ -f "$OUT/nz$nz/summary.txt" ] || java -jar "$JAR" simulate --env kernel --horizon 20000 --seeds "$SEEDS" \
    --threads 1 --policies uniform,usca --epsilons 1 --approximation-size $nz --out "$OUT/nz$nz"
done
