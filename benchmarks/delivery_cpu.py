#!/usr/bin/env python3
"""The CPU time `feedbackflow-post` spends on one delivery while the server holds its answer.

    python3 benchmarks/delivery_cpu.py PROGRAM [--runs N] [--hold SECONDS]

Starts Tests/FeedbackFlowCLITests/feedback_server.py on 127.0.0.1 answering 201 after
holding each POST --hold seconds (default 1), then delivers N submissions (default 5),
one at a time, each through its own run of PROGRAM (`feedbackflow-post URL TIMEOUT ID
LENGTH < SUBMISSION`), each with an id of its own. Every run must print
{"delivered":true}. The CPU time of a run (user + system) is read with getrusage
(RUSAGE_CHILDREN) before and after it: the program is then this script's only child that
has ended since, so the difference is its own.

Prints one JSON object: {"runs": N, "hold_s": H, "cpu_s": median CPU per delivery,
"user_s": median user, "system_s": median system, "wall_s": median wall,
"cpu_percent_of_wait": 100 * cpu_s / H}. A program that waits in poll(2) spends a few
milliseconds (its start and the request); one that polls its sockets in a loop spends
most of the hold.
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVER = os.path.join(ROOT, "Tests", "FeedbackFlowCLITests", "feedback_server.py")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("program")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--hold", type=float, default=1.0)
    options = parser.parse_args()

    # The server stops when its standard input ends, so it never outlives this script.
    server = subprocess.Popen(
        [sys.executable, SERVER, "--status", "201", "--delay", str(options.hold), "--lifetime", "600"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        port = int(server.stdout.readline())
        url = f"http://127.0.0.1:{port}/feedback"
        users, systems, walls = [], [], []
        for _ in range(options.runs):
            key = str(uuid.uuid4())
            body = json.dumps({"id": key, "rating": 4, "reason": "benchmark", "custom": {}, "flowID": "bench",
                               "screenID": "rate", "submittedAt": "2024-05-01T12:00:00Z"}, sort_keys=True).encode()
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run([options.program, url, "15", key, str(len(body))], input=body,
                                  capture_output=True, check=False)
            walls.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            try:
                delivered = json.loads(done.stdout).get("delivered") is True
            except ValueError:
                delivered = False
            if done.returncode != 0 or not delivered:
                sys.exit(f"delivery_cpu.py: {options.program} did not deliver: status {done.returncode}, "
                         f"{done.stdout.decode(errors='replace').strip()} {done.stderr.decode(errors='replace').strip()}")
            users.append(after.ru_utime - before.ru_utime)
            systems.append(after.ru_stime - before.ru_stime)
    finally:
        server.stdin.close()
        server.terminate()
        server.wait()
    cpus = [u + s for u, s in zip(users, systems)]
    cpu = statistics.median(cpus)
    print(json.dumps({
        "runs": options.runs, "hold_s": options.hold, "cpu_s": cpu, "user_s": statistics.median(users),
        "system_s": statistics.median(systems), "wall_s": statistics.median(walls),
        "cpu_percent_of_wait": 100 * cpu / options.hold,
    }, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
