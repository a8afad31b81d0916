#!/bin/bash
# Process context against ps on live processes: the mlx5-roce fixture's
# owners 4100230 and 4100101 are given the /proc of a busy process and of
# a sleeping one (sysroot proc/ID links to /proc/PID), so rdmatop reads
# their real stat, cmdline and status through the shim's QPs; ps -o
# pid,args,pcpu,rss,lstart reads the same processes, and the test reads
# their CPU ticks itself around rdmatop's run (CPU % checked to the tick).
# Then a changed byte (a copy of the busy process's stat with another rss,
# its ticks standing still; a cmdline with another argument) makes the
# comparison fail.  Sourced by tests/hw/run.
pc=$out/pctx
rm -rf "$pc"
mkdir -p "$pc"
python3 -c 'import time, itertools; t = time.time() + 60; any(time.time() > t for _ in itertools.count())' \
	--busy-loop &
busy=$!
sleep 60 &
sleeper=$!
pctx_root() {	# DIR: the fixture with the two owners' /proc linked to the live ones
	mkdir -p "$1/proc"
	cp -a "$DATA/mlx5-roce/sys" "$DATA/mlx5-roce/netlink.fix" "$1/"
	cp -a "$DATA/mlx5-roce/proc/." "$1/proc/"
	rm -rf "$1/proc/4100230" "$1/proc/4100101" "$1/proc/uptime"
	ln -s /proc/uptime "$1/proc/uptime"
	ln -s "/proc/$busy" "$1/proc/4100230"
	ln -s "/proc/$busy" "$1/proc/$busy"
	ln -s "/proc/$sleeper" "$1/proc/4100101"
	ln -s "/proc/$sleeper" "$1/proc/$sleeper"
}
pctx_compare() {	# RT.JSON PS.TXT TICKS
	python3 - "$1" "$2" "$busy" "$sleeper" "$3" <<'PY'
import json, math, os, sys, time, calendar
rt, ps, busy, sleeper = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
(t0, b0, s0), (t3, b3, s3) = [[float(x) for x in l.split()] for l in open(sys.argv[5])]
hz = os.sysconf("SC_CLK_TCK")
o = json.loads([l for l in open(rt) if l.strip()][-1])
dt = o["interval"]
procs = {p.get("pid"): p for p in o["processes"]}
want = {}
for line in open(ps).read().splitlines()[1:]:
    f = line.split()
    # PID PCPU RSS LSTART(5 words) ARGS...
    pid, pcpu, rss = int(f[0]), float(f[1]), int(f[2])
    start = calendar.timegm(time.strptime(" ".join(f[3:8]), "%a %b %d %H:%M:%S %Y"))
    want[pid] = (" ".join(f[8:]), pcpu, rss, start)
bad, n, cpu_note = [], 0, {}
for pid in (busy, sleeper):
    p, (args, pcpu, rss, start) = procs.get(pid, {}), want[pid]
    n += 4
    if p.get("cmdline") != args:
        bad.append("MISMATCH %d cmdline: rdmatop %r, ps %r" % (pid, p.get("cmdline"), args))
    # rss can move by a few pages between the two reads
    if abs(p.get("rss_bytes", -1 << 40) - rss * 1024) > 64 * 4096:
        bad.append("MISMATCH %d rss: rdmatop %s, ps %d KiB" % (pid, p.get("rss_bytes"), rss))
    # rdmatop's CPU % is the ticks (utime + stime) of its last interval dt:
    # k = cpu% * dt * hz.  Its window lies inside [t0, t3], where the test
    # read the process's ticks itself (d), so k <= d; a single thread
    # spends at most one tick per tick outside the window, so
    # k >= d - (t3 - t0 - dt) * hz; one tick either way for where a read
    # falls within a tick.  The sleeper: d = 0, so k is 0 or 1.  k itself
    # comes from the printed percent and the sample's interval (not the
    # instants of rdmatop's own /proc reads): half a tick either way (a
    # clean clone's run read 198.96 for 199)
    d = (b3 - b0) if pid == busy else (s3 - s0)
    k = p.get("cpu_percent", -1000) / 100 * dt * hz
    lo, hi = max(0, d - math.ceil((t3 - t0 - dt) * hz) - 1), d + 1
    cpu_note[pid] = "%.1f ticks in [%d, %d]" % (k, lo, hi)
    if not lo - 0.5 <= k <= hi + 0.5:
        bad.append("MISMATCH %d cpu: rdmatop %s%% of %.2f s = %.1f ticks, the test read %d in %.2f s: want [%d, %d]"
                   % (pid, p.get("cpu_percent"), dt, k, d, t3 - t0, lo, hi))
    st = p.get("start_time", "")
    got = calendar.timegm(time.strptime(st[:19], "%Y-%m-%dT%H:%M:%S")) if st else 0
    if abs(got - start) > 2:
        bad.append("MISMATCH %d start: rdmatop %s, ps %s" % (pid, st, time.strftime("%FT%T", time.gmtime(start))))
for b in bad:
    print(b)
print("%d checks, %d mismatches; CPU: busy %s, sleeping %s" % (n, len(bad), cpu_note[busy], cpu_note[sleeper]))
sys.exit(1 if bad else 0)
PY
}
# ticks_now: the wall clock and both processes' utime + stime in ticks
ticks_now() {
	echo "$(date +%s.%N) $(awk '{ print $14 + $15 }' "/proc/$busy/stat") $(awk '{ print $14 + $15 }' "/proc/$sleeper/stat")"
}
pctx_run() {	# DIR
	ticks_now >"$1/ticks"
	shim "$1" "$1" ./rdmatop --sysroot "$1" -j -n 2 -d 2 >"$1/rt.json" 2>"$1/rt.err"
	ticks_now >>"$1/ticks"
	LC_ALL=C TZ=UTC ps -o pid=,pcpu=,rss=,lstart=,args= -p "$busy,$sleeper" | sed '1i PID' >"$1/ps.txt"
}
sleep 3	# the busy loop's lifetime average settles
# and its resident size: on a loaded host python may still be faulting its
# pages in after 3 s (88 pages in the second between rdmatop and ps once)
rss_of() { awk '{print $2}' "/proc/$busy/statm" 2>/dev/null; }
for _ in $(seq 40); do
	r0=$(rss_of)
	sleep 0.5
	[ "$r0" = "$(rss_of)" ] && break
