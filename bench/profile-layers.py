"""Splits JFR execution samples of the request threads (http-nio-*) and the group commit's writers
(decision-writer-*) into the layers a request passes through, each sample charged to the innermost
layer on its stack: what share of a request's CPU each layer takes. Needs whole stacks (record with
-XX:FlightRecorderOptions=stackdepth=512, as bench/cpu-per-request.sh does with PROFILE=1).
Usage: python3 bench/profile-layers.py samples.txt [samples-before.txt]  (jfr print --events jdk.ExecutionSample)"""
import collections
import re
import sys

# (layer, a frame that starts it), innermost last: a sample is charged to the last layer whose frame
# is on its stack.
LAYERS = [
    ("Tomcat: connection, HTTP parsing, response", "org.apache.tomcat.util.net.NioEndpoint$SocketProcessor.doRun"),
    ("servlet filters before security (request id, probe, request timer, request checks)",
     "org.apache.catalina.core.ApplicationFilterChain.doFilter"),
    ("Spring Security (firewall, API key, headers, authorization, rate limit)",
     "org.springframework.security.web.FilterChainProxy.doFilterInternal"),
    ("body reading, dispatch (Spring MVC's, or DirectDecisions' for a plain /decide or /feedback)",
     "io.dpbandit.api.BodyReadingFilter.doFilter"),
    ("JSON in (Jackson) and validation (Hibernate Validator)",
     "org.springframework.web.servlet.mvc.method.annotation.RequestResponseBodyMethodProcessor.resolveArgument"),
    ("JSON in (Jackson) and validation (Hibernate Validator)", "io.dpbandit.api.DirectDecisions.read"),
    ("JSON in (Jackson) and validation (Hibernate Validator)",
     "org.hibernate.validator.internal.engine.ValidatorImpl.validate"),
    ("the decision and the feedback (dpbandit's own code)", "io.dpbandit.decision.DecisionService.decide"),
    ("the decision and the feedback (dpbandit's own code)", "io.dpbandit.decision.DecisionService.feedback"),
    ("the decision and the feedback (dpbandit's own code)", "io.dpbandit.decision.DecisionService.owner"),
    ("JSON out (Jackson)",
     "org.springframework.web.servlet.mvc.method.annotation.AbstractMessageConverterMethodProcessor.writeWithMessageConverters"),
    ("JSON out (Jackson)", "com.fasterxml.jackson.databind.ObjectWriter.writeValueAsBytes"),
    ("SQL on the request thread (pgjdbc, Hikari, Spring JDBC)", "org.springframework.jdbc.core.JdbcTemplate.execute"),
    ("SQL on the request thread (pgjdbc, Hikari, Spring JDBC)", "org.springframework.jdbc.core.JdbcTemplate.query"),
    ("waiting for the group commit (hand-off)", "io.dpbandit.decision.GroupCommit.await"),
]
WRITER = "group commit writers (batch SQL, commit)"


def shares(path):
    text = open(path).read()
    counts, n = collections.Counter(), 0
    for event in text.split("jdk.ExecutionSample")[1:]:
        writer = "decision-writer" in event
        if "http-nio" not in event and not writer:
            continue
        n += 1
        if writer:
            counts[WRITER] += 1
            continue
        frames = set(re.findall(r"^\s+([\w.$<>]+)\(", event, re.M))
        layer = "other (outside the request path)"
        for name, frame in LAYERS:
            if frame in frames:
                layer = name
        counts[layer] += 1
    return counts, n


order = [name for name, _ in LAYERS]
order = list(dict.fromkeys(order)) + [WRITER, "other (outside the request path)"]
runs = [shares(p) for p in sys.argv[1:]]
header = " | ".join(f"share of samples ({p.split('/')[-2] if '/' in p else p})" for p in sys.argv[1:])
print(f"| layer | {header} |")
print("|---|" + "---|" * len(runs))
for name in order:
    print(f"| {name} | " + " | ".join(f"{100 * c[name] / n:.1f} %" for c, n in runs) + " |")
print("| samples | " + " | ".join(str(n) for _, n in runs) + " |")
