#!/usr/bin/env python3
"""rdmatop's PCI locality (-j: devices[].pci, the pci section) against the
oracles on the same sysfs tree: lspci -vv (config space: link capability
and status, NUMA node, the bridges' bus numbers, which give each function's
path to its root port), lspci -n (class and ids), hwloc's lstopo XML (NUMA
node and nesting of every GPU and NIC, the OpenFabrics device under each)
and the relation table written from the fixture's design.
usage: pci_compare.py RT.JSON LSPCI_VV LSPCI_N LSTOPO_XML TOPO_TABLE [MIN]
LSTOPO_XML and TOPO_TABLE may be "-" (none: the test bed's guest has no
lstopo and no design table).  Prints each mismatch and "N checks, N
mismatches"; exit 1 on any, or on fewer than MIN checks (50)."""
import json
import re
import sys
import xml.etree.ElementTree as ET

rt_path, vv_path, n_path, xml_path, table_path = sys.argv[1:6]
min_checks = int(sys.argv[6]) if len(sys.argv) > 6 else 50
checks = 0
bad = []


def check(what, got, want):
    global checks
    checks += 1
    if got != want:
        bad.append("MISMATCH %s: rdmatop %r, %s" % (what, got, want))


o = json.loads([l for l in open(rt_path) if l.strip()][-1])
fns = {f["address"]: f for f in o.get("pci", {}).get("functions", [])}
devs = {d["ifname"]: d for d in o.get("devices", [])}
GEN = {"2.5GT/s": 2.5, "5GT/s": 5.0, "8GT/s": 8.0, "16GT/s": 16.0, "32GT/s": 32.0, "64GT/s": 64.0}

# lspci -D -vv: one block per function
lsp = {}
cur = None
for line in open(vv_path):
    m = re.match(r"^([0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]) ", line)
    if m:
        cur = lsp.setdefault(m.group(1), {})
        continue
    if cur is None:
        continue
    m = re.search(r"NUMA node: (\d+)", line)
    if m:
        cur["numa"] = int(m.group(1))
    m = re.search(r"LnkCap:\s+Port #\d+, Speed ([0-9.]+GT/s), Width x(\d+)", line)
    if m:
        cur["max"] = (GEN[m.group(1)], int(m.group(2)))
    m = re.search(r"LnkSta:\s+Speed ([0-9.]+GT/s)[^,]*, Width x(\d+)", line)
    if m:
        cur["cur"] = (GEN[m.group(1)], int(m.group(2)))
        cur["downgraded"] = "downgraded" in line
    m = re.search(r"Bus: primary=([0-9a-f]+), secondary=([0-9a-f]+), subordinate=([0-9a-f]+)", line)
    if m:
        cur["sec"] = int(m.group(2), 16)

# lspci -D -n: class and ids
ids = {}
for line in open(n_path):
    m = re.match(r"^(\S+) ([0-9a-f]{4}): ([0-9a-f]{4}):([0-9a-f]{4})", line)
    if m:
        ids[m.group(1)] = (m.group(2), m.group(3), m.group(4))


def lspci_path(addr):
    """the bridges above addr, nearest first, from the bus numbers"""
    out = []
    dom = addr[:4]
    bus = int(addr[5:7], 16)
    while True:
        up = [a for a, b in lsp.items() if a[:4] == dom and b.get("sec") == bus]
        if not up:
            return out
        out.append(up[0])
        bus = int(up[0][5:7], 16)


def kind(cls, vendor):
    c = int(cls, 16)
    if c == 0x0604:
        return "bridge"
    if c >> 8 == 0x02:
        return "nic"
    if c == 0x0302 or (c in (0x0300, 0x0380) and vendor in ("10de", "1002", "8086")):
        return "gpu"
    return "other"


# every GPU and NIC lspci sees is read, with lspci's class, ids and link
for addr, (cls, ven, dev) in sorted(ids.items()):
    k = kind(cls, ven)
    if k in ("gpu", "nic"):
        check("%s listed" % addr, addr in fns, True)
    f = fns.get(addr)
    if not f:
        continue
    check("%s kind" % addr, f.get("kind"), k)
    check("%s class" % addr, f.get("class", "")[2:6], cls)
    check("%s vendor:device" % addr, (f.get("vendor", "")[2:], f.get("device", "")[2:]), (ven, dev))
    b = lsp.get(addr, {})
    check("%s numa_node (lspci NUMA node)" % addr, f.get("numa_node"), b.get("numa"))
    lk = f.get("link", {})
    check("%s max speed, width (lspci LnkCap)" % addr, (lk.get("max_speed_gts"), lk.get("max_width")),
          b.get("max"))
    check("%s current speed, width (lspci LnkSta)" % addr,
          (lk.get("current_speed_gts"), lk.get("current_width")), b.get("cur"))
    check("%s degraded (lspci LnkSta downgraded)" % addr, lk.get("degraded"), b.get("downgraded"))
for name, d in sorted(devs.items()):
    p = d.get("pci")
    if not p:
        continue
    check("%s path to the root port (lspci bus numbers)" % name, [x["address"] for x in p["path"]],
          lspci_path(p["address"]))

# lstopo: NUMA node and nesting of each GPU and NIC, and its RDMA device
root = ET.parse(xml_path).getroot() if xml_path != "-" else ET.Element("none")
parent = {c: p for p in root.iter() for c in p}
for obj in root.iter("object"):
    if obj.get("type") != "PCIDev":
        continue
    addr = obj.get("pci_busid")
    bridges, up, node = [], parent.get(obj), None
    while up is not None:
        if up.get("type") == "Bridge" and up.get("pci_busid"):
            bridges.append(up.get("pci_busid"))
        kids = [c for c in up if c.tag == "object" and c.get("type") == "NUMANode"]
        if kids and node is None:
            node = int(kids[0].get("os_index"))
        up = parent.get(up)
    f = fns.get(addr)
    if not f:
        continue
    check("%s numa_node (lstopo NUMANode above it)" % addr, f.get("numa_node"), node)
    for osd in obj:
        if osd.tag == "object" and osd.get("type") == "OSDev" and osd.get("subtype") == "OpenFabrics":
            d = devs.get(osd.get("name"), {})
            check("%s carries %s (lstopo OpenFabrics)" % (addr, osd.get("name")),
                  d.get("pci", {}).get("address"), addr)
            check("%s bridges above it (lstopo nesting)" % osd.get("name"),
                  [x["address"] for x in d.get("pci", {}).get("path", [])], bridges)

# the relation table of the design
rel = {(t["from"], t["to"]): t["relation"] for t in o.get("pci", {}).get("topology", [])}
rows = [l.split() for l in open(table_path) if l.strip() and not l.startswith("#")] \
    if table_path != "-" else []
cols = [r[0] for r in rows]
for r in rows:
    for c, want in zip(cols, r[1:]):
        if c != r[0]:
            check("relation %s -> %s (the design's table)" % (r[0], c), rel.get((r[0], c)), want)

for b in bad:
    print(b)
print("%d checks, %d mismatches" % (checks, len(bad)))
sys.exit(1 if bad or checks < min_checks else 0)
