# bond: the links beneath a port on a real kernel.  bond0 (active-backup,
# MII monitor every 100 ms) over two veths, bva and bvb, whose peers make
# bond1 in the netns `far` (10.0.5.2); a VLAN bond0.7 on bond0 (10.0.7.1,
# bond1.7 in far).  rxe_bond on bond0: rdmatop follows
# /sys/class/net/bond0/lower_* to the slaves.  rxe refuses a VLAN netdev
# (drivers/infiniband/sw/rxe/rxe.c rxe_newlink: is_vlan_dev, -EPERM, 6.1
# to 7.x): the VLAN is one of rxe_bond's GID netdevs, as on RoCE hardware,
# and its traffic is its lower's, the slaves'.  Pings flow through both (rxe's own traffic to its own GID is
# looped back inside rxe and never reaches a slave, so the slaves' traffic
# is IP's); rdmatop samples 3 times 1 s apart, and after its first sample
# the active slave bva goes down: the bond fails over to bvb, and the last
# sample must say so (bva down, WARN naming it, active_slave bvb), and the
# VLAN's bytes must be within the slaves'.  The
# oracle: iproute2's `ip -s -j link` of each slave and of bond0, read
# right before and right after rdmatop's run (its figures lie between),
# then, the traffic stopped, a one-sample run between two readings that
# must equal them; the bonding files read with cat.  The run is recorded
# (-w): the host replays it and wants the same lowers and verdict.
# shellcheck shell=dash
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh
d="$R/bond"
mkdir -p "$d"
ipj() { /bin/ip -s -j link show dev "$1" 2>&1; }
noipv6() { echo 1 >"/proc/sys/net/ipv6/conf/$1/disable_ipv6" 2>/dev/null; }
# the module made bond0 at load (max_bonds=1); an older setup may not have
[ -e /sys/class/net/bond0 ] || /bin/ip link add bond0 type bond
/bin/ip link set bond0 down
/bin/ip link set bond0 type bond mode active-backup miimon 100 || say "bond: mode not set"
/bin/ip netns add far
/bin/ip link add bva type veth peer name bvap
/bin/ip link add bvb type veth peer name bvbp
/bin/ip link set bvap netns far
/bin/ip link set bvbp netns far
/bin/ip netns exec far /bin/ip link add bond1 type bond mode active-backup miimon 100
for s in bvap bvbp; do
	/bin/ip netns exec far /bin/ip link set "$s" master bond1
done
/bin/ip netns exec far /bin/ip link add link bond1 name bond1.7 type vlan id 7
/bin/ip netns exec far /bin/ip addr add 10.0.5.2/24 dev bond1
/bin/ip netns exec far /bin/ip addr add 10.0.7.2/24 dev bond1.7
/bin/ip netns exec far /bin/ip link set lo up
/bin/ip netns exec far /bin/ip link set bond1 up
/bin/ip netns exec far /bin/ip link set bond1.7 up
for s in bva bvb; do
	noipv6 "$s"
	/bin/ip link set "$s" master bond0
done
/bin/ip link add link bond0 name bond0.7 type vlan id 7
noipv6 bond0
noipv6 bond0.7
/bin/ip addr add 10.0.5.1/24 dev bond0
/bin/ip addr add 10.0.7.1/24 dev bond0.7
/bin/ip link set bond0 up
/bin/ip link set bond0.7 up
i=0
while [ "$i" -lt 50 ] && [ "$(cat /sys/class/net/bond0/bonding/active_slave 2>/dev/null)" = "" ]; do
	sleep 0.1
	i=$((i + 1))
done
ping -c 2 -i 0.2 -W 1 10.0.5.2 >"$d/ping0.txt" 2>&1
ping -c 2 -i 0.2 -W 1 10.0.7.2 >>"$d/ping0.txt" 2>&1
rdma link add rxe_bond type rxe netdev bond0
# refused (above): said in the log, not relied on
rdma link add rxe_vlan type rxe netdev bond0.7 2>"$d/rxe_vlan.err" && rdma link delete rxe_vlan
sleep 0.5
cat /sys/class/net/bond0/bonding/active_slave >"$d/active_before" 2>/dev/null
ls /sys/class/net/bond0 | grep '^lower_' >"$d/lowers_bond0" 2>/dev/null
ls /sys/class/net/bond0.7 | grep '^lower_' >"$d/lowers_vlan" 2>/dev/null
if [ "$HAVE_RDMATOP" = 1 ]; then
	ping -i 0.02 -s 1200 -q 10.0.5.2 >/dev/null 2>&1 &
	p1=$!
	ping -i 0.05 -s 800 -q 10.0.7.2 >/dev/null 2>&1 &
	p2=$!
	sleep 0.5
	for n in bva bvb bond0 bond0.7; do ipj "$n" >"$d/ip0_$n.json"; done
	rt -j -n 3 -d 1 --budget 0 -w "$d/bond.rdrec" >"$d/rt.json" 2>"$d/rt.err" &
	pid=$!
	i=0
	while [ "$i" -lt 300 ] && [ ! -s "$d/rt.json" ]; do sleep 0.1; i=$((i + 1)); done
	# the active slave down between rdmatop's first and second samples
	/bin/ip link set bva down
	wait "$pid"
	echo "$?" >"$d/rt.rc"
	for n in bva bvb bond0 bond0.7; do ipj "$n" >"$d/ip1_$n.json"; done
	cat /sys/class/net/bond0/bonding/active_slave >"$d/active_after" 2>/dev/null
	for s in bva bvb; do
		cat "/sys/class/net/$s/bonding_slave/mii_status" >"$d/mii_$s" 2>/dev/null
		cat "/sys/class/net/$s/operstate" >"$d/oper_$s" 2>/dev/null
	done
	kill "$p1" "$p2" 2>/dev/null
	wait "$p1" 2>/dev/null
	wait "$p2" 2>/dev/null
	sleep 1
	# still: one sample between two readings that must equal it
	for n in bva bvb bond0; do ipj "$n" >"$d/still0_$n.json"; done
	rt -j -n 1 --budget 0 >"$d/still.json" 2>"$d/still.err"
	echo "$?" >"$d/still.rc"
	for n in bva bvb bond0; do ipj "$n" >"$d/still1_$n.json"; done
fi
rdma link delete rxe_bond
/bin/ip link del bond0.7
/bin/ip link set bond0 down
for s in bva bvb; do /bin/ip link del "$s" 2>/dev/null; done
/bin/ip netns del far
say "bond: active $(cat "$d/active_before" 2>/dev/null) -> $(cat "$d/active_after" 2>/dev/null), lowers $(tr '\n' ' ' <"$d/lowers_bond0")"
