#!/usr/bin/env python3
"""Hostile clients against rdmatop --listen (loopback only), bounded in time.

    hostile.py PORT TEXTFILE

Each check prints "ok - NAME" or "not ok - NAME"; the exit status is the
number of failures.  TEXTFILE is the --textfile of the same process: its
sample timestamp must keep moving while clients misbehave (the refresh is
never blocked by them).
"""
import re
import socket
import sys
import time

PORT = int(sys.argv[1])
TEXTFILE = sys.argv[2]
failures = 0


def check(cond, name):
    global failures
    print(("ok - " if cond else "not ok - ") + name, flush=True)
    if not cond:
        failures += 1


def connect(timeout=5.0):
    s = socket.create_connection(("127.0.0.1", PORT), timeout=timeout)
    s.settimeout(timeout)
    return s


def recv_all(s, limit=1 << 22):
    data = b""
    try:
        while len(data) < limit:
            b = s.recv(65536)
            if not b:
                break
            data += b
    except (socket.timeout, ConnectionResetError):
        pass
    return data


def request(raw, timeout=5.0):
    s = connect(timeout)
    try:
        s.sendall(raw)
        return recv_all(s)
    finally:
        s.close()


def status(resp):
    m = re.match(rb"HTTP/1\.1 (\d{3}) ", resp)
    return int(m.group(1)) if m else None


def scrape_ok():
    try:
        r = request(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
    except OSError:
        return False
    return status(r) == 200 and b"\nrdma_up{" in r


def sample_time():
    try:
        with open(TEXTFILE) as f:
            m = re.search(r"^rdma_sample_timestamp_seconds (\S+)$", f.read(), re.M)
        return float(m.group(1)) if m else None
    except OSError:
        return None


def refresh_moves(wait=2.5):
    t0 = sample_time()
    time.sleep(wait)
    t1 = sample_time()
    return t0 is not None and t1 is not None and t1 > t0


check(scrape_ok(), "a plain scrape answers 200")

# oversized head: 431, and the connection is closed
r = request(b"GET /metrics HTTP/1.1\r\nX-Pad: " + b"a" * 20000 + b"\r\n\r\n")
check(status(r) == 431, "a 20 KiB head gets 431")
hdrs = b"".join(b"X-%d: y\r\n" % i for i in range(100))
check(status(request(b"GET /metrics HTTP/1.1\r\n" + hdrs + b"\r\n")) == 431,
      "100 header lines get 431")
check(status(request(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" * 50 + b"\n\n")) == 400,
      "binary garbage gets 400")
check(status(request(b"DELETE /metrics HTTP/1.1\r\n\r\n")) == 405, "DELETE gets 405")
check(status(request(b"GET /../etc/passwd HTTP/1.1\r\n\r\n")) == 404, "other paths get 404")

# a request split into single bytes still works
s = connect()
for b in b"GET /metrics HTTP/1.1\r\nAccept: application/openmetrics-text\r\n\r\n":
    s.send(bytes([b]))
r = recv_all(s)
s.close()
check(status(r) == 200 and r.rstrip().endswith(b"# EOF"), "a request sent byte by byte, OpenMetrics")

# slowloris: 30 connections trickling a header byte every 0.5 s
slow = [connect() for _ in range(30)]
for c in slow:
    c.send(b"GET /metrics HTTP/1.1\r\nX-Slow: ")
start = time.time()
served_meanwhile = moved = True
while time.time() - start < 12:
    for c in slow:
        try:
            c.send(b"a")
        except OSError:
            pass
    if time.time() - start < 8 and not scrape_ok():
        served_meanwhile = False
    time.sleep(0.5)
check(served_meanwhile, "slowloris: others are served meanwhile")
closed = 0
for c in slow:
    c.settimeout(1.0)
    try:
        c.send(b"a")
        d = c.recv(1024)
        closed += d == b"" or d.startswith(b"HTTP/1.1 ")
    except OSError:
        closed += 1
    c.close()
check(closed == 30, "slowloris: all 30 closed by the deadline (%d)" % closed)

# 200 connections at once, idle: the limit holds, the refresh goes on
flood = []
for _ in range(200):
    try:
        flood.append(connect())
    except OSError:
        break
check(len(flood) == 200, "200 connections opened")
time.sleep(0.5)
refused = 0
for c in flood:
    c.settimeout(0.2)
    try:
        d = c.recv(1024)
        refused += d.startswith(b"HTTP/1.1 503 ")
    except OSError:
        pass
check(refused >= 200 - 64, "past 64 connections: 503 at once (%d)" % refused)
check(refresh_moves(), "the refresh goes on under the flood")
for c in flood:
    c.close()
time.sleep(0.3)
check(scrape_ok(), "serves again once the flood is gone")

# 200 scrapes at once, all sent: each gets 200 or 503, none hangs
conns = []
for _ in range(200):
    try:
        c = connect(10)
        c.sendall(b"GET /metrics HTTP/1.1\r\n\r\n")
        conns.append(c)
    except OSError:
        pass
codes = [status(recv_all(c)) for c in conns]
for c in conns:
    c.close()
check(len(codes) == 200 and all(x in (200, 503) for x in codes) and codes.count(200) >= 64,
      "200 parallel scrapes: %d ok, %d busy" % (codes.count(200), codes.count(503)))
check(scrape_ok() and refresh_moves(1.5), "alive, serving and refreshing at the end")
sys.exit(failures)
