#!/usr/bin/env python3
"""The planner's own LINUCB forecasts (plan --json on a spec) for the configurations bench/research-defaults.sh
measures, to see whether they rank them as the measurements do (issue 33's research; bench/research-defaults.sh makes the measurements).

For each data set (digits: 7 context features, 10 label actions; wine: 5 and 3), horizon and epsilon, one spec per
configuration: the tree (release TREE, PER_ACTION, and OUTER_PRODUCT with one-hot action features) and EPOCHS with
each first epoch. Prints the planner's learning rounds to resolve GAP (its headline figure) and its score error at
the start of the second half (T/2) and at the end.

Usage: python3 bench/research-defaults-plan.py [JAR] [GAP]     (default target/dpbandit.jar, 0.5)
"""
import json
import os
import subprocess
import sys
import tempfile

JAR = sys.argv[1] if len(sys.argv) > 1 else "target/dpbandit.jar"
GAP = sys.argv[2] if len(sys.argv) > 2 else "0.5"
SETS = [("digits", 7, 10, [20000, 100000]), ("wine", 5, 3, [2000, 5000, 20000])]
FIRSTS = [0.0625, 0.125, 0.25, 0.375, 0.5]


def spec(d, k, horizon, eps, linear, one_hot):
    actions = [{"id": str(a), "features": [1.0 if i == a else 0.0 for i in range(k)]} if one_hot else {"id": str(a)}
               for a in range(k)]
    return {"id": "research", "algorithm": "LINUCB", "privacy": {"epsilon": eps, "delta": 1e-5},
            "horizon": horizon, "rewardBound": 1.0, "contextDimension": d, "actions": actions, "linear": linear,
            "feedback": {"waitSeconds": 1, "defaultReward": 0.0}}


def plan(body):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(body, f)
        path = f.name
    try:
        out = subprocess.run(["java", "-jar", JAR, "plan", path, "--gap", GAP, "--json"], capture_output=True,
                             text=True, check=True).stdout
    finally:
        os.unlink(path)
    return json.loads(out)["linear"]


def error_at(points, n):
    """The score error of the model in force after n learning rounds (None before the first point)."""
    e = None
    for p in points:
        if p["rounds"] <= n:
            e = p["scoreError"]
    return e


def main():
    print("| data set | T | ε | configuration | rounds to resolve %s | score error at T/2 | at T |" % GAP)
    print("|---|---|---|---|---|---|---|")
    for name, d, k, horizons in SETS:
        for horizon in horizons:
            for eps in (0.5, 1.0, 4.0):
                configs = [("tree, OUTER_PRODUCT", {"featureMap": "OUTER_PRODUCT"}, True),
                           ("tree, PER_ACTION", {"featureMap": "PER_ACTION"}, False)]
                configs += [("EPOCHS, first %.4g" % f, {"featureMap": "PER_ACTION", "release": "EPOCHS",
                                                        "firstEpoch": f}, False) for f in FIRSTS]
                for label, linear, one_hot in configs:
                    f = plan(spec(d, k, horizon, eps, linear, one_hot))
                    half, end = error_at(f["points"], horizon // 2), error_at(f["points"], horizon)
                    print("| %s | %d | %g | %s | %s | %s | %s |" % (
                        name, horizon, eps, label, f["roundsToResolve"] if f["roundsToResolve"] else "not within T",
                        "uniform" if half is None else "%.3g" % half, "%.3g" % end))


if __name__ == "__main__":
    main()
