# shellcheck shell=bash
# Sourced by tests/cluster/run (after tui.sh: tm, start, look, scr, keys,
# screen): what rdmatop says of an answer, against tests/cluster/fake.py:
#  - "answers N s old" counts from the time Prometheus evaluated them at
#    (an answer's samples), not from when they came: a front end's cached
#    answers of 100 s ago read 100 s old (they read 0 s before); with
#    --at, their time against the time asked for, not the clock (a
#    failed query's answer kept from the time before: 1 s after it);
#  - a message about a failed request leaves once it answers again, on
#    every pane: Prometheus down at the start (503), then back, the
#    status request's message stayed on the status line before;
#  - an answer whose Content-Length passes the 16 MiB bound is refused
#    before its body is read, the query, the size and the limit said (it
#    was read until the timeout before).
# shellcheck disable=SC2154 # tmp, bin, pids come from the run script
oport=$(free_port)
timeout 300 python3 tests/cluster/fake.py "$oport" old "$tmp/down" &
pids="$pids $!"
ourl="http://127.0.0.1:$oport"
wait_for 10 curl -s --max-time 2 -o /dev/null "$ourl/"

start xterm-256color 80x24 --prometheus "$ourl" -d 1
scr "answers evaluated 100 s before they came: the header says 100 s old" 'answers 1[0-9][0-9]s old' 15
keys q
at=$(python3 -c 'import time; print("%.0f" % (time.time() - 600))')
start xterm-256color 80x24 --prometheus "$ourl" -d 1 --at "$at"
scr "--at 10 minutes ago: the answers are of that time, not 10 minutes old" 'answers of that time' 15
grep -qE 'answers [0-9]+s old' "$tmp/screen" && bad "--at: no age against the clock" "$tmp/screen"
# T (a refresh interval, 1 s, earlier) while Prometheus is down: the
# answers of the time before kept, 1 s after the time now asked
touch "$tmp/down"
keys T
scr "--at, T, Prometheus down: the answer kept is 1 s after the time asked" \
	'query [a-z_]+ failed \(its answer of 1s after that time shown\)' 15
grep -q 'answers 1s after that time' "$tmp/screen" && ok "--at, T, Prometheus down: the header says so too" ||
	bad "--at, T, Prometheus down: the header says 'answers 1s after that time'" "$tmp/screen"
rm -f "$tmp/down"
keys q

# Prometheus down at the start, then back: nothing of it left, on any pane
touch "$tmp/down"
start xterm-256color 120x30 --prometheus "$ourl" -d 1
scr "Prometheus down at the start: said" 'query [a-z_]+ failed: HTTP 503' 15
rm -f "$tmp/down"
look 15 'hosts 1 \(1 up\)' || bad "Prometheus back: its host" "$tmp/screen"
sleep 1.5	# a refresh more, drawn
for p in hosts ports jobs; do
	screen
	grep -E 'HTTP 503|failed|status/config' "$tmp/screen" >"$tmp/stale"
	if grep -q "^$p:" "$tmp/screen" && ! [ -s "$tmp/stale" ]; then
		ok "Prometheus back: no message of its failure left on the $p pane"
	else
		bad "Prometheus back: no message of its failure left on the $p pane" "$tmp/stale"
	fi
	keys Tab
done
keys q

lport=$(free_port)
timeout 120 python3 tests/cluster/fake.py "$lport" length &
pids="$pids $!"
wait_for 10 curl -s --max-time 1 -o /dev/null -r 0-10 "http://127.0.0.1:$lport/"
t0=$(date +%s)
"$bin" --prometheus "http://127.0.0.1:$lport" --json -n 1 --prometheus-timeout 8 \
	>"$tmp/len.json" 2>"$tmp/len.err"
rc=$? took=$(($(date +%s) - t0))
if [ "$rc" = 1 ] && [ "$took" -lt 8 ] &&
	grep -q 'query up: answer of 1073741824 bytes (its Content-Length), more than the limit of 16777216: refused unread' "$tmp/len.err"; then
	ok "a Content-Length of 1 GiB: refused unread in ${took} s, the query, size and limit said"
else
	bad "a Content-Length of 1 GiB: refused unread (rc $rc, ${took} s)" "$tmp/len.err"
fi
