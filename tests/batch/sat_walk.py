#!/usr/bin/env python3
# Every recording, every sample: no saturated counter reads as a rate of
# 0.  A counter JSON marks "saturated" has no rate of 0 there, and in the
# -b text of the same sample its counters row has the value marked "+"
# and the rate "sat"; a link whose rate JSON marks saturated shows no
# "0/s" in its place.  The walk must meet saturated counters (else it
# proves nothing), and a copy of the text with one "sat" turned into
# "0/s" must fail it.
#   sat_walk.py RDMATOP REC...
import json
import re
import subprocess
import sys

rdmatop, recs = sys.argv[1], sys.argv[2:]


def check(samples, text, rec):
    errors = []
    parts = text.split("\nDEVICES\n")[1:]
    if len(parts) != len(samples):
        return ["%s: %d text samples, %d JSON" % (rec, len(parts), len(samples))], 0
    seen = 0
    for n, (j, t) in enumerate(zip(samples, parts)):
        lines = t.splitlines()
        for c in j.get("counters", []):
            if not c.get("saturated"):
                continue
            seen += 1
            key = "%s %s: sample %d: %s/%s %s" % (rec, c["source"], n, c["ifname"], c.get("port", 0),
                                                  c["name"])
            if c.get("rate") == 0 or c.get("delta") == 0:
                errors.append("%s: JSON rate %r delta %r" % (key, c.get("rate"), c.get("delta")))
            pat = r"%s\s+%s\s+%s\s+%s\s" % (re.escape(c["ifname"]), c.get("port", 0),
                                             re.escape(c["source"]), re.escape(c["name"]))
            rows = [x for x in lines if re.match(pat, x)]
            if not rows:
                errors.append("%s: no text row" % key)
            for r in rows:
                f = r.split()
                if "0/s" in f or "sat" not in f or not any(x.endswith("+") for x in f[4:6]):
                    errors.append("%s: text %s" % (key, r.rstrip()))
        for li in j.get("links", []):
            for k in ("rx_bytes", "tx_bytes", "rx_packets", "tx_packets"):
                if li.get(k + "_saturated") and k + "_per_sec" in li:
                    errors.append("%s: sample %d: link %s: %s saturated with a rate" % (
                        rec, n, li["ifname"], k))
    return errors, seen


errors, total = [], 0
for rec in recs:
    js = subprocess.run([rdmatop, "-r", rec, "-j"], capture_output=True, text=True)
    tx = subprocess.run([rdmatop, "-r", rec, "-b"], capture_output=True, text=True)
    if js.returncode or tx.returncode:
        errors.append("%s: replay failed: %s %s" % (rec, js.stderr.strip(), tx.stderr.strip()))
        continue
    samples = [json.loads(x) for x in js.stdout.splitlines() if x.strip()]
    e, seen = check(samples, "\n" + tx.stdout, rec)
    errors += e
    total += seen
    # the check can fail: one saturated row's "sat" made "0/s"
    if seen and not e:
        bad = re.sub(r"(\S+\+\s.*?)\bsat\b", r"\g<1>0/s", tx.stdout, count=1)
        if bad == tx.stdout or not check(samples, "\n" + bad, rec)[0]:
            errors.append("%s: a 0/s in place of sat went unnoticed" % rec)
if not total:
    errors.append("no saturated counter in any recording: the walk proves nothing")
for x in errors:
    print(x)
print("%d recordings, %d saturated counter samples" % (len(recs), total))
sys.exit(1 if errors else 0)
