# shellcheck shell=dash
# late (issue 22): `rdmatop --listen` starts on a kernel without RDMA (every
# RDMA module unloaded: no NETLINK_RDMA, which ib_core registers) and keeps
# serving rdma_up 0 with its reason; then rdma_rxe is loaded and rxe0 added,
# and the same process serves rxe0 within a few samples, without a restart.
# meta: before_netlink, after_netlink (the rdma_up{source="netlink"} line),
# after_device (rxe0's rdma_device_info line), seen_s (from `rdma link add` to
# the scrape that has it), same_pid (1: the first process still serves).
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh

[ "$HAVE_RDMATOP" = 1 ] || exit 0
PORT=19100
rdma link delete rxe0
# the RDMA modules of the boot's list, unloaded in its reverse order
mods=""
# shellcheck disable=SC2013 # one module name a line
for m in $(sed '1!G;h;$!d' /etc/modules.order); do
	case "$m" in
	ib_*|rdma_*|iw_cm)
		if rmmod "$m"; then mods="$m $mods"; else say "rmmod $m failed"; fi ;;
	esac
done
say "unloaded:$mods"
rdma dev >"$R/rdma_dev_without.txt" 2>&1
meta rdma_without_rc "$?"

rdmatop --listen "127.0.0.1:$PORT" -d 1 >/dev/null 2>"$R/rdmatop.err" &
pid=$!
wait_port "$PORT" || exit 1
sleep 3
# busybox's nc: its static wget dies of SIGSEGV (bookworm's busybox-static 1.35)
scrape() {
	printf 'GET /metrics HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' |
		timeout 5 nc 127.0.0.1 "$PORT" >"$1" && grep -q '^HTTP/1.[01] 200' "$1"
}
scrape "$R/before.prom"
meta before_netlink "$(grep '^rdma_up{source="netlink"' "$R/before.prom")"

for m in $mods; do insmod "/lib/modules/$m.ko" || say "insmod $m failed"; done
a="$(now)"
rdma link add rxe0 type rxe netdev dummy0
i=0
while [ "$i" -lt 100 ]; do
	scrape "$R/after.prom" && grep -q '^rdma_device_info{device="rxe0"' "$R/after.prom" && break
	sleep 0.2
	i=$((i + 1))
done
b="$(now)"
meta seen_s "$(awk -v a="$a" -v b="$b" 'BEGIN{printf "%.2f", b-a}')"
meta after_netlink "$(grep '^rdma_up{source="netlink"' "$R/after.prom")"
meta after_device "$(grep '^rdma_device_info{device="rxe0"' "$R/after.prom")"
if alive "$pid"; then meta same_pid 1; else meta same_pid 0; fi
kill "$pid"
wait "$pid"
meta rdmatop_rc "$?"
