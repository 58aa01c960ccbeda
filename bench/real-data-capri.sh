#!/usr/bin/env bash
# docs/benchmarks-real.md, section "CAPRI: exploiting the releases": the
# simulator's engineered CAPRI (zCDP accountant, SEQUENTIAL epochs unless said) on the digits bandit
# (40 held-out rows as the public pool), seeds 1..SEEDS, T in HORIZONS, epsilon in EPSILONS:
#   share:       the paper's decisions (none) and tuning.exploit ARGMAX with exploitShare s in SHARES,
#                all with the RBF length scale of the median rule (--kernel-length-scale median: the
#                median distance between the public pool's joint points, computed per seed, about 1.85);
#                the chosen share SHARE also at epsilon 0.5 and non-private, for the main tables;
#   length:      at SHARE, T = 100 000 and epsilon 4 (the issue's kernel target): the length scale 0.3
#                (the simulator's default) and 1.0 instead of the median rule's;
#   composition: at SHARE, PARALLEL composition instead of SEQUENTIAL.
# The cells live in OUT next to bench/real-data.sh's (which runs the SHARE cell itself too: the same
# command, so whichever script runs first does it). Finished cells are not run again (delete them to
# rerun). Prints the tables and writes them into docs/benchmarks-real.md (bench/real-data-capri-table.py).
# 150 runs: about 40 minutes on 2 free cores (a CAPRI run at T = 100 000 takes about a minute); it took
# 1.5 hours on a machine shared with other jobs.
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=${JAR:-target/dpbandit.jar}
SEEDS=${SEEDS:-5}
HORIZONS=${HORIZONS:-"100000 20000"}
EPSILONS=${EPSILONS:-1,4}
SHARES=${SHARES:-"0 0.25 0.5 0.75"}
SHARE=${SHARE:-0.5}
THREADS=${THREADS:-2}
OUT=${OUT:-out/real-data}
STAGES=${STAGES:-"share length composition"}
SIM="java -jar $JAR simulate --env multiclass --dataset digits --pool 40 --delta 1e-5 --seeds $SEEDS --threads $THREADS --policies capri"
run() { local name=$1; shift; [ -f "$OUT/$name/runs.csv" ] || $SIM "$@" --out "$OUT/$name" >/dev/null 2>&1; }

for stage in $STAGES; do
  horizons=$HORIZONS
  [ "$stage" = length ] && horizons=${LENGTH_HORIZONS:-100000}
  for T in $horizons; do
    case $stage in
      share)
        run "T$T-capri-median-none" --horizon "$T" --epsilons "$EPSILONS" --kernel-length-scale median
        for S in $SHARES; do
          eps=$EPSILONS
          [ "$S" = "$SHARE" ] && eps=0.5,1,4,inf
          run "T$T-capri-median-s$S" --horizon "$T" --epsilons "$eps" --kernel-length-scale median \
            --exploit argmax --exploit-share "$S"
        done ;;
      length)
        for L in 0.3 1.0; do
          run "T$T-capri-L$L-s$SHARE" --horizon "$T" --epsilons "${LENGTH_EPSILONS:-4}" --kernel-length-scale "$L" \
            --exploit argmax --exploit-share "$SHARE"
        done ;;
      composition)
        run "T$T-capri-median-s$SHARE-parallel" --horizon "$T" --epsilons "$EPSILONS" --kernel-length-scale median \
          --exploit argmax --exploit-share "$SHARE" --composition parallel ;;
    esac
  done
done

python3 bench/real-data-capri-table.py "$OUT" docs/benchmarks-real.md
