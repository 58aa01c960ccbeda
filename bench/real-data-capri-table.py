#!/usr/bin/env python3
"""Tables of bench/real-data-capri.sh (its T<T>-capri-* cells in OUT): per horizon and CAPRI variant, mean reward +- standard error over
seeds (second half / all rounds) and the share (r - r_uniform) / (r_np - r_uniform) of the second half,
with r_uniform and r_np (non-private disjoint LinUCB) the means of docs/benchmarks-real.md's main tables
(bench/real-data.sh, the same seeds and rows).

Usage: python3 bench/real-data-capri-table.py OUT
"""
import csv
import math
import os
import re
import sys

# Second-half means of uniform play and non-private disjoint LinUCB, seeds 1-5 (docs/benchmarks-real.md).
BASE = {20000: (0.1000, 0.8018), 100000: (0.0996, 0.8058)}


def stats(v):
    m = sum(v) / len(v)
    se = math.sqrt(sum((x - m) ** 2 for x in v) / (len(v) - 1) / len(v)) if len(v) > 1 else 0.0
    return m, se


def label(part):
    m = re.match(r"capri-(median|L[0-9.]+)-(none|s[0-9.]+)(-parallel)?$", part)
    if not m:
        return None
    scale = "median rule" if m.group(1) == "median" else "ℓ = " + m.group(1)[1:]
    rule = "paper (uniform over X_r(c))" if m.group(2) == "none" else "ARGMAX, s = " + m.group(2)[1:]
    return scale, rule, "PARALLEL" if m.group(3) else "SEQUENTIAL"


def main():
    out = sys.argv[1]
    cells = {}
    for name in sorted(os.listdir(out)):
        path = os.path.join(out, name, "runs.csv")
        m = re.match(r"T(\d+)-(.*)", name)
        if not m or not os.path.exists(path) or label(m.group(2)) is None:
            continue
        for row in csv.DictReader(open(path)):
            cells.setdefault((int(m.group(1)), label(m.group(2)), row["epsilon"]), []).append(
                (float(row["mean_reward_second_half"]), float(row["mean_reward"])))
    for horizon in sorted({k[0] for k in cells}):
        u, np_ = BASE[horizon]
        print("### T = %d\n" % horizon)
        print("| length scale | decisions | composition | ε | reward, second half | reward, all rounds | share, second half |")
        print("|---|---|---|---|---|---|---|")
        keys = sorted({(k[1], k[2]) for k in cells if k[0] == horizon},
                      key=lambda k: (k[0][0] != "median rule", k[0][0], k[0][2], k[0][1], float(k[1])))
        for lab, eps in keys:
            v = cells[(horizon, lab, eps)]
            m2, s2 = stats([x[0] for x in v])
            m1, s1 = stats([x[1] for x in v])
            print("| %s | %s | %s | %s | %.4f ± %.4f | %.4f ± %.4f | %.2f |" % (
                lab[0], lab[1], lab[2], eps, m2, s2, m1, s1, (m2 - u) / (np_ - u)))
        print()


if __name__ == "__main__":
    main()
