#!/usr/bin/env python3
"""Markdown table of bench/real-data-epochs.sh: per T, variant and epsilon, the mean reward (second
half, all rounds) +- standard error over seeds, and share = (r - r_uniform) / (r_np - r_uniform) with
r_uniform and r_np (linucb-disjoint) from the same T's baselines. Usage: real-data-epochs-table.py OUT"""
import csv, math, os, sys
from collections import defaultdict

out = sys.argv[1]
cells = defaultdict(list)  # (T, variant, policy, eps) -> [(overall, second)]
for d in sorted(os.listdir(out)):
    p = os.path.join(out, d, "runs.csv")
    if not os.path.isfile(p):
        continue
    t, variant = d.split("-", 1)
    for r in csv.DictReader(open(p)):
        cells[(int(t[1:]), variant, r["policy"], r["epsilon"])].append(
            (float(r["mean_reward"]), float(r["mean_reward_second_half"]), float(r["seconds"])))

def stats(xs):
    m = sum(xs) / len(xs)
    se = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs)) if len(xs) > 1 else float("nan")
    return m, se

def order(e):
    return math.inf if e == "inf" else float(e)

for T in sorted({k[0] for k in cells}):
    base = {k[2]: v for k, v in cells.items() if k[0] == T and k[1] == "baselines"}
    u = [stats([x[i] for x in base["uniform"]])[0] for i in (0, 1)]
    np_ = [stats([x[i] for x in base["linucb-disjoint"]])[0] for i in (0, 1)]
    n = len(base["uniform"])
    print(f"### T = {T} ({n} seeds per cell)\n")
    print("| variant | epsilon | reward, second half | reward, all rounds | share, second half | share, all rounds | s/run |")
    print("|---|---|---|---|---|---|---|")
    rows = [(k, v) for k, v in cells.items() if k[0] == T]
    rows.sort(key=lambda kv: (kv[0][1] != "baselines", kv[0][1], order(kv[0][3])))
    for (t, variant, policy, eps), runs in rows:
        o, oe = stats([x[0] for x in runs])
        s, se = stats([x[1] for x in runs])
        sec = sum(x[2] for x in runs) / len(runs)
        name = policy if variant == "baselines" else variant
        sh_s = (s - u[1]) / (np_[1] - u[1])
        sh_o = (o - u[0]) / (np_[0] - u[0])
        e = "∞" if eps == "inf" else eps
        print(f"| {name} | {e} | {s:.4f} ± {se:.4f} | {o:.4f} ± {oe:.4f} | {sh_s:.2f} | {sh_o:.2f} | {sec:.1f} |")
    print()
