# shellcheck shell=bash
# Sourced by tests/cluster/run: the cluster panes in tmux (80x24, 200x50,
# TERM=vt100), against the plain Prometheus, then the TLS one going away.
# shellcheck disable=SC2154 # tmp, bin, purl, turl, pki, tls_pid come from the run script
# shellcheck source=tests/cluster/tmux.sh
. tests/cluster/tmux.sh
start() {	# start TERM COLSxROWS ARGS...
	local term=$1 size=$2
	shift 2
	tm kill-server 2>/dev/null
	# a server of its own each time: one still exiting cannot be reused
	starts=$((${starts:-0} + 1))
	sock=rdmatop-cluster-$$-$starts
	tm -f /dev/null new-session -d -s t -x "${size%x*}" -y "${size#*x}" \
		"env ${cl_locale:-} TERM=$term $bin $* 2>$tmp/tui.err; echo EXITED \$?; sleep 30"
}
# cells TABLE KEY ERE [COL=VALUE]: ERE with {col} replaced by the cell of
# the first row of --json's TABLE where KEY is above 0 (and COL is VALUE),
# written as the screen writes it (src/prom/cols.c: si(), n/a for null)
cells() {
	python3 - "$tmp/cl.json" "$@" <<'EOP'
import json, re, sys
from math import floor
def si(v):
    if v is None:
        return "n/a"
    if isinstance(v, str):
        return re.escape(v)
    i = 0
    while abs(v) >= 1000 and i < 6:
        v /= 1000
        i += 1
    if i == 0:
        return "%.0f" % v if v == floor(v) else "%.1f" % v
    return "%.1f%s" % (v, " KMGTPE"[i])
path, table, key, ere = sys.argv[1:5]
col, _, val = (sys.argv[5] if len(sys.argv) > 5 else "=").partition("=")
row = [r for r in json.load(open(path))[table] if (r.get(key) or 0) > 0 and (not col or r[col] == val)][0]
# {col*8}: a byte rate as the screen shows it, in bits
print(re.sub(r"\{(\w+)(\*8)?\}", lambda m: si(row[m.group(1)] * 8 if m.group(2) and
                                               row[m.group(1)] is not None else row[m.group(1)]), ere))
EOP
}
# the instance of the first host of the JSON (sorted by ERR/s), and of the
# host with the most processes, for Enter
first=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["hosts"][0]["instance"])' "$tmp/cl.json")
# of_job title|hosts: the first job of the JSON (sorted by QPs): the title
# of its hosts (an ERE), or the instances its groups are on, sorted
of_job() {
	python3 - "$tmp/cl.json" "$1" <<'EOP'
import json, re, sys
def ere(s):
    return re.sub(r"([][.*+?(){}|^$\\])", r"\\\1", s)
c = json.load(open(sys.argv[1]))
j = c["jobs"][0]
on = sorted({g["instance"] for g in c["groups"] if (g["kind"], g["group"]) == (j["kind"], j["group"])})
print(ere("hosts of job %s/%s: %d of " % (j["kind"], j["group"], len(on))) if sys.argv[2] == "title"
      else " ".join(on))
EOP
}
# of_host INSTANCE title|rows: the host's ports in the JSON: the links
# table's title, or an ERE for each of their rows (instance, device,
# port, state)
of_host() {
	python3 - "$tmp/cl.json" "$1" "$2" <<'EOP'
import json, re, sys
def ere(s):
    return re.sub(r"([][.*+?(){}|^$\\])", r"\\\1", s)
c = json.load(open(sys.argv[1]))
mine = [p for p in c["ports"] if p["instance"] == sys.argv[2]]
if sys.argv[3] == "title":
    # the open host's ports are asked for alone (an instance matcher)
    print(ere("ports: %d of %d" % (len(mine), len(mine))))
for p in mine if sys.argv[3] == "rows" else []:
    print("^%s +%s +%s +%s " % tuple(ere(p[k]) for k in ("instance", "device", "port", "state")))
EOP
}
for spec in "xterm 80x24" "xterm 200x50" "vt100 80x24"; do
	set -- $spec
	start "$1" "$2" --prometheus "$purl" --match "'job=\"rdma\"'" --at "$at"
	s="$1 $2"
	scr "$s: the Hosts pane, its $nh hosts" "hosts: $nh of $nh"
	scr "$s: the header says the scrape interval and rate window" 'scrape 1s +rate\[4s\]'
	scr "$s: the columns, sorted by ERR/s" 'INSTANCE +UP +HEALTH +ERR/s +CONG/s'
	screen
	# the first row is the first host of --json: the same model, the same order
	row=$(grep -m1 -E '^127\.0\.0\.1:' "$tmp/screen" | awk '{print $1}')
	[ "$row" = "$first" ] && ok "$s: the first row is --json's first host ($first)" ||
		bad "$s: the first row is --json's first host ($first, got $row)" "$tmp/screen"
	if [ "${2%x*}" = 80 ]; then
		grep -qE '>$' "$tmp/screen" && ok "$s: the columns that do not fit are marked '>'" ||
			bad "$s: the columns that do not fit are marked '>'" "$tmp/screen"
		head -n 1 "$tmp/screen" | grep -qE '>$' && ok "$s: the header cut at the edge is marked '>'" ||
			bad "$s: the header cut at the edge is marked '>'" "$tmp/screen"
	else
		grep -q 'TOP GROUP' "$tmp/screen" && ok "$s: all the columns at 200 wide" ||
			bad "$s: all the columns at 200 wide" "$tmp/screen"
		# the storm's host: its pause rates as --json says them
		want=$(cells hosts pause_rx '^{instance} .* {pause_rx} +{pause_tx} +[^ ]+/')
		scr "$s: PAUSE RX/s and TX/s after FLUSH/s" 'FLUSH/s +PAUSE RX/s +PAUSE TX/s +TOP GROUP'
		scr "$s: the pausing host's PAUSE RX/s and TX/s as --json's" "$want"
	fi
	[ "$s" = "xterm 80x24" ] && cp "$tmp/screen" "$tmp/hosts-80x24.txt"
	keys 2
	scr "$s: 2: the Ports pane" 'ports: [0-9]+ of [0-9]+'
	if [ "${2%x*}" = 200 ]; then
		scr "$s: 2: the ports' PAUSE RX/s and TX/s" 'SPEED +PAUSE RX/s +PAUSE TX/s'
		# speeds and rates in bits, as --json's bytes times 8
		scr "$s: 2: a port's SPEED in bits as --json's" \
			"$(cells ports speed '^{instance} +{device} +{port} .* {speed*8}b ')"
	fi
	keys 3
	scr "$s: 3: the Jobs pane" 'jobs: [0-9]+ of [0-9]+'
	scr "$s: 3: the jobs' ERR/s and CNP/s" 'QPERR +ERR/s +PSN/s +CNP/s'
	# job 4711's counters count (the storm's host), the kernel's group has none (n/a)
	scr "$s: 3: ERR/s and CNP/s of a job with bound counters as --json's" \
		"$(cells jobs err '^{kind} +{group} .* {qps_err} +{err} +{psn} +{cnp} *$' group=4711)"
	grep -qE '^kernel +kernel .* n/a +[^ ]+ +n/a *$' "$tmp/screen" &&
		ok "$s: 3: ERR/s and CNP/s n/a for the kernel's group" ||
		bad "$s: 3: ERR/s and CNP/s n/a for the kernel's group" "$tmp/screen"
	# Enter opens the first job (--json's first: the same sort); its
	# hosts are the instances --json's groups put it on, and no other
	keys Enter
	scr "$s: Enter on a job: its hosts" "$(of_job title)$nh"
	screen
	got=$(grep -oE '^127\.0\.0\.1:[0-9]+' "$tmp/screen" | sort | paste -sd' ' -)
	jfirst=$(grep -m1 -oE '^127\.0\.0\.1:[0-9]+' "$tmp/screen")
	[ "$got" = "$(of_job hosts)" ] && ok "$s: Enter on a job: the rows are its hosts ($got)" ||
		bad "$s: Enter on a job: the rows are its hosts (want $(of_job hosts), got $got)" "$tmp/screen"
	# 1 keeps the job's hosts; Home and Enter open the first of them
	keys 1 Home Enter
	scr "$s: Enter on a host: its links, processes and groups" 'processes: [0-9]+ of'
	scr "$s: ... with the host's groups" 'groups: [0-9]+ of'
	scr "$s: Enter on the job's first host: that host opened" "Host $jfirst"
	# the links table: that host's ports as --json has them, and no row
	# of another host anywhere in the pane
	scr "$s: Enter on a host: its links, as many as --json's" "$(of_host "$jfirst" title)"
	screen
	miss=$(of_host "$jfirst" rows | while read -r re; do grep -qE "$re" "$tmp/screen" || echo "/$re/"; done)
	other=$(grep -E '^127\.0\.0\.1:' "$tmp/screen" | grep -vF "$jfirst " | head -n 1)
	[ -z "$miss$other" ] && ok "$s: Enter on a host: each of its ports (device, port, state), no other host's" ||
		bad "$s: Enter on a host: each of its ports, no other host's (missing $miss; other: $other)" "$tmp/screen"
	keys s
	scr "$s: s: the ssh line" 'ssh 127\.0\.0\.1 rdmatop'
	keys Escape
	# / selects the next row holding the text: Enter then opens that host
	last=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["hosts"][-1]["instance"])' "$tmp/cl.json")
	keys 1 Home / "${last#*:}" Enter Enter
	scr "$s: / finds a host, Enter opens it" "Host $last"
	keys Escape
	keys o 'instance=nothing' Enter
	scr "$s: a filter matching no host" 'hosts: 0 of '"$nh"' \(filtered\)'
	keys Escape h
	scr "$s: h: the keys of the cluster view" 'rdmatop --prometheus: keys'
	keys x q
	scr "$s: q quits, status 0" 'EXITED 0'
