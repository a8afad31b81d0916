# shellcheck shell=dash
# counters (issue 6): netdev-sourced bytes/s of a Soft-RoCE port against the
# traffic a workload moved, and hw packet rates against `rdma -j stat show`.
#
# rxe0 on dummy0 talking to itself never reaches dummy0: rxe (6.1 and 6.12)
# loops a packet back inside the driver when its destination MAC is the
# netdev's own.  A second network namespace does not help either: rxe in
# 6.1 and 6.12 opens its UDP socket (port 4791) and routes in init_net only.
# So, in init_net: a veth pair, rxe1 on veth0 (10.0.2.1) and rxe2 on veth1
# (10.0.2.2), and policy routing that sends locally generated packets for
# the other address out through the pair (the local table is consulted
# after those rules; packets arriving on the peer still see it), with
# accept_local so that the peer takes a packet from one of our addresses.
# Every RoCE byte between rxe1 and rxe2 then crosses veth0/veth1.
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh

/bin/ip link add veth0 type veth peer name veth1
/bin/ip addr add 10.0.2.1/24 dev veth0
/bin/ip addr add 10.0.2.2/24 dev veth1
/bin/ip link set veth0 up
/bin/ip link set veth1 up
for i in all default veth0 veth1; do
	echo 1 >"/proc/sys/net/ipv4/conf/$i/accept_local"
	echo 0 >"/proc/sys/net/ipv4/conf/$i/rp_filter"
done
/bin/ip route add 10.0.2.2 dev veth0 src 10.0.2.1 table 100
/bin/ip route add 10.0.2.1 dev veth1 src 10.0.2.2 table 101
/bin/ip rule add pref 100 iif lo to 10.0.2.2 lookup 100
/bin/ip rule add pref 101 iif lo to 10.0.2.1 lookup 101
/bin/ip rule add pref 200 lookup local
/bin/ip rule del pref 0 lookup local
/bin/ip rule show >"$R/rules.txt"
rdma link add rxe1 type rxe netdev veth0
rdma link add rxe2 type rxe netdev veth1

# gid_index DEV HEX: the GID table index of an IPv4-mapped address
gid_index() {
	local i=0
	while [ "$i" -lt 16 ]; do
		grep -q ":ffff:$2\$" "/sys/class/infiniband/$1/ports/1/gids/$i" 2>/dev/null && { echo "$i"; return 0; }
		i=$((i + 1))
	done
	return 1
}
i=0
until g1="$(gid_index rxe1 0a00:0201)" && g2="$(gid_index rxe2 0a00:0202)"; do
	i=$((i + 1))
	[ "$i" -lt 100 ] || { say "no IPv4 GIDs on rxe1/rxe2"; cat /sys/class/infiniband/rxe*/ports/1/gids/[0-3]; exit 1; }
	sleep 0.1
done
meta gid1 "$g1"
meta gid2 "$g2"

S=4096
# rxe between two devices under TCG: ~130 iterations/s of 4 KiB on 6.1
# (Debian's 6.1 rxe retries a few packets: duplicate_request moves), about
# 12/s on 6.12, and half that on a busy 2-core host: the run must end well
# inside rdmatop's interval T
K="$(per_kernel 400 100)"
T="$(per_kernel 8 18)"
meta size "$S"
meta iters "$K"
meta mtu "$(ibv_devinfo -d rxe1 | sed -n 's/.*active_mtu:[^(]*(\([0-9]*\)).*/\1/p')"
stats() {
	for n in veth0 veth1; do
		for c in rx_bytes tx_bytes rx_packets tx_packets; do
			echo "$n $c $(cat "/sys/class/net/$n/statistics/$c")"
		done
	done
}
# rdmatop's two samples T s apart bracket the whole K-iteration run: its
# rate * interval is everything the workload moved (plus ARP and the odd
# IPv6 neighbour packet).
stats >"$R/netdev0.txt"
rdma -j stat show >"$R/stat_before.json"
if [ "$HAVE_RDMATOP" = 1 ]; then
	rt -j -n 2 -d "$T" --budget 0 >"$R/rt2.json" 2>"$R/rt2.err" &
	rtp=$!
	wait_grep "$R/rt2.json" '^{' 60 || exit 1
fi
a="$(now)"
ibv_rc_pingpong -d rxe1 -g "$g1" -s "$S" -n "$K" >"$R/server.txt" 2>&1 &
srv=$!
wait_port 18515 || exit 1
ibv_rc_pingpong -d rxe2 -g "$g2" -s "$S" -n "$K" 10.0.0.1 >"$R/client.txt" 2>&1 &
cli=$!
wait_for "$cli" $((T - 2))
meta client_rc "$?"
wait_for "$srv" 5
meta server_rc "$?"
b="$(now)"
meta workload_s "$(awk -v a="$a" -v b="$b" 'BEGIN{printf "%.2f", b-a}')"
say "workload: $(tail -n 2 "$R/client.txt" | tr '\n' ' ') in $(awk -v a="$a" -v b="$b" 'BEGIN{print b-a}') s"
if [ "$HAVE_RDMATOP" = 1 ]; then
	wait_for "$rtp" $((T + 60))
	meta rt_rc "$?"
fi
rdma -j stat show >"$R/stat_after.json"
stats >"$R/netdev1.txt"
snap after
rdma link delete rxe1
rdma link delete rxe2
/bin/ip rule add pref 0 lookup local
/bin/ip rule del pref 200
/bin/ip rule del pref 100
/bin/ip rule del pref 101
/bin/ip link delete veth0
