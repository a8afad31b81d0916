# shellcheck shell=sh
# Sourced by tests/cluster/run (or run alone: tests/cluster/hostile.sh): a
# hostile Prometheus (tests/cluster/fake.py hostile, hostile-error) whose
# label values carry OSC 52 and OSC 0, C1 controls, invisible characters,
# values cut inside a character and instances sharing their first 127
# bytes, whose numbers are +Inf, -Inf, NaN, 1.7e308, 1.8e308 and -0, whose
# scrape interval is 1e308y, whose error texts carry escapes, and whose
# answer is 5.5 million empty objects (tests/cluster/fake.py objects).  -b, --json and stderr, live and replayed
# (-w, -r), hold no raw control byte but \n and no invisible character;
# the JSON parses with every key; every host stays a row of its own.
# shellcheck disable=SC2154 # tmp, bin, pids come from the run script
if [ -z "${bin:-}" ]; then
	cd "$(dirname "$0")/../.." || exit 1
	bin=${RDMATOP_BIN:-./rdmatop}
	. tests/lib.sh
	work_dir
	hostile_alone=1
fi
# clean FILE...: valid UTF-8, no C0 but \n, no DEL, no C1, no format
# character (Cf: U+200B, U+00AD, U+FEFF, U+2060, ...) nor filler
cat >"$tmp/clean.py" <<'EOP'
import sys, unicodedata
bad = 0
for p in sys.argv[1:]:
    raw = open(p, "rb").read()
    try:
        txt = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        print("%s: not UTF-8: %s" % (p, e)); bad += 1; continue
    for n, line in enumerate(txt.split("\n"), 1):
        for ch in line:
            o = ord(ch)
            if o < 0x20 or 0x7f <= o < 0xa0 or unicodedata.category(ch) == "Cf" or \
                    o in (0x034f, 0x115f, 0x1160, 0x3164, 0xffa0) or 0xfe00 <= o <= 0xfe0f:
                print("%s:%d: U+%04X in %r" % (p, n, o, line[:120])); bad += 1; break
sys.exit(1 if bad else 0)
EOP
hport=$(free_port)
eport=$(free_port)
timeout 600 python3 tests/cluster/fake.py "$hport" hostile &
pids="$pids $!"
timeout 600 python3 tests/cluster/fake.py "$eport" hostile-error &
pids="$pids $!"
wait_for 10 curl -s --max-time 2 -o /dev/null "http://127.0.0.1:$hport/"
wait_for 10 curl -s --max-time 2 -o /dev/null "http://127.0.0.1:$eport/"
hurl="http://127.0.0.1:$hport"
"$bin" --prometheus "$hurl" -b -n 1 >"$tmp/h.txt" 2>"$tmp/h.txt.err"
"$bin" --prometheus "$hurl" --json -n 1 -w "$tmp/h.rdrec" >"$tmp/h.json" 2>"$tmp/h.json.err"
"$bin" -r "$tmp/h.rdrec" -b >"$tmp/hr.txt" 2>"$tmp/hr.txt.err"
"$bin" -r "$tmp/h.rdrec" --json >"$tmp/hr.json" 2>"$tmp/hr.json.err"
"$bin" --prometheus "http://127.0.0.1:$eport" -b -n 1 >"$tmp/e.txt" 2>"$tmp/e.txt.err"
"$bin" --prometheus "http://127.0.0.1:$eport" --json -n 1 >"$tmp/e.json" 2>"$tmp/e.json.err"
for f in h.txt h.json hr.txt hr.json e.txt e.json; do
	python3 "$tmp/clean.py" "$tmp/$f" "$tmp/$f.err" >"$tmp/clean.out" 2>&1 &&
		ok "hostile Prometheus: $f and its stderr hold no control byte but newline, no invisible character" ||
		bad "hostile Prometheus: $f and its stderr clean" "$tmp/clean.out"
done
grep -q 'node1\\u200b' "$tmp/h.txt" && grep -q 'clip\\x1b\]52' "$tmp/h.txt" &&
	ok "hostile Prometheus: -b shows node1\\u200b and \\x1b]52 visibly" ||
	bad "hostile Prometheus: -b shows node1\\u200b and \\x1b]52 visibly" "$tmp/h.txt"
