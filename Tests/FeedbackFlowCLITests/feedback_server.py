#!/usr/bin/env python3
"""A feedback endpoint for the outbox tests (standard library only: http.server).

    python3 feedback_server.py [--status N] [--retry-after VALUE] [--delay SECONDS] [--lifetime SECONDS]

Listens on 127.0.0.1 on a port the system picks (port 0) and prints that port on the
first line of standard output, then serves until standard input ends (the test that
started it went away), SIGTERM, or --lifetime seconds (default 600) have passed, so it
never outlives its test for long.

POST (any path) is a feedback submission. The server waits --delay seconds, then answers
--status (default 201). A 2xx answer means the submission is delivered; the delivery is
recorded before the wait, so a client killed while waiting has still delivered. Requests
are counted by their Idempotency-Key header (draft-ietf-httpapi-idempotency-key-header:
an RFC 8941 sf-string, so its quotes are removed before counting):

- "requests": every POST with that key;
- "deliveries": the POSTs that delivered something new. A key that already delivered is
  answered 200 again without counting (an idempotent replay, as the draft describes).

A 5xx or 429 answer carries "Retry-After: VALUE" when --retry-after is given; a 3xx
answer carries "Location: /counts" (where a GET is answered 200).

GET /counts answers {"requests": {KEY: N}, "deliveries": {KEY: N}, "bodies": {KEY: BODY},
"contentTypes": [...], "rawKeys": [...], "authorizations": [...], "missingKey": N}, where
BODY is the parsed JSON of the first delivered body of the key, rawKeys the
Idempotency-Key values as sent and authorizations the Authorization values sent with
submissions (each list sorted, without repeats).

POST /control with a JSON object {"status": N, "retryAfter": VALUE or null, "delay": S}
changes how later submissions are answered (keys left out keep their value); the answer
is 204.
"""

import argparse
import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class State:
    """Counts and the current answer, shared by the handler threads under one lock."""

    def __init__(self, status, retry_after, delay):
        self.lock = threading.Lock()
        self.status = status
        self.retry_after = retry_after
        self.delay = delay
        self.requests = {}
        self.deliveries = {}
        self.bodies = {}
        self.content_types = set()
        self.raw_keys = set()
        self.authorizations = set()
        self.missing_key = 0


def idempotency_key(header):
    """The key's text: an sf-string's quotes and escapes removed (RFC 8941 §3.3.3)."""
    if header is None:
        return None
    value = header.strip()
    if len(value) >= 2 and value[0] == '"' and value[-1] == '"':
        value = value[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    return value


def make_handler(state):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format, *args):  # noqa: A002 - the base class's name
            pass

        def answer(self, status, body=b"", headers=None):
            self.send_response(status)
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if body:
                self.wfile.write(body)

        def read_body(self):
            length = int(self.headers.get("Content-Length") or 0)
            return self.rfile.read(length) if length > 0 else b""

        def do_GET(self):
            if self.path != "/counts":
                self.answer(404, b"not found")
                return
            with state.lock:
                counts = {
                    "requests": state.requests,
                    "deliveries": state.deliveries,
                    "bodies": state.bodies,
                    "contentTypes": sorted(state.content_types),
                    "rawKeys": sorted(state.raw_keys),
                    "authorizations": sorted(state.authorizations),
                    "missingKey": state.missing_key,
                }
                body = json.dumps(counts, sort_keys=True).encode()
            self.answer(200, body, {"Content-Type": "application/json"})

        def do_POST(self):
            body = self.read_body()
            if self.path == "/control":
                change = json.loads(body or b"{}")
                with state.lock:
                    state.status = int(change.get("status", state.status))
                    if "retryAfter" in change:
                        state.retry_after = change["retryAfter"]
                    state.delay = float(change.get("delay", state.delay))
                self.answer(204)
                return
            raw = self.headers.get("Idempotency-Key")
            key = idempotency_key(raw)
            with state.lock:
                if raw is not None:
                    state.raw_keys.add(raw)
                for authorization in self.headers.get_all("Authorization") or []:
                    state.authorizations.add(authorization)
                status, retry_after, delay = state.status, state.retry_after, state.delay
                state.content_types.add(self.headers.get("Content-Type") or "")
                replay = False
                if key is None:
                    state.missing_key += 1
                else:
                    state.requests[key] = state.requests.get(key, 0) + 1
                    if key in state.deliveries:
                        replay = True
                    elif 200 <= status < 300:
                        state.deliveries[key] = 1
                        try:
                            state.bodies[key] = json.loads(body)
                        except ValueError:
                            state.bodies[key] = body.decode("utf-8", "replace")
            if delay > 0:
                time.sleep(delay)
            if replay:
                self.answer(200, b'{"replayed":true}', {"Content-Type": "application/json"})
                return
            headers = {"Content-Type": "text/plain"}
            if 300 <= status < 400:
                # A redirect to a path where a GET is answered 200, so following it would
                # look like a delivery.
                headers["Location"] = "/counts"
            if retry_after is not None and (status >= 500 or status == 429):
                headers["Retry-After"] = str(retry_after)
            self.answer(status, b"answered %d" % status, headers)

    return Handler


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--status", type=int, default=201)
    parser.add_argument("--retry-after", default=None)
    parser.add_argument("--delay", type=float, default=0.0)
    parser.add_argument("--lifetime", type=float, default=600.0)
    options = parser.parse_args()

    state = State(options.status, options.retry_after, options.delay)
    server = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(state))
    server.daemon_threads = True

    def stop(*_):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)

    def watch_stdin():
        # End of standard input: the test that started the server is gone.
        try:
            while os.read(0, 4096):
                pass
        except OSError:
            pass
        stop()

    threading.Thread(target=watch_stdin, daemon=True).start()
    timer = threading.Timer(options.lifetime, stop)
    timer.daemon = True
    timer.start()

    print(server.server_address[1], flush=True)
    server.serve_forever(poll_interval=0.05)
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
