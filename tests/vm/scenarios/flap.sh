# flap: a real carrier flap on the rxe's netdev between rdmatop's samples.
# rdmatop samples three times 2 s apart (-j -n 3); after its first sample
# dummy0 goes down and up (admin), then loses and regains its carrier
# (`ip link set dummy0 carrier off|on`: dummy's ndo_change_carrier calls
# netif_carrier_off/on, which count in carrier_down_count and
# carrier_up_count; rxe sees NETDEV_CHANGE and takes its port down and
# up).  Then the kernel's own counts are read from sysfs: the host checks
# that rdmatop's last sample says the same, and that its history holds the
# change with a time between the flap and the sample after it.  The
# carrier goes off and on three times: gpud's rule (3 flaps) makes the
# port WARN, and the host checks the verdict's flaps against the
# kernel's count; the run is recorded (-w), and the host replays it with
# the rule's threshold moved in the config file: no flaps reason then.
# shellcheck shell=dash
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh
d="$R/flap"
mkdir -p "$d"
for f in carrier_changes carrier_up_count carrier_down_count; do
	cat "/sys/class/net/dummy0/$f" >"$d/before_$f" 2>/dev/null
done
# rxe's own count of its port's downs (rxe_port_down(); the admin down
# takes the port down without a carrier change), where the kernel has it
cat /sys/class/infiniband/rxe0/ports/1/hw_counters/link_downed >"$d/before_link_downed" 2>/dev/null
if [ "$HAVE_RDMATOP" = 1 ]; then
	rt -j -n 3 -d 2 -w "$d/flap.rdrec" >"$d/rt.json" 2>"$d/rt.err" &
	pid=$!
	# its first sample is out when the first line is
	i=0
	while [ "$i" -lt 300 ] && [ ! -s "$d/rt.json" ]; do sleep 0.1; i=$((i + 1)); done
	date +%s >"$d/flap_start"
	/bin/ip link set dummy0 down
	/bin/ip link set dummy0 up
	for _ in 1 2 3; do
		/bin/ip link set dummy0 carrier off
		sleep 0.1
		/bin/ip link set dummy0 carrier on
		sleep 0.1
	done
	date +%s >"$d/flap_end"
	wait "$pid"
	echo "$?" >"$d/rt.rc"
fi
for f in carrier_changes carrier_up_count carrier_down_count; do
	cat "/sys/class/net/dummy0/$f" >"$d/$f" 2>/dev/null
done
cat /sys/class/infiniband/rxe0/ports/1/hw_counters/link_downed >"$d/link_downed" 2>/dev/null
cat /sys/class/infiniband/rxe0/ports/1/state >"$d/port_state" 2>/dev/null
say "flap: carrier_changes $(cat "$d/before_carrier_changes" 2>/dev/null) -> $(cat "$d/carrier_changes" 2>/dev/null)"