# a trailing space: "node1 " and "node1" look the same unless it is shown
grep -q 'node1\\x20' "$tmp/h.txt" &&
	ok "hostile Prometheus: -b shows node1's trailing space as \\x20" ||
	bad "hostile Prometheus: -b shows node1's trailing space as \\x20" "$tmp/h.txt"
grep -q "query up: Prometheus: bad_data: \\\\x1b]0;pwned" "$tmp/e.txt.err" &&
	ok "hostile Prometheus: its error text said on stderr, escaped" ||
	bad "hostile Prometheus: its error text said on stderr, escaped" "$tmp/e.txt.err"
cat >"$tmp/keys.py" <<'EOP'
import json, sys
HOST = {"instance", "job", "up", "health", "age", "devices", "ports_up", "ports", "rx", "tx",
        "util", "err", "flush", "cong", "qps", "qps_err", "procs", "pause_rx", "pause_tx",
        "top_group"}
PORT = {"instance", "device", "port", "state", "health", "rx", "tx", "speed", "util", "err",
        "cong", "pause_rx", "pause_tx"}
mode, path = sys.argv[1], sys.argv[2]
lines = [json.loads(l) for l in open(path)]
assert lines, "no JSON"
for c in lines:
    for k in ("time", "scrape_interval", "rate_window", "queries", "hosts", "ports", "jobs", "groups"):
        assert k in c, (k, c.keys())
    if mode == "error":
        assert all(q["name"] == "processes" or ("error" in q and not q["ok"]) for q in c["queries"]), c["queries"]
        assert all("pwned" in q["error"] and q["error"].startswith("Prometheus: bad_data: \x1b")
                   for q in c["queries"] if "error" in q), c["queries"]
        continue
    hosts = c["hosts"]
    for h in hosts:
        assert HOST <= set(h), ("host keys", HOST - set(h))
    for p in c["ports"]:
        assert PORT <= set(p), ("port keys", PORT - set(p))
    for j in c["jobs"]:
        assert {"kind", "group"} <= set(j), ("job keys", j)
    inst = [h["instance"] for h in hosts]
    assert len(hosts) == 12 and len(set(inst)) == 12, inst
    # the two sharing 127 bytes: two rows, each its whole instance and value
    b = sorted((h for h in hosts if h["instance"].startswith("B" * 100)), key=lambda h: h["instance"])
    assert [h["instance"] for h in b] == ["B" * 127 + "1", "B" * 127 + "2"], b
    assert b[0]["up"] != b[1]["up"], b
    a = [i for i in inst if i.startswith("AAA")]
    assert a == ["A" * 126 + "\u00e9" * 37], a
    assert len(set(p["instance"] for p in c["ports"])) == 12
    assert len(set(g["instance"] for g in c["groups"])) == 12
    # the other labels cut where a character ends, marked
    assert all(g["group"].endswith("\u2026") for g in c["groups"] if g["group"].startswith("B" * 100)), c["groups"]
    assert all(p["port"] == "1" * 12 + "\u2026" for p in c["ports"]), c["ports"][0]["port"]
    assert all(j["kind"] == "k" * 28 + "\u2026" for j in c["jobs"]), c["jobs"][0]["kind"]
    assert len(c["ports"]) == 12, len(c["ports"])
    assert len(c["groups"]) == 12 and len(c["jobs"]) == 12, (len(c["groups"]), len(c["jobs"]))
EOP
for f in h.json:live hr.json:replayed; do
	python3 "$tmp/keys.py" hosts "$tmp/${f%%:*}" >"$tmp/keys.out" 2>&1 &&
		ok "hostile Prometheus: --json ${f#*:}: every key, 12 hosts, the two sharing 127 bytes two" ||
		bad "hostile Prometheus: --json ${f#*:}: every key, 12 hosts, the two sharing 127 bytes two" "$tmp/keys.out"
done
python3 "$tmp/keys.py" error "$tmp/e.json" >"$tmp/keys.out" 2>&1 &&
	ok "hostile Prometheus: --json: every failed query keeps its \"error\" (é at byte 200)" ||
	bad "hostile Prometheus: --json: every failed query keeps its \"error\"" "$tmp/keys.out"
