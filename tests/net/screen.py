#!/usr/bin/env python3
"""The dashboard's numbers against rdmatop's own JSON of the same sample.
  screen.py capture DIR RDMATOP REC[:SAMPLE]...   (one tmux server)
  screen.py compare DIR                            (TAMPER=rx10|reason|mark)
capture: each recording replayed at 80x24 (xterm-256color and vt100) and
200x50, stepped with `t` to SAMPLE (default its last) and paused there, on
the Links pane (`5`); its screens and `-r REC -j` kept in DIR.  compare:
every port row of the link lines (under the header) and of the Links table,
each column shown (RX/s, TX/s, RXPKT/s, TXPKT/s, ERR/s, HEALTH, UTIL%,
FLAPS, LASTCHG, PAUSE RX/s, PAUSE TX/s, DISCARD/s, FEC-UNCORR/s, FCS/s,
SYMBOL/s, STATE, PHYS, NETDEV, RATE, SRC) is the JSON's figure written by
the man page's rule (below, not rdmatop's code), and the verdict line is
the JSON's worst port with its reasons' texts, whole ones, as many as fit;
a table that leaves out a column the 200-column screen shows ends its
header with the cut mark ».  TAMPER: the JSON with one port's rx rate
times 10 (rx10), the worst port's last reason removed (reason), or the
screens without their cut marks (mark): the comparison must then fail."""
import json
import math
import os
import re
import subprocess
import sys
import time

SIZES = (("xterm-256color", 80, 24), ("vt100", 80, 24), ("xterm-256color", 200, 50))


def capture(out, rdmatop, recs):
    sock = "rdmatop-screen-%d" % os.getpid()
    tm = ["tmux", "-L", sock, "-f", "/dev/null"]
    os.makedirs(os.path.join(out, "xdg"), exist_ok=True)
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(out, "xdg"), TZ="UTC")
    sess, meta = [], {}
    t0 = time.time()
    try:
        for i, arg in enumerate(recs):
            rec, _, want = arg.partition(":")
            # (no dot: tmux reads SESSION.PANE)
            name = "%02d-%s" % (i, os.path.basename(rec)[:-len(".rdrec")].replace(".", "-"))
            js = subprocess.run([rdmatop, "-r", rec, "-j"], env=env, capture_output=True,
                                text=True, check=True).stdout.splitlines()
            k = int(want) if want else len(js)
            meta[name] = {"rec": rec, "sample": k, "of": len(js)}
            with open(os.path.join(out, name + ".json"), "w") as f:
                f.write(js[k - 1] + "\n")
            for term, w, h in SIZES:
                s = "%s_%s_%dx%d" % (name, term, w, h)
                cmd = ("env LANG=C.UTF-8 TERM=%s XDG_CONFIG_HOME=%s/xdg TZ=UTC %s -r %s -d 60; "
                       "sleep 120" % (term, out, rdmatop, rec))
                subprocess.run(tm + ["new-session", "-d", "-s", s, "-x", str(w), "-y", str(h),
                                     cmd], check=True)
                sess.append((s, name))
        # sample 1 shown (its header), then the Links pane (its header
        # DEV PORT NETDEV, the link lines' DEV PORT STATE) and a step (t)
        # at a time, each once the one before is in (a t while a sample is
        # read is not queued), to sample K
        want = {s: re.compile(r"sample %d of %d .*PAUSED" % (meta[n]["sample"], meta[n]["of"]))
                for s, n in sess}
        stepped, sent, done, last = {}, {}, {}, {}
        deadline = time.time() + 20
        while len(done) < len(sess) and time.time() < deadline:
            for s, n in sess:
                if s in done:
                    continue
                scr = subprocess.run(tm + ["capture-pane", "-p", "-t", s], capture_output=True,
                                     text=True).stdout
                last[s] = scr
                at = re.search(r"sample (\d+) of", scr)
                at = int(at.group(1)) if at else 0
                if at and s not in stepped:
                    subprocess.run(tm + ["send-keys", "-t", s, "5"])
                    stepped[s] = 0
                if at and at < meta[n]["sample"] and (stepped.get(s) != at or
                                                      time.time() - sent[s] > 1):
                    # (again after a second: one sent while the sample
                    # before was still being read went unheard)
                    subprocess.run(tm + ["send-keys", "-t", s, "t"])
                    stepped[s], sent[s] = at, time.time()
                elif want[s].search(scr) and re.search(r"\n ?DEV +PORT +NETDEV ", scr):
                    # drawn: the same twice, 0.2 s apart
                    time.sleep(0.2)
                    again = subprocess.run(tm + ["capture-pane", "-p", "-t", s],
                                           capture_output=True, text=True).stdout
                    if again == scr:
                        done[s] = scr
            time.sleep(0.1)
        for s, n in sess:
            with open(os.path.join(out, s + ".txt"), "w") as f:
                f.write(done.get(s, ""))
            if s not in done:
                print("%s: not at sample %d in 20 s; its screen:\n%s" % (s, meta[n]["sample"],
                                                                        last.get(s)))
    finally:
        subprocess.run(tm + ["kill-server"], capture_output=True)
    with open(os.path.join(out, "meta.json"), "w") as f:
        json.dump(meta, f)
    print("captured %d screens of %d recordings in %.1f s" % (len(sess), len(meta),
                                                               time.time() - t0))
    return 0 if len(done) == len(sess) else 1


