"""Who can use a running `feedbackflow preview`, and whether slow clients can keep its
person out. Prints what it saw as one JSON object for the Swift test (PreviewAccessTests).

  preview_access.py stranger BASE          every route without the secret (run as another user)
  preview_access.py owner URL              the printed address, then the routes with its cookie and header
  preview_access.py slow URL COUNT         COUNT connections trickling bytes; the person's requests meanwhile
  preview_access.py polls URL COUNT        COUNT long polls whose client leaves; how soon the person is served
  preview_access.py fifo URL FILE          the flow replaced by a fifo: the overlay, then Restart
"""
import json
import select
import socket
import sys
import threading
import time
import urllib.parse


def split(url):
    parts = urllib.parse.urlsplit(url)
    return parts.hostname, parts.port, parts.path, urllib.parse.parse_qs(parts.query).get("token", [""])[0]


def request(port, method, target, headers=None, body=b"", timeout=30):
    """One raw HTTP/1.1 exchange; (status, headers, body) or (0, {}, b"") when nothing came."""
    head = f"{method} {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
    for name, value in (headers or {}).items():
        head += f"{name}: {value}\r\n"
    if method == "POST":
        head += f"Origin: http://127.0.0.1:{port}\r\nContent-Length: {len(body)}\r\n"
    data = head.encode() + b"\r\n" + body
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        reply = b""
        try:
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                reply += chunk
        except OSError:
            pass
    top, _, rest = reply.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    if not lines or not lines[0].startswith("HTTP/1.1 "):
        return 0, {}, b""
    found = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        found[name.strip().lower()] = value.strip()
    return int(lines[0].split()[1]), found, rest


ROUTES = [("GET", "/"), ("HEAD", "/"), ("GET", "/state"), ("GET", "/state?seen=x"),
          ("POST", "/tap", b'{"instance": 1, "slot": "primary"}'),
          ("POST", "/field", b'{"id": "comment", "value": "from a stranger"}'),
          ("POST", "/back"), ("POST", "/restart"), ("POST", "/trigger", b'{"context": []}'),
          ("GET", "/?token=0000"), ("GET", "/?token=")]


def stranger(base):
    _, port, _, _ = split(base)
    seen = {}
    for route in ROUTES:
        method, target = route[0], route[1]
        body = route[2] if len(route) > 2 else b""
        status, _, _ = request(port, method, target, body=body)
        seen[f"{method} {target}"] = status
    # A guessed cookie fares no better.
    status, _, _ = request(port, "GET", "/state", {"Cookie": f"feedbackflow-preview-{port}=" + "0" * 64})
    seen["GET /state with a guessed cookie"] = status
    return {"statuses": seen}


def credentials(url):
    """What the page sends once the printed address is loaded: the cookie its first load
    sets, and the secret in its header. Also the first load's status and headers."""
    _, port, _, token = split(url)
    status, headers, _ = request(port, "GET", "/?token=" + token)
    cookie = headers.get("set-cookie", "").split(";")[0]
    return status, headers, {"Cookie": cookie, "X-FeedbackFlow-Secret": token}


def owner(url):
    _, port, _, _ = split(url)
    status, headers, sent = credentials(url)
    state, _, body = request(port, "GET", "/state", sent)
    # The cookie alone (sent by the browser to another port of 127.0.0.1 too) opens the page only.
    page, _, _ = request(port, "GET", "/", {"Cookie": sent["Cookie"]})
    cookie_only, _, _ = request(port, "GET", "/state", {"Cookie": sent["Cookie"]})
    header_only, _, _ = request(port, "GET", "/state", {"X-FeedbackFlow-Secret": sent["X-FeedbackFlow-Secret"]})
    tap_cookie_only, _, _ = request(port, "POST", "/restart", {"Cookie": sent["Cookie"]})
    stolen = sent["Cookie"].split("=", 1)[1]
    cookie_as_header, _, _ = request(port, "GET", "/state", {"Cookie": sent["Cookie"], "X-FeedbackFlow-Secret": stolen})
    return {"first": status, "setCookie": headers.get("set-cookie"), "state": state, "hasScreen": b'"screen"' in body,
            "pageWithCookie": page, "stateWithCookieOnly": cookie_only, "stateWithHeaderOnly": header_only,
            "restartWithCookieOnly": tap_cookie_only, "stateWithCookieAsHeader": cookie_as_header}


