# shellcheck shell=dash
# faults: rdmatop through faults, in batch JSON (`rdmatop -j -d 0.1`, a file
# per fault) and on the dashboard in tmux at once; the screen is captured
# before and after each fault.  tests/vm/check_faults.py checks the results.
# The batch runs dump every table every sample (--budget 0): the faults
# must hit dumps in flight, and the last sample is compared with rdma; at
# -d 0.1 a budget's share is a few ms an interval, which one slow CQ dump
# under TCG exceeded (7.3: cqs paced 0.4 s in the exits sample).
#  1. link: rxe1 (on dummy1) holds N QPs (many_qp) and is deleted while
#     rdmatop dumps.  rxe has no disassociate_ucontext (6.1 and 6.12), so
#     `rdma link delete` blocks until the process holding the device closes
#     it: the delete starts in the background, then the holder is killed.
#     The batch rdmatop is stopped (SIGSTOP) inside a sample first, so that
#     the device list it read still names rxe1 when it goes on.
#  2. exits: K processes holding QPs on rxe0 (many_qp -m K), all but one
#     SIGKILLed while rdmatop samples; the final sample is compared with the
#     rdma -j set around it (the exits/ snapshot).
#  3. overflow (6.12 only: 6.1 has no notify group): the batch and the
#     dashboard run with RDMATOP_EVENTS_RCVBUF=1 (the kernel's smallest
#     receive buffer), are stopped while links are added and deleted, and
#     must report the overflow and show the devices rdma shows.
#  4. unprivileged: the dashboard of 1 and 2 runs as nobody (the note, keys
#     "hidden" in a process's detail), and a second batch as nobody in 2.
#     priv.sh covers the single-sample and netns side.
# meta: *_line are line counts of a JSON file at a moment (the sample in
# flight then is that index, 0-based); the host uses them to tell samples
# before a fault from samples after it.
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh

[ "$HAVE_RDMATOP" = 1 ] || exit 0
grep -q '^nobody:' /etc/passwd || { say "no nobody in /etc/passwd"; exit 1; }

N=3000
# (K processes of KQ QPs: a process's detail fits the 40 lines, MRs and all)
K=4
KQ=10
meta link_qps "$N"
meta exit_procs "$K"
meta exit_qps "$KQ"
J="$R/link.json"

lines() { if [ -e "$1" ]; then wc -l <"$1" | tr -d ' '; else echo 0; fi; }

# end_batch NAME PID: whether the batch rdmatop PID lived through the fault
# (meta NAME_alive), then SIGTERM and its exit status (meta NAME_rc).
end_batch() {
	if alive "$2"; then meta "$1_alive" 1; else meta "$1_alive" 0; fi
	kill "$2"
	wait_for "$2" 30
	meta "$1_rc" "$?"
}

# wait_lines FILE N SECS: until FILE holds N lines
wait_lines() {
	local i=0
	while [ "$(lines "$1")" -lt "$2" ]; do
		[ "$i" -ge $(($3 * 10)) ] && { say "$1: $(lines "$1") lines after ${3}s (wanted $2)"; return 1; }
		sleep 0.1
		i=$((i + 1))
	done
}
# tui_gone ERE SECS FILE: capture-pane until the screen no longer matches
tui_gone() {
	local i=0
	while :; do
		tui_cap "$3"
		grep -qE -- "$1" "$3" || return 0
		[ "$i" -ge $(($2 * 5)) ] && { say "screen still matches /$1/ after ${2}s"; return 1; }
		sleep 0.2
		i=$((i + 1))
	done
}
# stop_in_dump PID: SIGSTOP PID while it waits for a netlink answer
# (sendto 44, recvfrom 45, recvmsg 47, poll 7 in /proc/PID/syscall), not
# while it sleeps between samples or writes one; a few tries, then as is.
stop_in_dump() {
	local i=0 nr
	while [ "$i" -lt 60 ]; do
		kill -STOP "$1"
		sleep 0.05
		nr="$(cut -d' ' -f1 "/proc/$1/syscall" 2>/dev/null)"
		case "$nr" in 7 | 44 | 45 | 47)
			meta link_stop_syscall "$nr"
			meta link_stop_tries "$i"
			return 0
			;;
		esac
		kill -CONT "$1"
		sleep "0.0$((i % 7 + 1))"
		i=$((i + 1))
	done
	kill -STOP "$1"
	meta link_stop_syscall "none:$nr"
}

