#!/usr/bin/env python3
"""Paired comparisons of final cumulative regret between two simulated policies.

Every policy of a simulate run sees the same worlds and users for the same seed, so the per-seed
difference of final regrets removes the world-to-world spread that dominates the standard errors of
the summary tables. Usage:

    bench/linear-paired.py OUT_DIR... -p A@EPS:B@EPS [-p ...]

reads OUT_DIR/regret.csv of every folder and prints, for each pair, the mean over common seeds of
regret(A) - regret(B) with its standard error, and on how many seeds A had the lower regret.
"""
import argparse
import csv
import math
import os


def final_regrets(dirs):
    finals = {}
    for d in dirs:
        with open(os.path.join(d, "regret.csv"), newline="") as f:
            rows = list(csv.DictReader(f))
        horizon = max(int(r["round"]) for r in rows)
        for r in rows:
            if int(r["round"]) == horizon:
                finals[(r["policy"], r["epsilon"], int(r["seed"]))] = float(r["cumulative_regret"])
    return finals


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dirs", nargs="+")
    parser.add_argument("-p", "--pair", action="append", required=True, help="A@EPS:B@EPS")
    args = parser.parse_args()
    finals = final_regrets(args.dirs)
    print(f"{'A':<32} {'B':<32} {'seeds':>5} {'mean(A - B) ± se':>22} {'A lower':>8}")
    for pair in args.pair:
        a, b = (tuple(side.split("@")) for side in pair.split(":"))
        seeds = sorted(s for (p, e, s) in finals if (p, e) == a and (b[0], b[1], s) in finals)
        if not seeds:
            raise SystemExit(f"no common seeds for {pair}")
        diffs = [finals[(a[0], a[1], s)] - finals[(b[0], b[1], s)] for s in seeds]
        n = len(diffs)
        mean = sum(diffs) / n
        se = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1) / n) if n > 1 else 0.0
        lower = sum(1 for x in diffs if x < 0)
        print(f"{'@'.join(a):<32} {'@'.join(b):<32} {n:>5} {mean:>12.1f} ± {se:>7.1f} {lower:>5}/{n}")


if __name__ == "__main__":
    main()
