# shellcheck shell=dash
# Helpers for the scenarios (sourced inside the guest; busybox sh).
# Environment from the guest init: SCEN (scenario name), R (its result
# directory), KV (6.1|6.12|latest), KVER (the kernel release), CAPTURE,
# HAVE_RDMATOP.
# shellcheck disable=SC1091
. /etc/vm.conf
set -u

now() { cut -d' ' -f1 /proc/uptime; }
say() { echo "[$(now)] $*"; }

# meta KEY VALUE: facts for the host-side checks (tests/vm/compare.py).
meta() { echo "$1=$2" >>"$R/meta.txt"; }

# per_kernel A B: A on 6.1, B on 6.12 and latest.  Soft-RoCE traffic on
# Debian's 6.12 under TCG is roughly 10x slower than on 6.1 (rxe runs its
# packet processing from a workqueue there, a tasklet in 6.1; 7.x as 6.12).
per_kernel() { if [ "$KV" = 6.1 ]; then echo "$1"; else echo "$2"; fi; }
# has_notify: the kernel has the RDMA notify group (6.12 and later, not 6.1)
has_notify() { [ "$KV" != 6.1 ]; }

# rt ARGS: the rdmatop under test, killed after RT_TIMEOUT seconds so that a
# hang (or a sample count it ignores) costs one check, not the scenario.
RT_TIMEOUT="${RT_TIMEOUT:-60}"
rt() { timeout -k 3 "$RT_TIMEOUT" rdmatop "$@"; }

# The oracle set: every rdma -j view rdmatop reports.  iproute2 6.1 has no
# JSON for `sys show` (text even with -j), so it is stored as text.
rdma_set() {
	local d="$1" o
	mkdir -p "$d"
	rdma -j -d dev show >"$d/dev.json" 2>"$d/dev.err"
	rdma -j -d link show >"$d/link.json" 2>"$d/link.err"
	rdma -j res show >"$d/res.json" 2>"$d/res.err"
	for o in qp cm_id cq mr pd ctx srq; do
		rdma -j -d res show "$o" >"$d/$o.json" 2>"$d/$o.err"
	done
	rdma -j stat show >"$d/stat.json" 2>"$d/stat.err"
	rdma sys show >"$d/sys.txt" 2>"$d/sys.err"
}

# procs FILE: "tid tgid comm" of every task (the kernel reports the
# creating thread's id as a resource's pid; the host maps it to Tgid).
procs() {
	local t tid p tgid comm
	: >"$1"
	for t in /proc/[0-9]*/task/[0-9]*; do
		tid="${t##*/}"
		p="${t#/proc/}"
		tgid="${p%%/*}"
		comm=""
		read -r comm <"$t/comm" 2>/dev/null || continue
		echo "$tid $tgid $comm" >>"$1"
	done
}

# snap NAME: rdma set, then `rdmatop -j -n 1`, then the rdma set again,
# back to back.  The host compares rdmatop object by object against both.
snap() {
	local d="$R/$1"
	mkdir -p "$d"
	procs "$d/procs.txt"
	now >"$d/t0"
	rdma_set "$d/before"
	if [ "$HAVE_RDMATOP" = 1 ]; then
		rt -j -n 1 >"$d/rt.json" 2>"$d/rt.err"
		echo "$?" >"$d/rt.rc"
	fi
	rdma_set "$d/after"
	now >"$d/t1"
	procs "$d/procs_after.txt"
	say "snapshot $1 took $(awk -v a="$(cat "$d/t0")" -v b="$(cat "$d/t1")" 'BEGIN{print b-a}') s"
}

