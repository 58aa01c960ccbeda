#!/usr/bin/env bash
# What a product team gets without options (the LEARN profile) against the papers' algorithms (the PAPER
# profile), uniform play and non-private disjoint LinUCB, on the two shipped multiclass data sets (issue 33).
# Each policy below is the simulator's copy of what the service serves for the spec a team would send (its
# labels as actions, its public rows as the pool, nothing else set): ServedLearnDefaultsTest checks that the
# configuration the service builds from that normalised spec is the one these flags build.
#   learn-capri:   CAPRI under LEARN: RBF with the median rule, PARALLEL epochs, exploit ARGMAX at the planned
#                  share (auto), tau 0.1, the service's statistical width scale 3e-4
#   paper-capri:   CAPRI's Algorithm 1 (capri-paper: the paper's calibration, split and uniform decisions),
#                  with the same kernel and the service's default tau 1
#   learn-linucb:  LINUCB under LEARN: PER_ACTION, the EPOCHS release with the planned first epoch (auto), on
#                  the service's leaf grid ceil(T/256)
#   paper-linucb:  the tree mechanism as the paper calibrates it (linucb-jdp-gauss-paper), PER_ACTION
# And the other algorithms that can run on these data (OTHERS=0 leaves them out):
#   learn-capri-ldp:  CAPRI-LDP under LEARN (only the median rule's kernel is chosen; tau stays 1)
#   usca:             USCA with the same kernel (LEARN chooses nothing for it: its decisions are uniform
#                     exploration by design, its product is the exponential-mechanism release)
#   learn-onlineucb:  ONLINEUCB (locally private) as served by default: OGD learner, engineered calibration,
#                     with linear.featureMap PER_ACTION (what LEARN chooses for labels without features)
#   paper-onlineucb:  ONLINEUCB's Algorithm 1 as printed (MALER, theory radius), PER_ACTION
#   ldp-linucb:       the LDP-LinUCB baseline of the OnlineUCB paper's experiments (not served; a reference)
# GPUCB cannot run on them: its quadrature features number 2 m^d over the joint point's d = 17 (digits) or
# 8 (wine) dimensions, 2e17 or 2e8 at the default m = 10.
# Cells go to OUT/DATASET/T<T>-<name>/runs.csv; a finished cell is not run again (delete it to rerun).
# Then: python3 bench/learn-by-default-table.py OUT   (the table and each target, PASS or MISS)
# About 4 minutes on 2 cores at the defaults (T = 20000, 5 seeds, 3 privacy levels, both data sets).
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=${JAR:-target/dpbandit.jar}
SEEDS=${SEEDS:-5}
HORIZONS=${HORIZONS:-20000}
EPSILONS=${EPSILONS:-0.5,1,4}
DATASETS=${DATASETS:-"digits wine"}
OTHERS=${OTHERS:-1}
THREADS=${THREADS:-2}
OUT=${OUT:-out/learn-by-default}
[ -f "$JAR" ] || { echo "build the jar first: mvn -B -q package -DskipTests" >&2; exit 2; }
run() {
  local dataset=$1 name=$2; shift 2
  local pool; pool=$([ "$dataset" = wine ] && echo 20 || echo 40)
  local dir="$OUT/$dataset/$name"
  [ -f "$dir/runs.csv" ] && return 0
  mkdir -p "$dir"
  local cmd=(java -jar "$JAR" simulate --env multiclass --dataset "$dataset" --pool "$pool" --delta 1e-5
    --seeds "$SEEDS" --threads "$THREADS" "$@" --out "$dir")
  echo "${cmd[*]}" > "$dir/command.txt"
  local start=$SECONDS
  "${cmd[@]}" > "$dir/stdout.txt" 2> "$dir/stderr.txt" || { echo "FAILED: $dir (see $dir/stderr.txt)" >&2; return 1; }
  echo "$dataset/$name: $((SECONDS - start)) s" >&2
}
for T in $HORIZONS; do
  B=$(( (T + 255) / 256 ))
  for D in $DATASETS; do
    run "$D" "T$T-baselines" --horizon "$T" --policies uniform,linucb-disjoint --epsilons inf
    run "$D" "T$T-learn-capri" --horizon "$T" --policies capri --epsilons "$EPSILONS" --kernel-length-scale median \
      --composition parallel --exploit argmax --exploit-share auto --tau 0.1 --confidence-scale 3e-4
    run "$D" "T$T-paper-capri" --horizon "$T" --policies capri-paper --epsilons "$EPSILONS" \
      --kernel-length-scale median --tau 1
    run "$D" "T$T-learn-linucb" --horizon "$T" --batch "$B" --policies linucb-epochs-served --epsilons "$EPSILONS" \
      --feature-map PER_ACTION --first-epoch auto
    run "$D" "T$T-paper-linucb" --horizon "$T" --batch "$B" --policies linucb-jdp-gauss-paper --epsilons "$EPSILONS" \
      --feature-map PER_ACTION
    [ "$OTHERS" = 1 ] || continue
    run "$D" "T$T-learn-capri-ldp" --horizon "$T" --policies capri-ldp --epsilons "$EPSILONS" \
      --kernel-length-scale median --tau 1 --confidence-scale 3e-4
    run "$D" "T$T-usca" --horizon "$T" --policies usca --epsilons "$EPSILONS" --kernel-length-scale median --tau 1
    run "$D" "T$T-learn-onlineucb" --horizon "$T" --policies onlineucb --epsilons "$EPSILONS" --feature-map PER_ACTION
    run "$D" "T$T-paper-onlineucb" --horizon "$T" --policies onlineucb-paper --epsilons "$EPSILONS" \
      --feature-map PER_ACTION
    run "$D" "T$T-ldp-linucb" --horizon "$T" --policies ldp-linucb --epsilons "$EPSILONS" --feature-map PER_ACTION
  done
done
python3 bench/learn-by-default-table.py "$OUT"
