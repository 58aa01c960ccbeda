#!/usr/bin/env python3
"""dpbandit over plain HTTP with the Python standard library only (urllib, json).

Creates a CAPRI bandit with joint differential privacy, plays one epoch (decide, then send each
reward as feedback), and reads the private release the service makes when the epoch closes
(seconds after the last feedback wait has passed).

    python3 examples/python/dpbandit_example.py --url http://localhost:8080 --api-key "$DPBANDIT_API_KEY"

The key needs the roles decider (decide, feedback), analyst (release) and admin (create). Each
call is retried on a lost connection, a timeout, 408, 429 and 503 (after Retry-After); a decide
carries a requestId that every attempt repeats, so a retry gets the decision the service already
stored instead of a second one. Any other error answer is application/problem+json: its `type`
says what went wrong (https://dpbandit.io/problems/<kind>) and `detail` what to change.
"""

import argparse
import json
import os
import random
import sys
import time
import urllib.error
import urllib.request
import uuid

RETRIED = {408, 429, 503}


class Problem(Exception):
    """An error answer: status, the problem's kind (the last segment of its type) and its detail."""

    def __init__(self, status, problem, request_id):
        self.status = status
        self.kind = (problem.get("type") or "").rsplit("/", 1)[-1]
        self.detail = problem.get("detail") or problem.get("title") or ""
        self.request_id = request_id
        self.retry_after = None
        super().__init__(f"{status} {self.kind}: {self.detail} (X-Request-Id {request_id})")


class Dpbandit:
    def __init__(self, url, api_key, timeout=5.0, attempts=4):
        self.url = url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self.attempts = attempts

    def call(self, method, path, body=None):
        """One logical request: the same X-Request-Id on every attempt, retried as the docstring says."""
        request_id = str(uuid.uuid4())
        data = None if body is None else json.dumps(body).encode()
        for attempt in range(1, self.attempts + 1):
            request = urllib.request.Request(self.url + path, data=data, method=method, headers={
                "X-API-Key": self.api_key, "X-Request-Id": request_id,
                "Accept": "application/json, application/problem+json",
                **({"Content-Type": "application/json"} if data is not None else {})})
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                    return json.load(answer)
            except urllib.error.HTTPError as e:
                try:
                    problem = json.load(e)
                except ValueError:
                    problem = {"title": f"HTTP {e.code}"}
                failure = Problem(e.code, problem, e.headers.get("X-Request-Id", request_id))
                retry_after = e.headers.get("Retry-After")
                failure.retry_after = int(retry_after) if retry_after and retry_after.isdigit() else None
                if e.code not in RETRIED or attempt == self.attempts:
                    raise failure
                wait = failure.retry_after if failure.retry_after is not None else 0.2 * 2 ** (attempt - 1)
            except (urllib.error.URLError, TimeoutError, ConnectionError):
                if attempt == self.attempts:
                    raise
                wait = 0.2 * 2 ** (attempt - 1)
            time.sleep(wait * random.uniform(0.5, 1.0))

    def create_bandit(self, spec):
        return self.call("POST", "/bandits", spec)

    def decide(self, bandit, context):
        # The requestId makes a retried decide return the stored decision, never a second one.
        return self.call("POST", "/decide", {"bandit": bandit, "context": context, "requestId": str(uuid.uuid4())})

    def feedback(self, decision_id, reward):
        return self.call("POST", "/feedback", {"decisionId": decision_id, "reward": reward})

    def release(self, bandit):
        return self.call("GET", "/release?bandit=" + urllib.request.quote(bandit, safe=""))


def spec(bandit):
    """CAPRI, joint DP with (epsilon, delta) = (1, 1e-5) over a horizon of 100 decisions."""
    return {
        "id": bandit, "algorithm": "CAPRI",
        "privacy": {"model": "JDP", "epsilon": 1.0, "delta": 1e-5},
        "horizon": 100, "rewardBound": 1.0,
        "kernel": {"type": "RBF", "lengthScale": 0.3}, "regularization": 1.0,
        "contextDimension": 2,
        "actions": [{"id": "a1", "features": [0.1, 0.9]}, {"id": "a2", "features": [0.7, 0.3]},
                    {"id": "a3", "features": [0.5, 0.5]}],
        "contextPool": [[0.2, 0.4], [0.8, 0.1], [0.5, 0.5]],
        "feedback": {"waitSeconds": 5, "defaultReward": 0.0},  # a reward counts if it comes within 5 s
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default=os.environ.get("DPBANDIT_URL", "http://localhost:8080"))
    parser.add_argument("--api-key", default=os.environ.get("DPBANDIT_API_KEY"))
    parser.add_argument("--bandit", default="python-example")
    parser.add_argument("--release-wait", type=float, default=120.0,
                        help="seconds to wait for the first release (the epoch closes in the background)")
    args = parser.parse_args()
    if not args.api_key:
        parser.error("--api-key or DPBANDIT_API_KEY is required")
    dpbandit = Dpbandit(args.url, args.api_key)

    status = dpbandit.create_bandit(spec(args.bandit))  # the same spec again answers the stored bandit
    print(f"bandit {status['id']}: {status['algorithm']}, epoch {status['epoch']} of "
          f"{status['epochLength']} decisions")

    contexts = spec(args.bandit)["contextPool"]
    for t in range(status["epochLength"]):
        context = contexts[t % len(contexts)]
        decision = dpbandit.decide(args.bandit, context)
        reward = 1.0 if decision["action"] == "a3" else 0.2  # what the product observed
        result = dpbandit.feedback(decision["decisionId"], reward)
        if t == 0:
            print(f"decision {decision['decisionId']}: {decision['action']} "
                  f"(learning {str(decision['learning']).lower()}), feedback {result['status']}")
    print(f"sent {status['epochLength']} decisions and their feedback")

    # The service learns from each round once its feedback wait has passed (5 s here), then closes
    # the epoch and releases it; until then GET /release answers epoch 0, with no model.
    deadline = time.monotonic() + args.release_wait
    release = dpbandit.release(args.bandit)
    while release["epoch"] == 0:
        if time.monotonic() > deadline:
            print(f"no release within {args.release_wait:.0f} s", file=sys.stderr)
            return 1
        time.sleep(0.5)
        release = dpbandit.release(args.bandit)
    budget = release["budget"]
    print(f"release of epoch {release['epoch']}: {release['privacy']['model']}, epsilon spent "
          f"{budget['epsilonSpent']:.4f} of {budget['epsilonTotal']:.4f}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Problem as p:
        print(f"dpbandit answered {p}", file=sys.stderr)
        sys.exit(1)
