#!/usr/bin/env python3
"""Hostile clients against rdmatop --listen (loopback only), bounded in time.

    hostile.py PORT TEXTFILE

Each check prints "ok - NAME" or "not ok - NAME"; the exit status is the
number of failures.  TEXTFILE is the --textfile of the same process: its
sample timestamp must keep moving while clients misbehave (the refresh is
never blocked by them).  The hostile clients come from 127.0.0.2, the
scrapes that must keep working from 127.0.0.1 (the endpoint limits
connections per address; the whole of 127/8 is local).
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


HOSTILE = "127.0.0.2"
ADDR_HARD = 16      # HTTP_ADDR_HARD: connections one address may hold


def connect(timeout=5.0, src="127.0.0.1"):
    s = socket.create_connection(("127.0.0.1", PORT), timeout=timeout,
                                 source_address=(src, 0))
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


def request(raw, timeout=5.0, src=HOSTILE):
    s = connect(timeout, src)
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
        r = request(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n", src="127.0.0.1")
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
r = request(b"GET /metrics HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * 20000 + b"\r\n\r\n")
check(status(r) == 431, "a 20 KiB head gets 431")
hdrs = b"".join(b"X-%d: y\r\n" % i for i in range(2000))
check(status(request(b"GET /metrics HTTP/1.1\r\nHost: x\r\n" + hdrs + b"\r\n")) == 431,
      "2000 header lines get 431")
r = request(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" * 50 + b"\n\n")
check(status(r) in (400, None) and len(r) < 1024, "binary garbage gets 400 or a close")
check(status(request(b"GET /metrics HTTP/1.1\r\n\r\n")) == 400, "HTTP/1.1 without Host gets 400")
check(status(request(b"GET /metrics HTTP/1.1\r\nHost : x\r\n\r\n")) == 400,
      "a space before the colon gets 400")
check(status(request(b"DELETE /metrics HTTP/1.1\r\nHost: x\r\n\r\n")) == 405, "DELETE gets 405")
check(status(request(b"GET /../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n")) == 404,
      "other paths get 404")

# a request split into single bytes still works
s = connect()
for b in b"GET /metrics HTTP/1.1\r\nHost: x\r\nAccept: application/openmetrics-text\r\n\r\n":
    s.send(bytes([b]))
r = recv_all(s)
s.close()
check(status(r) == 200 and r.rstrip().endswith(b"# EOF"), "a request sent byte by byte, OpenMetrics")

# slowloris: 30 connections trickling a header byte every 0.5 s (past the
# per-address limit, the rest are closed at once)
slow = [connect(src=HOSTILE) for _ in range(30)]
for c in slow:
    try:
        c.send(b"GET /metrics HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    except OSError:
        pass
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
    except socket.timeout:
        pass
    except OSError:
        closed += 1
    c.close()
check(closed == 30, "slowloris: all 30 closed by the deadline (%d)" % closed)

# 200 connections at once, idle: the limit holds, the refresh goes on
time.sleep(1)   # the server has seen the slowloris' closes
flood = []
for _ in range(200):
    try:
        flood.append(connect(src=HOSTILE))
    except OSError:
        break
check(len(flood) == 200, "200 connections opened")
time.sleep(0.5)
refused = 0
for c in flood:
    c.settimeout(0.2)
    try:
        refused += c.recv(1024) == b""
    except socket.timeout:
        pass
    except OSError:
        refused += 1
check(200 - ADDR_HARD <= refused < 200, "past %d from one address: closed at once (%d)"
      % (ADDR_HARD, refused))
check(scrape_ok(), "another address is served during the flood")
check(refresh_moves(), "the refresh goes on under the flood")
for c in flood:
    c.close()
time.sleep(0.3)
check(scrape_ok(), "serves again once the flood is gone")

# 200 scrapes at once from one address, all sent: each gets 200 or 429 or
# (past the per-address limit) a close, none hangs
conns = []
for _ in range(200):
    try:
        c = connect(10, HOSTILE)
        c.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
        conns.append(c)
    except OSError:
        pass
start = time.time()
codes = [status(recv_all(c)) for c in conns]
for c in conns:
    c.close()
check(len(codes) == 200 and all(x in (200, 429, None) for x in codes) and
      codes.count(200) >= 8 and time.time() - start < 10,
      "200 parallel scrapes: %d ok, %d busy, %d closed" %
      (codes.count(200), codes.count(429), codes.count(None)))
check(scrape_ok() and refresh_moves(1.5), "alive, serving and refreshing at the end")
sys.exit(failures)