done

# under a locale whose decimal mark is a comma: the screen took LC_ALL=""
# and strtod() refused every "1.5" of an answer (0 hosts, every answer
# "not {metric, value}"); now the same rows as under C.UTF-8
if locale -a 2>/dev/null | grep -qix 'de_DE.utf-\{0,1\}8'; then
	cl_locale=LC_ALL=de_DE.UTF-8
	start xterm 200x50 --prometheus "$purl" --match "'job=\"rdma\"'" --at "$at"
	unset cl_locale
	scr "de_DE.UTF-8: the Hosts pane, its $nh hosts" "hosts: $nh of $nh"
	scr "de_DE.UTF-8: the pausing host's PAUSE RX/s and TX/s as --json's" \
		"$(cells hosts pause_rx '^{instance} .* {pause_rx} +{pause_tx} +[^ ]+/')"
	scr "de_DE.UTF-8: the interval with a point" 'every [0-9]+\.[0-9]s'
	keys q
else
	bad "de_DE.UTF-8 is not generated (sh tests/deps.sh makes it)"
fi

# the mouse (X10 reports, as TERM=screen's kmous says; send-keys -H, as
# tests/tui): a header sorts (again: reverses), a tab switches, a double
# click opens the row
mouse() {
	tm send-keys -t t -H 1b 5b 4d $(printf '%x %x %x' $((32 + $1)) $((33 + $2)) $((33 + $3)))
	[ "$1" -lt 64 ] && tm send-keys -t t -H 1b 5b 4d $(printf '%x %x %x' 35 $((33 + $2)) $((33 + $3)))
	sleep 0.4
}
col_x() { awk -v t="$1" 'NR == 5 { print index($0, t) - 1; exit }' "$tmp/screen"; }
first_row() { awk '/^127\.0\.0\.1:/ { print $1; exit }' "$tmp/screen"; }
by_qps() {	# the instance with the most (max) or fewest (min) QPs in --json
	python3 -c 'import json,sys; h=json.load(open(sys.argv[1]))["hosts"]; f=max if sys.argv[2]=="max" else min; print(f(h, key=lambda r: (r["qps"] or 0, r["instance"] if sys.argv[2]=="min" else "")) ["instance"])' "$tmp/cl.json" "$1"
}
start screen-256color 200x30 --prometheus "$purl" --match "'job=\"rdma\"'" --at "$at" -d 30
scr "mouse: the Hosts pane" "hosts: $nh of $nh"
x=$(col_x ' QPS ')
mouse 0 $((x + 2)) 4
screen
[ "$(first_row)" = "$(by_qps max)" ] && ok "mouse: a click on QPS sorts by it, most first ($(first_row))" ||
	bad "mouse: a click on QPS sorts by it (want $(by_qps max), got $(first_row))" "$tmp/screen"
