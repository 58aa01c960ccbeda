#!/usr/bin/env python3
"""The table of bench/gpucb-regulariser.sh (docs/benchmarks-gpucb.md, "The regulariser").

Usage: bench/gpucb-regulariser-table.py OUT_DIR

OUT_DIR holds one `simulate --out` folder per function and variant, named <function>-<regulariser>-c<radius>
(gpucb at eps 1 and 10) or <function>-baselines (gpucb-nonprivate and uniform). A seed's final regret is its
cumulative regret at the last round of regret.csv. Prints, as markdown, per function and eps the mean final
regret ± standard error (sample sd / sqrt(n)) of each variant, the baselines, and for each variant the paired
difference to SHIFT at radius 0.1 (the former default) with its standard error and the seeds on which it
is lower. Folders without regret.csv are skipped; a variant not run on a function shows "–".
"""
import csv
import math
import os
import re
import sys
from collections import defaultdict

FUNCTIONS = ["camelback", "styblinski-tang", "michalewicz"]


def finals(folder):
    last = {}
    with open(os.path.join(folder, "regret.csv"), newline="") as f:
        for r in csv.DictReader(f):
            key = (r["policy"], r["epsilon"], int(r["seed"]))
            if key not in last or int(r["round"]) >= last[key][0]:
                last[key] = (int(r["round"]), float(r["cumulative_regret"]))
    return {k: v[1] for k, v in last.items()}


def mean_se(xs):
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else float("nan")
    return m, sd / math.sqrt(n), n


def main(out):
    data = defaultdict(dict)  # (fn, label) -> {(eps, seed): regret}
    variants = []
    for name in sorted(os.listdir(out)):
        m = re.match(r"(.+)-(shift|floor)-c([0-9.]+)$", name)
        b = re.match(r"(.+)-baselines$", name)
        path = os.path.join(out, name)
        if not os.path.exists(os.path.join(path, "regret.csv")):
            continue  # not run (yet)
        if m:
            fn, label = m.group(1), f"{m.group(2).upper()}, radius {m.group(3)}"
            if label not in variants:
                variants.append(label)
            for (policy, eps, seed), v in finals(path).items():
                data[(fn, label)][(eps, seed)] = v
        elif b:
            for (policy, eps, seed), v in finals(path).items():
                data[(b.group(1), policy)][("-", seed)] = v
    variants.sort(key=lambda v: (not v.startswith("SHIFT"), -float(v.split()[-1])))
    reference = "SHIFT, radius 0.1"
    for eps in ["1", "10"]:
        print(f"\n### eps = {eps}\n")
        fns = [f for f in FUNCTIONS if (f, reference) in data]
        print("| variant | " + " | ".join(fns) + " |")
        print("|---|" + "---|" * len(fns))
        for label in variants:
            cells = []
            for fn in fns:
                d = data.get((fn, label), {})
                xs = [v for (e, s), v in sorted(d.items()) if e == eps]
                if not xs:
                    cells.append("–")
                    continue
                m, se, n = mean_se(xs)
                cell = f"{m:.0f} ± {se:.0f}"
                if label != reference:
                    ref = data[(fn, reference)]
                    diffs = [d[(eps, s)] - ref[(eps, s)] for (e, s) in sorted(d) if e == eps and (eps, s) in ref]
                    dm, dse, dn = mean_se(diffs)
                    lower = sum(1 for x in diffs if x < 0)
                    cell += f" (paired {dm:+.0f} ± {dse:.0f}, lower on {lower}/{dn})"
                cells.append(cell)
            print(f"| {label} | " + " | ".join(cells) + " |")
        for policy, label in [("gpucb-nonprivate", "non-private"), ("uniform", "uniform")]:
            cells = []
            for fn in fns:
                xs = [v for k, v in sorted(data.get((fn, policy), {}).items())]
                if not xs:
                    cells.append("–")
                    continue
                m, se, n = mean_se(xs)
                cells.append(f"{m:.0f} ± {se:.0f}")
            print(f"| {label} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
