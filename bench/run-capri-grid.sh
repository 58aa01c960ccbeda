#!/usr/bin/env bash
# The grid of issue "planner and private learning" (docs/benchmarks.md §6): private CAPRI at
# T = 100 000 on the reference world (50 contexts x 20 actions, RBF 0.3) and the linear world
# (the OnlineUCB paper's K = 100 arms in d = 5, linear kernel), 5 seeds, against uniform play, for the paper's
# algorithm and each refinement alone and together, under both compositions; then epsilon = 4
# private against non-private. One run at a time (--threads 1); JAR names the jar to run.
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=${JAR:-target/dpbandit.jar}
SEEDS=${SEEDS:-5}
OUT=${OUT:-out/capri-grid}
SIM="java -jar $JAR simulate --horizon 100000 --seeds $SEEDS --threads 1"
run() { local name=$1; shift; [ -f "$OUT/$name/summary.txt" ] || $SIM "$@" --out "$OUT/$name"; }

# Most informative cells first (the whole grid takes hours on 2 cores). The single-option ablations
# on the reference world run ABLATION_SEEDS seeds (3 in docs/benchmarks.md); PAIRWISE elimination
# alone, with the paper's |S| up to 1 000, costs O(|S|^2) per pair and about 5 minutes a run there,
# so it is measured on the linear world only.
ABLATION_SEEDS=${ABLATION_SEEDS:-$SEEDS}
for world in kernel linear; do
  run $world-par-refined    --env $world --policies uniform,capri --epsilons 1,4,inf --composition parallel --refined
  run $world-seq-refined    --env $world --policies capri --epsilons 1 --refined
done
for world in linear kernel; do
  n=$SEEDS; [ $world = kernel ] && n=$ABLATION_SEEDS
  run $world-par            --env $world --seeds $n --policies capri --epsilons 1 --composition parallel
  [ $world = linear ] && run $world-par-pairwise --env $world --policies capri --epsilons 1 --composition parallel --elimination pairwise --statistical variance
  run $world-par-projection --env $world --seeds $n --policies capri --epsilons 1 --composition parallel --projection planned
  run $world-par-tau        --env $world --seeds $n --policies capri --epsilons 1 --composition parallel --tau-rule planned
  run $world-par-offset     --env $world --seeds $n --policies capri --epsilons 1 --composition parallel --reward-offset 0.5 --reward-bound 0.5
  run $world-paper-seq      --env $world --seeds $n --policies capri-paper,capri --epsilons 1
done