grep -q '^hosts: 12$' "$tmp/h.txt" && grep -q '^hosts: 12$' "$tmp/hr.txt" &&
	ok "hostile Prometheus: -b, live and replayed: 12 hosts" ||
	bad "hostile Prometheus: -b, live and replayed: 12 hosts" "$tmp/h.txt"
# numbers: +Inf and -Inf as Prometheus spells them, 1.7e308 short, no -0;
# an interval of 1e308y refused by name, never a window of [infs]
python3 - "$tmp/h.txt" "$tmp/h.json" >"$tmp/num.out" 2>&1 <<'EOP' && ok "hostile Prometheus: +Inf, -Inf, 1.7e308 (cut in -b's cells) and -0 shown sanely (text and JSON)" || bad "hostile Prometheus: numbers shown sanely" "$tmp/num.out"
import json, re, sys
txt = open(sys.argv[1]).read()
assert re.search(r"(?<![\w.])(-?inf|nan|-0)(?![\w.])", txt) is None, re.findall(r"\S*(?:inf|nan|-0)\S*", txt)[:5]
assert re.search(r"[0-9]{16}", txt) is None, re.findall(r"[0-9]{16,}", txt)[:3]
# 1.7e+308 is wider than -b's cells (the screen's): cut, marked ~
assert "+Inf" in txt and "-Inf" in txt and "1.7e+3~" in txt, txt[:400]
raw = open(sys.argv[2]).read()
assert re.search(r":-0[,}]", raw) is None
c = json.loads(raw)
assert any(h["up"] == 1.7e308 for h in c["hosts"]), [h["up"] for h in c["hosts"]]
assert c["rate_window"] == 60 and c["scrape_interval"] == 0, (c["rate_window"], c["scrape_interval"])
EOP
grep -q "^rdmatop: status/config: scrape_interval '1e308y' is not a duration" "$tmp/h.txt.err" &&
	ok "hostile Prometheus: scrape_interval 1e308y refused, the key named" ||
	bad "hostile Prometheus: scrape_interval 1e308y refused, the key named" "$tmp/h.txt.err"
# a reverse proxy's redirect and a 500 with HTML: the HTTP status said
for m in redirect html500; do
	port=$(free_port)
	timeout 60 python3 tests/cluster/fake.py "$port" "$m" &
	pids="$pids $!"
	wait_for 10 curl -s --max-time 2 -o /dev/null "http://127.0.0.1:$port/"
	# a redirect is followed unless follow_redirects is false
	printf 'follow_redirects: false\n' >"$tmp/nofollow.yml"
	"$bin" --prometheus "http://127.0.0.1:$port" --prometheus-config "$tmp/nofollow.yml" -b -n 1 >"$tmp/$m.out" 2>&1
	echo "status $?" >>"$tmp/$m.out"
done
grep -q "^rdmatop: query up: HTTP 307: a redirect to http://127.0.0.1:9/prometheus/api/v1/query, not followed" "$tmp/redirect.out" &&
	grep -q "^rdmatop: status/config: HTTP 307: a redirect to http://127.0.0.1:9/prometheus/api/v1/status/config" "$tmp/redirect.out" &&
	grep -q "^status 1$" "$tmp/redirect.out" &&
	ok "a 307: the status and where to said, status 1" || bad "a 307: the status and where to said" "$tmp/redirect.out"
grep -q "^rdmatop: query up: HTTP 500 (text/html; charset=utf-8): not JSON" "$tmp/html500.out" &&
	grep -q "^status 1$" "$tmp/html500.out" &&
	ok "a 500 with HTML: the status and the type said, status 1" || bad "a 500 with HTML: the status said" "$tmp/html500.out"
