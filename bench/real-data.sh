#!/usr/bin/env bash
# docs/benchmarks-real.md: private bandits on real data (issue 21). The digits data set
# (src/main/resources/datasets/digits, bench/prepare-digits.py) as a bandit: each round a row drawn
# uniformly with replacement (seeded), its 7 features the context, the 10 classes the actions,
# reward 1{action = label}; 40 rows held out as the public pool (CAPRI's kappa) never arrive.
# For T in HORIZONS and SEEDS seeds: uniform play, non-private disjoint LinUCB (linucb-disjoint),
# non-private LinUCB on the served feature map (linucb), the served private LINUCB (linucb-jdp-gauss:
# engineered mode, Gaussian tree, leaf grid B = ceil(T/256) as the service's default tuning.leafRounds)
# with OUTER_PRODUCT (d = 70) and, when the build has it, PER_ACTION (the tree, and the EPOCHS release
# linucb-epochs-served at its default first epoch T/8; the tree also with linear.regulariser FLOOR), at epsilon in EPSILONS and
# delta 1e-5, and CAPRI (engineered, zCDP) at the same epsilons and non-private: with RBF 0.3 and the paper's
# decisions, and with the median rule's length scale and tuning.exploit ARGMAX at exploitShare CAPRI_SHARE
# (bench/real-data-capri.sh runs the same cell among its variants).
# Every policy sees the same rows on the same seed. Finished cells are not run again (delete OUT to
# rerun). Then writes the tables into docs/benchmarks-real.md (bench/real-data-table.py).
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=${JAR:-target/dpbandit.jar}
SEEDS=${SEEDS:-5}
HORIZONS=${HORIZONS:-"20000 100000"}
EPSILONS=${EPSILONS:-0.5,1,4}
THREADS=${THREADS:-2}
OUT=${OUT:-out/real-data}
CAPRI=${CAPRI:-1}
CAPRI_SHARE=${CAPRI_SHARE:-0.5}
SIM="java -jar $JAR simulate --env multiclass --dataset digits --pool 40 --delta 1e-5 --seeds $SEEDS --threads $THREADS"
run() { local name=$1; shift; [ -f "$OUT/$name/runs.csv" ] || $SIM "$@" --out "$OUT/$name" >/dev/null; }
has_per_action() { java -jar "$JAR" simulate --help | grep -q PER_ACTION; }

for T in $HORIZONS; do
  B=$(( (T + 255) / 256 ))
  run "T$T-baselines" --horizon "$T" --batch "$B" --policies uniform,linucb-disjoint,linucb --epsilons inf
  run "T$T-outer" --horizon "$T" --batch "$B" --policies linucb-jdp-gauss --epsilons "$EPSILONS" \
    --feature-map OUTER_PRODUCT
  if has_per_action; then
    run "T$T-per-action-baseline" --horizon "$T" --batch "$B" --policies linucb --epsilons inf --feature-map PER_ACTION
    run "T$T-per-action" --horizon "$T" --batch "$B" --policies linucb-jdp-gauss --epsilons "$EPSILONS" \
      --feature-map PER_ACTION
    run "T$T-per-action-floor" --horizon "$T" --batch "$B" --policies linucb-jdp-gauss-floor --epsilons "$EPSILONS" \
      --feature-map PER_ACTION
    run "T$T-per-action-epochs" --horizon "$T" --batch "$B" --policies linucb-epochs-served --epsilons "$EPSILONS" \
      --feature-map PER_ACTION
  fi
  if [ "$CAPRI" = 1 ]; then
    run "T$T-capri" --horizon "$T" --policies capri --epsilons "$EPSILONS,inf"
    run "T$T-capri-median-s$CAPRI_SHARE" --horizon "$T" --policies capri --epsilons "$EPSILONS,inf" \
      --kernel-length-scale median --exploit argmax --exploit-share "$CAPRI_SHARE"
  fi
done

python3 bench/real-data-table.py "$OUT" docs/benchmarks-real.md
