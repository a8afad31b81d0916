# shellcheck shell=bash
# Sourced by tests/cluster/run (after tui.sh: tm, start, look, scr, keys):
# a Prometheus that is slow or failing on one query, through
# tests/cluster/proxy.py, which logs every request:
#  - the first refresh sends the status request once, then each query
#    once (not twice);
#  - --prometheus-timeout 4 against an errors query that takes 12 s: said
#    with its time, then backed off (asked in refreshes 1, 2 and 4 of 4,
#    the others every refresh), the hosts kept;
#  - a failed processes query's message leaves the status line once the
#    host is closed and Prometheus answers (it stayed before);
#  - the Ports query's two steps (--rows): the top rows, then their hosts'
#    ports; its first step failing is the Ports query's failure, said as
#    such, its second step not sent.
# shellcheck disable=SC2154 # tmp, bin, purl, pids come from the run script
dport=$(free_port)
timeout 300 python3 tests/cluster/proxy.py "$dport" "$purl" "$tmp/delay.log" errors 12 "$tmp/failing" &
pids="$pids $!"
durl="http://127.0.0.1:$dport"
wait_for 10 curl -s --max-time 5 -o /dev/null "$durl/-/ready"
# asked [LOG [PREFIX]]: the requests of each name (those beginning with
# PREFIX) in the proxy's log (delay.log), "name=count ..."
asked() {
	python3 -c 'import json, sys, collections
c = collections.Counter(json.loads(l)["name"] for l in open(sys.argv[1]))
print(" ".join("%s=%d" % kv for kv in sorted(c.items()) if kv[0].startswith(sys.argv[2])))' \
		"${1:-$tmp/delay.log}" "${2:-}"
}
: >"$tmp/delay.log"
"$bin" --prometheus "$durl" --match 'job="rdma"' --json -n 1 --prometheus-timeout 10 >"$tmp/once.json" 2>"$tmp/once.err"
got=$(asked)
want="/api/v1/status/config=1 errors=1 host=1 host_groups=1 jobs=1 ports=1 ports_state=1 qps=1 rules=1 stalls=1 up=1"
[ "$got" = "$want" ] && ok "the first refresh: the scrape interval, then each query once ($got)" ||
	bad "the first refresh: the scrape interval, then each query once (got $got, want $want)" "$tmp/once.err"

: >"$tmp/delay.log"
"$bin" --prometheus "$durl" --match 'job="rdma"' --json -n 4 -d 0.2 --prometheus-timeout 4 \
	>"$tmp/slow.json" 2>"$tmp/slow.err"
got=$(asked)
want="/api/v1/status/config=1 errors=3 host=4 host_groups=4 jobs=4 ports=4 ports_state=4 qps=4 rules=1 stalls=4 up=4"
[ "$got" = "$want" ] && ok "--prometheus-timeout 4, errors takes 12 s: asked in refreshes 1, 2 and 4 of 4, the rest every refresh ($got)" ||
	bad "--prometheus-timeout 4: errors backed off (got $got, want $want)" "$tmp/slow.err"
grep -q 'query errors: timed out after 4\.[0-9] s (--prometheus-timeout)' "$tmp/slow.err" &&
	grep -q 'query errors: timed out after 4\.[0-9] s, 2 times in a row: asked again in 2 refreshes' "$tmp/slow.err" &&
	ok "--prometheus-timeout 4: the timeouts said with their time, the back-off with when it ends" ||
	bad "--prometheus-timeout 4: the timeouts said with their time and back-off" "$tmp/slow.err"
python3 -c 'import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert len(rows) == 4 and all(len(r["hosts"]) == 4 for r in rows), [len(r["hosts"]) for r in rows]' "$tmp/slow.json" 2>"$tmp/slow.py" &&
	ok "--prometheus-timeout 4: the 4 hosts in every refresh" || bad "--prometheus-timeout 4: the 4 hosts in every refresh" "$tmp/slow.py"

# the processes query fails while a host is open, then Prometheus is back
# (through a proxy of its own that delays nothing: one still holding
# errors 12 s kept the host's processes answer from the screen)
fport=$(free_port)
timeout 300 python3 tests/cluster/proxy.py "$fport" "$purl" "$tmp/fail.log" none 0 "$tmp/failing" &
pids="$pids $!"
durl="http://127.0.0.1:$fport"
wait_for 10 curl -s --max-time 5 -o /dev/null "$durl/-/ready"
: >"$tmp/fail.log"
start xterm-256color 120x30 --prometheus "$durl" --match "'job=\"rdma\"'" -d 1
look 30 'hosts: 4 of 4' || bad "stale status: the Hosts pane" "$tmp/screen"
echo processes >"$tmp/failing"
keys Enter
scr "a host open, its processes query failing: said" 'query processes failed' 20
rm -f "$tmp/failing"
keys Escape
# two refreshes after the host closed, drawn: the message is gone
n0=$(grep -c '"name": "up"' "$tmp/fail.log")
wait_for 20 sh -c "[ \$(grep -c '\"name\": \"up\"' '$tmp/fail.log') -ge $((n0 + 2)) ]"
keys Down
screen
if grep -q 'hosts: 4 of 4' "$tmp/screen" && ! grep -q 'failed' "$tmp/screen"; then
	ok "the host closed and Prometheus back: the processes query's message is gone"
else
	bad "the host closed and Prometheus back: the processes query's message is gone" "$tmp/screen"
fi
keys q

# the Ports query in two steps, through the proxy that fails what
# $tmp/failing names
: >"$tmp/fail.log"
"$bin" --prometheus "$durl" --match 'job="rdma"' --json -n 1 --rows 10 >"$tmp/two.json" 2>"$tmp/two.err"
got=$(asked "$tmp/fail.log" ports)
n=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["ports"]))' "$tmp/two.json" 2>/dev/null)
[ "$got" = "ports=1 ports_state=1 ports_top=1" ] && [ "${n:-0}" -gt 0 ] &&
	ok "--rows 10: Ports in two steps, the top rows then their hosts' ports ($got; $n rows)" ||
	bad "--rows 10: Ports in two steps (got $got, $n rows)" "$tmp/two.err"
echo ports_top >"$tmp/failing"
: >"$tmp/fail.log"
"$bin" --prometheus "$durl" --match 'job="rdma"' --json -n 1 --rows 10 >"$tmp/two.json" 2>"$tmp/two.err"
rm -f "$tmp/failing"
got=$(asked "$tmp/fail.log" ports)
if [ "$got" = "ports_state=1 ports_top=1" ] && grep -q 'query ports: HTTP 503' "$tmp/two.err" &&
	python3 -c 'import json,sys; q=[x for x in json.load(open(sys.argv[1]))["queries"] if x["name"]=="ports"][0]; assert "503" in q["error"], q' "$tmp/two.json" 2>>"$tmp/two.err"; then
	ok "the Ports query's first step failing: said as the Ports query's, the second not sent ($got)"
else
	bad "the Ports query's first step failing: said as the Ports query's (got $got)" "$tmp/two.err"
fi
