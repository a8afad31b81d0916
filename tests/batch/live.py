#!/usr/bin/env python3
"""Replay = live: the JSON a replay prints (REPLAY) holds every value the
live run printed while recording (LIVE, tests/data/*/NAME.rdmatop.json,
written by the capturing binary inside the test bed).

Keys added to the schema since the capture are not in LIVE and are not
compared; every key LIVE has must be in REPLAY with the same value, except
the changes listed in DRIFT, each a fix made after the capture:

  system/<mode>          "on"/"off" strings since the JSON schema 1 (the
                         capturing binary printed booleans): compared as
                         on == True, off == False
  notes                  the capturing binary misread a cgroup v2 line of
                         6.1/6.12 guests ("unexpected contents in
                         /proc/N/cgroup"); that note is dropped from LIVE
  links/*_packets_per_sec  the captures of 6.1 and 6.12 predate the link
                         packet rates from rxe's hw counters (before, the
                         netdev's, 0 on dummy0): not compared
  links/*_bytes_per_sec, utilisation_percent, throughput_source
                         where the capture took the PMA's bytes on an
                         Ethernet port (7.x rxe has PMA counters: its RDMA
                         traffic): the link's bytes are the netdev's since
                         (src/model/truth_tab.c), not compared there

usage: live.py LIVE REPLAY       exit 0 when equal, 1 with the differences
       live.py --self-test LIVE  the comparison fails on a changed value
"""
import copy
import json
import sys


def norm_mode(v):
    return {"on": True, "off": False}.get(v, v)


def diff(live, rep, path, out):
    if isinstance(live, dict):
        if not isinstance(rep, dict):
            out.append("%s: object in live, %r in replay" % (path, rep))
            return
        for k, v in live.items():
            p = path + "/" + k
            if k not in rep:
                out.append("%s: missing in replay" % p)
            elif path.endswith("/system"):
                if norm_mode(v) != norm_mode(rep[k]):
                    out.append("%s: live %r, replay %r" % (p, v, rep[k]))
            elif k.endswith("_packets_per_sec") and "/links[" in path:
                continue
            elif "/links[" in path and rep.get("ifname") in PMA_PORTS and \
                    rep.get("throughput_source") != "pma" and \
                    (k.endswith("_bytes_per_sec") or k == "utilisation_percent"):
                continue
            else:
                diff(v, rep[k], p, out)
    elif isinstance(live, list):
        if not isinstance(rep, list) or len(live) != len(rep):
            out.append("%s: %d items live, %s in replay" %
                       (path, len(live), len(rep) if isinstance(rep, list) else rep))
            return
        for i, (a, b) in enumerate(zip(live, rep)):
            diff(a, b, "%s[%d]" % (path, i), out)
    elif isinstance(live, (int, float)) and not isinstance(live, bool):
        if not isinstance(rep, (int, float)) or isinstance(rep, bool) or live != rep:
            out.append("%s: live %r, replay %r" % (path, live, rep))
    elif live != rep:
        out.append("%s: live %r, replay %r" % (path, live, rep))


def clean(sample):
    s = copy.deepcopy(sample)
    if "notes" in s:
        s["notes"] = [n for n in s["notes"]
                      if "unexpected contents in /proc/" not in n.get("message", "")
                      or "/cgroup" not in n.get("message", "")]
    return s


# the replay's ports with PMA counters on an Ethernet link (compare() fills it)
PMA_PORTS = set()


def compare(live, rep):
    out = []
    for s in rep:
        eth = {l.get("ifname") for l in s.get("links", []) if l.get("link_layer") == "Ethernet"}
        PMA_PORTS.update(c.get("ifname") for c in s.get("counters", [])
                         if c.get("source") == "pma" and c.get("ifname") in eth)
    if len(live) != len(rep):
        out.append("%d samples live, %d in replay" % (len(live), len(rep)))
    for i, (a, b) in enumerate(zip(live, rep)):
        a = clean(a)
        diff(a, b, "sample %d" % i, out)
    return out


def load(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def first_number(obj, path=""):
    """The path of the first nonzero integer leaf (a QP number, a PID...)."""
    if isinstance(obj, dict):
        items = obj.items()
    elif isinstance(obj, list):
        items = enumerate(obj)
    else:
        return None
    for k, v in items:
        if isinstance(v, int) and not isinstance(v, bool) and v:
            return (obj, k)
        r = first_number(v)
        if r:
            return r
    return None


def main():
    if sys.argv[1] == "--self-test":
        live = load(sys.argv[2])
        rep = [clean(s) for s in live]
        assert not compare(live, rep), "a copy differs from itself"
        obj, k = first_number(rep[-1].get("qps") or rep[-1])
        obj[k] += 1
        d = compare(live, rep)
        assert d, "a changed value was not seen"
        print("a changed value is seen: %s" % d[0])
        return 0
    d = compare(load(sys.argv[1]), load(sys.argv[2]))
    for line in d[:20]:
        print(line)
    return 1 if d else 0


sys.exit(main())