# ---- 1. a link deleted while its QPs are dumped ---------------------------
/bin/ip link add dummy1 type dummy
/bin/ip addr add 10.0.1.1/24 dev dummy1
/bin/ip link set dummy1 up
rdma link add rxe1 type rxe netdev dummy1
# many_qp connects through GID index 1, the IPv4-mapped GID of 10.0.1.1
wait_grep /sys/class/infiniband/rxe1/ports/1/gids/1 ':ffff:0a00:0101' 30 || exit 1
a="$(now)"
many_qp -d rxe1 -n "$N" >"$R/link_mq.txt" 2>&1 &
mq=$!
wait_grep "$R/link_mq.txt" '^READY' 120 || { cat "$R/link_mq.txt"; exit 1; }
holder="$(sed -n 's/^READY [0-9]* //p' "$R/link_mq.txt")"
meta link_holder "$holder"
say "$N QPs on rxe1 in $(awk -v a="$a" -v b="$(now)" 'BEGIN{print b-a}') s"

# the dashboard first, then the batch: a few samples of N QPs before the
# fault are enough (each is about 300 bytes a QP)
tm_session "env -u LC_ALL su -s /bin/sh nobody -c 'rdmatop -d 1'; echo EXITED:\$?; sleep 600" || exit 1
tui_wait 'CAP_NET_ADMIN' 60 "$R/tui_start.txt" >/dev/null
tui_wait '^rxe1 +1 ' 30 "$R/tui_link_before.txt" >/dev/null
rdmatop -j -d 0.1 --budget 0 >"$J" 2>"$R/link.err" &
bt=$!
# (rxe1 held its QPs before the batch started: every sample before the
# stop must show them; the file is not counted while it grows by MBs a
# second, wc would be the bottleneck)
meta link_ready_line 0
wait_grep "$J" '^{' 60 || exit 1
sleep 1
wait_lines "$J" 2 60 || exit 1
say "link: batch and dashboard running"
stop_in_dump "$bt"
meta link_stop_line "$(lines "$J")"
rdma link delete rxe1 >"$R/link_delete.txt" 2>&1 &
del=$!
sleep 1
if alive "$del"; then meta link_delete_blocked 1; else meta link_delete_blocked 0; fi
say "link: deleting rxe1, killing its QP holder"
kill -9 "$mq" "$holder"
wait_for "$del" 60
meta link_delete_rc "$?"
meta link_gone_line "$(lines "$J")"
kill -CONT "$bt"
wait_lines "$J" $(($(lines "$J") + 3)) 60
s="$(tui_wait '(dev_removed|UNREGISTER) rxe1|rxe1 went away' 20 "$R/tui_link_after.txt")"
meta link_screen_s "${s:-timeout}"
rdma -j dev >"$R/link_dev_after.json"
end_batch link "$bt"
say "link: done"

