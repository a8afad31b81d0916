#!/usr/bin/env python3
"""Load and odd requests for tests/http/harden2.sh, from chosen local addresses.

    flood.py logins PORT SECS USERS...   wrong passwords from 12 threads and 30
                                         addresses (127.0.0.10-39) for at most SECS;
                                         meanwhile 40 first logins (fewer when SECS
                                         run out), one a 0.25 s, each
                                         from its own address (127.0.1.x), cycling
                                         USERS (user:password, more than the 8
                                         logins remembered, so each is a first
                                         one); prints "scrapes N ok K fast F
                                         p50 S p99 S max S" (fast: 200 within
                                         1 s) and "flood N 401 A 429 B other C"
    flood.py hold6 PORT DST PREFIX N SECS
                                         N idle connections to [DST]:PORT from
                                         PREFIX::1 .. PREFIX::N, held SECS; prints
                                         "open K" once the server closed the rest
    flood.py scrape PORT DST SRC N [USER:PASS]
                                         N scrapes from SRC, 0.1 s apart, for at
                                         most 15 s; prints "scrapes N ok K"
    flood.py slow PORT N SECS            N slow clients, each from its own address
                                         (127.0.1.1 on), sending a request head a
                                         byte a second and reconnecting when
                                         closed, for SECS; meanwhile a scrape
                                         from 127.0.0.1 every 0.5 s (5 s
                                         timeout); prints "scrapes N ok K slow
                                         C" (C: the slow connections open at
                                         the end)
    flood.py raw PORT HEX                send the bytes HEX to 127.0.0.1:PORT,
                                         print the status line of the answer
    flood.py time PORT USER:PASS N       N logins (wrong), each from its own
                                         address: the median seconds one takes

Every socket has a timeout, every loop a count or a deadline; local only.
"""
import base64
import socket
import sys
import threading
import time


def request(host, port, src, cred=None, timeout=5.0, path="/metrics"):
    """One GET from src: (status, seconds); status 0 when none came."""
    fam = socket.AF_INET6 if ":" in host else socket.AF_INET
    t0 = time.monotonic()
    s = socket.socket(fam, socket.SOCK_STREAM)
    s.settimeout(timeout)
    try:
        s.bind((src, 0))
        s.connect((host, port))
        head = "GET %s HTTP/1.1\r\nHost: x\r\n" % path
        if cred:
            head += "Authorization: Basic %s\r\n" % base64.b64encode(cred.encode()).decode()
        s.sendall((head + "\r\n").encode())
        data = b""
        while len(data) < 1 << 22:
            b = s.recv(65536)
            if not b:
                break
            data += b
        line = data.split(b"\r\n", 1)[0].split()
        status = int(line[1]) if len(line) > 1 and line[1].isdigit() else 0
    except OSError:
        status = 0
    finally:
        s.close()
    return status, time.monotonic() - t0


def pct(v, p):
    v = sorted(v)
    return v[min(len(v) - 1, int(len(v) * p))] if v else -1


def logins(port, secs, users):
    deadline = time.monotonic() + secs
    stop = threading.Event()
    counts = {}
    lock = threading.Lock()

    def flooder(k):
        i = 0
        while not stop.is_set() and time.monotonic() < deadline:
            src = "127.0.0.%d" % (10 + (k * 7 + i) % 30)
            st, _ = request("127.0.0.1", port, src, "prometheus:guess%d" % i, timeout=12)
            with lock:
                counts[st] = counts.get(st, 0) + 1
            i += 1

    threads = [threading.Thread(target=flooder, args=(k,), daemon=True) for k in range(12)]
    for t in threads:
        t.start()
    time.sleep(1.0)     # the flood under way
    lat, ok = [], 0
    n = 0
    while time.monotonic() < deadline - 1 and n < 40:
        cred = users[n % len(users)]
        st, t = request("127.0.0.1", port, "127.0.1.%d" % (1 + n % 200), cred,
                        timeout=min(5, max(0.5, deadline - time.monotonic())))
        n += 1
        if st == 200:
            ok += 1
            lat.append(t)
        else:
            lat.append(99)
        time.sleep(0.25)
    stop.set()
    end = time.monotonic() + 1  # one waiting for a slow answer is counted as it stands
    for t in threads:
        t.join(max(0, end - time.monotonic()))
    with lock:
        counts = dict(counts)
    fast = sum(1 for t in lat if t <= 1.0)
    print("scrapes %d ok %d fast %d p50 %.3f p99 %.3f max %.3f" %
          (n, ok, fast, pct(lat, 0.5), pct(lat, 0.99), max(lat) if lat else -1))
    other = sum(v for k, v in counts.items() if k not in (401, 429, 503, 0))
    print("flood %d 401 %d 429 %d 503 %d none %d other %d" %
          (sum(counts.values()), counts.get(401, 0), counts.get(429, 0), counts.get(503, 0),
           counts.get(0, 0), other))


