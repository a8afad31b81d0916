#!/usr/bin/env python3
# rdmatop_table_age_seconds against the JSON of the same run: each
# textfile's age of every table of every device is the age the JSON line
# of the same sample (by its time) gives it.
#   ages.py JSONLINES TEXTFILE...
import datetime
import json
import re
import sys

ages = {}
for line in open(sys.argv[1]):
    j = json.loads(line)
    t = datetime.datetime.strptime(j["time"], "%Y-%m-%dT%H:%M:%S.%fZ")
    t = t.replace(tzinfo=datetime.timezone.utc)
    ages[t.timestamp()] = {(d["ifname"], name): d["age"]
                                     for name, tab in j["tables"].items() for d in tab["devices"]}
carried = 0
files = sys.argv[2:]
for f in files:
    text = open(f).read()
    ts = float(re.search(r"^rdma_sample_timestamp_seconds (\S+)$", text, re.M).group(1))
    got = {(d, t): float(v) for d, t, v in re.findall(
        r'^rdmatop_table_age_seconds\{device="([^"]*)",table="([^"]*)"\} (\S+)$', text, re.M)}
    # the JSON's time is to the millisecond
    want = next((a for t, a in ages.items() if abs(t - ts) < 0.002), None)
    assert want is not None, "%s: no JSON sample at %s" % (f, ts)
    assert set(got) == set(want), "%s: tables %s, JSON %s" % (f, sorted(got), sorted(want))
    for k, v in want.items():
        # JSON gives ages to the hundredth
        assert abs(got[k] - v) <= 0.006, "%s: %s is %s s old, JSON says %s" % (f, k, got[k], v)
    carried += all(v > 0 for v in got.values())
print("%d samples, %d with every table carried" % (len(files), carried))
sys.exit(not (len(files) >= 8 and carried >= 6))