def slow(url, count):
    _, port, _, _ = split(url)
    _, _, sent = credentials(url)
    stop = threading.Event()

    def trickle():
        # A byte every 2 s per connection (count / 2 bytes a second in all); connect again when closed.
        while not stop.is_set():
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
                    for byte in b"GET /state HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port:
                        s.sendall(bytes([byte]))
                        if stop.wait(2):
                            return
            except OSError:
                stop.wait(1)

    threads = [threading.Thread(target=trickle, daemon=True) for _ in range(count)]
    for thread in threads:
        thread.start()
    time.sleep(1.5)  # every trickling connection has sent bytes and holds its place
    statuses = []
    for _ in range(5):
        status, _, _ = request(port, "GET", "/state", sent, timeout=30)
        statuses.append(status)
        time.sleep(0.3)
    stop.set()
    return {"person": statuses}


def polls(url, count):
    _, port, _, _ = split(url)
    _, _, sent = credentials(url)
    # The state settles after the preview starts (its first run): long polls wait on the settled one.
    token = None
    for _ in range(50):
        _, _, body = request(port, "GET", "/state", sent)
        current = json.loads(body)["token"]
        if current == token:
            break
        token = current
        time.sleep(0.3)
    poll_request = (f"GET /state?seen={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: {sent['Cookie']}\r\n"
                    f"X-FeedbackFlow-Secret: {sent['X-FeedbackFlow-Secret']}\r\n\r\n").encode()

    def open_poll():
        s = socket.create_connection(("127.0.0.1", port), timeout=30)
        s.sendall(poll_request)
        return s

    sockets = [open_poll() for _ in range(count)]
    # Every long poll waits in the server once one more request is refused for want of a
    # slot. On a busy machine a probe may arrive before the server read some polls' heads
    # and close the oldest of them to make room: such a poll is sent again.
    held = 0
    started = time.monotonic()
    while held != 503 and time.monotonic() - started < 30:
        held, _, _ = request(port, "GET", "/state", sent)
        if held == 503:
            break
        readable, _, _ = select.select(sockets, [], [], 0.1)
        for s in readable:
            sockets[sockets.index(s)] = open_poll()
            s.close()
    for s in sockets:
        s.close()  # the tabs are closed
    started = time.monotonic()
    status = 0
    while time.monotonic() - started < 15:
        status, _, _ = request(port, "GET", "/state", sent)
        if status == 200:
            break
        time.sleep(0.05)
    return {"whileHeld": held, "after": status, "seconds": time.monotonic() - started}


def fifo(url, path):
    import os
    _, port, _, _ = split(url)
    _, _, sent = credentials(url)
    os.remove(path)
    os.mkfifo(path)
    problems = None
    started = time.monotonic()
    while time.monotonic() - started < 30:
        _, _, body = request(port, "GET", "/state", sent)
        problems = json.loads(body).get("problems") if body else None
        if problems and "not a regular file" in problems:
            break
        time.sleep(0.1)
    restart, _, _ = request(port, "POST", "/restart", sent, timeout=20)
    state, _, _ = request(port, "GET", "/state", sent, timeout=20)
    os.remove(path)
    return {"problems": problems, "restart": restart, "state": state}


if __name__ == "__main__":
    mode, url = sys.argv[1], sys.argv[2]
    if mode == "stranger":
        result = stranger(url)
    elif mode == "owner":
        result = owner(url)
    elif mode == "slow":
        result = slow(url, int(sys.argv[3]))
    elif mode == "polls":
        result = polls(url, int(sys.argv[3]))
    else:
        result = fifo(url, sys.argv[3])
    print(json.dumps(result))
