#!/usr/bin/env bash
# docs/benchmarks-real.md, section "The data's scale": the same digits, scaled and clipped differently
# (bench/prepare-digits.py with QUANTILE and BIAS: rows scaled so that the QUANTILE-th percentile norm of
# the 6 component scores is sqrt(1 - BIAS^2), longer rows clipped to it), each in a copy of the jar whose
# data set is replaced, so the committed CSV is untouched. Per scaling: uniform, non-private disjoint
# LinUCB and the served EPOCHS release (linucb-epochs-served, first epoch T/8) at epsilon 1 and 4,
# T = 20000, SEEDS seeds. Needs python3 with numpy, python3-sklearn's digits and the JDK's jar tool.
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=${JAR:-target/dpbandit.jar}
SEEDS=${SEEDS:-5}
OUT=${OUT:-out/real-data-scale}
T=20000
B=$(( (T + 255) / 256 ))
for scaling in "100 0.7071067811865476" "95 0.4" "80 0.3" "50 0.3"; do
  set -- $scaling
  dir="$OUT/q$1-b$2"
  if [ ! -f "$dir/epochs/runs.csv" ]; then
    mkdir -p "$dir/BOOT-INF/classes/datasets/digits"
    QUANTILE=$1 BIAS=$2 python3 bench/prepare-digits.py "${SOURCE:-/usr/lib/python3/dist-packages/sklearn/datasets/data/digits.csv.gz}" \
      "$dir/BOOT-INF/classes/datasets/digits/digits-pca7.csv" 2>/dev/null
    cp "$JAR" "$dir/dpbandit.jar"
    (cd "$dir" && jar -u0f dpbandit.jar BOOT-INF/classes/datasets/digits/digits-pca7.csv)
    SIM="java -jar $dir/dpbandit.jar simulate --env multiclass --dataset digits --pool 40 --delta 1e-5 --seeds $SEEDS --threads 2 --horizon $T"
    $SIM --policies uniform,linucb-disjoint --epsilons inf --out "$dir/baselines" >/dev/null 2>&1
    $SIM --batch $B --feature-map PER_ACTION --policies linucb-epochs-served --epsilons 1,4 --out "$dir/epochs" >/dev/null 2>&1
    rm "$dir/dpbandit.jar"
  fi
done
python3 - "$OUT" <<'PY'
import csv, os, sys
out = sys.argv[1]
def mean(d, policy, eps):
    v = [float(r["mean_reward_second_half"]) for r in csv.DictReader(open(os.path.join(d, "runs.csv")))
         if r["policy"] == policy and r["epsilon"] == eps]
    return sum(v) / len(v)
print("| norm percentile scaled to R | bias | non-private | EPOCHS ε = 1 | EPOCHS ε = 4 | share ε = 1 | share ε = 4 |")
print("|---|---|---|---|---|---|---|")
for name in sorted(os.listdir(out), key=lambda n: -float(n.split("-")[0][1:])):
    q, b = name.split("-")
    d = os.path.join(out, name)
    u = mean(os.path.join(d, "baselines"), "uniform", "inf")
    np_ = mean(os.path.join(d, "baselines"), "linucb-disjoint", "inf")
    e1 = mean(os.path.join(d, "epochs"), "linucb-epochs-served", "1")
    e4 = mean(os.path.join(d, "epochs"), "linucb-epochs-served", "4")
    print("| %s | %.3g | %.3f | %.3f | %.3f | %.2f | %.2f |" % (q[1:], float(b[1:]), np_, e1, e4,
          (e1 - u) / (np_ - u), (e4 - u) / (np_ - u)))
PY
