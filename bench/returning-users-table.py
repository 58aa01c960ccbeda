#!/usr/bin/env python3
"""The table of bench/returning-users.sh: for every cell folder under OUT and every CAPRI (epsilon),
the final cumulative regret (mean ± standard error over seeds), its per-seed ratio to uniform play
on the same seed, its per-seed ratio to the same cell's non-private CAPRI (epsilon = inf, same unit
and k, so the cap on learning rounds is in both), the pool contexts whose best action the last
release eliminated (epochs.csv, of 50), the fraction of learning rounds and the heaviest user's
rounds (users.csv, cells with returning users only).

    bench/returning-users-table.py OUT
"""
import csv
import math
import os
import sys


def mean_se(xs):
    n = len(xs)
    m = sum(xs) / n
    se = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n) if n > 1 else 0.0
    return m, se


def fmt(xs, digits):
    m, se = mean_se(xs)
    return f"{m:.{digits}f} ± {se:.{digits}f}"


def finals(cell):
    with open(os.path.join(cell, "regret.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    horizon = max(int(r["round"]) for r in rows)
    return {(r["policy"], r["epsilon"], int(r["seed"])): float(r["cumulative_regret"])
            for r in rows if int(r["round"]) == horizon}, horizon


def users(cell):
    path = os.path.join(cell, "users.csv")
    if not os.path.exists(path):
        return {}
    with open(path, newline="") as f:
        return {(r["policy"], r["epsilon"], int(r["seed"])): r for r in csv.DictReader(f)}


def best_lost(cell):
    last = {}
    with open(os.path.join(cell, "epochs.csv"), newline="") as f:
        for r in csv.DictReader(f):
            key = (r["policy"], r["epsilon"], int(r["seed"]))
            if key not in last or int(r["epoch"]) > last[key][0]:
                last[key] = (int(r["epoch"]), int(r["best_eliminated"]))
    return {k: v[1] for k, v in last.items()}


def main():
    out = sys.argv[1]
    print(f"{'cell':<24} {'eps':>4} {'seeds':>5} {'T':>7} {'regret':>18} {'/uniform':>16} {'/non-private':>16} "
          f"{'best lost':>12} {'learning':>16} {'heaviest user':>14}")
    for name in sorted(os.listdir(out)):
        cell = os.path.join(out, name)
        if not os.path.exists(os.path.join(cell, "regret.csv")):
            continue
        fin, horizon = finals(cell)
        who = users(cell)
        lost = best_lost(cell)
        eps_list = sorted({e for (p, e, _) in fin if p == "capri"}, key=lambda e: (e == "inf", e))
        for eps in eps_list:
            seeds = sorted(s for (p, e, s) in fin if p == "capri" and e == eps)
            regret = [fin[("capri", eps, s)] for s in seeds]
            ratio = [fin[("capri", eps, s)] / fin[("uniform", "inf", s)] for s in seeds]
            np = [fin[("capri", eps, s)] / fin[("capri", "inf", s)] for s in seeds if ("capri", "inf", s) in fin]
            learn = [int(who[("capri", eps, s)]["learning_rounds"]) / int(who[("capri", eps, s)]["rounds"])
                     for s in seeds if ("capri", eps, s) in who]
            gone = [lost.get(("capri", eps, s), 0) for s in seeds]
            heavy = [int(who[("capri", eps, s)]["heaviest_user_rounds"]) for s in seeds if ("capri", eps, s) in who]
            print(f"{name:<24} {eps:>4} {len(seeds):>5} {horizon:>7} {fmt(regret, 0):>18} {fmt(ratio, 3):>16} "
                  f"{(fmt(np, 3) if np and eps != 'inf' else '-'):>16} "
                  f"{fmt(gone, 1):>12} {(fmt(learn, 3) if learn else '-'):>16} {(fmt(heavy, 0) if heavy else '-'):>14}")
    unif = None
    for name in sorted(os.listdir(out)):
        if os.path.exists(os.path.join(out, name, "regret.csv")):
            fin, _ = finals(os.path.join(out, name))
            unif = [v for (p, e, s), v in sorted(fin.items()) if p == "uniform"]
            break
    if unif:
        print(f"uniform play: regret {fmt(unif, 0)} over {len(unif)} seeds")


if __name__ == "__main__":
    main()