# rate NAME: `rdmatop -j -n 2 -d 1` bracketed by `rdma -j stat show`: the
# host checks rate*interval against the counter delta.
rate() {
	local d="$R/$1"
	mkdir -p "$d"
	procs "$d/procs.txt"
	rdma -j stat show >"$d/stat_before.json"
	if [ "$HAVE_RDMATOP" = 1 ]; then
		# every table every sample (--budget 0): the rates are checked
		# against rdma's counters around the run; on a loaded TCG host a
		# dump of rxe's few CQs costs more than the budget's floor
		# (5 ms) and was paced
		rt -j -n 2 -d 1 --budget 0 >"$d/rt2.json" 2>"$d/rt2.err"
		echo "$?" >"$d/rt2.rc"
	fi
	rdma -j stat show >"$d/stat_after.json"
}

# wait_port PORT: until something listens on TCP PORT (max ~30 s).
wait_port() {
	local i=0
	while [ "$i" -lt 300 ]; do
		netstat -ltn 2>/dev/null | grep -q ":$1 " && return 0
		sleep 0.1
		i=$((i + 1))
	done
	say "nothing listens on port $1"
	return 1
}

# wait_for PID TIMEOUT: wait for a background process, killing it on
# timeout; its exit status is returned.
wait_for() {
	local pid="$1" t="$2" i=0
	while kill -0 "$pid" 2>/dev/null; do
		if [ "$i" -ge $((t * 10)) ]; then
			say "pid $pid still running after ${t}s: killed"
			kill -9 "$pid" 2>/dev/null
			break
		fi
		sleep 0.1
		i=$((i + 1))
	done
	wait "$pid"
}

alive() { kill -0 "$1" 2>/dev/null; }

# gone PID: ended (no such process, or a zombie waiting to be reaped)
gone() { [ ! -e "/proc/$1/stat" ] || [ "$(cut -d')' -f2 "/proc/$1/stat" 2>/dev/null | cut -c2)" = Z ]; }

# stop PID...: SIGTERM, SIGKILL after 10 s, reaped once they end.  One that
# has not ended after 20 s is said and not waited for (returns 1): rxe on a
# starved TCG host (7.3, CI) held a killed ib_write_bw in do_exit's
# task_work for minutes, and a plain `wait` ran the scenario out of time.
stop() {
	local p i=0 left
	kill "$@" 2>/dev/null
	while :; do
		left=""
		for p in "$@"; do gone "$p" || left="$left $p"; done
		[ -z "$left" ] && break
		# shellcheck disable=SC2086
		[ "$i" = 100 ] && kill -9 $left 2>/dev/null
		if [ "$i" -ge 200 ]; then
			say "still exiting after 20 s:$left (not waited for)"
			return 1
		fi
		sleep 0.1
		i=$((i + 1))
	done
	wait "$@" 2>/dev/null
	return 0
}

# pingpong_truth TOOL K: the ground truth of rc and ud: TOOL
# (ibv_rc_pingpong, ibv_ud_pingpong) run K iterations to completion between
# a server and a client on rxe0, with rdma's and rdmatop's counters before
# (stat0, rt0) and after (stat1, rt1).
pingpong_truth() {
	local tool="$1" k="$2" srv cli
	meta iters "$k"
	rdma -j stat show >"$R/stat0.json"
	rt_sample rt0
	"$tool" -d rxe0 -g 1 -n "$k" >"$R/gt_server.txt" 2>&1 &
	srv=$!
	wait_port 18515 || return 1
	"$tool" -d rxe0 -g 1 -n "$k" 10.0.0.1 >"$R/gt_client.txt" 2>&1 &
	cli=$!
	wait_for "$cli" 120
	meta gt_client_rc "$?"
	wait_for "$srv" 20
	meta gt_server_rc "$?"
	rdma -j stat show >"$R/stat1.json"
	rt_sample rt1
	say "ground truth run: $(tail -n 1 "$R/gt_client.txt")"
}