done
pctx_root "$pc/live"
pctx_run "$pc/live"
if pctx_compare "$pc/live/rt.json" "$pc/live/ps.txt" "$pc/live/ticks" >"$pc/report" 2>&1; then
	ok "process context: cmdline, CPU, RSS, start of a busy and a sleeping process equal ps's ($(tail -1 "$pc/report"))"
else
	bad "process context against ps: $(grep -E 'MISMATCH|Error' "$pc/report" | head -4)"
fi
# a changed byte: the busy process's stat with rss 1 page, its cmdline
# with another argument (copies in place of the links)
mkdir -p "$pc/alt"
pctx_root "$pc/alt"
rm "$pc/alt/proc/$busy"
mkdir -p "$pc/alt/proc/$busy"
cp "/proc/$busy/status" "/proc/$busy/comm" "$pc/alt/proc/$busy/"
awk '{ $24 = 1; print }' "/proc/$busy/stat" >"$pc/alt/proc/$busy/stat"
tr '\0' '\n' <"/proc/$busy/cmdline" | sed 's/--busy-loop/--busy-lOop/' | tr '\n' '\0' >"$pc/alt/proc/$busy/cmdline"
pctx_run "$pc/alt"
if pctx_compare "$pc/alt/rt.json" "$pc/live/ps.txt" "$pc/alt/ticks" >"$pc/alt.report" 2>&1; then
	bad "self-test: a changed stat and cmdline went unseen by the ps comparison"
elif grep -q "MISMATCH $busy cmdline" "$pc/alt.report" && grep -q "MISMATCH $busy rss: rdmatop 4096," "$pc/alt.report" &&
	grep -q "MISMATCH $busy cpu: rdmatop 0%" "$pc/alt.report"; then
	ok "self-test: a changed rss and argument differ from ps, a stat that stands still from the busy process's ticks ($(grep -c MISMATCH "$pc/alt.report") mismatches)"
elif grep -q "MISMATCH $busy cmdline" "$pc/alt.report" && grep -q "MISMATCH $busy rss: rdmatop 4096," "$pc/alt.report" &&
	grep -qE "CPU: busy [0-9.]+ ticks in \[0, " "$pc/alt.report"; then
	# a loaded machine stretched rdmatop's run past its interval by more
	# than the busy process's ticks: 0 ticks lies within the bound, so a
	# stat standing still cannot be told from it in this run
	ok "self-test: a changed rss and argument differ from ps ($(grep -c MISMATCH "$pc/alt.report") mismatches; the standing stat not told: $(tail -1 "$pc/alt.report" | sed 's/.*CPU: //'))"
else
	bad "self-test: the ps comparison failed for another reason: $(grep MISMATCH "$pc/alt.report" | head -3)"
fi
kill "$busy" "$sleeper" 2>/dev/null
wait "$busy" "$sleeper" 2>/dev/null
