# shellcheck shell=sh disable=SC2154
# Sourced by tests/http/run (its serve, stop, check, badcfg, web, $pki, $tmp):
# the endpoint against a hostile client.  A flood of wrong passwords from
# 12 threads and 30 addresses while first logins come from elsewhere; the
# loop, batch output and the dashboard keep their pace while a cost-14 hash
# is checked; 300 connections from one IPv6 /64 in a network namespace of
# its own; the web config's edges (cost, NUL, FIFO, key mode, CA file);
# plain HTTP to the TLS port; heads MHD would take; answer times that do
# not tell which users exist.  Every load is bounded in count and time.

flood=tests/http/flood.py
# hashes: htpasswd -nbBC COST USER PASS
hash() { htpasswd -nbBC "$1" "$2" "$3" | cut -d: -f2-; }

# ---- the web config's edges ----
h5=$(hash 5 u x)
for c in 03 15 31 99; do
	badcfg "bcrypt cost $c" "bad.yml:2: user 'u': bcrypt cost $((1$c - 100)) is outside 4..14" \
		"basic_auth_users:
  u: '\$2y\$$c\$${h5#\$2y\$05\$}'"
done
# a NUL (YAML's \0 in a double-quoted value) inside the hash: refused, not cut
badcfg "a NUL inside a quoted hash" "bad.yml:2: user 'u': a NUL byte in the password hash" \
	"basic_auth_users:
  u: \"$h5\\0trailing\""
mkfifo "$pki/fifo.crt"
printf '%s\n' "tls_server_config:
  cert_file: fifo.crt
  key_file: server.key" >"$pki/bad.yml"
t0=$(date +%s)
timeout -k 2 10 "$bin" -r "$rec" -b -n 1 --listen "127.0.0.1:$(free_port)" \
	--web-config "$pki/bad.yml" >/dev/null 2>"$tmp/bad.err"
rc=$?
check "a FIFO as cert_file: refused at once, the path named (exit $rc, $(($(date +%s) - t0)) s)" \
	sh -c "[ $rc = 2 ] && grep -qF 'cert_file $pki/fifo.crt: not a regular file' $tmp/bad.err"
badcfg "client_ca_file without certificates" \
	"client_ca_file /etc/passwd holds no PEM certificate" "$tls
  client_ca_file: /etc/passwd
  client_auth_type: RequireAndVerifyClientCert"
cp "$pki/server.key" "$pki/open.key"
chmod 0666 "$pki/open.key"
web openkey "tls_server_config:
  cert_file: server.crt
  key_file: open.key"
"$bin" -r "$tmp/none.rdrec" --listen 127.0.0.1:9 --web-config "$pki/openkey.yml" \
	>/dev/null 2>"$tmp/warn"
check "a key file of mode 0666: a warning" \
	grep -qF "warning: --web-config $pki/openkey.yml: key_file $pki/open.key is readable by others (mode 0666)" "$tmp/warn"
chmod 0600 "$pki/open.key"
"$bin" -r "$tmp/none.rdrec" --listen 127.0.0.1:9 --web-config "$pki/openkey.yml" \
	>/dev/null 2>"$tmp/warn"
check "a key file of mode 0600: no warning" sh -c "! grep -q warning $tmp/warn"
web authonly "basic_auth_users:
  prometheus: $h5"
"$bin" -r "$tmp/none.rdrec" --listen 0.0.0.0:9 --web-config "$pki/authonly.yml" \
	>/dev/null 2>"$tmp/warn"
check "0.0.0.0 with passwords: no warning" sh -c "! grep -q warning $tmp/warn"