# The man page's rule (THE DASHBOARD): a count a second below 1000 whole,
# else scaled by 1000 (K, M, G, T, P, E) with one decimal below 99.95 of
# its unit and none above (2.7K/s, 120K/s); 999.5 to 1000 reads 1.0K.  A
# throughput the same in bits a second, its unit after a space (0 b/s,
# 2.2 Gb/s).  "sat" where the counter is saturated, n/a where there is none.
def si(v, units, sep):
    if v is None or not math.isfinite(v):
        return "n/a"
    v = max(v, 0.0)
    if 999.5 <= v < 1000:
        v = 1000.0
    u = 0
    while v >= 1000 and u + 1 < len(units):
        v /= 1000
        u += 1
    if u == 0:
        return "%.0f%s%s" % (v, sep if units[0] else "", units[0])
    return ("%.0f" if v >= 99.95 else "%.1f") % v + sep + units[u]


def rate(v):
    return "n/a" if v is None else si(v, ["", "K", "M", "G", "T", "P", "E"], "") + "/s"


def bits(v):
    return "n/a" if v is None else si(v * 8, ["b/s", "Kb/s", "Mb/s", "Gb/s", "Tb/s", "Pb/s",
                                              "Eb/s"], " ")


def age(v):
    """45s, 3m12s, 2h05m, 3d04h"""
    if v is None:
        return "n/a"
    v = int(v)
    if v < 60:
        return "%ds" % v
    if v < 3600:
        return "%dm%02ds" % (v // 60, v % 60)
    if v < 86400:
        return "%dh%02dm" % (v // 3600, v % 3600 // 60)
    return "%dd%02dh" % (v // 86400, v % 86400 // 3600)


def figure(l, key, fmt):
    if l.get(key + "_saturated") is True:
        return "sat"
    return fmt(l.get(key + "_per_sec"))


def discard(l):
    """DISCARD/s: the port's discards and out-of-buffer drops"""
    if l.get("discards_saturated") is True or l.get("out_of_buffer_saturated") is True:
        return "sat"
    parts = [l[k] for k in ("discards_per_sec", "out_of_buffer_per_sec") if k in l]
    return rate(sum(parts)) if parts else "n/a"


def flaps(l):
    if "flaps" not in l:
        return "n/a"
    return "%d%s" % (l["flaps"], "+" if l.get(l.get("flaps_counter", "") + "_saturated") else "")


NET = lambda k: lambda l: rate(l.get("network", {}).get(k))
WANT = {
    "RX/s": lambda l: figure(l, "rx_bytes", bits),
    "TX/s": lambda l: figure(l, "tx_bytes", bits),
    "RXPKT/s": lambda l: figure(l, "rx_packets", rate),
    "TXPKT/s": lambda l: figure(l, "tx_packets", rate),
    "ERR/s": lambda l: figure(l, "errors", rate),
    "HEALTH": lambda l: l.get("health", "n/a"),
    "UTIL%": lambda l: "n/a" if "utilisation_percent" not in l else "%.1f%%" % l["utilisation_percent"],
    "FLAPS": flaps,
    "LASTCHG": lambda l: age(l.get("last_change_age_sec")),
    "PAUSE RX/s": NET("pause_rx_per_sec"),
    "PAUSE TX/s": NET("pause_tx_per_sec"),
    "DISCARD/s": discard,
    "FEC-UNCORR/s": NET("fec_uncorrectable_per_sec"),
    "FCS/s": lambda l: figure(l, "fcs_errors", rate),
    "SYMBOL/s": lambda l: figure(l, "symbol_errors", rate),
    "STATE": lambda l: l.get("state", "n/a"),
    "PHYS": lambda l: l.get("physical_state", "n/a"),
    "NETDEV": lambda l: l.get("netdev", "n/a"),
    "BER": lambda l: "n/a" if "pre_fec_ber" not in l else "%.1e" % l["pre_fec_ber"],
}
LABELS = sorted(list(WANT) + ["DEV", "PORT", "RATE", "SRC", "QPCNT", "RX+TX history"],
                key=len, reverse=True)
LEFT = ("DEV", "STATE", "PHYS", "NETDEV", "RATE", "HEALTH", "SRC", "QPCNT")


def header(line):
    """[(label, start, end)] of a table's header"""
    cols, i = [], 0
    while i < len(line):
        if line[i] == " ":
            i += 1
            continue
        for lab in LABELS:
            if line.startswith(lab, i) and (i + len(lab) == len(line) or
                                            line[i + len(lab)] in " ▲▼^v"):
                cols.append((lab, i, i + len(lab)))
                i += len(lab) + 1
                break
        else:
            j = line.find(" ", i)
            j = len(line) if j < 0 else j
            cols.append((line[i:j], i, j))
            i = j
    return cols


def cell(row, lab, s, e):
    if lab in LEFT:
        return row[s:].split(" ")[0] if lab != "RATE" else row[s:]
    if e < len(row) and row[e] != " ":
        return "?" + row[s:e + 1]
    t = row[:e].split()
    if len(t) > 1 and re.match(r"^[KMGTPE]?b/s$", t[-1]):
        return t[-2] + " " + t[-1]
    return t[-1] if t else ""


def verdict_line(links, w):
    """the line under the header, by the man page and doc/json.md: the
    worst level, then the most reasons; its reasons whole, as many as fit,
    … after them where one is left out; the netdev where it costs none"""
    order = {"FAIL": 3, "WARN": 2, "OK": 1}
    rated = [l for l in links if l.get("health") in order]
    bad = len([l for l in rated if l["health"] != "OK"])
    if not rated:
        return None
    if not bad:
        return "network OK (%d port%s)" % (len(links), "" if len(links) == 1 else "s")
    worst = rated[0]
    for l in rated[1:]:
        if (order[l["health"]], len(l["reasons"])) > (order[worst["health"]], len(worst["reasons"])):
            worst = l
    texts = [r["text"] for r in worst["reasons"]]
    more = " (+%d port%s)" % (bad - 1, "" if bad == 2 else "s") if bad > 1 else ""
    who = "%s %s/%d" % (worst["health"], worst["ifname"], worst["port"])

    def fit(room):
        k, used = 0, 0
        for i, t in enumerate(texts):
            n = len(t) + (2 if i else 0)
            if used + n + (1 if i + 1 < len(texts) else 0) > room:
                break
            used += n
            k += 1
        return k

    room = w - len(who) - len(more) - 2
    if worst.get("netdev") and fit(room - 1 - len(worst["netdev"])) >= fit(room):
        who += " " + worst["netdev"]
        room -= 1 + len(worst["netdev"])
    k = fit(room)
    return "%s: %s%s%s" % (who, ", ".join(texts[:k]), "…" if k < len(texts) else "", more)


def reason_texts(links, bad):
    """each reason's text says its value as the screen writes it"""
    n = 0
    for l in links:
        for r in l.get("reasons", []):
            n += 1
            v = r.get("value")
            # JSON prints three decimals (fmt_num): the text was written from
            # the value before that, which may lie on the other side of a
            # rounding boundary (0.995 printed, 0.99502 written "1/s")
            vs = (v, v - 0.0005, v + 0.0005)
            if r.get("unit") == "/s":
                wants = ["%.2g/s" % x if 0 < x < 1 else rate(x) for x in vs]
            elif r.get("unit") == "%":
                wants = ["%.0f%%" % x for x in vs]
            else:
                continue
            want = wants[0]
            if not any(re.search(r"(^| )" + re.escape(w) + r"( |$)", r["text"]) for w in wants):
                bad.append("%s/%s reason %s: text %r, value %r (%s)" % (l["ifname"], l["port"],
                                                                      r["rule"], r["text"], v, want))
    return n


def tables(scr):
    """the link lines and the Links table: (header, rows) each"""
    lines = scr.split("\n")
    heads = [i for i, x in enumerate(lines) if re.match(r"^DEV +PORT ", x)]
    out = []
    for h in heads[:2]:
        rows = []
        for x in lines[h + 1:]:
            if not x.strip() or x.startswith("F1Help") or re.match(r"^ ?1 ?QP", x):
                break
            rows.append(x)
        out.append((lines[h], rows))
    return out


def compare(d):
    meta = json.load(open(os.path.join(d, "meta.json")))
    tamper = os.environ.get("TAMPER", "")
    bad, n, screens = [], 0, 0
    for name in sorted(meta):
        links = json.loads(open(os.path.join(d, name + ".json")).read())["links"]
        if tamper == "rx10":
            for l in links:
                if l.get("rx_bytes_per_sec", 0) > 0:
                    l["rx_bytes_per_sec"] *= 10
                    break
        if tamper == "reason":
            for l in links:
                if l.get("reasons") and l.get("health") == "FAIL":
                    l["reasons"].pop()
                    break
        n += reason_texts(links, bad)
        by = {(l["ifname"], str(l["port"])): l for l in links}
        full = {}
        for term, w, h in sorted(SIZES, key=lambda x: -x[1]):
            what = "%s %s %dx%d" % (name, term, w, h)
            scr = open(os.path.join(d, "%s_%s_%dx%d.txt" % (name, term, w, h))).read()
            if tamper == "mark" and w == 80:
                scr = scr.replace("»", " ")
            screens += 1
            lines = scr.split("\n")
            m = re.search(r"sample (\d+) of (\d+)", lines[0])
            if not m or int(m.group(1)) != meta[name]["sample"] or "PAUSED" not in lines[0]:
                bad.append("%s: not paused on sample %d: %r" % (what, meta[name]["sample"],
                                                                 lines[0]))
                continue
            want = verdict_line(links, w)
            n += 1
            if lines[2].rstrip() != want:
                bad.append("%s verdict line:\n  screen %r\n  JSON   %r" % (what, lines[2].rstrip(),
                                                                           want))
            tabs = tables(scr)
            if len(tabs) != 2:
                bad.append("%s: %d tables of ports, not 2 (link lines, Links)" % (what, len(tabs)))
                continue
            for t, (hl, rows) in enumerate(tabs):
                region = ("link lines", "Links")[t]
                cols = header(hl)
                labs = [c[0] for c in cols if c[0] != "»"]
                if w == 200:
                    full[t] = labs
                elif [c for c in full.get(t, []) if c not in labs] and not hl.rstrip().endswith("»"):
                    bad.append("%s %s: %s left out, no cut mark: %r" % (
                        what, region, [c for c in full[t] if c not in labs], hl))
                n += 1
                seen = set()
                for row in rows:
                    key = (row.split()[0].lstrip("└"), row.split()[1])
                    l = by.get(key)
                    if not l:
                        bad.append("%s %s: row %r not in JSON" % (what, region, row))
                        continue
                    seen.add(key)
                    for i, (lab, s, e) in enumerate(cols):
                        got = cell(row, lab, s, e)
                        if lab in WANT:
                            exp = WANT[lab](l)
                        elif lab == "RATE":
                            exp = l.get("rate", "n/a")
                            got = got[:len(exp)]
                        elif lab == "SRC":
                            full_src = "%s:%s" % (l["throughput_source"], l["throughput_counter"]) \
                                if l.get("throughput_counter") else "n/a"
                            room = (hl.rstrip().rfind("»") - 1 if hl.rstrip().endswith("»")
                                    else w) - s
                            exp = full_src if len(full_src) <= room else l["throughput_counter"]
                            if "…" in got:
                                a, _, b = got.partition("…")
                                if exp.startswith(a) and exp.endswith(b):
                                    got = exp
                        else:
                            continue
                        n += 1
                        if got != exp:
                            bad.append("%s %s %s/%s %s: screen %r, JSON %r" % (
                                what, region, key[0], key[1], lab, got, exp))
                if seen != set(by):
                    bad.append("%s %s: rows %s, JSON's links %s" % (what, region, sorted(seen),
                                                                    sorted(by)))
    for b in bad[:40]:
        print(b)
    print("%d recordings, %d screens, %d values compared, %d differ" % (len(meta), screens, n,
                                                                         len(bad)))
    return 1 if bad or not n else 0


if __name__ == "__main__":
    if sys.argv[1] == "capture":
        sys.exit(capture(sys.argv[2], os.path.abspath(sys.argv[3]), sys.argv[4:]))
    sys.exit(compare(sys.argv[2]))
