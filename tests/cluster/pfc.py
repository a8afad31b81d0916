#!/usr/bin/env python3
"""A RoCE host's flow control added to an exposition, port by port.

usage: pfc.py BASE.om ROCE.om > OUT.om

BASE is one rdmatop exporter's OpenMetrics (a bench host of tests/bench's
generator, whose ports have no DCB); ROCE is a real mlx5 RoCE port's
(tests/data/hw/mlx5-roce: PFC per priority from DCB netlink, the pause
frames from ethtool netlink).  Every port of BASE (its rdma_port_info
series: device, port, netdev) gets ROCE's rdma_netdev_pfc_frames and
rdma_netdev_pause_frames series with its own labels, so the bench's GPU
node has what an 8-HCA RoCE node exports per priority.
"""
import re
import sys

LABEL = re.compile(r'(device|port|netdev)="[^"]*"')
base, roce = sys.argv[1], sys.argv[2]
FAMS = ("rdma_netdev_pfc_frames", "rdma_netdev_pause_frames")

ports = []
for line in open(base):
    if line.startswith("rdma_port_info{"):
        lab = dict(re.findall(r'(\w+)="([^"]*)"', line))
        if lab.get("netdev"):
            ports.append((lab["device"], lab["port"], lab["netdev"]))

heads, samples = {}, {}
fam = None
for line in open(roce):
    if line.startswith("# EOF"):
        break
    if line.startswith(("# TYPE ", "# HELP ", "# UNIT ")):
        fam = line.split(" ")[2]
        if fam in FAMS:
            heads.setdefault(fam, []).append(line)
        continue
    if fam in FAMS and line.strip():
        samples.setdefault(fam, []).append(line)
if not ports or not all(f in samples for f in FAMS):
    sys.exit("pfc.py: no ports in %s or no flow control in %s" % (base, roce))

out = sys.stdout
for line in open(base):
    if line.startswith("# EOF"):
        break
    out.write(line)
for f in FAMS:
    out.writelines(heads[f])
    for dev, port, netdev in ports:
        want = {"device": dev, "port": port, "netdev": netdev}
        for s in samples[f]:
            out.write(LABEL.sub(lambda m: '%s="%s"' % (m.group(1), want[m.group(1)]), s))
out.write("# EOF\n")