# ---- plain HTTP heads that RFC 9112 forbids and MHD would take ----
serve
hex() { printf '%b' "$1" | od -An -tx1 | tr -d ' \n'; }
for t in "folded header line:GET /metrics HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n 2\r\n\r\n" \
	"bare LF:GET /metrics HTTP/1.1\nHost: x\n\n" \
	"NUL in a header value:GET /metrics HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n"; do
	what=${t%%:*} req=${t#*:}
	got=$(python3 "$flood" raw "$port" "$(hex "$req")")
	check "a head with a $what: 400 ($got)" test "${got% *}" = "HTTP/1.1 400 Bad"
done
got=$(python3 "$flood" raw "$port" "$(hex 'GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n')")
check "the same head without: 200 ($got)" test "$got" = "HTTP/1.1 200 OK"
stop

# ---- out of descriptors: the accept path pauses rather than spin ----
oport=$(free_port)
# shellcheck disable=SC3045 # dash has ulimit -n
(ulimit -n 40 && exec timeout -k 2 30 "$bin" -r "$rec" -d 0.5 --listen "127.0.0.1:$oport") \
	>/dev/null 2>&1 &
opid=$!
pids="$pids $opid"
wait_for 5 python3 -c "import socket; socket.create_connection(('127.0.0.1', $oport), 1)"
python3 -c "
import socket, sys, time
cs = [socket.create_connection(('127.0.0.1', $oport), 2, ('127.0.0.%d' % (10 + i // 8), 0))
      for i in range(64)]
time.sleep(3)" >/dev/null 2>&1 &
hold=$!
sleep 1
# the rdmatop under timeout: the child of the subshell's exec
orp=$(pgrep -P "$opid" | head -n 1)
ticks() { awk '{print $14 + $15}' "/proc/$orp/stat" 2>/dev/null || echo 0; }
t0=$(ticks); sleep 1.5; t1=$(ticks)
wait "$hold"
check "out of descriptors (64 connections, ulimit -n 40): no spin ($((t1 - t0)) ticks in 1.5 s)" \
	test "$((t1 - t0))" -lt 20
check "... and it serves once they are gone" wait_for 5 metrics_ok "http://127.0.0.1:$oport/metrics"
kill "$opid" 2>/dev/null

# ---- answer times do not tell which users exist ----
h4=$(hash 4 cheap x)
h12=$(hash 12 dear x)
web timing "basic_auth_users:
  cheap: $h4
  dear: $h12"
serve --web-config "$pki/timing.yml"
tk=$(python3 "$flood" time "$port" cheap:wrong 7)
tu=$(python3 "$flood" time "$port" nobody:wrong 7)
check "a cost-4 user's wrong password takes as long as an unknown user's ($tk s, $tu s)" \
	python3 -c "import sys; k, u = map(float, sys.argv[1:]); sys.exit(not (u > 0.02 and k > u / 2))" \
	"$tk" "$tu"
stop

# ---- a flood of wrong passwords: first logins from elsewhere still pass ----
# What follows measures rates under load, a property of the shipped build:
# under RDMATOP_SANITIZE=1 (tests/san.sh) its servers are the plain one.  The
# sanitized build answered 11 wrong passwords a second over 30 addresses,
# none of them past its budget of checks (so no 429), first logins queued
# behind them (median 1.1 s).
san_bin=$bin
bin=$(realpath ./rdmatop)
: >"$tmp/users.yml"
creds=""
for i in $(seq 10); do
	printf '  u%s: %s\n' "$i" "$(hash 10 "u$i" "pw$i")" >>"$tmp/users.yml"
	creds="$creds u$i:pw$i"
done
web flood "basic_auth_users:
  prometheus: $(hash 10 prometheus right)
$(cat "$tmp/users.yml")"
serve --web-config "$pki/flood.yml"
# shellcheck disable=SC2086
timeout -k 5 60 python3 "$flood" logins "$port" 40 $creds >"$tmp/logins" 2>&1
sed "s/^/# /" "$tmp/logins"
read -r _ n _ okn _ fast _ _ _ _ _ _ <"$tmp/logins" 2>/dev/null
# every first login gets 200 (a lock-out would be a 429); on a loaded
# host (make test beside other jobs: one of 40 took 1.6 s) a login or two
# may be slow, so 95% of them within 1 s
check "wrong-password flood (12 threads, 30 addresses): every first login answered 200 (${okn:-?}/${n:-?}), >= 95% within 1 s (${fast:-?})" \
	sh -c "[ '${n:-0}' = 40 ] && [ '${okn:-0}' = 40 ] && [ $((${fast:-0} * 100)) -ge $((${n:-1} * 95)) ]"
check "the flood got 401 and 429 (503 past 64 connections in all), every request an answer" \
	sh -c "grep -Eq '^flood [0-9]+ 401 [1-9][0-9]* 429 [1-9][0-9]* 503 [0-9]+ none 0 other 0$' $tmp/logins"
stop

# ---- a cost-14 hash checked all along: batch output keeps its rate ----
gen=${BUILD:-build}/bench/gen
long=$tmp/long.rdrec
{ [ -x "$gen" ] || make -s --no-print-directory bench-tools >/dev/null 2>&1; } &&
	"$gen" -o "$long" -q 20 -d 1 -p 2 -n 400 -s 1 >/dev/null 2>&1
web dear "basic_auth_users:
  prometheus: $(hash 14 prometheus right)"
# batch SECS [FLOOD]: samples of -b -d 0.2 in SECS seconds, a flood of wrong
# passwords meanwhile (4 threads, 30 addresses) when asked
batch() {
	bport=$(free_port)
	timeout -k 2 "$1" "$bin" -r "$long" -b -d 0.2 --listen "127.0.0.1:$bport" \
		--web-config "$pki/dear.yml" >"$tmp/batch.out" 2>/dev/null &
	bpid=$!
	pids="$pids $bpid"
	if [ -n "${2:-}" ]; then
		sleep 0.5
		timeout -k 2 "$1" python3 "$flood" logins "$bport" "$(($1 - 2))" x:y \
			>"$tmp/batch.flood" 2>&1
	fi
	wait "$bpid"
	grep -c '^rdmatop 20' "$tmp/batch.out"
}
if [ -s "$long" ]; then
	quiet=$(batch 8)
	loaded=$(batch 8 flood)
	echo "# batch -d 0.2 over 8 s: $quiet samples quiet, $loaded under a cost-14 flood ($(sed -n 2p "$tmp/batch.flood"))"
	check "cost-14 flood: batch output keeps its rate ($loaded vs $quiet samples, within 10%)" \
		sh -c "[ $((loaded * 10)) -ge $((quiet * 9)) ] && [ $quiet -ge 20 ]"
else
	bad "a long recording for the rate checks (tests/bench/gen)"
fi

# ---- ... and so does the dashboard ----
if command -v tmux >/dev/null && [ -s "$long" ]; then
	sock=rdmatop-harden2-$$
	dport=$(free_port)
	tmux -L "$sock" -f /dev/null new-session -d -s t -x 160 -y 40 \
		"env LANG=C.UTF-8 TERM=screen-256color timeout --foreground 40 $(realpath "$bin") -r $long -d 0.2 --listen 127.0.0.1:$dport --web-config $pki/dear.yml; sleep 5"
	sample_no() { tmux -L "$sock" capture-pane -p -t t 2>/dev/null | sed -n 's/.* sample \([0-9][0-9]*\) .*/\1/p' | head -n 1; }
	wait_for 10 sh -c "[ -n \"\$(tmux -L $sock capture-pane -p -t t | grep ' sample [0-9]')\" ]"
	ms() { echo $(($(date +%s%N) / 1000000)); }
	s0=$(sample_no); t0=$(ms); sleep 5; s1=$(sample_no); t1=$(ms)
	# a scraper that logged in before the flood
	python3 "$flood" scrape "$dport" 127.0.0.1 127.0.0.3 1 prometheus:right >"$tmp/dash.pre" 2>&1
	timeout -k 2 8 python3 "$flood" logins "$dport" 6 x:y >"$tmp/dash.flood" 2>&1 &
	fpid=$!
	sleep 0.5; s2=$(sample_no); t2=$(ms)
	timeout -k 2 10 python3 "$flood" scrape "$dport" 127.0.0.1 127.0.0.3 5 prometheus:right \
		>"$tmp/dash.cached" 2>&1
	while [ $(($(ms) - t2)) -lt 4500 ]; do sleep 0.1; done
	s3=$(sample_no); t3=$(ms)
	wait "$fpid"
	tmux -L "$sock" kill-server 2>/dev/null
	check "cost-14 flood: the scraper that logged in before is answered ($(cat "$tmp/dash.cached"))" \
		sh -c "grep -qx 'scrapes 1 ok 1' $tmp/dash.pre && grep -qx 'scrapes 5 ok 5' $tmp/dash.cached"
	# samples a second, in hundredths
	q=$(( (${s1:-0} - ${s0:-0}) * 100000 / (t1 - t0) )) l=$(( (${s3:-0} - ${s2:-0}) * 100000 / (t3 - t2) ))
	echo "# dashboard -d 0.2: $(echo "$q" | sed 's/..$/.&/') samples/s quiet, $(echo "$l" | sed 's/..$/.&/') under a cost-14 flood ($(sed -n 2p "$tmp/dash.flood"))"
	check "cost-14 flood: the dashboard keeps its sample rate ($l vs $q hundredths/s, within 10%)" \
		sh -c "[ $q -ge 300 ] && [ $((l * 10)) -ge $((q * 9)) ]"
fi

bin=$san_bin
# ---- 300 connections from one IPv6 /64, a scraper from another /64 ----
# in a network namespace of its own: the /64s are on its lo, nothing leaves
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null && command -v ip >/dev/null; then
	cat >"$tmp/ns.sh" <<EOF
set -u
ip link set lo up
ip -6 addr add fd00:1::1/64 dev lo nodad
ip -6 addr add fd00:2::1/64 dev lo nodad
ip -6 addr add fd00:3::1/128 dev lo nodad
for i in \$(seq 1 300); do printf 'address add fd00:1::%x/128 dev lo nodad\n' \$((i + 1)); done | ip -6 -batch - 
port=\$(python3 -c 'import socket; s=socket.socket(socket.AF_INET6); s.bind(("fd00:3::1",0)); print(s.getsockname()[1])')
timeout -k 2 60 $bin -r $rec -d 0.5 --listen "[fd00:3::1]:\$port" >/dev/null 2>$tmp/ns.err &
r=\$!
for i in \$(seq 50); do python3 -c "import socket; socket.create_connection(('fd00:3::1', \$port), 1)" 2>/dev/null && break; sleep 0.1; done
timeout -k 2 50 python3 $flood hold6 \$port fd00:3::1 fd00:1 300 45 >$tmp/ns.hold 2>&1 &
h=\$!
sleep 2
# the same /64 first: its 5 refusals are quick, and the 100 scrapes after
# them must not outlast the held connections on a loaded machine
timeout -k 2 20 python3 $flood scrape \$port fd00:3::1 fd00:1::1 5 >$tmp/ns.same 2>&1
timeout -k 2 20 python3 $flood scrape \$port fd00:3::1 fd00:2::1 100 >$tmp/ns.scrape 2>&1
kill \$h \$r 2>/dev/null
wait
# --listen-prefix6 128: each address is a client of its own
timeout -k 2 60 $bin -r $rec -d 0.5 --listen "[fd00:3::1]:\$port" --listen-prefix6 128 >/dev/null 2>>$tmp/ns.err &
r=\$!
for i in \$(seq 50); do python3 -c "import socket; socket.create_connection(('fd00:3::1', \$port), 1)" 2>/dev/null && break; sleep 0.1; done
timeout -k 2 10 python3 $flood hold6 \$port fd00:3::1 fd00:1 30 0.5 >$tmp/ns.hold128 2>&1
kill \$r 2>/dev/null
wait
EOF
	timeout -k 5 90 unshare -n sh "$tmp/ns.sh" >"$tmp/ns.out" 2>&1
	echo "# one /64 holds $(tr "\n" " " <"$tmp/ns.hold" 2>/dev/null); from another /64: $(cat "$tmp/ns.scrape" 2>/dev/null); from the same /64: $(cat "$tmp/ns.same" 2>/dev/null)"
	check "300 connections from one /64: 16 stay open ($(head -n 1 "$tmp/ns.hold" 2>/dev/null))" \
		grep -qx "open 16" "$tmp/ns.hold"
	read -r _ n _ okn <"$tmp/ns.scrape" 2>/dev/null
	check "300 connections from one /64: a scraper from another /64 answered >= 99% (${okn:-?}/${n:-?})" \
		sh -c "[ '${n:-0}' = 100 ] && [ '${okn:-0}' -ge 99 ]"
	check "... and one from the same /64 is not ($(cat "$tmp/ns.same" 2>/dev/null))" \
		grep -Eqx "scrapes 5 ok [01]" "$tmp/ns.same"
	# 30: past the 16 of one client, within the 32 that may wait for a head
	check "--listen-prefix6 128: 30 connections from 30 addresses of one /64 stay open ($(head -n 1 "$tmp/ns.hold128" 2>/dev/null))" \
		grep -qx "open 30" "$tmp/ns.hold128"
else
	echo "# not root, or no unshare/ip: the IPv6 /64 checks left out"
fi
