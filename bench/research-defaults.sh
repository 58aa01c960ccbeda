#!/usr/bin/env bash
# Research for issue 33 ("Learn by default"; its tables go into docs/benchmarks-real.md once the defaults are chosen): every configuration a default could pick, on
# one multiclass data set (DATASET: digits with POOL 40, wine with POOL 20), T in HORIZONS, SEEDS seeds,
# epsilon in EPSILONS, delta 1e-5, one run at a time under nice (THREADS 1: the machine is shared).
# Cells are OUT/DATASET/T<T>-<name>/runs.csv; a finished cell is not run again (delete it to rerun).
# STAGES picks the groups below; bench/research-defaults-table.py prints the tables.
#   baselines: uniform play, non-private disjoint LinUCB (the reference of every share), non-private LinUCB
#              on PER_ACTION;
#   linucb:    the served LINUCB: the tree (linucb-jdp-gauss) on OUTER_PRODUCT (the default map) and
#              PER_ACTION, the tree with regulariser FLOOR, and the EPOCHS release (linucb-epochs-served)
#              with first epochs FIRSTS (shares of T), all on the service's leaf grid B = ceil(T/256);
#   capri:     CAPRI (engineered, EXACT accountant: every epoch at the whole mu): length scale 0.3 (the
#              simulator's default, standing in for "from the spec") or the median rule, exploit none or
#              ARGMAX with share in CAPRI_SHARES;
#   refine:    CAPRI with the median rule and exploit ARGMAX at REFINE_SHARE, plus one refinement each
#              (pairwise elimination, planned projection, planned tau, variance width, reward offset 0.5
#              with bound 0.5, and all of them: --refined);
#   rule:      the prototype rules' choices (issue 33): LINUCB EPOCHS with --first-epoch auto (LinearDefaults) and
#              CAPRI with the median rule and --exploit-share auto (CapriDefaults), chosen per run from public inputs;
#   combo:     CAPRI with the median rule and --exploit-share auto, plus the refinements that helped at share 0.5:
#              the reward offset 0.5 with bound 0.5 (rewards in [0, 1]), the planned tau, and both;
#   schedule:  CAPRI with the median rule, reward offset 0.5 with bound 0.5 and the planned tau ("ot"), exploit share
#              in SCHEDULE_SHARES, with the paper's first epoch ceil(sqrt H) and with --capri-first-epoch F (a share of
#              the learning horizon H) for F in CAPRI_FIRSTS (a simulator prototype);
#   other:     ONLINEUCB (LDP, PER_ACTION) and, where the joint point has at most 8 coordinates (wine),
#              private GP-UCB on 2 quadrature nodes per dimension (M = 512) on the leaf grid.
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=${JAR:-target/dpbandit.jar}
DATASET=${DATASET:-digits}
POOL=${POOL:-$([ "$DATASET" = wine ] && echo 20 || echo 40)}
SEEDS=${SEEDS:-5}
HORIZONS=${HORIZONS:-20000}
EPSILONS=${EPSILONS:-0.5,1,4}
THREADS=${THREADS:-1}
OUT=${OUT:-out/research-defaults}
STAGES=${STAGES:-"baselines linucb capri refine rule combo schedule other"}
SCHEDULE_SHARES=${SCHEDULE_SHARES:-"0 0.25 0.5"}
CAPRI_FIRSTS=${CAPRI_FIRSTS:-"0.0625 0.125 0.25"}
FIRSTS=${FIRSTS:-"0.0625 0.125 0.25 0.375 0.5"}
CAPRI_SHARES=${CAPRI_SHARES:-"0 0.25 0.5 0.75"}
REFINE_SHARE=${REFINE_SHARE:-0.5}
SIM="nice -n 10 java -jar $JAR simulate --env multiclass --dataset $DATASET --pool $POOL --delta 1e-5 --seeds $SEEDS --threads $THREADS"
run() {
  local name=$1; shift
  local dir="$OUT/$DATASET/$name"
  [ -f "$dir/runs.csv" ] && return 0
  mkdir -p "$dir"
  echo "$SIM $* --out $dir" > "$dir/command.txt"
  local start=$SECONDS
  $SIM "$@" --out "$dir" > "$dir/stdout.txt" 2> "$dir/stderr.txt" || { echo "FAILED: $dir" >&2; return 0; }
  echo "$(date +%H:%M:%S) $DATASET/$name: $((SECONDS - start)) s" >&2
}

