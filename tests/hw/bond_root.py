#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The bond fixture's sysroot (tests/hw/bond.sh): mlx5-roce's, its port's
netdev made bond0, an 802.3ad bond (RoCE over an mlx5 LAG) over the two
mlx5 netdevs ens1f0np0 and ens1f1np1, as the kernel lays it out:
  bond0/uevent              DEVTYPE=bond (drivers/net/bonding/bond_main.c
                            bond_type)
  bond0/bonding/mode        "802.3ad 4" (bond_sysfs.c bonding_show_mode)
  bond0/bonding/active_slave  empty: 802.3ad has none
  bond0/lower_SLAVE         a link to the slave's directory (net/core/dev.c
                            netdev_adjacent_sysfs_add)
  SLAVE/{operstate,carrier,speed,carrier_changes,statistics/*},
  SLAVE/bonding_slave/{state,mii_status} (bond_sysfs_slave.c)
The RDMA netlink fixture names the port's netdev: its NDEV_NAME attribute
"ens1f0np0\\0" rewritten "bond0" padded with NULs to the same length, so
every length in the file stands.
  usage: bond_root.py SRC DST"""
import os
import shutil
import sys

src, dst = sys.argv[1], sys.argv[2]
shutil.copytree(src, dst, symlinks=True)
with open(os.path.join(dst, "netlink.fix"), "rb") as f:
    fix = f.read()
old, new = b"ens1f0np0\0", b"bond0\0\0\0\0\0"
if fix.count(old) < 1:
    sys.exit("bond_root: no NDEV_NAME ens1f0np0 in netlink.fix")
with open(os.path.join(dst, "netlink.fix"), "wb") as f:
    f.write(fix.replace(old, new))
gids = os.path.join(dst, "sys/class/infiniband/mlx5_0/ports/1/gid_attrs/ndevs")
for g in os.listdir(gids):
    p = os.path.join(gids, g)
    with open(p) as f:
        t = f.read()
    with open(p, "w") as f:
        f.write(t.replace("ens1f0np0", "bond0"))
os.remove(os.path.join(dst, "proc/net/vlan/config"))
net = os.path.join(dst, "sys/class/net")
os.rename(os.path.join(net, "ens1f0np0"), os.path.join(net, "bond0"))


def put(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


bond = os.path.join(net, "bond0")
put(os.path.join(bond, "uevent"), "DEVTYPE=bond\nINTERFACE=bond0\nIFINDEX=6\n")
put(os.path.join(bond, "bonding/mode"), "802.3ad 4\n")
put(os.path.join(bond, "bonding/active_slave"), "\n")
SLAVES = {  # name: ifindex, rx_bytes, tx_bytes, carrier_changes
    "ens1f0np0": (10, 950000000000, 940000000000, 2),
    "ens1f1np1": (11, 470000000000, 465000000000, 6),
}
for name, (ix, rx, tx, ch) in SLAVES.items():
    d = os.path.join(net, name)
    for fn, v in (("ifindex", ix), ("operstate", "up"), ("carrier", 1), ("speed", 100000),
                  ("carrier_changes", ch), ("mtu", 4200), ("bonding_slave/state", "active"),
                  ("bonding_slave/mii_status", "up"), ("statistics/rx_bytes", rx),
                  ("statistics/tx_bytes", tx), ("statistics/rx_packets", rx // 4096),
                  ("statistics/tx_packets", tx // 4096), ("statistics/rx_dropped", 0),
                  ("statistics/tx_dropped", 0), ("statistics/rx_errors", 0),
                  ("statistics/tx_errors", 0)):
        put(os.path.join(d, fn), "%s\n" % v)
    os.symlink("../" + name, os.path.join(bond, "lower_" + name))