mouse 0 $((x + 2)) 4
screen
[ "$(first_row)" = "$(by_qps min)" ] && ok "mouse: again: reversed, fewest first ($(first_row))" ||
	bad "mouse: again: reversed (want $(by_qps min), got $(first_row))" "$tmp/screen"
# twice within 400 ms: no pause between the two clicks
press="1b 5b 4d 20 $(printf '%x %x' 34 38) 1b 5b 4d 23 $(printf '%x %x' 34 38)"
# shellcheck disable=SC2086 # the bytes are words
tm send-keys -t t -H $press $press
scr "mouse: a double click on a host opens it" 'processes: [0-9]+ of'
keys Escape
mouse 0 9 2
scr "mouse: a click on the Ports tab" 'ports: [0-9]+ of'
keys q

# time travel: T steps back one interval from --at; a local time zone far
# from UTC (no tzdata needed) must not move the clock times b takes
TZ=XYZ-5:30
export TZ
start xterm 120x30 --prometheus "$purl" --match "'job=\"rdma\"'" --at "$at" -d 5
unset TZ
scr "--at: the header names the time" "at $(python3 -c 'import sys,time; print(time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(float(sys.argv[1]))))' "$at")Z"
keys T
scr "T: 5 s earlier" "at $(python3 -c 'import sys,time; print(time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(float(sys.argv[1]) - 5)))' "$at")Z"
# b with a clock time: that time of today in UTC, whatever TZ says; the
# time typed and the header's are worked out here from the clock (ten and
# five minutes ago, so that t stays in the past), not from rdmatop
clock() {	# clock AGO FORM: the UTC time AGO seconds ago (not before 00:00:07 today) in FORM
	python3 -c 'import sys,time; now=time.time(); day=now - now % 86400
t=max(now - float(sys.argv[1]), day + 7); t -= t % 60 if sys.argv[2] == "%H:%M" else 0
print(time.strftime(sys.argv[2], time.gmtime(t)))' "$@"
}
hm=$(clock 600 %H:%M)
keys b "$hm" Enter
scr "b $hm: the header says $hm:00 of today in UTC" "at $(date -u +%Y-%m-%d)T$hm:00Z"
keys t
scr "t after b $hm: 5 s later" "at $(date -u +%Y-%m-%d)T$hm:05Z"
hms=$(clock 300 %H:%M:%S)
keys b "$hms" Enter
scr "b $hms: the header says it, today in UTC" "at $(date -u +%Y-%m-%d)T${hms}Z"
for t in 24:00 12:60 1:2:3:4; do
	keys b "$t" Enter
	scr "b $t: refused, the reason said" "time: '$t'"
	grep -q "at $(date -u +%Y-%m-%d)T${hms}Z" "$tmp/screen" && ok "b $t: the time shown kept" ||
		bad "b $t: the time shown kept" "$tmp/screen"
