"""Attributes JFR execution samples (jfr print --events jdk.ExecutionSample) of the request threads
(http-nio-*) and the group commit's writers to the first non-JDK frame's component; prints the
shares and the 25 frames most often charged. Used by bench/profile-requests.sh."""
import collections
import re
import sys

COMPONENTS = [("micrometer", "io.micrometer"), ("jackson", "com.fasterxml"), ("pgjdbc", "org.postgresql"),
              ("hikari", "com.zaxxer"), ("spring-security", "org.springframework.security"),
              ("spring-web", "org.springframework.web"), ("spring-other", "org.springframework"),
              ("hibernate-validator", "org.hibernate"), ("tomcat", "org.apache"), ("logback", "ch.qos"),
              ("slf4j", "org.slf4j"), ("dpbandit", "io.dpbandit"), ("ejml", "org.ejml")]

text = open(sys.argv[1]).read()
shares, frames_charged, n = collections.Counter(), collections.Counter(), 0
for event in text.split("jdk.ExecutionSample")[1:]:
    if "http-nio" not in event and "decision-writer" not in event:
        continue
    stack = event.split("stackTrace = [")[1] if "stackTrace = [" in event else ""
    frames = re.findall(r"^\s+([\w.$<>]+)\(", stack, re.M)
    if not frames:
        continue
    n += 1
    component, charged = "jdk", frames[0]
    for frame in frames:
        hit = [name for name, prefix in COMPONENTS if frame.startswith(prefix)]
        if hit:
            component, charged = hit[0], frame
            break
    shares[component] += 1
    frames_charged[(component, charged)] += 1
print(f"request and writer thread samples: {n}")
for component, count in shares.most_common():
    print(f"{100 * count / n:5.1f} %  {component}")
print("-- the frames most often charged")
for (component, frame), count in frames_charged.most_common(25):
    print(f"{100 * count / n:5.1f} %  {component:20s} {frame}")

# Inclusive shares (a flame graph's widths): how often each frame is anywhere on the stack, for the
# frames of the service and the libraries it calls; frames on (nearly) every stack are left out.
inclusive = collections.Counter()
for event in text.split("jdk.ExecutionSample")[1:]:
    if "http-nio" not in event and "decision-writer" not in event:
        continue
    stack = event.split("stackTrace = [")[1] if "stackTrace = [" in event else ""
    frames = set(re.findall(r"^\s+([\w.$<>]+)\(", stack, re.M))
    for frame in frames:
        if not frame.startswith(("java.", "jdk.", "sun.")):
            inclusive[frame] += 1
print("-- the frames most often on the stack (inclusive, below 90 %)")
shown = 0
for frame, count in inclusive.most_common():
    if count < 0.9 * n and shown < int(sys.argv[2] if len(sys.argv) > 2 else 40):
        print(f"{100 * count / n:5.1f} %  {frame}")
        shown += 1
