# shellcheck shell=dash
# scale (on demand, not in `all`; `make bench-vm`): the CPU one rdmatop
# refresh costs against `rdma -j res show qp` and against the kernel's own
# work for the dump, with N RC QPs in RTS (tests/vm/many_qp.c), N = 5000,
# 20000 (15000 more QPs next to the first 5000) and 40000 (20000 more).
#
# Every timed command runs under cputime (tests/vm/cputime.c): pinned to
# CPU 1, which the guest boots with nohz_full=1 (exact user/system
# accounting at every transition), its user and system seconds from
# wait4().  One refresh of the dashboard: `-n 11` minus `-n 1`, divided by
# 10 (the batch: `-n 4` minus `-n 1`, by 3), so that the process start, the
# first sample's allocations and the exit are not counted, and ten refreshes
# outweigh TCG's noise.  The refresh the targets are about is the
# dashboard's (dash1/dash11): `rdmatop -n N -d 0.1` on a 200x50 pseudo-terminal
# (cputime -t), which quits once the Nth sample is on screen; at 20000 QPs
# a sample takes longer than 0.1 s and the interval stretches, -n counts
# the samples drawn.  The batch JSON run (json1/json4: `rdmatop -j`, every
# QP printed) is timed as well, for information.  Output goes to
# /dev/null: the output is rdmatop's work, not the file system's.  The host
# (tests/vm/check_scale.py) takes the median of REPS runs and checks the
# ratios.
#
# With rdmatop, per N also the budget runs (budget_runs below, issue 18;
# checked by tests/vm/check_budget.py).
#
# cpu.txt: "N WHAT REP user U sys S status RC wall W" per run.  In a --shell
# guest, SCALE_STEPS and SCALE_REPS change the QP counts and the
# repetitions, SCALE_BUDGETS, SCALE_FRESH_BUDGET, SCALE_FRESH_N and
# SCALE_C100_ROUNDS the budget runs.
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh

# the dashboard's terminal (cputime -t): ncurses-base's xterm entry is staged
export TERM=xterm

STEPS="${SCALE_STEPS:-5000 20000 40000}"
REPS="${SCALE_REPS:-3}"
M=2	# processes: both vCPUs create QPs
meta steps "$STEPS"
meta reps "$REPS"
meta max_map_count "$(cat /proc/sys/vm/max_map_count)"
meta mem_total_kb "$(sed -n 's/^MemTotal: *\([0-9]*\) kB/\1/p' /proc/meminfo)"
meta nohz_full "$(cat /sys/devices/system/cpu/nohz_full 2>/dev/null)"
meta clocksource "$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null)"

mem_avail() { sed -n 's/^MemAvailable: *\([0-9]*\) kB/\1/p' /proc/meminfo; }

# timed N WHAT REP [-t COLSxROWS] CMD...: one run under cputime, a line in cpu.txt
timed() {
	local n="$1" what="$2" rep="$3" line
	shift 3
	rm -f "$R/ct.tmp"
	timeout -k 3 300 cputime -c 1 -o "$R/ct.tmp" "$@" >/dev/null 2>>"$R/timed.err"
	line="$(cat "$R/ct.tmp" 2>/dev/null)"
	echo "$n $what $rep ${line:-user 0 sys 0 status timeout}" >>"$R/cpu.txt"
}

# c100 N LABEL: C100_ROUNDS times, the seconds to create and connect 100
# more RC QPs (2 x 50, as many_qp measures it: from its first fork until
# both processes hold their QPs in RTS), as meta create100_LABEL_N (one
# figure per round); whatever runs beside is the caller's
C100_ROUNDS="${SCALE_C100_ROUNDS:-5}"
c100() {
	local p i=1 t all="" f
	while [ "$i" -le "$C100_ROUNDS" ]; do
		# a file of its own per round: the background job's redirection
		# truncates asynchronously, and a reused file could still show the
		# round before's READY
		f="$R/c100_$2_$1_$i.txt"
		many_qp -d rxe0 -n 50 -m 2 >"$f" 2>&1 &
		p=$!
		wait_grep "$f" '^READY' 300 || say "$1: c100 $2 round $i not ready: $(cat "$f")"
		t="$(sed -n 's/^SECONDS //p' "$f")"
		all="$all ${t:-n/a}"
		kill "$p"
		wait_for "$p" 120
		i=$((i + 1))
	done
	meta "create100_$2_$1" "${all# }"
}

# traffic_start: two ibv_rc_pingpong pairs (ports 18515, 18516) on rxe0,
# in event mode (-e: they sleep on the completion channel) and on CPU 0,
# so that what they cost stays off CPU 1, where the timed commands run;
# their pids in $pps (meta traffic_pids_N).  traffic_stop ends them.
traffic_start() {
	local port c
	pps=""
	for port in 18515 18516; do
		taskset -c 0 ibv_rc_pingpong -d rxe0 -g 1 -e -p "$port" -n 100000000 >"$R/pp_s${port}_$1.txt" 2>&1 &
		pps="$pps $!"
		wait_port "$port" || return 1
		taskset -c 0 ibv_rc_pingpong -d rxe0 -g 1 -e -p "$port" -n 100000000 10.0.0.1 >"$R/pp_c${port}_$1.txt" 2>&1 &
		pps="$pps $!"
	done
	# connected within a second or two (no `rdma res show qp` to wait on:
	# at 20000 QPs one costs seconds of CPU)
	sleep 3
	for c in $pps; do
		alive "$c" || { say "$1: traffic: ibv_rc_pingpong $c is gone"; return 1; }
	done
	meta "traffic_pids_$1" "$pps"
}
traffic_stop() {
	# shellcheck disable=SC2086 # the pid list is split on purpose
	kill $pps 2>/dev/null
	for c in $pps; do wait_for "$c" 30; done
}

