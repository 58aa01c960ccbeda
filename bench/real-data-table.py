#!/usr/bin/env python3
"""Tables of docs/benchmarks-real.md from the runs.csv files bench/real-data.sh leaves in OUT.

For every T: mean reward over rounds T/2+1..T and over 1..T, mean +- standard error over seeds, and the
share (r - r_uniform) / (r_disjoint - r_uniform) of the gap between uniform play and non-private
disjoint LinUCB that a policy closes (from the means). Writes the tables between the markers
<!-- BEGIN TABLES --> and <!-- END TABLES --> of DOC (creating it if absent), the prose around them untouched.

Usage: python3 bench/real-data-table.py OUT DOC
"""
import csv
import math
import os
import re
import sys
from collections import OrderedDict

LABELS = OrderedDict([
    ("uniform", "uniform play"),
    ("linucb-disjoint", "disjoint LinUCB, non-private (Li et al. 2010, alpha = 1, ridge 1)"),
    ("linucb@OUTER_PRODUCT", "LinUCB, non-private, OUTER_PRODUCT (d = 70)"),
    ("linucb@PER_ACTION", "LinUCB, non-private, PER_ACTION"),
    ("linucb-jdp-gauss@OUTER_PRODUCT", "private LINUCB, OUTER_PRODUCT (d = 70)"),
    ("linucb-jdp-gauss@PER_ACTION", "private LINUCB, PER_ACTION"),
    ("linucb-jdp-gauss-floor@PER_ACTION", "private LINUCB, PER_ACTION, regulariser FLOOR"),
    ("linucb-epochs-served", "private LINUCB, PER_ACTION, release EPOCHS"),
    ("capri", "CAPRI (engineered, RBF 0.3)"),
    ("capri@median-s0.5", "CAPRI (engineered, RBF median rule, exploit ARGMAX, share 0.5)"),
])


def stats(v):
    m = sum(v) / len(v)
    se = math.sqrt(sum((x - m) ** 2 for x in v) / (len(v) - 1) / len(v)) if len(v) > 1 else 0.0
    return m, se


def load(out):
    cells = OrderedDict()  # (T, key, eps) -> list of (second_half, overall, seconds)
    commands = {}
    for name in sorted(os.listdir(out)):
        path = os.path.join(out, name, "runs.csv")
        m = re.match(r"T(\d+)-(.*)", name)
        if not m or not os.path.exists(path):
            continue
        horizon, part = int(m.group(1)), m.group(2)
        if part.startswith("capri-") and "capri@" + part[len("capri-"):] not in LABELS:
            continue  # bench/real-data-capri.sh's other variants: its own tables
        fmap = "PER_ACTION" if part.startswith("per-action") else "OUTER_PRODUCT"
        with open(path) as f:
            for row in csv.DictReader(f):
                key = row["policy"]
                if key in ("linucb", "linucb-jdp-gauss", "linucb-jdp-gauss-floor"):
                    key += "@" + fmap
                elif key == "capri" and part != "capri":
                    key += "@" + part[len("capri-"):]
                cells.setdefault((horizon, key, row["epsilon"]), []).append(
                    (float(row["mean_reward_second_half"]), float(row["mean_reward"]), float(row["seconds"])))
    return cells


def eps_order(e):
    return float("inf") if e == "inf" else float(e)


def tables(cells):
    lines = []
    for horizon in sorted({k[0] for k in cells}):
        rows = [(k[1], k[2], v) for k, v in cells.items() if k[0] == horizon]
        base = {key: stats([x[0] for x in v])[0] for key, e, v in rows if key in ("uniform", "linucb-disjoint")}
        base_all = {key: stats([x[1] for x in v])[0] for key, e, v in rows if key in ("uniform", "linucb-disjoint")}
        seeds = sorted({len(v) for _, _, v in rows})
        lines.append("### T = %d (%s seeds per cell)" % (horizon, "/".join(map(str, seeds))))
        lines.append("")
        lines.append("| policy | epsilon | reward, second half | reward, all rounds | share, second half "
                     "| share, all rounds | s/run |")
        lines.append("|---|---|---|---|---|---|---|")
        order = list(LABELS)
        rows.sort(key=lambda r: (order.index(r[0]) if r[0] in order else 99, eps_order(r[1])))
        for key, e, v in rows:
            m2, s2 = stats([x[0] for x in v])
            m1, s1 = stats([x[1] for x in v])
            sec = sum(x[2] for x in v) / len(v)

            def share(m, b):
                if "uniform" not in b or "linucb-disjoint" not in b:
                    return "-"
                return "%.2f" % ((m - b["uniform"]) / (b["linucb-disjoint"] - b["uniform"]))
            lines.append("| %s | %s | %.4f ± %.4f | %.4f ± %.4f | %s | %s | %.1f |" % (
                LABELS.get(key, key), "∞" if e == "inf" else e, m2, s2, m1, s1, share(m2, base), share(m1, base_all),
                sec))
        lines.append("")
    return "\n".join(lines)


def main():
    out, doc = sys.argv[1], sys.argv[2]
    body = "<!-- BEGIN TABLES (bench/real-data-table.py) -->\n" + tables(load(out)) + "<!-- END TABLES -->"
    if os.path.exists(doc):
        text = open(doc).read()
        text = re.sub(r"<!-- BEGIN TABLES.*?<!-- END TABLES -->", lambda _: body, text, flags=re.S)
    else:
        text = "# Private bandits on real data\n\n" + body + "\n"
    with open(doc, "w") as f:
        f.write(text)
    print(tables(load(out)))


if __name__ == "__main__":
    main()
