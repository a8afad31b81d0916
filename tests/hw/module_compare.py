#!/usr/bin/env python3
"""A transceiver module as rdmatop read it, against `ethtool -m` (its text
output, Debian 12's ethtool 6.1: sfpid.c/sfpdiag.c, qsfp.c, cmis.c) on the
same bytes, reading by reading: identity, temperature, supply, per lane
bias, TX and RX power, the thresholds and the latched flags.

    module_compare.py RDMATOP.json NETDEV ETHTOOL.txt [MIN]

RDMATOP.json: rdmatop -j (its last sample); ETHTOOL.txt: `ethtool -m
NETDEV`.  Each value is compared at ethtool's printed precision.  Fails
when ethtool said nothing, when fewer than MIN (default 10) values were
compared, or on any difference ("ethtool LABEL: rdmatop X, ethtool Y")."""
import json
import re
import sys

THR = {"Laser bias current": "laser_bias_current", "Laser output power": "laser_output_power",
       "Module temperature": "module_temperature", "Module voltage": "module_voltage",
       "Laser rx power": "laser_rx_power"}
LEVELS = {"high alarm": "high_alarm", "low alarm": "low_alarm", "high warning": "high_warning",
          "low warning": "low_warning"}
# the flags' reading names in ethtool's text and the JSON's
FLAGS = {"Laser bias current": "laser_bias_current", "Laser tx power": "laser_output_power",
         "Laser output power": "laser_output_power", "Laser rx power": "laser_rx_power",
         "Module temperature": "module_temperature", "Module voltage": "module_voltage"}


def num(v):
    m = re.match(r"\s*(-?[0-9.]+)", v)
    return m.group(1) if m else None


def parse_ethtool(text):
    """ethtool -m's lines into (label, value) readings"""
    e = {"bias": {}, "tx": {}, "rx": {}, "thr": {}, "flags": {}, "ident": {}}
    for line in text.splitlines():
        if ":" not in line:
            continue
        label, _, val = line.partition(":")
        label, val = label.strip(), val.strip()
        ch = re.search(r"\((?:Channel|Chan) (\d+)\)", label)
        lane = int(ch.group(1)) - 1 if ch else 0
        base = re.sub(r"\s*\((?:Channel|Chan) \d+\)", "", label).strip()
        if label == "Identifier":
            e["ident"]["identifier"] = val.split()[0]
        elif label in ("Vendor name", "Vendor PN", "Vendor SN", "Vendor rev"):
            e["ident"]["vendor_" + label.split()[1].lower()] = val
        elif label.startswith("Transmitter technology"):
            e["copper"] = "Copper" in val
        elif base.endswith("threshold"):
            for k, key in THR.items():
                for lv, lk in LEVELS.items():
                    if base == "%s %s threshold" % (k, lv):
                        e["thr"][(key, lk)] = num(val)
        elif val in ("On", "Off"):
            for k, key in FLAGS.items():
                for lv, lk in LEVELS.items():
                    if base == "%s %s" % (k, lv):
                        e["flags"][(key, lk, lane if key not in (
                            "module_temperature", "module_voltage") else None)] = val == "On"
        elif base == "Module temperature":
            e["temp"] = num(val)
        elif base == "Module voltage":
            e["vcc"] = num(val)
        elif base in ("Laser tx bias current", "Laser bias current"):
            e["bias"][lane] = num(val)
        elif base in ("Transmit avg optical power", "Laser output power"):
            e["tx"][lane] = num(val)
        elif base.startswith("Rcvr signal") or base.startswith("Receiver signal"):
            e["rx"][lane] = num(val)
    return e


def main():
    rt, ndev, eth = sys.argv[1], sys.argv[2], sys.argv[3]
    floor = int(sys.argv[4]) if len(sys.argv) > 4 else 10
    lines = [l for l in open(rt) if l.strip()]
    links = [l for l in json.loads(lines[-1])["links"] if l.get("netdev") == ndev]
    text = open(eth).read()
    bad = []
    if not links or "module" not in links[0]:
        print("rdmatop: no module on %s: %s" % (ndev, links[0].get("network", {}).get(
            "unavailable") if links else "no link"))
        return 1
    m = links[0]["module"]
    e = parse_ethtool(text)
    n = 0

    def cmp(label, ours, theirs, places):
        nonlocal n
        n += 1
        if theirs is None:
            bad.append("ethtool %s: rdmatop %s, ethtool says nothing" % (label, ours))
            return
        if ours is None:
            bad.append("ethtool %s: rdmatop nothing, ethtool %s" % (label, theirs))
            return
        if isinstance(ours, str) and places is None:
            if ours != theirs:
                bad.append("ethtool %s: rdmatop %r, ethtool %r" % (label, ours, theirs))
            return
        if "%.*f" % (places, float(ours)) != "%.*f" % (places, float(theirs)):
            bad.append("ethtool %s: rdmatop %s, ethtool %s" % (label, ours, theirs))

    for k, v in e["ident"].items():
        cmp(k, m.get(k), v, None)
    if e.get("copper") is not None:
        cmp("copper", str(bool(m.get("copper"))), str(e["copper"]), None)
    if "temp" in e:
        cmp("Module temperature", m.get("module_temperature"), e["temp"], 2)
    if "vcc" in e:
        cmp("Module voltage", m.get("module_voltage"), e["vcc"], 4)
    for key, ours, places in (("bias", m.get("laser_tx_bias_current", []), 3),
                              ("tx", m.get("transmit_avg_optical_power", []), 4),
                              ("rx", m.get("rx_power", {}).get("values", []), 4)):
        for lane, v in sorted(e[key].items()):
            cmp("%s lane %d" % (key, lane + 1), ours[lane] if lane < len(ours) else None, v, places)
        if len(ours) != len(e[key]) and e[key]:
            bad.append("ethtool %s: rdmatop %d lanes, ethtool %d" % (key, len(ours), len(e[key])))
    thr = m.get("thresholds", {})
    for (key, lk), v in sorted(e["thr"].items()):
        places = {"laser_bias_current": 3, "module_temperature": 2}.get(key, 4)
        cmp("%s %s threshold" % (key, lk), thr.get(key, {}).get(lk + "_threshold"), v, places)
    fl = m.get("flags", {})
    for (key, lk, lane), on in sorted(e["flags"].items(), key=str):
        have = fl.get(key)
        if have is not None and lane is not None:
            have = have[lane] if lane < len(have) else None
        n += 1
        if have is None:
            bad.append("ethtool %s %s lane %s: rdmatop nothing, ethtool %s" % (key, lk, lane, on))
        elif (lk in have) != on:
            bad.append("ethtool %s %s%s: rdmatop %s, ethtool %s" % (
                key, lk, "" if lane is None else " lane %d" % (lane + 1), lk in have, on))
    print("%s: %d values compared (%d thresholds, %d flags)" % (ndev, n, len(e["thr"]),
                                                              len(e["flags"])))
    if n < floor:
        bad.append("%d values compared, at least %d expected" % (n, floor))
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
