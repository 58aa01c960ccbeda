#!/usr/bin/env python3
"""Slow-client load: N connections each send a POST /decide's headers and half its body, then
hold; meanwhile one well-behaved client calls GET /actuator/health and POST /decide in turn and
records each answer's latency. Prints the well-behaved client's percentiles and what the slow
connections were answered (408 once dpbandit.api.body-timeout has passed).

With --keyless N and --wrong-key M, N more connections send the same half body without a key and M
with a key the service does not know; each is answered 401 and closed by the server, and is opened
again a second later for as long as the run lasts.

usage: slow-clients.py URL KEY BANDIT [--slow 250] [--keyless 0] [--wrong-key 0] [--seconds 20]
                       [--dimension 2]
"""
import argparse, json, socket, threading, time, urllib.request, urllib.parse

ap = argparse.ArgumentParser()
ap.add_argument("url"); ap.add_argument("key"); ap.add_argument("bandit")
ap.add_argument("--slow", type=int, default=250)
ap.add_argument("--keyless", type=int, default=0)
ap.add_argument("--wrong-key", type=int, default=0)
ap.add_argument("--seconds", type=float, default=20)
ap.add_argument("--dimension", type=int, default=2)
a = ap.parse_args()
u = urllib.parse.urlparse(a.url)
host, port = u.hostname, u.port or 80
body = json.dumps({"bandit": a.bandit, "context": [0.5] * a.dimension}).encode()

answers = {}
lock = threading.Lock()

def slow_client():
    s = socket.create_connection((host, port))
    s.settimeout(a.seconds + 30)
    head = (f"POST /decide HTTP/1.1\r\nHost: {host}\r\nX-API-Key: {a.key}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode()
    s.sendall(head + body[: len(body) // 2])
    try:
        status = s.recv(64).split(b" ")[1].decode()
    except Exception as e:
        status = type(e).__name__
    with lock:
        answers[status] = answers.get(status, 0) + 1
    s.close()

def unauthenticated(key_header):
    """Half a body without a valid key, again a second after each answer, until the run ends."""
    while not stop.is_set():
        try:
            s = socket.create_connection((host, port))
            s.settimeout(30)
            s.sendall((f"POST /decide HTTP/1.1\r\nHost: {host}\r\n{key_header}Content-Type: application/json\r\n"
                       f"Content-Length: {len(body)}\r\n\r\n").encode() + body[: len(body) // 2])
            status = s.recv(64).split(b" ")[1].decode()
            while s.recv(4096):
                pass  # until the server closes it
            s.close()
        except Exception as e:
            status = type(e).__name__
        with lock:
            key = "unauthenticated " + status
            answers[key] = answers.get(key, 0) + 1
        stop.wait(1.0)

stop = threading.Event()
threads = [threading.Thread(target=slow_client, daemon=True) for _ in range(a.slow)]
threads += [threading.Thread(target=unauthenticated, args=("",), daemon=True) for _ in range(a.keyless)]
threads += [threading.Thread(target=unauthenticated, args=("X-API-Key: dpb_not_a_key_of_this_service\r\n",),
                             daemon=True) for _ in range(a.wrong_key)]
for t in threads:
    t.start()
time.sleep(1.0)  # every slow connection has sent its half body

lat = {"health": [], "decide": []}
errors = {"health": 0, "decide": 0}
end = time.time() + a.seconds
while time.time() < end:
    for kind in ("health", "decide"):
        if kind == "health":
            req = urllib.request.Request(a.url + "/actuator/health")
        else:
            req = urllib.request.Request(a.url + "/decide", data=body, method="POST",
                                         headers={"X-API-Key": a.key, "Content-Type": "application/json"})
        t0 = time.perf_counter()
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                r.read()
                ok = r.status == 200
        except Exception:
            ok = False
        lat[kind].append(time.perf_counter() - t0)
        if not ok:
            errors[kind] += 1

def pct(v, p):
    v = sorted(v)
    return v[min(len(v) - 1, int(p / 100 * len(v)))]

for kind in ("health", "decide"):
    v = lat[kind]
    print(f"{kind}: {len(v)} requests, {errors[kind]} not 200, p50 {pct(v,50)*1000:.1f} ms, "
          f"p99 {pct(v,99)*1000:.1f} ms, max {max(v)*1000:.1f} ms")
stop.set()
for t in threads:
    t.join(timeout=60)
print("slow connections answered:", dict(sorted(answers.items())))