# ---- 2. processes holding QPs killed mid-sampling ------------------------
J="$R/exits.json"
rdmatop -j -d 0.1 --budget 0 >"$J" 2>"$R/exits.err" &
bt=$!
many_qp -d rxe0 -n "$KQ" -m "$K" >"$R/exit_mq.txt" 2>&1 &
mq=$!
wait_grep "$R/exit_mq.txt" '^READY' 120 || { cat "$R/exit_mq.txt"; exit 1; }
pids="$(sed -n 's/^READY [0-9]* //p' "$R/exit_mq.txt")"
keep="${pids##* }"
dead="${pids% *}"
deadre="$(echo "$dead" | tr ' ' '|')"
meta exit_dead "$dead"
meta exit_keep "$keep"
meta exit_ready_line "$(lines "$J")"
su -s /bin/sh nobody -c 'exec rdmatop -j -d 0.1 --budget 0' >"$R/nobody.json" 2>"$R/nobody.err" &
nb=$!
wait_lines "$R/nobody.json" 2 60
meta nobody_comm "$(cat "/proc/$nb/comm")"
meta nobody_uid "$(awk '/^Uid:/ {print $2}' "/proc/$nb/status")"
say "exits: $K processes ready"
# the Processes table, then one process's detail: its MR keys are hidden
tui_keys 2
tui_wait "^ *$keep +many_qp " 30 "$R/tui_exit_before.txt" >/dev/null
tui_keys / "$keep" Enter Enter
tui_wait 'MRs \(' 10 "$R/tui_exit_detail.txt" >/dev/null
tui_keys Escape
tui_cap "$R/tui_exit_before.txt"
meta exit_kill_line "$(lines "$J")"
meta exit_kill_line_nobody "$(lines "$R/nobody.json")"
say "exits: killing $dead"
# shellcheck disable=SC2086 # one pid each
kill -9 $dead
i=0
while rdma res show qp | grep -qE " pid ($deadre) " && [ "$i" -lt 300 ]; do
	sleep 0.1
	i=$((i + 1))
done
meta exit_gone_line "$(lines "$J")"
meta exit_gone_line_nobody "$(lines "$R/nobody.json")"
wait_lines "$J" $(($(lines "$J") + 3)) 60
wait_lines "$R/nobody.json" $(($(lines "$R/nobody.json") + 3)) 60
tui_gone "^ *($deadre) " 10 "$R/tui_exit_after.txt"
say "exits: their QPs are gone"
# the final sample against the rdma set around it (compare.py: exits/)
d="$R/exits"
mkdir -p "$d"
procs "$d/procs.txt"
rdma_set "$d/before"
wait_lines "$J" $(($(lines "$J") + 2)) 60
kill "$nb"
end_batch exit "$bt"
wait_for "$nb" 30
meta nobody_rc "$?"
rdma_set "$d/after"
procs "$d/procs_after.txt"
tail -n 1 "$J" >"$d/rt.json"
echo 0 >"$d/rt.rc"
tui_stop
mv "$R/tui_exit.txt" "$R/tui_nobody_exit.txt"
kill "$mq"
wait_for "$mq" 30
say "exits: done"

# ---- 3. the event socket overflows ----------------------------------------
if ! has_notify; then
	meta overflow skipped
	say "no notify group on $KV: no overflow to provoke"
	/bin/ip link delete dummy1
	exit 0
fi
O="$R/overflow.json"
RDMATOP_EVENTS_RCVBUF=1 rdmatop -j -d 0.1 --budget 0 >"$O" 2>"$R/overflow.err" &
ob=$!
tm_session "sh -c 'echo \$\$ >$R/dash.pid; exec env -u LC_ALL RDMATOP_EVENTS_RCVBUF=1 rdmatop -d 0.5'; echo EXITED:\$?; sleep 600" || exit 1
tui_wait 'changes events' 60 "$R/tui_ovf_start.txt" >/dev/null
wait_lines "$O" 2 60 || exit 1
dash="$(cat "$R/dash.pid")"
say "overflow: stopping the batch and the dashboard"
kill -STOP "$ob" "$dash"
meta ovf_stop_line "$(lines "$O")"
for i in 2 3 4 5; do
	/bin/ip link add "dummy$i" type dummy
	/bin/ip link set "dummy$i" up
	rdma link add "rxe$i" type rxe netdev "dummy$i"
done
rdma link delete rxe2
rdma link delete rxe3
rdma -j dev >"$R/ovf_dev.json"
say "overflow: 10 events sent, going on"
kill -CONT "$ob" "$dash"
wait_lines "$O" $(($(lines "$O") + 3)) 60
s="$(tui_wait 'overflowed' 20 "$R/tui_ovf_after.txt")"
meta ovf_screen_s "${s:-timeout}"
rdma -j dev >"$R/ovf_dev_after.json"
end_batch ovf "$ob"
tui_stop
for i in 4 5; do
	rdma link delete "rxe$i"
done
for i in 1 2 3 4 5; do
	/bin/ip link delete "dummy$i"
done