def hold6(port, dst, prefix, n, secs):
    """Keep n connections open from n addresses for secs: the server closes
    idle ones after its timeout, and each is opened again."""
    def open_one(i):
        s = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
        s.settimeout(3)
        try:
            s.bind(("%s::%x" % (prefix, i), 0))
            s.connect((dst, port))
            s.setblocking(False)
            return s
        except OSError:
            s.close()
            return None

    def alive(s):
        if s is None:
            return False
        try:
            return s.recv(1, socket.MSG_PEEK) != b""
        except BlockingIOError:
            return True
        except OSError:
            return False

    conns = {i: open_one(i) for i in range(1, n + 1)}
    time.sleep(0.5)
    print("open %d" % sum(alive(s) for s in conns.values()), flush=True)
    end = time.monotonic() + secs
    reopened = 0
    while time.monotonic() < end:
        for i, s in conns.items():
            if not alive(s):
                if s is not None:
                    s.close()
                conns[i] = open_one(i)
                reopened += 1
        time.sleep(0.2)
    print("reopened %d" % reopened, flush=True)
    for s in conns.values():
        if s is not None:
            s.close()


def scrape(port, dst, src, n, cred=None):
    ok = done = 0
    end = time.monotonic() + 15
    while done < n and time.monotonic() < end:
        st, _ = request(dst, port, src, cred, timeout=3)
        ok += st == 200
        done += 1
        time.sleep(0.1)
    print("scrapes %d ok %d" % (done, ok))


def raw(port, hexdata):
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(bytes.fromhex(hexdata))
    data = b""
    try:
        while len(data) < 1 << 20:
            b = s.recv(65536)
            if not b:
                break
            data += b
    except OSError:
        pass
    s.close()
    print(data.split(b"\r\n", 1)[0].decode("latin-1") or "none")


def timing(port, cred, n):
    t = []
    for i in range(n):
        st, d = request("127.0.0.1", port, "127.0.2.%d" % (1 + i), cred)
        if st == 401:
            t.append(d)
    print("%.4f" % pct(t, 0.5))


def slow(port, n, secs):
    head = b"GET /metrics HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 64
    held = {}

    def connect(i):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setblocking(False)
        try:
            s.bind(("127.0.%d.%d" % (1 + i // 250, 1 + i % 250), 0))
            s.connect_ex(("127.0.0.1", port))
        except OSError:
            s.close()
            return
        held[i] = [s, 0]

    def trickle(end):
        while time.monotonic() < end:
            for i in range(n):
                if i not in held:
                    connect(i)
                    continue
                s, off = held[i]
                try:
                    if off < len(head):
                        s.send(head[off:off + 1])
                        held[i][1] = off + 1
                    if s.recv(4096) == b"":
                        raise OSError
                except BlockingIOError:
                    pass
                except OSError:
                    s.close()
                    del held[i]
            time.sleep(1.0)

    end = time.monotonic() + secs
    t = threading.Thread(target=trickle, args=(end,))
    t.start()
    time.sleep(min(3.0, secs / 4))  # the slow ones in place first
    done = ok = 0
    while time.monotonic() < end - 5:
        status, _ = request("127.0.0.1", port, "127.0.0.1", timeout=5.0)
        done += 1
        ok += status == 200
        time.sleep(0.5)
    t.join()
    print("scrapes %d ok %d slow %d" % (done, ok, len(held)))
    for s, _ in held.values():
        s.close()


def main():
    cmd, port = sys.argv[1], int(sys.argv[2])
    if cmd == "logins":
        logins(port, float(sys.argv[3]), sys.argv[4:])
    elif cmd == "slow":
        slow(port, int(sys.argv[3]), float(sys.argv[4]))
    elif cmd == "hold6":
        hold6(port, sys.argv[3], sys.argv[4], int(sys.argv[5]), float(sys.argv[6]))
    elif cmd == "scrape":
        scrape(port, sys.argv[3], sys.argv[4], int(sys.argv[5]),
               sys.argv[6] if len(sys.argv) > 6 else None)
    elif cmd == "raw":
        raw(port, sys.argv[3])
    elif cmd == "time":
        timing(port, sys.argv[3], int(sys.argv[4]))
    else:
        sys.exit("unknown command " + cmd)


main()
