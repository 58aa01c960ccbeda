#!/usr/bin/env bash
# What the tree's fixed leaf grid (tuning.leafRounds = B) costs in learning delay and saves in
# noise: the offline simulator's JDP-LinUCB (the service's engineered configuration) folds one
# leaf per B rounds, so a reward reaches decisions up to B rounds late, and the tree has ceil(T/B)
# leaves, m = ceil(log2(T/B)) + 1 levels. Non-private LinUCB with the same batching isolates the
# delay alone. Prints one summary table per (world, B); docs/benchmarks-linear.md section 6 holds
# the measured figures.
#
#   mvn -q package -DskipTests && SEEDS=20 bench/leaf-grid.sh
set -euo pipefail
JAR=${JAR:-target/dpbandit.jar}
SEEDS=${SEEDS:-20}
THREADS=${THREADS:-2}
OUT=${OUT:-out/leaf-grid}
for world in linear-gap linear; do
  for b in ${BATCHES:-1 5 20 80 320}; do
    echo "== world $world, T = 20000, epsilon 1, delta 0.1, B = $b (leaves $(( (20000 + b - 1) / b )))"
    java -jar "$JAR" simulate --env "$world" --horizon 20000 --delta 0.1 --epsilons 1 \
      --policies uniform,linucb,linucb-jdp-gauss --batch "$b" --seeds "$SEEDS" --threads "$THREADS" \
      --out "$OUT/$world-B$b" 2>/dev/null
  done
done
