# shellcheck shell=dash
# cm: rping server + client through the RDMA CM (CM_IDs with addresses).
# rping is multi-threaded: its resources are created by different threads,
# and the kernel reports the creating thread's id as their pid (6.1 and
# 6.12 alike); rdmatop must show each rping as ONE process (its Tgid).
# Also: the dashboard in tmux (tui_traffic), a record/replay round trip.
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh

rping -s -a 10.0.0.1 -C 100000000 -S 1024 >"$R/server.txt" 2>&1 &
srv=$!
i=0
until rdma res show cm_id 2>/dev/null | grep -q LISTEN; do
	i=$((i + 1))
	[ "$i" -lt 150 ] || { say "rping server does not listen"; exit 1; }
	sleep 0.2
done
rping -c -a 10.0.0.1 -C 100000000 -S 1024 >"$R/client.txt" 2>&1 &
cli=$!
meta server_pid "$srv"
meta client_pid "$cli"
wait_qps RC 2 || exit 1
sleep 1
snap busy
rate rate
roundtrip roundtrip
tui_traffic
if alive "$cli" && alive "$srv"; then meta alive 1; else meta alive 0; fi
capture
kill "$cli" "$srv"
wait
