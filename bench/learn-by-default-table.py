#!/usr/bin/env python3
"""The LEARN-against-PAPER table from the cells bench/learn-by-default.sh leaves in OUT/DATASET/T<T>-<name>.

Per data set and T: uniform play, non-private disjoint LinUCB, and each profile's CAPRI and LINUCB at each
privacy level: the mean reward over rounds T/2+1..T (mean +- standard error over seeds) and the share of the
non-private gain it closes, (r - r_uniform) / (r_nonprivate - r_uniform). Then issue 33's targets at T = 20000
(LEARN LINUCB >= 0.5 at epsilon 1 and >= 0.8 at 4; LEARN CAPRI >= 0.3 and >= 0.5), each PASS or MISS.

Usage: python3 bench/learn-by-default-table.py OUT [DOC]
With DOC, the tables also replace the text between the LEARN TABLES markers of DOC (docs/benchmarks-real.md).
"""
import csv
import math
import os
import re
import sys

TARGETS = {("learn-linucb", "1"): 0.5, ("learn-linucb", "4"): 0.8, ("learn-capri", "1"): 0.3,
           ("learn-capri", "4"): 0.5}
CELLS = [("learn-capri", "CAPRI, LEARN (default)"), ("paper-capri", "CAPRI, PAPER"),
         ("learn-linucb", "LINUCB, LEARN (default)"), ("paper-linucb", "LINUCB, PAPER"),
         ("learn-capri-ldp", "CAPRI-LDP, LEARN (default; local DP)"), ("usca", "USCA (decisions uniform by design)"),
         ("learn-onlineucb", "ONLINEUCB, default (local DP)"), ("paper-onlineucb", "ONLINEUCB, PAPER (local DP)"),
         ("ldp-linucb", "LDP-LinUCB baseline, not served (local DP)")]


def second_half(path):
    by_eps = {}
    with open(path) as f:
        for row in csv.DictReader(f):
            by_eps.setdefault((row["policy"], row["epsilon"]), []).append(float(row["mean_reward_second_half"]))
    return by_eps


def stats(v):
    m = sum(v) / len(v)
    se = math.sqrt(sum((x - m) ** 2 for x in v) / (len(v) - 1) / len(v)) if len(v) > 1 else 0.0
    return m, se


def tables(out):
    lines, checks = [], []
    for dataset in sorted(os.listdir(out)):
        horizons = sorted({int(m.group(1)) for n in os.listdir(os.path.join(out, dataset))
                           for m in [re.match(r"T(\d+)-", n)] if m})
        for t in horizons:
            base = os.path.join(out, dataset, f"T{t}-baselines", "runs.csv")
            if not os.path.exists(base):
                continue
            b = second_half(base)
            u, un = stats(b[("uniform", "inf")])
            n, nn = stats(b[("linucb-disjoint", "inf")])
            lines += [f"### {dataset}, T = {t} ({len(b[('uniform', 'inf')])} seeds)", "",
                      f"Uniform play {u:.3f} ± {un:.3f}, non-private disjoint LinUCB {n:.3f} ± {nn:.3f} "
                      "(second half); each cell: reward over the second half, and the share of the non-private gain.",
                      "", "| configuration | " + " | ".join(f"ε = {e}" for e in ("0.5", "1", "4")) + " |",
                      "|---|---|---|---|"]
            for cell, label in CELLS:
                path = os.path.join(out, dataset, f"T{t}-{cell}", "runs.csv")
                if not os.path.exists(path):
                    continue
                runs = second_half(path)
                row = []
                for e in ("0.5", "1", "4"):
                    v = [x for (p, eps), xs in runs.items() if eps == e for x in xs]
                    if not v:
                        row.append("–")
                        continue
                    m, se = stats(v)
                    share = (m - u) / (n - u)
                    row.append(f"{m:.3f} ± {se:.3f} ({share:.2f})")
                    if t == 20000 and (cell, e) in TARGETS:
                        target = TARGETS[(cell, e)]
                        checks.append(f"{'PASS' if share >= target else 'MISS'}: {dataset}, {label}, ε = {e}: "
                                      f"share {share:.2f} (target {target})")
                lines.append(f"| {label} | " + " | ".join(row) + " |")
            lines.append("")
    return lines, checks


def main():
    out = sys.argv[1]
    lines, checks = tables(out)
    text = "\n".join(lines + ["Targets (issue 33, T = 20000):", ""] + [f"* {c}" for c in checks]) + "\n"
    print(text)
    if len(sys.argv) > 2:
        doc = open(sys.argv[2]).read()
        begin, end = "<!-- BEGIN LEARN TABLES (bench/learn-by-default-table.py) -->", "<!-- END LEARN TABLES -->"
        i, j = doc.index(begin) + len(begin), doc.index(end)
        open(sys.argv[2], "w").write(doc[:i] + "\n" + text + doc[j:])


if __name__ == "__main__":
    main()
