#!/usr/bin/env python3
"""Key latency of the cluster view while it refreshes (make bench-cluster).

usage: keylat.py SOCKET SESSION KEYS OUT.json

rdmatop runs in the tmux session SESSION on server SOCKET (tmux -L), its
panes filled.  KEYS times, '2' and '1' in turn (the Ports and the Hosts
pane), a key every 0.2 s or so, through a tmux client in control mode
(tmux -C), which reports each byte the program writes as it comes
("%output"): the latency of a key is from its send-keys to the last
output of the redraw it caused (the output before 30 ms of quiet), to
within a millisecond, where a capture-pane loop costs 10-25 ms a look.
After each key capture-pane checks the pane asked for is on screen
("ports: N of" / "hosts: N of" in its title).  A refresh's own redraw
that falls in a key's window counts in that key's time.  Writes the
latencies, p50, p99 and max; exits 1 when a key is not on screen.
"""
import json
import re
import subprocess
import sys
import threading
import time

sock, sess, n, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
WANT = {"1": re.compile(r"hosts: [0-9]+ of"), "2": re.compile(r"ports: [0-9]+ of")}
QUIET = 0.030

ctl = subprocess.Popen(["tmux", "-L", sock, "-C", "attach", "-t", sess], stdin=subprocess.PIPE,
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
outputs = []    # monotonic times of %output notifications
lock = threading.Lock()


def reader():
    for line in ctl.stdout:
        if line.startswith(b"%output "):
            with lock:
                outputs.append(time.monotonic())


threading.Thread(target=reader, daemon=True).start()
time.sleep(0.5)     # the client attached (its first notifications)


def screen():
    return subprocess.run(["tmux", "-L", sock, "capture-pane", "-p", "-t", sess],
                          capture_output=True, text=True).stdout


lat, first, missed = [], [], 0
t_start = time.monotonic()
for i in range(n):
    key = "2" if i % 2 == 0 else "1"
    with lock:
        k0 = len(outputs)
    t0 = time.monotonic()
    ctl.stdin.write(("send-keys -t %s %s\n" % (sess, key)).encode())
    # the redraw: output after the key, until QUIET passes with none
    while True:
        time.sleep(0.002)
        now = time.monotonic()
        with lock:
            mine = outputs[k0:]
        if mine and now - mine[-1] >= QUIET:
            break
        if now - t0 > 5:
            break
    if mine and WANT[key].search(screen()):
        lat.append((mine[-1] - t0) * 1000)
        first.append((mine[0] - t0) * 1000)
    else:
        missed += 1
    time.sleep(0.15)
ctl.stdin.close()
ctl.wait(timeout=5)
lat.sort()


def pct(v, p):
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))] if v else None


first.sort()
res = {"keys": n, "shown": len(lat), "missed": missed, "p50_ms": pct(lat, 50), "p99_ms": pct(lat, 99),
       "max_ms": lat[-1] if lat else None, "first_output_p50_ms": pct(first, 50),
       "seconds": time.monotonic() - t_start, "latencies_ms": [round(x, 1) for x in lat]}
json.dump(res, open(out, "w"))
sys.exit(1 if missed else 0)