# pingpong_start TOOL QPTYPE: a server and a client of TOOL running (until
# killed) on rxe0, their pids in $srv and $cli (and the meta file), their
# QPTYPE QPs in the kernel's table.
pingpong_start() {
	"$1" -d rxe0 -g 1 -n 100000000 >"$R/server.txt" 2>&1 &
	srv=$!
	wait_port 18515 || return 1
	"$1" -d rxe0 -g 1 -n 100000000 10.0.0.1 >"$R/client.txt" 2>&1 &
	cli=$!
	meta server_pid "$srv"
	meta client_pid "$cli"
	wait_qps "$2" 2
}

# capture: the recording of a scenario (capture mode only).  The recorder
# (-w) may not exist yet in the binary under test: that is written down and
# the JSON outputs are still kept.
capture() {
	local d="$R/capture"
	[ "$CAPTURE" = 1 ] || return 0
	[ "$HAVE_RDMATOP" = 1 ] || return 0
	mkdir -p "$d"
	rdma_set "$d/rdma"
	# iproute2 7.x: the kernel's FRMR pools (RDMA_NLDEV_CMD_FRMR_POOLS_GET,
	# 7.x), which rdmatop does not read: what the kernel answers, kept
	rdma -j res show frmr_pools >"$d/rdma/frmr_pools.json" 2>"$d/rdma/frmr_pools.err"
	rt -b -n 3 -d 1 -o json -w "$d/$SCEN.rdrec" >"$d/rdmatop.json" 2>"$d/rdmatop.err"
	echo "$?" >"$d/rdmatop.rc"
	rt -j -n 1 >"$d/rdmatop-j.json" 2>"$d/rdmatop-j.err"
	echo "$?" >"$d/rdmatop-j.rc"
}

# wait_qps TYPE N [TIMEOUT]: until at least N QPs of TYPE (RC, UD) are
# connected (RTR or RTS: the passive side of ib_write_bw stays in RTR).
wait_qps() {
	local ty="$1" n="$2" t="${3:-60}" i=0 c
	while [ "$i" -lt $((t * 5)) ]; do
		c="$(rdma res show qp 2>/dev/null | grep -cE "type $ty state (RTR|RTS)")"
		[ "$c" -ge "$n" ] && return 0
		sleep 0.2
		i=$((i + 1))
	done
	say "only $c $ty QPs in RTR/RTS after ${t}s (wanted $n)"
	rdma res show qp
	return 1
}

# wait_grep FILE PATTERN [TIMEOUT]: until FILE holds a line matching PATTERN.
wait_grep() {
	local f="$1" pat="$2" t="${3:-60}" i=0
	while [ "$i" -lt $((t * 5)) ]; do
		grep -q "$pat" "$f" 2>/dev/null && return 0
		sleep 0.2
		i=$((i + 1))
	done
	say "no '$pat' in $f after ${t}s"
	return 1
}

# rt_sample NAME: one `rdmatop -j -n 1` on its own (ground-truth brackets).
rt_sample() {
	[ "$HAVE_RDMATOP" = 1 ] || return 0
	rt -j -n 1 >"$R/$1.json" 2>"$R/$1.err"
	echo "$?" >"$R/$1.rc"
}

