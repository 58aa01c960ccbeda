#!/usr/bin/env bash
# docs/benchmarks.md, "Returning users and the zCDP accountant". On the CAPRI reference world of
# bench/run-capri-grid.sh (--env kernel: 50 contexts x 20 actions, RBF 0.3, delta 1e-5), T = HORIZON:
#  (a) CAPRI at epsilon 1 with SEQUENTIAL epochs under the BASIC and the ZCDP accountant, for the
#      simulator's engineered defaults and for --refined, against uniform play and non-private CAPRI;
#  (b) returning users: N = USERS users with Zipf(SKEW) popularity, --refined CAPRI (ZCDP) at epsilon 1
#      and non-private, unit round against unit user with k in K_LIST, SEQUENTIAL and PARALLEL epochs.
# Every cell runs uniform play on the same seeds, so each ratio is paired per seed. Then prints the
# table (bench/returning-users-table.py). JAR names the jar; finished cells are not run again.
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=${JAR:-target/dpbandit.jar}
SEEDS=${SEEDS:-10}
HORIZON=${HORIZON:-100000}
USERS=${USERS:-100000}
SKEW=${SKEW:-1.1}
K_LIST=${K_LIST:-"1 5 20"}
THREADS=${THREADS:-2}
OUT=${OUT:-out/returning-users}
SIM="java -jar $JAR simulate --env kernel --horizon $HORIZON --delta 1e-5 --seeds $SEEDS --threads $THREADS"
run() { local name=$1; shift; [ -f "$OUT/$name/summary.txt" ] || $SIM "$@" --out "$OUT/$name" >/dev/null; }

# (a) the accountant, round-level
for acc in basic zcdp; do
  run a-default-seq-$acc --policies uniform,capri --epsilons 1,inf --accountant $acc
  run a-refined-seq-$acc --policies uniform,capri --epsilons 1,inf --refined --accountant $acc
done

# (b) returning users
POP="--users $USERS --user-skew $SKEW"
for comp in sequential parallel; do
  run b-$comp-round --policies uniform,capri --epsilons 1,inf --refined --accountant zcdp --composition $comp $POP
  for k in $K_LIST; do
    run b-$comp-user-k$k --policies uniform,capri --epsilons 1,inf --refined --accountant zcdp --composition $comp \
      $POP --unit user --max-rounds-per-user "$k"
  done
done

python3 bench/returning-users-table.py "$OUT"
