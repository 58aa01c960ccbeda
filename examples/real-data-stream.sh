#!/usr/bin/env bash
# Streams the digits data set (src/main/resources/datasets/digits, docs/benchmarks-real.md) through a
# running dpbandit service as a bandit, and prints the mean reward per 1000 rounds as it climbs.
#
# Each round: a row drawn uniformly with replacement (seeded), POST /decide with its 7 features as the
# context, the 10 classes as the actions; POST /feedback with reward 1 if the action is the row's
# label, else 0. The bandit is a private LINUCB (joint DP) with one model per class (PER_ACTION) and,
# by default, the EPOCHS release: the first ROUNDS/8 rounds are played uniformly, then the model moves
# at each epoch end (doubling epochs), so the climb comes in steps.
#
#   java -jar target/dpbandit.jar serve          # or mvn spring-boot:run; note the dev key it logs
#   KEY=dpb_dev_... examples/real-data-stream.sh
#
# Settings (environment): KEY (required), BASE (http://localhost:8080), ROUNDS (20000: also the
# bandit's horizon), EPSILON (1), RELEASE (EPOCHS, or TREE: the tree mechanism, whose model moves once
# per leaf of ceil(ROUNDS/256) rounds), SEED (1), BANDIT (digits-<time>).
# Needs bash, curl and python3 (standard library only). Rounds wait for the 1 s feedback window before
# they fold, so each step shows a second or two after its epoch ends.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${KEY:?set KEY to an API key (the quick start logs a development key)}"
BASE=${BASE:-http://localhost:8080}
ROUNDS=${ROUNDS:-20000}
EPSILON=${EPSILON:-1}
RELEASE=${RELEASE:-EPOCHS}
SEED=${SEED:-1}
BANDIT=${BANDIT:-digits-$(date +%s)}
DATA=${DATA:-src/main/resources/datasets/digits/digits-pca7.csv}

actions=$(python3 -c 'import json; print(json.dumps([{"id": str(k)} for k in range(10)]))')
echo "creating LINUCB bandit '$BANDIT': epsilon $EPSILON, delta 1e-5, horizon $ROUNDS, PER_ACTION, release $RELEASE" >&2
curl -sS --fail-with-body -X POST "$BASE/bandits" -H "X-API-Key: $KEY" -H 'Content-Type: application/json' -d @- <<JSON >&2
{"id": "$BANDIT", "algorithm": "LINUCB", "privacy": {"epsilon": $EPSILON, "delta": 1e-5},
 "horizon": $ROUNDS, "rewardBound": 1.0, "contextDimension": 7, "actions": $actions,
 "linear": {"featureMap": "PER_ACTION", "release": "$RELEASE"},
 "feedback": {"waitSeconds": 1, "defaultReward": 0.0}}
JSON
echo >&2

python3 - "$BASE" "$KEY" "$BANDIT" "$ROUNDS" "$SEED" "$DATA" <<'PY'
import csv, http.client, json, random, sys, time, urllib.parse

base, key, bandit, rounds, seed, data = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
rows = [(int(r[0]), [float(v) for v in r[1:]]) for r in list(csv.reader(open(data)))[1:]]
url = urllib.parse.urlparse(base)
conn = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=30)
headers = {"X-API-Key": key, "Content-Type": "application/json"}

def post(path, body):
    conn.request("POST", path, json.dumps(body), headers)
    resp = conn.getresponse()
    text = resp.read()
    if resp.status >= 300:
        raise SystemExit("%s -> %d %s" % (path, resp.status, text.decode()))
    return json.loads(text)

rng = random.Random(seed)
window, total, started = 0.0, 0.0, time.time()
print("rounds        mean reward (last 1000)   mean reward (all)")
for t in range(1, rounds + 1):
    label, x = rows[rng.randrange(len(rows))]
    d = post("/decide", {"bandit": bandit, "context": x})
    reward = 1.0 if d["action"] == str(label) else 0.0
    post("/feedback", {"decisionId": d["decisionId"], "reward": reward})
    window += reward
    total += reward
    if t % 1000 == 0:
        print("%6d-%-6d  %.3f                     %.3f   (%.0f s)" % (t - 999, t, window / 1000, total / t,
                                                                      time.time() - started), flush=True)
        window = 0.0
PY