for T in $HORIZONS; do
  B=$(( (T + 255) / 256 ))
  for stage in $STAGES; do
    case $stage in
      baselines)
        run "T$T-baselines" --horizon "$T" --policies uniform,linucb-disjoint --epsilons inf
        run "T$T-linucb-per-action" --horizon "$T" --batch "$B" --policies linucb --epsilons inf \
          --feature-map PER_ACTION ;;
      linucb)
        run "T$T-tree-outer" --horizon "$T" --batch "$B" --policies linucb-jdp-gauss --epsilons "$EPSILONS"
        run "T$T-tree-per-action" --horizon "$T" --batch "$B" --policies linucb-jdp-gauss --epsilons "$EPSILONS" \
          --feature-map PER_ACTION
        run "T$T-tree-per-action-floor" --horizon "$T" --batch "$B" --policies linucb-jdp-gauss-floor \
          --epsilons "$EPSILONS" --feature-map PER_ACTION
        for F in $FIRSTS; do
          run "T$T-epochs-f$F" --horizon "$T" --batch "$B" --policies linucb-epochs-served --epsilons "$EPSILONS" \
            --feature-map PER_ACTION --first-epoch "$F"
        done ;;
      capri)
        run "T$T-capri-l0.3-none" --horizon "$T" --policies capri --epsilons "$EPSILONS"
        run "T$T-capri-median-none" --horizon "$T" --policies capri --epsilons "$EPSILONS" --kernel-length-scale median
        for S in $CAPRI_SHARES; do
          run "T$T-capri-median-s$S" --horizon "$T" --policies capri --epsilons "$EPSILONS" \
            --kernel-length-scale median --exploit argmax --exploit-share "$S"
        done
        run "T$T-capri-l0.3-s$REFINE_SHARE" --horizon "$T" --policies capri --epsilons "$EPSILONS" \
          --exploit argmax --exploit-share "$REFINE_SHARE" ;;
      refine)
        base=(--horizon "$T" --policies capri --epsilons "$EPSILONS" --kernel-length-scale median --exploit argmax
          --exploit-share "$REFINE_SHARE")
        run "T$T-capri-median-s$REFINE_SHARE-pairwise" "${base[@]}" --elimination pairwise
        run "T$T-capri-median-s$REFINE_SHARE-projection" "${base[@]}" --projection planned
        run "T$T-capri-median-s$REFINE_SHARE-tau" "${base[@]}" --tau-rule planned
        run "T$T-capri-median-s$REFINE_SHARE-variance" "${base[@]}" --statistical variance
        run "T$T-capri-median-s$REFINE_SHARE-offset" "${base[@]}" --reward-offset 0.5 --reward-bound 0.5
        run "T$T-capri-median-s$REFINE_SHARE-refined" "${base[@]}" --refined ;;
      rule)
        run "T$T-epochs-auto" --horizon "$T" --batch "$B" --policies linucb-epochs-served --epsilons "$EPSILONS" \
          --feature-map PER_ACTION --first-epoch auto
        run "T$T-capri-median-auto" --horizon "$T" --policies capri --epsilons "$EPSILONS" --kernel-length-scale median \
          --exploit argmax --exploit-share auto ;;
      combo)
        auto=(--horizon "$T" --policies capri --epsilons "$EPSILONS" --kernel-length-scale median --exploit argmax
          --exploit-share auto)
        run "T$T-capri-median-auto-offset" "${auto[@]}" --reward-offset 0.5 --reward-bound 0.5
        run "T$T-capri-median-auto-tau" "${auto[@]}" --tau-rule planned
        run "T$T-capri-median-auto-offset-tau" "${auto[@]}" --reward-offset 0.5 --reward-bound 0.5 --tau-rule planned ;;
      schedule)
        for S in $SCHEDULE_SHARES; do
          ot=(--horizon "$T" --policies capri --epsilons "$EPSILONS" --kernel-length-scale median --exploit argmax
            --exploit-share "$S" --reward-offset 0.5 --reward-bound 0.5 --tau-rule planned)
          run "T$T-capri-median-s$S-ot" "${ot[@]}"
          for F in $CAPRI_FIRSTS; do
            run "T$T-capri-median-s$S-ot-f$F" "${ot[@]}" --capri-first-epoch "$F"
          done
        done ;;
      other)
        run "T$T-onlineucb" --horizon "$T" --policies onlineucb --epsilons "$EPSILONS" --feature-map PER_ACTION
        if [ "$DATASET" = wine ]; then
          run "T$T-gpucb" --horizon "$T" --policies gpucb --epsilons "$EPSILONS,inf" --qff-nodes 2 \
            --gpucb-batch "$B"
        fi ;;
    esac
  done
done
