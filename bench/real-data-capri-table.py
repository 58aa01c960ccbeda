#!/usr/bin/env python3
"""Tables of bench/real-data-capri.sh (its T<T>-capri-* cells in OUT): per horizon and CAPRI variant, mean reward +- standard error over
seeds (second half / all rounds) and the share (r - r_uniform) / (r_np - r_uniform) of each,
with r_uniform and r_np (non-private disjoint LinUCB) the means of docs/benchmarks-real.md's main tables
(bench/real-data.sh, the same seeds and rows).

Usage: python3 bench/real-data-capri-table.py OUT [DOC]
With DOC, the tables also replace what stands between <!-- BEGIN CAPRI TABLES --> and <!-- END CAPRI TABLES -->
in DOC (the prose around them untouched).
"""
import csv
import math
import os
import re
import sys

# Means of uniform play and non-private disjoint LinUCB, seeds 1-5 (docs/benchmarks-real.md): second half, all rounds.
BASE = {20000: ((0.1000, 0.8018), (0.0998, 0.7903)), 100000: ((0.0996, 0.8058), (0.0995, 0.8016))}


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


def tables(out):
    cells = {}
    for name in sorted(os.listdir(out)):
        path = os.path.join(out, name, "runs.csv")
        m = re.match(r"T(\d+)-(.*)", name)
        if not m or not os.path.exists(path) or label(m.group(2)) is None:
            continue
        for row in csv.DictReader(open(path)):
            cells.setdefault((int(m.group(1)), label(m.group(2)), row["epsilon"]), []).append(
                (float(row["mean_reward_second_half"]), float(row["mean_reward"])))
    lines = []
    for horizon in sorted({k[0] for k in cells}, reverse=True):
        (u, np_), (u1, np1) = BASE[horizon]
        seeds = sorted({len(v) for k, v in cells.items() if k[0] == horizon})
        lines.append("### CAPRI variants, T = %d (%s seeds per cell)" % (horizon, "/".join(map(str, seeds))))
        lines.append("")
        lines.append("| length scale | decisions | composition | ε | reward, second half | reward, all rounds "
                     "| share, second half | share, all rounds |")
        lines.append("|---|---|---|---|---|---|---|---|")

        def order(k):
            (scale, rule, composition), eps = k
            share = -1.0 if rule.startswith("paper") else float(rule.split("= ")[1])
            return (scale != "median rule", scale, composition != "SEQUENTIAL", share, float(eps))
        for lab, eps in sorted({(k[1], k[2]) for k in cells if k[0] == horizon}, key=order):
            v = cells[(horizon, lab, eps)]
            m2, s2 = stats([x[0] for x in v])
            m1, s1 = stats([x[1] for x in v])
            lines.append("| %s | %s | %s | %s | %.4f ± %.4f | %.4f ± %.4f | %.2f | %.2f |" % (
                lab[0], lab[1], lab[2], "∞" if eps == "inf" else eps, m2, s2, m1, s1, (m2 - u) / (np_ - u),
                (m1 - u1) / (np1 - u1)))
        lines.append("")
    return "\n".join(lines)


def main():
    text = tables(sys.argv[1])
    print(text)
    if len(sys.argv) > 2:
        doc = sys.argv[2]
        body = "<!-- BEGIN CAPRI TABLES (bench/real-data-capri-table.py) -->\n" + text + "<!-- END CAPRI TABLES -->"
        content = open(doc).read()
        if "<!-- BEGIN CAPRI TABLES" not in content:
            raise SystemExit(doc + " has no <!-- BEGIN CAPRI TABLES --> marker")
        content = re.sub(r"<!-- BEGIN CAPRI TABLES.*?<!-- END CAPRI TABLES -->", lambda _: body, content, flags=re.S)
        with open(doc, "w") as f:
            f.write(content)


if __name__ == "__main__":
    main()
