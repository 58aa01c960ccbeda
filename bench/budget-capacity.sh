#!/usr/bin/env bash
# docs/benchmarks.md, "Exact accounting": what a shared budget buys each of n Gaussian bandits under the
# exact Gaussian-DP filter and the two zCDP conversions. Pure arithmetic: a second.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -o test-compile >/dev/null
java -cp target/classes:target/test-classes io.dpbandit.bench.BudgetCapacity
