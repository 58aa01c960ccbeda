#!/usr/bin/env python3
"""The table of bench/run-load.sh: service runs (one wrk process per instance, merged) next to the
pgbench ceiling of the same run. Reads OUT/wrk-r{replicas}-c{connections}-i{instance}.txt (written by
decide-feedback.lua's done()) and OUT/pgbench-c{connections}.txt."""
import glob
import os
import re
import sys

out = sys.argv[1]


def wrk_runs(replicas, c):
    runs = []
    for path in sorted(glob.glob(os.path.join(out, f"wrk-r{replicas}-c{c}-i*.txt"))):
        fields = {"q": []}
        for line in open(path):
            k, v = line.split()
            if k == "q":
                fields["q"].append(int(v))
            else:
                fields[k] = int(v)
        runs.append(fields)
    return runs


def merged(runs):
    """requests/s summed over the instances; latency quantiles of the pooled distribution."""
    rps = sum(r["requests"] / (r["duration_us"] / 1e6) for r in runs)
    samples = []  # (latency, weight): each quantile of a run stands for requests/1000 requests
    for r in runs:
        w = r["requests"] / len(r["q"])
        samples += [(x, w) for x in r["q"]]
    samples.sort()
    total = sum(w for _, w in samples)

    def pct(p):
        acc = 0.0
        for x, w in samples:
            acc += w
            if acc >= p * total:
                return x / 1000.0
        return samples[-1][0] / 1000.0

    return rps, pct(0.50), pct(0.99), sum(r["errors"] for r in runs)


def ceiling(c):
    path = os.path.join(out, f"pgbench-c{c}.txt")
    if not os.path.exists(path):
        return None, None
    text = open(path).read()
    tps = re.search(r"tps = ([0-9.]+)", text)
    lat = re.search(r"latency average = ([0-9.]+) ms", text)
    return (float(tps.group(1)) if tps else None), (float(lat.group(1)) if lat else None)


replica_counts = sorted({int(re.search(r"wrk-r(\d+)-", p).group(1)) for p in glob.glob(os.path.join(out, "wrk-r*-c*-i*.txt"))})
conns = sorted({int(re.search(r"-c(\d+)-", p).group(1)) for p in glob.glob(os.path.join(out, "wrk-r*-c*-i*.txt"))})
print("| instances | connections | service pairs/s | p50 ms | p99 ms | non-2xx/errors | ceiling pairs/s | ceiling avg latency ms | ratio | p99 / ceiling avg |")
print("|---|---|---|---|---|---|---|---|---|---|")
for n in replica_counts:
    for c in conns:
        runs = wrk_runs(n, c)
        if not runs:
            continue
        rps, p50, p99, errors = merged(runs)
        pairs = rps / 2
        tps, lat = ceiling(c)
        ratio = f"{pairs / tps:.2f}" if tps else "-"
        p99_ratio = f"{p99 / lat:.1f}" if lat else "-"
        print(f"| {n} | {c} | {pairs:,.0f} | {p50:.1f} | {p99:.1f} | {errors} | "
              f"{tps:,.0f} | {lat:.1f} | {ratio} | {p99_ratio} |" if tps else
              f"| {n} | {c} | {pairs:,.0f} | {p50:.1f} | {p99:.1f} | {errors} | - | - | - | - |")