# ---- the dashboard in a terminal: tmux inside the guest ------------------
# tui_start ARGS: `rdmatop ARGS` in a detached 160x40 tmux session (wide
# enough for the whole header line, "changes events|polling" last; its pane
# is TERM=screen; tmux itself runs under C.UTF-8, rdmatop in the pane
# under the C locale, so it draws ASCII).
# tui_cap FILE: the screen as text; tui_keys KEY...: send-keys, then a pause
# for the redraw.  The session is killed by tui_stop (or with the scenario).
TM_SOCK=/tmp/rdmatop-tui
tm() { LC_ALL=C.UTF-8 tmux -S "$TM_SOCK" "$@"; }
# tm_session CMD: a fresh 160x40 session "t" running CMD.  The server of
# the last session may still be exiting after kill-server; a new-session
# that reaches it dies with it ("can't find pane: t" later, seen on 7.3
# under TCG), so wait for it to go and check the session is there.
tm_session() {
	local i w
	for i in 1 2 3; do
		tm kill-server 2>/dev/null
		w=0
		while tm list-sessions >/dev/null 2>&1 && [ "$w" -lt 50 ]; do
			sleep 0.1
			w=$((w + 1))
		done
		if tm -f /dev/null new-session -d -s t -x 160 -y 40 "$1" && sleep 0.3 &&
			tm has-session -t t 2>/dev/null; then
			return 0
		fi
		say "tmux: session t did not stay up (try $i)"
	done
	return 1
}
tui_start() {
	tm_session "env -u LC_ALL rdmatop $*; echo EXITED:\$?; sleep 600"
}
tui_cap() { tm capture-pane -p -t t >"$1" 2>/dev/null; }
tui_keys() {
	local k
	for k in "$@"; do
		tm send-keys -t t "$k"
		sleep 0.2
	done
	sleep 0.5
}
# tui_wait ERE SECS FILE: capture-pane until the screen matches (left in
# FILE either way); prints the seconds it took.
tui_wait() {
	local pat="$1" t="$2" f="$3" a b
	a="$(now)"
	while :; do
		tui_cap "$f"
		b="$(now)"
		if grep -qE -- "$pat" "$f"; then
			awk -v a="$a" -v b="$b" 'BEGIN{printf "%.2f\n", b-a}'
			return 0
		fi
		if awk -v a="$a" -v b="$b" -v t="$t" 'BEGIN{exit !(b-a > t)}'; then
			say "screen never matched /$pat/ in ${t}s" >&2
			return 1
		fi
		sleep 0.05
	done
}
tui_stop() {
	tm send-keys -t t q 2>/dev/null
	tui_wait 'EXITED:' 20 "$R/tui_exit.txt" >/dev/null
	tm kill-server 2>/dev/null
}

# roundtrip NAME: `rdmatop -b -o json -n 3 -d 1 -w NAME.rdrec` while the
# workload runs; the host replays the recording (`rdmatop -r NAME.rdrec -j`)
# and wants exactly the JSON the live run printed.  Every table every
# sample (--budget 0): the samples are compared with rdma too
# (compare.py's check_unpaced fails on any table or summary carried), and
# on a loaded TCG host a dump of rxe's few objects can cost more than the
# budget's floor (5 ms CPU, include/budget.h): cqs came 1.0 s old on 6.1.
roundtrip() {
	local d="$R/$1"
	[ "$HAVE_RDMATOP" = 1 ] || return 0
	mkdir -p "$d"
	rt -b -o json -n 3 -d 1 --budget 0 -w "$d/rec.rdrec" >"$d/live.json" 2>"$d/live.err"
	echo "$?" >"$d/live.rc"
}

# tui_traffic: the dashboard during a scenario's traffic (issue 4: the
# processes, their QPs sorted by process, non-zero rates).  Screens:
# tui_qps.txt (QP table sorted by PID: '>' walks dev, port, lqpn, rqpn,
# type, state, psn_rate, pid), tui_procs.txt (Processes table), and the
# seconds until a non-zero PSN rate was drawn in meta tui_rate_s.
tui_traffic() {
	local s
	[ "$HAVE_RDMATOP" = 1 ] || return 0
	tui_start -d 1 || { say "tmux did not start"; return 1; }
	s="$(tui_wait 'changes (events|polling)' 60 "$R/tui_first.txt")" || { tui_stop; return 1; }
	meta tui_first_s "$s"
	s="$(tui_wait ' [0-9.]*[1-9][0-9.]*[KMG]?/s ' 60 "$R/tui_rate.txt")"
	meta tui_rate_s "${s:-timeout}"
	tui_keys '>' '>' '>' '>' '>' '>' '>' '>'
	tui_wait 'PID(\^|▲)' 10 "$R/tui_qps.txt" >/dev/null
	tui_keys 2
	tui_wait 'PID +COMM +UID' 10 "$R/tui_procs.txt" >/dev/null
	tui_stop
}