# an answer of 5.5 million empty objects, within the 16 MiB byte bound:
# refused from its bytes before jansson holds it (1.30 GB of RSS before);
# what rdmatop may hold is the parse budget and the answers' bytes
port=$(free_port)
timeout 60 python3 tests/cluster/fake.py "$port" objects &
pids="$pids $!"
wait_for 10 curl -s --max-time 2 -o /dev/null "http://127.0.0.1:$port/api/v1/status/config"
if [ -x /usr/bin/time ]; then
	/usr/bin/time -f '%M' -o "$tmp/objects.rss" "$bin" --prometheus "http://127.0.0.1:$port" \
		-b -n 1 >"$tmp/objects.out" 2>&1
	rss=$(tail -n 1 "$tmp/objects.rss")
	grep -q "^rdmatop: query up: answer too large to parse: [0-9]* JSON values" "$tmp/objects.out" &&
		[ "${rss:-999999999}" -lt 262144 ] &&
		ok "5.5 million empty objects in one answer: refused, said; max RSS $rss KiB (< 256 MiB)" ||
		bad "5.5 million empty objects in one answer: refused within 256 MiB (max RSS $rss KiB)" \
			"$tmp/objects.out"
else
	skip "5.5 million empty objects in one answer" "/usr/bin/time is not installed"
fi
# the screen: what tmux drew holds the escapes as text, the window title
# is not retitled, and no OSC 52 reached tmux's clipboard (set-clipboard on
# keeps what an application sends in a paste buffer)
if command -v tmux >/dev/null; then
	b127=$(printf '%0127d' 0 | tr 0 B)
	hsock=rdmatop-hostile-$$
	htm() { tmux -L "$hsock" "$@"; }
	printf 'set-option -g set-clipboard on\nset-option -g allow-rename on\n' >"$tmp/hs.conf"
	htm -f "$tmp/hs.conf" new-session -d -s h -x 200 -y 40 \
		"env TERM=xterm-256color $bin --prometheus $hurl 2>$tmp/hs.err; sleep 30" 2>/dev/null
	for _ in $(seq 50); do
		htm capture-pane -p -t h >"$tmp/hs.txt" 2>/dev/null
		grep -q 'title\\x1b]0;pwned' "$tmp/hs.txt" && break
		sleep 0.2
	done
	htm display-message -p -t h '#{pane_title}|#{window_name}' >"$tmp/hs.title" 2>&1
	htm list-buffers >"$tmp/hs.buffers" 2>&1
	# Enter on the second of the two sharing 127 bytes: that host alone
	htm send-keys -t h 1 Home / "${b127}2" Enter Enter
	for _ in $(seq 25); do
		htm capture-pane -p -t h >"$tmp/hs.host" 2>/dev/null
		grep -q '^ports: ' "$tmp/hs.host" && break
		sleep 0.2
	done
	htm send-keys -t h q
	sleep 0.3
	htm kill-server 2>/dev/null
	{ grep -q 'title\\x1b]0;pwned' "$tmp/hs.txt" && grep -q 'node1\\u200b' "$tmp/hs.txt" &&
		grep -q 'clip\\x1b]52' "$tmp/hs.txt"; } &&
		ok "hostile Prometheus on screen: OSC 0, OSC 52 and U+200B shown as text" ||
		bad "hostile Prometheus on screen: shown as text" "$tmp/hs.txt"
	{ ! grep -q pwned "$tmp/hs.title" && ! grep -q . "$tmp/hs.buffers"; } &&
		ok "hostile Prometheus on screen: no retitle, nothing in the clipboard" ||
		{ cat "$tmp/hs.title" "$tmp/hs.buffers" >"$tmp/hs.why"; bad "hostile Prometheus on screen: no retitle, no clipboard" "$tmp/hs.why"; }
	grep -q "Host ${b127}2" "$tmp/hs.host" && grep -q '^ports: 1 of [0-9]' "$tmp/hs.host" &&
		grep -q '^groups: 1 of [0-9]' "$tmp/hs.host" &&
		ok "hostile Prometheus on screen: Enter on one of two hosts sharing 127 bytes opens it alone" ||
		bad "hostile Prometheus on screen: Enter opens one of two hosts sharing 127 bytes alone" "$tmp/hs.host"
	python3 "$tmp/clean.py" "$tmp/hs.txt" >"$tmp/clean.out" 2>&1 &&
		ok "hostile Prometheus on screen: no control or invisible character drawn" ||
		bad "hostile Prometheus on screen: no control or invisible character drawn" "$tmp/clean.out"
fi
if [ -n "${hostile_alone:-}" ]; then
	echo "cluster hostile: $pass passed, $fail failed"
	[ "$fail" = 0 ]
	exit
fi
