# nic: the Ethernet layer of a real driver.  The guest has a QEMU e1000e
# (-device e1000e, no peer: the link is up, what it sends is dropped) with
# the kernel's own e1000e driver; rxe_nic goes on its netdev.  rdmatop reads
# the driver's statistics (the ETHTOOL_GSTRINGS/GSTATS ioctl), PAUSE_GET and
# FEC_GET (ethtool netlink) and DCB (rtnetlink) of that port; the guest's
# own ethtool (bookworm's 6.1; sid's for the newest kernel) and dcb answer
# the same questions right after it, and the host compares them
# (tests/net/compare.py).  e1000e has pause parameters but no pause
# statistics, no FEC op and no DCB ops: rdmatop must say so per port.
# The NIC sits behind a PCIe root port of QEMU's q35 (tests/vm/run):
# rdmatop's PCI locality of rxe_nic (its netdev's function, link, path)
# is compared with the guest's lspci -vv (tests/hw/pci_compare.py).
# shellcheck shell=dash
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh
d="$R/nic"
mkdir -p "$d"
nic=""
for n in /sys/class/net/*; do
	[ "$(readlink "$n/device/driver" 2>/dev/null | sed 's,.*/,,')" = e1000e ] && nic=${n##*/}
done
echo "$nic" >"$d/netdev"
if [ -z "$nic" ]; then
	say "nic: no e1000e netdev"
	exit 1
fi
# no IPv6 (router solicitations would move the counters between rdmatop
# and ethtool); then a few ARP requests, so the driver's counters are not
# all zero, all sent before rdmatop's first sample
echo 1 >"/proc/sys/net/ipv6/conf/$nic/disable_ipv6" 2>/dev/null
/bin/ip addr add 10.9.0.1/24 dev "$nic"
/bin/ip link set "$nic" up
i=0
while [ "$i" -lt 50 ] && [ "$(cat "/sys/class/net/$nic/carrier" 2>/dev/null)" != 1 ]; do
	sleep 0.1
	i=$((i + 1))
done
cat "/sys/class/net/$nic/carrier" >"$d/carrier" 2>/dev/null
ping -c 3 -i 0.2 -W 1 10.9.0.2 >/dev/null 2>&1
sleep 1
rdma link add rxe_nic type rxe netdev "$nic"
sleep 0.5
# traffic while rdmatop samples: pings to a neighbour set by hand (no ARP;
# QEMU drops them, the driver counts them sent), bracketed by iproute2's
# `ip -s -j link`, the oracle of RX/s and TX/s; then stopped, and the
# counters left still for the oracles below
if [ "$HAVE_RDMATOP" = 1 ]; then
	/bin/ip neigh replace 10.9.0.2 lladdr 02:00:00:00:00:02 dev "$nic" nud permanent
	ping -i 0.02 -s 1400 -q 10.9.0.2 >/dev/null 2>&1 &
	pp=$!
	sleep 0.5
	cut -d" " -f1 /proc/uptime >"$d/traffic_t0"
	/bin/ip -s -j link show dev "$nic" >"$d/traffic_ip0.json" 2>&1
	rt -j -n 3 -d 1 --budget 0 >"$d/traffic.json" 2>"$d/traffic.err"
	echo "$?" >"$d/traffic.rc"
	/bin/ip -s -j link show dev "$nic" >"$d/traffic_ip1.json" 2>&1
	cut -d" " -f1 /proc/uptime >"$d/traffic_t1"
	kill "$pp" 2>/dev/null
	wait "$pp" 2>/dev/null
	/bin/ip neigh del 10.9.0.2 dev "$nic" 2>/dev/null
	sleep 1
fi
if [ "$HAVE_RDMATOP" = 1 ]; then
	# (every table read every sample: the loaded TCG host paces the QPs)
	rt -j -n 2 -d 1 --budget 0 >"$d/rt.json" 2>"$d/rt.err"
	echo "$?" >"$d/rt.rc"
fi
/bin/ethtool --json -I -a "$nic" >"$d/pause.json" 2>"$d/pause.err"
/bin/ethtool -a "$nic" >"$d/pause.txt" 2>"$d/pause.txt.err"
/bin/ethtool --json -I --show-fec "$nic" >"$d/fec.json" 2>"$d/fec.err"
/bin/ethtool -S "$nic" >"$d/stats.txt" 2>"$d/stats.err"
/bin/ethtool --json -S "$nic" --all-groups >"$d/std.json" 2>"$d/std.err"
/bin/ethtool "$nic" >"$d/link.txt" 2>"$d/link.err"
/bin/ethtool --version >"$d/ethtool_version" 2>&1
# the PCI locality's oracle: the NIC sits behind q35's PCIe root port
readlink -f "/sys/class/net/$nic/device" | sed 's,.*/,,' >"$d/pci_addr"
/bin/lspci -D -vv >"$d/lspci-vv.txt" 2>"$d/lspci.err"
/bin/lspci -D -n >"$d/lspci-n.txt" 2>>"$d/lspci.err"
# dcb refuses a netdev without DCB ops (e1000e): its JSON only when it answered
if /bin/dcb -s -j pfc show dev "$nic" >"$d/dcb.out" 2>"$d/dcb.err"; then
	mv "$d/dcb.out" "$d/dcb.json"
else
	echo "$?" >"$d/dcb.rc"
fi
# the sysfs files the headline figures' oracle reads with cat
# (tests/net/truth.py): rxe_nic's port and the netdev's statistics, in a
# tree of the same shape, still the counters rdmatop's rt.json run saw
p=sys/class/infiniband/rxe_nic/ports/1
mkdir -p "$d/tree/$p/hw_counters" "$d/tree/sys/class/net/$nic/statistics"
for f in link_layer state phys_state rate; do
	cat "/$p/$f" >"$d/tree/$p/$f" 2>/dev/null
done
for f in /"$p"/hw_counters/* /sys/class/net/"$nic"/statistics/*; do
	[ -f "$f" ] && cat "$f" >"$d/tree$f" 2>/dev/null
done
rdma link delete rxe_nic
/bin/ip link set "$nic" down
say "nic: $nic, $(wc -l <"$d/stats.txt") lines of ethtool -S"