# budget_runs N (issue 18, --budget): per budget B in BUDGETS, 30 s of the
# dashboard at -d 1 (cpu.txt liveB: -n 30, CPU over the wall time from
# cputime), and with --budget 0 (live0); `watch -n 1 rdma res show qp`
# over 30 s (watch30), the baseline a user would otherwise leave running.
# Then, with traffic on four RC QPs (traffic_start), FRESH_N samples of the
# paced dashboard filtered to them (the visible rows), recorded with -w
# (fresh_N.rdrec, cpu.txt fresh): the host replays it for the QP table's
# ages, the dumps' cost and the visible rows' PSNs.  Last, 100 new QPs
# created with nothing beside, beside a paced and an unpaced rdmatop.
BUDGETS="${SCALE_BUDGETS:-3 5}"
FRESH_B="${SCALE_FRESH_BUDGET:-5}"	# the default
FRESH_N="${SCALE_FRESH_N:-45}"
meta budgets "$BUDGETS"
meta fresh_budget "$FRESH_B"
meta fresh_samples "$FRESH_N"
budget_runs() {
	local n="$1" r b
	for b in $BUDGETS; do
		timed "$n" "live$b" 1 -t 200x50 rdmatop -d 1 -n 30 --budget "$b"
	done
	timed "$n" live0 1 -t 200x50 rdmatop -d 1 -n 30 --budget 0
	# (TERM: busybox watch ignores SIGINT while its command runs, as system()
	# does, and at 20000 QPs rdma runs most of the time; cputime counts the
	# rdma that watch leaves behind)
	timed "$n" watch30 1 -t 200x50 timeout 30 watch -n 1 rdma res show qp
	if traffic_start "$n"; then
		timed "$n" fresh 1 -t 200x50 rdmatop -d 1 -n "$FRESH_N" --budget "$FRESH_B" \
			-f comm=ibv_rc_pingpong -w "$R/fresh_$n.rdrec"
		for c in $pps; do
			alive "$c" || say "$n: traffic: ibv_rc_pingpong $c ended during the paced run"
		done
	fi
	traffic_stop
	c100 "$n" none
	rdmatop -b -d 1 -o openmetrics --budget "$FRESH_B" >/dev/null 2>&1 &
	r=$!
	sleep 3
	c100 "$n" paced
	kill "$r"
	wait_for "$r" 60
	rdmatop -b -d 1 -o openmetrics --budget 0 >/dev/null 2>&1 &
	r=$!
	sleep 3
	c100 "$n" budget0
	kill "$r"
	wait_for "$r" 60
	say "$n: budget: $(grep "^$n \(live[0-9]*\|watch30\|fresh\) " "$R/cpu.txt" | tr '\n' ';') $(grep "^create100_.*_$n=" "$R/meta.txt" | tr '\n' ' ')"
}

held=0
pids=""
mqs=""
for n in $STEPS; do
	add=$(((n - held) / M))
	[ "$add" -gt 0 ] || continue
	a="$(now)"
	many_qp -d rxe0 -n "$add" -m "$M" >"$R/many_qp_$n.txt" 2>&1 &
	mqs="$mqs $!"
	wait_grep "$R/many_qp_$n.txt" '^READY' 600 || { cat "$R/many_qp_$n.txt"; exit 1; }
	held=$((held + add * M))
	pids="$pids $(sed -n 's/^READY [0-9]* //p' "$R/many_qp_$n.txt")"
	meta "create_s_$n" "$(awk -v a="$a" -v b="$(now)" 'BEGIN{print b-a}')"
	meta "held_$n" "$held"
	meta "pids_$n" "$pids"
	meta "mem_avail_kb_$n" "$(mem_avail)"
	# the kernel's count of QPs (rdma's summary, one line per device)
	rdma res show >"$R/res_$n.txt" 2>&1
	say "$n: $held QPs created in $(sed -n "s/^create_s_$n=//p" "$R/meta.txt") s; $(cat "$R/res_$n.txt")"
	# correctness at this state: the sample rdmatop prints (untimed)
	if [ "$HAVE_RDMATOP" = 1 ]; then
		rt -j -n 1 >"$R/rt_$n.json" 2>"$R/rt_$n.err"
		echo "$?" >"$R/rt_$n.rc"
	fi
	i=1
	while [ "$i" -le "$REPS" ]; do
		# a full refresh, every table dumped (--budget 0: at -d 0.1 the
		# default budget's share is 5 ms an interval, which paces the QPs)
		if [ "$HAVE_RDMATOP" = 1 ]; then
			timed "$n" dash1 "$i" -t 200x50 rdmatop -n 1 -d 0.1 --budget 0
			timed "$n" dash11 "$i" -t 200x50 rdmatop -n 11 -d 0.1 --budget 0
			timed "$n" json1 "$i" rdmatop -j -n 1 -d 0.1 --budget 0
			timed "$n" json4 "$i" rdmatop -j -n 4 -d 0.1 --budget 0
		fi
		timed "$n" rdma "$i" rdma -j res show qp
		say "$n: run $i: $(grep "^$n [a-z0-9]* $i " "$R/cpu.txt" | tr '\n' ';')"
		i=$((i + 1))
	done
	[ "$HAVE_RDMATOP" = 1 ] && budget_runs "$n"
done
a="$(now)"
# shellcheck disable=SC2086 # the pid list is split on purpose
kill $mqs
rc=0
for p in $mqs; do
	wait_for "$p" 120 || rc=$?
done
meta many_qp_rc "$rc"
meta destroy_s "$(awk -v a="$a" -v b="$(now)" 'BEGIN{print b-a}')"
