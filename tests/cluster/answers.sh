# shellcheck shell=bash
# Sourced by tests/cluster/run (after tui.sh: tm, start, look, scr, keys,
# screen): what rdmatop says of an answer, against tests/cluster/fake.py:
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
