#!/usr/bin/env python3
"""Combine simulate runs of Dubey 2021's Table 1 (docs/benchmarks-gpucb.md) over several seed ranges.

Usage:

    bench/gpucb-table1-combine.py OUT_DIR... [--decimals N]

Each OUT_DIR is a `simulate --out` folder holding regret.csv (policy,epsilon,seed,round,
cumulative_regret). regret.csv does not name the test function, so it is taken from the folder's
name with a trailing `-uniform` and/or `-seedsA-B` removed: out/gpucb/camelback,
out/gpucb/camelback-uniform, out/gpucb/camelback-seeds6-10 and out/gpucb/camelback-uniform-seeds6-10
all count as `camelback`. A seed's final regret is its cumulative regret at the last round in its
file (T = 10 000 for the table). The same (function, policy, epsilon, seed) found in two folders must
have the same value, or the script stops.

Prints, as markdown:
  1. mean ± standard error (sample sd / sqrt(n)) of the final regret per function and level, with n;
  2. every seed's final regret;
  3. seed-by-seed orderings of gpucb-nonprivate and gpucb at eps 10, 1, 0.1 (on seeds that have all
     four): non-private < eps 10, eps 10 < eps 1, eps 1 < eps 0.1, and the full order
     non-private < eps 10 < eps 1 < eps 0.1;
  4. each private mean as a multiple of the non-private mean.
"""
import argparse
import csv
import math
import os
import re
import sys

NONPRIVATE = ("gpucb-nonprivate", "inf")
PRIVATE = [("gpucb", "10"), ("gpucb", "1"), ("gpucb", "0.1")]
FULL_ORDER = [NONPRIVATE] + PRIVATE
LABELS = {
    ("uniform", "inf"): "uniform random (reference)",
    NONPRIVATE: "non-private",
    ("gpucb", "10"): "ε = 10",
    ("gpucb", "1"): "ε = 1",
    ("gpucb", "0.1"): "ε = 0.1",
}
FUNCTION_NAMES = {"camelback": "camelback", "styblinski-tang": "Styblinski–Tang", "michalewicz": "Michalewicz"}


def function_of(folder):
    name = os.path.basename(os.path.normpath(folder))
    name = re.sub(r"-seeds\d+-\d+$", "", name)
    name = re.sub(r"-uniform$", "", name)
    return name


def read_finals(folders):
    """{function: {(policy, epsilon): {seed: final regret}}}, plus the horizons seen."""
    finals, horizons = {}, set()
    for folder in folders:
        fn = function_of(folder)
        with open(os.path.join(folder, "regret.csv"), newline="") as f:
            rows = list(csv.DictReader(f))
        last = {}
        for r in rows:
            key = (r["policy"], r["epsilon"], int(r["seed"]))
            rnd = int(r["round"])
            if key not in last or rnd > last[key][0]:
                last[key] = (rnd, float(r["cumulative_regret"]))
        for (policy, eps, seed), (rnd, value) in last.items():
            horizons.add(rnd)
            cell = finals.setdefault(fn, {}).setdefault((policy, eps), {})
            if seed in cell and cell[seed] != value:
                sys.exit(f"{folder}: {fn} {policy} eps={eps} seed {seed} is {value}, "
                         f"another folder has {cell[seed]}")
            cell[seed] = value
    return finals, horizons


def mean_se(values):
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def level_order(levels):
    known = [("uniform", "inf"), NONPRIVATE] + PRIVATE
    rest = sorted(l for l in levels if l not in known)
    return [l for l in known if l in levels] + rest


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dirs", nargs="+", help="simulate --out folders")
    parser.add_argument("--decimals", type=int, default=0, help="decimals for regrets (default 0)")
    args = parser.parse_args()
    finals, horizons = read_finals(args.dirs)
    functions = [f for f in FUNCTION_NAMES if f in finals] + sorted(f for f in finals if f not in FUNCTION_NAMES)
    levels = level_order({l for fn in functions for l in finals[fn]})

    def num(x, decimals=args.decimals):
        if math.isnan(x):
            return "–"
        return f"{x:,.{decimals}f}".replace(",", " ")

    def label(level):
        return LABELS.get(level, f"{level[0]} ε = {level[1]}")

    def name(fn):
        return FUNCTION_NAMES.get(fn, fn)

    print(f"Final cumulative regret at round {', '.join(str(h) for h in sorted(horizons))}; "
          f"mean ± standard error (sample sd / √n) over n seeds.\n")
    print("| | " + " | ".join(name(fn) for fn in functions) + " |")
    print("|---" * (len(functions) + 1) + "|")
    for level in levels:
        cells = []
        for fn in functions:
            seeds = finals[fn].get(level, {})
            if not seeds:
                cells.append("–")
                continue
            m, se = mean_se(list(seeds.values()))
            cells.append(f"{num(m)} ± {num(se)} (n = {len(seeds)})")
        print(f"| {label(level)} | " + " | ".join(cells) + " |")

    print("\nEach seed's final regret (seeds in increasing order):\n")
    print("| | " + " | ".join(name(fn) for fn in functions) + " |")
    print("|---" * (len(functions) + 1) + "|")
    for level in levels:
        cells = []
        for fn in functions:
            seeds = finals[fn].get(level, {})
            cells.append(", ".join(num(seeds[s]) for s in sorted(seeds)) + (f" (seeds {min(seeds)}–{max(seeds)})" if seeds else "–"))
        print(f"| {label(level)} | " + " | ".join(cells) + " |")

    print("\nOn how many seeds each ordering holds (of the seeds that have all four levels):\n")
    checks = [
        ("non-private < ε = 10", [NONPRIVATE, PRIVATE[0]]),
        ("ε = 10 < ε = 1", [PRIVATE[0], PRIVATE[1]]),
        ("ε = 1 < ε = 0.1", [PRIVATE[1], PRIVATE[2]]),
        ("full order non-private < 10 < 1 < 0.1", FULL_ORDER),
    ]
    print("| | " + " | ".join(name(fn) for fn in functions) + " |")
    print("|---" * (len(functions) + 1) + "|")
    common = {}
    for fn in functions:
        sets = [set(finals[fn].get(level, {})) for level in FULL_ORDER]
        common[fn] = sorted(set.intersection(*sets)) if sets else []
    for text, chain in checks:
        cells = []
        for fn in functions:
            seeds = common[fn]
            if not seeds:
                cells.append("–")
                continue
            held = sum(all(finals[fn][a][s] < finals[fn][b][s] for a, b in zip(chain, chain[1:])) for s in seeds)
            cells.append(f"{held} of {len(seeds)}")
        print(f"| {text} | " + " | ".join(cells) + " |")

    print("\nEach private mean as a multiple of the non-private mean (ε = 10 / 1 / 0.1):\n")
    print("| " + " | ".join(name(fn) for fn in functions) + " |")
    print("|---" * len(functions) + "|")
    cells = []
    for fn in functions:
        base = finals[fn].get(NONPRIVATE)
        if not base or any(not finals[fn].get(level) for level in PRIVATE):
            cells.append("–")
            continue
        b = mean_se(list(base.values()))[0]
        cells.append(" / ".join(f"{mean_se(list(finals[fn][level].values()))[0] / b:.1f}" for level in PRIVATE))
    print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
