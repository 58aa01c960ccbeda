#!/usr/bin/env python3
"""Tables (markdown, for issue 33's notes) from the cells bench/research-defaults.sh leaves in OUT/DATASET.

Per data set and T, one row per (cell, policy, epsilon): the mean reward over rounds T/2+1..T (mean +- standard
error over seeds), the same over all rounds, the gain share (r - r_uniform) / (r_np - r_uniform) of the second
half with r_np non-private disjoint LinUCB (the cell T<T>-baselines), and the mean wall seconds per run.

Usage: python3 bench/research-defaults-table.py [OUT] [DATASET ...]   (markdown on stdout)
       python3 bench/research-defaults-table.py --csv [OUT] [DATASET ...]   (one line per row)
"""
import csv
import math
import os
import re
import sys


def stats(v):
    m = sum(v) / len(v)
    se = math.sqrt(sum((x - m) ** 2 for x in v) / (len(v) - 1) / len(v)) if len(v) > 1 else 0.0
    return m, se


def load(directory):
    """{T: {(cell, policy, eps): [(second_half, overall, seconds), ...]}} in directory order."""
    out = {}
    for name in sorted(os.listdir(directory)):
        path = os.path.join(directory, name, "runs.csv")
        m = re.match(r"T(\d+)-(.*)", name)
        if not m or not os.path.exists(path):
            continue
        horizon, cell = int(m.group(1)), m.group(2)
        with open(path) as f:
            for row in csv.DictReader(f):
                if not row["mean_reward_second_half"]:
                    continue
                out.setdefault(horizon, {}).setdefault((cell, row["policy"], row["epsilon"]), []).append(
                    (float(row["mean_reward_second_half"]), float(row["mean_reward"]), float(row["seconds"])))
    return out


def eps_key(e):
    return float("inf") if e == "inf" else float(e)


def rows(directory):
    """(T, cell, policy, eps, n, (m2, se2), (m, se), share, seconds) per row, baselines first."""
    result = []
    for horizon, cells in sorted(load(directory).items()):
        uniform = stats([x[0] for x in cells.get(("baselines", "uniform", "inf"), [(float("nan"),) * 3])])[0]
        reference = stats([x[0] for x in cells.get(("baselines", "linucb-disjoint", "inf"),
                                                   [(float("nan"),) * 3])])[0]
        order = sorted(cells, key=lambda k: (k[0] != "baselines", k[0], k[1], eps_key(k[2])))
        for key in order:
            v = cells[key]
            second = stats([x[0] for x in v])
            overall = stats([x[1] for x in v])
            share = (second[0] - uniform) / (reference - uniform)
            result.append((horizon, key[0], key[1], key[2], len(v), second, overall, share,
                           sum(x[2] for x in v) / len(v)))
    return result


def main():
    args = sys.argv[1:]
    as_csv = bool(args) and args[0] == "--csv"
    if as_csv:
        args = args[1:]
    out = args[0] if args else "out/research-defaults"
    datasets = args[1:] or sorted(d for d in os.listdir(out) if os.path.isdir(os.path.join(out, d)) and d != "jar")
    for dataset in datasets:
        table = rows(os.path.join(out, dataset))
        if as_csv:
            for r in table:
                print("%s,%d,%s,%s,%s,%d,%.4f,%.4f,%.4f,%.4f,%.3f,%.1f" % ((dataset,) + r[:5] + r[5] + r[6]
                                                                        + (r[7], r[8])))
            continue
        for horizon in sorted({r[0] for r in table}):
            print("### %s, T = %d\n" % (dataset, horizon))
            print("| cell | policy | ε | seeds | reward, second half | reward, all rounds | gain share | s/run |")
            print("|---|---|---|---|---|---|---|---|")
            for r in table:
                if r[0] != horizon:
                    continue
                print("| %s | %s | %s | %d | %.4f ± %.4f | %.4f ± %.4f | %.2f | %.1f |" % (
                    r[1], r[2], "∞" if r[3] == "inf" else r[3], r[4], r[5][0], r[5][1], r[6][0], r[6][1], r[7], r[8]))
            print()


if __name__ == "__main__":
    main()
