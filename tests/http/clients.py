#!/usr/bin/env python3
"""Misbehaving HTTP clients for tests/http/run, from a chosen loopback address.

    clients.py hold PORT SRC N SECS     open N connections from SRC and hold
                                        them SECS; prints "open K" once the
                                        server has closed what it refuses,
                                        then "closed J" (by the server) at the end
    clients.py limit PORT SRC IDLE      IDLE idle connections from SRC, then one
                                        request from SRC: prints its status line
                                        and Retry-After
    clients.py stall PORT SRC DATA      send DATA (a part of a request head) and
                                        wait: prints the seconds until the server
                                        closes the connection (at most 30)
    clients.py trickle PORT SRC         a request head one byte every 0.5 s:
                                        prints the seconds until the server closes

SRC ::1 connects to [::1].  Every socket has a timeout and every loop a
bound; loopback only.
"""
import select
import socket
import sys
import time

HOST = "127.0.0.1"


def connect(port, src, timeout=5.0):
    host = "::1" if ":" in src else HOST   # an IPv6 source talks to [::1]
    s = socket.create_connection((host, port), timeout=timeout, source_address=(src, 0))
    s.settimeout(timeout)
    return s


def closed_by_server(s):
    """True when the server has closed s (EOF or reset), without waiting."""
    r, _, _ = select.select([s], [], [], 0)
    if not r:
        return False
    try:
        return s.recv(1024, socket.MSG_PEEK) == b""
    except OSError:
        return True


def wait_closed(s, limit):
    """Seconds until the server closes s, reading what it sends; None past limit."""
    start = time.monotonic()
    s.settimeout(0.2)
    while time.monotonic() - start < limit:
        try:
            if s.recv(4096) == b"":
                return time.monotonic() - start
        except socket.timeout:
            continue
        except OSError:
            return time.monotonic() - start
    return None


def hold(port, src, n, secs):
    conns = []
    for _ in range(n):
        try:
            conns.append(connect(port, src))
        except OSError:
            pass
    time.sleep(0.5)
    alive = [c for c in conns if not closed_by_server(c)]
    print("open %d" % len(alive), flush=True)
    time.sleep(secs)
    print("closed %d" % sum(closed_by_server(c) for c in alive), flush=True)
    for c in conns:
        c.close()


def limit(port, src, idle):
    conns = [connect(port, src) for _ in range(idle)]
    time.sleep(0.2)
    s = connect(port, src)
    s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
    data = b""
    s.settimeout(5)
    try:
        while len(data) < 1 << 16:
            b = s.recv(4096)
            if not b:
                break
            data += b
    except OSError as e:
        print("error %s" % e)
    head = data.split(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    print(head[0])
    for h in head[1:]:
        if h.lower().startswith("retry-after:"):
            print(h)
    for c in conns + [s]:
        c.close()


def stall(port, src, data):
    s = connect(port, src)
    s.sendall(data.encode())
    t = wait_closed(s, 30)
    print("none" if t is None else "%.1f" % t)
    s.close()


def trickle(port, src):
    s = connect(port, src)
    head = b"GET /metrics HTTP/1.1\r\nX-Slow: " + b"a" * 200
    start = time.monotonic()
    for b in head:
        try:
            s.send(bytes([b]))
        except OSError:
            break
        if closed_by_server(s) or time.monotonic() - start > 30:
            break
        time.sleep(0.5)
    t = time.monotonic() - start
    print("%.1f" % t if t <= 30 else "none")
    s.close()


def main():
    cmd, port, src = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    if cmd == "hold":
        hold(port, src, int(sys.argv[4]), float(sys.argv[5]))
    elif cmd == "limit":
        limit(port, src, int(sys.argv[4]))
    elif cmd == "stall":
        stall(port, src, sys.argv[4])
    elif cmd == "trickle":
        trickle(port, src)
    else:
        sys.exit("unknown command " + cmd)


main()