done
keys b
keys Enter
scr "b, empty: now again" ' at now '
keys q

# a replay of the cluster: t and T step, the header says the sample
start xterm 120x30 -r "$tmp/cl.rdrec" -d 30
scr "-r: the recorded Hosts pane" "hosts: $nh of $nh"
scr "-r: the header says replay and the sample" 'replay: [0-9T:-]+Z #1'
keys T
scr "-r, T at the first: said" 'at the first sample'
keys t
scr "-r, t: the next sample" 'replay: [0-9T:-]+Z #2'
keys q

# a Prometheus that does not answer: said on the header while the keys
# still work (the queries are on the loop, not in its way)
sport=$(free_port)
timeout 60 python3 -c '
import socket, sys, time
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(64)
held = []
while True:
    c, _ = s.accept(); held.append(c)	# read nothing, answer nothing
' "$sport" &
slow_pid=$!
pids="$pids $slow_pid"
wait_for 10 python3 -c 'import socket,sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1)' "$sport"
start xterm 120x30 --prometheus "http://127.0.0.1:$sport"
scr "a Prometheus that does not answer: said on the header" 'Prometheus slow: waiting [2-9]s'
keys 3
scr "... while the keys work: 3 shows the Jobs pane" 'jobs: 0 of 0'
keys q
scr "... and q quits at once, status 0" 'EXITED 0' 3
kill "$slow_pid" 2>/dev/null

# a Prometheus that goes away: said, the last answers kept with their age
start xterm 120x30 --prometheus "$turl" --prometheus-config "$pki/good.yml" --match "'job=\"rdma\"'" -d 0.5
scr "TLS: the Hosts pane" "hosts: $nh of $nh"
kill "$tls_pid"
wait "$tls_pid" 2>/dev/null
scr "Prometheus gone: the failing query is said, its last answer shown with its age" \
	'query [a-z_]+ failed \(its answer of [0-9]+s ago shown\): .*connect' 15
scr "Prometheus gone: the header says how old the answers are" 'answers [1-9][0-9]*s old'
grep -q '^127\.0\.0\.1:' "$tmp/screen" && ok "Prometheus gone: the hosts stay on screen" ||
	bad "Prometheus gone: the hosts stay on screen" "$tmp/screen"
keys q
scr "q quits after the failure, status 0" 'EXITED 0'
tm kill-server 2>/dev/null
[ -n "${CLUSTER_CAPTURE:-}" ] && cp "$tmp/hosts-80x24.txt" "$CLUSTER_CAPTURE"
