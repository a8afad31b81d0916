# shellcheck shell=sh
# Sourced by tests/http/ops.sh (its helpers and $tmp): SIGHUP re-reading
# --web-config, socket activation through systemd-socket-activate, and
# sd_notify's READY=1 and WATCHDOG=1 on a notify socket of our own.
# shellcheck disable=SC2154 # bin, tmp and rec come from tests/http/ops.sh

# ---- two server certificates of one CA (certtool), CN rdmatop-a and -b ----
pki=$tmp/pki
mkdir -p "$pki"
certtool --generate-privkey --key-type=ecdsa --outfile "$pki/ca.key" 2>>"$pki/log"
printf 'cn = "ops test CA"\nca\ncert_signing_key\nexpiration_days = 2\n' >"$pki/ca.tmpl"
certtool --generate-self-signed --load-privkey "$pki/ca.key" --template "$pki/ca.tmpl" \
	--outfile "$pki/ca.crt" 2>>"$pki/log"
for n in a b; do
	certtool --generate-privkey --key-type=ecdsa --outfile "$pki/$n.key" 2>>"$pki/log"
	printf 'cn = "rdmatop-%s"\ndns_name = "localhost"\nip_address = "127.0.0.1"\ntls_www_server\nexpiration_days = 2\n' \
		"$n" >"$pki/$n.tmpl"
	certtool --generate-certificate --load-privkey "$pki/$n.key" --load-ca-certificate "$pki/ca.crt" \
		--load-ca-privkey "$pki/ca.key" --template "$pki/$n.tmpl" --outfile "$pki/$n.crt" 2>>"$pki/log"
done
webcfg() { printf 'tls_server_config:\n  cert_file: %s.crt\n  key_file: %s.key\n' "$1" "$1" >"$pki/web.yml"; }
# the CN of the certificate the next TLS client gets
peer_cn() {
	gnutls-cli --x509cafile "$pki/ca.crt" --port "$port" 127.0.0.1 </dev/null 2>/dev/null |
		sed -n "s/.*[Ss]ubject .CN=\(rdmatop-[ab]\).*/\1/p" | head -n 1
}

webcfg a
port=$(free_port)
# not under timeout(1): it would forward SIGHUP, then SIGKILL its -k later
"$bin" -r "$rec" -d 0.5 --listen "127.0.0.1:$port" --web.config.file "$pki/web.yml" \
	>/dev/null 2>"$tmp/tls.err" &
hpid=$!
pids="$pids $hpid"
wait_for 5 listening "$port"
check "TLS (--web.config.file): the start line says TLS" grep -q "listening on 127.0.0.1:$port, metrics at /metrics (TLS)" "$tmp/tls.err"
check "gnutls-cli sees certificate a" [ "$(peer_cn)" = rdmatop-a ]
# a client connected before the SIGHUP keeps the listener's backlog company
python3 -c "import socket,time; s=socket.create_connection(('127.0.0.1', $port)); time.sleep(3)" &
held=$!
webcfg b
kill -HUP "$hpid"
wait_for 5 grep -q 'SIGHUP: the web config read again' "$tmp/tls.err"
check "SIGHUP with certificate b in the web config: the next TLS client gets b" [ "$(peer_cn)" = rdmatop-b ]
check "... on the same listener, the same process, scrapes over TLS still work" sh -c \
	"kill -0 $hpid && curl -sf --cacert $pki/ca.crt -o $tmp/tlsm --max-time 5 https://127.0.0.1:$port/metrics &&
	 grep -q '^rdma_up{' $tmp/tlsm"
printf 'tls_server_config:\n  cert_file: nothere.crt\n  key_file: b.key\n' >"$pki/web.yml"
kill -HUP "$hpid"
wait_for 5 grep -q 'the old web config still serves' "$tmp/tls.err"
check "SIGHUP with a broken web config: b still served" [ "$(peer_cn)" = rdmatop-b ]
check "... the reason on stderr" grep -q 'old web config still serves.*nothere.crt' "$tmp/tls.err"
webcfg a
kill -HUP "$hpid"
wait_for 5 sh -c "[ \$(grep -c 'read again' $tmp/tls.err) = 2 ]"
check "SIGHUP again with a: a served" [ "$(peer_cn)" = rdmatop-a ]
printf 'tls_server_config:\n  cert_file: a.crt\n  key_file: b.key\n' >"$pki/web.yml"
kill -HUP "$hpid"
wait_for 5 sh -c "[ \$(grep -c 'old web config still serves' $tmp/tls.err) = 2 ]"
check "SIGHUP with a key not the certificate's (libmicrohttpd refuses it): a still served" \
	[ "$(peer_cn)" = rdmatop-a ]
check "... by the same process" kill -0 "$hpid"
wait "$held" 2>/dev/null
kill "$hpid"; wait "$hpid" 2>/dev/null

# ---- socket activation: systemd-socket-activate passes a listening socket ----
if command -v systemd-socket-activate >/dev/null; then
	port=$(free_port)
	unused=$(free_port)
	timeout -k 5 60 systemd-socket-activate -l "127.0.0.1:$port" \
		"$bin" -r "$rec" -d 0.5 --listen "127.0.0.1:$unused" >/dev/null 2>"$tmp/sa.err" &
	pids="$pids $!"
	wait_for 5 listening "$port"
	# the first connection starts rdmatop, which takes the socket
	wait_for 10 sh -c "curl -sf -o $tmp/sa.prom --max-time 5 http://127.0.0.1:$port/metrics"
	check "systemd-socket-activate: a scrape through the passed socket" grep -q '^rdma_up{' "$tmp/sa.prom"
	check "... the start line names the passed socket, --listen's address is not bound" sh -c \
		"grep -q 'listening on 127.0.0.1:$port (the socket systemd passed)' $tmp/sa.err &&
		 ! python3 -c \"import socket; socket.create_connection(('127.0.0.1', $unused), 1)\""
else
	bad "systemd-socket-activate is missing (Debian: systemd)"
fi

# ---- Type=notify: READY=1 once a sample is served, then WATCHDOG=1 ----
notify() {	# notify OUT ARGS...: rdmatop ARGS for 2.5 s with a notify socket and a 0.4 s watchdog
	out=$1; shift
	python3 - "$tmp/notify.sock" "$out" <<'EOP' &
import socket, sys, time
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(sys.argv[1])
s.settimeout(0.2)
end = time.time() + 4
with open(sys.argv[2], "w") as f:
    while time.time() < end:
        try:
            f.write(s.recv(4096).decode().replace("\n", " ") + "\n")
            f.flush()
        except socket.timeout:
            pass
EOP
	np=$!
	wait_for 3 test -S "$tmp/notify.sock"
	NOTIFY_SOCKET=$tmp/notify.sock WATCHDOG_USEC=400000 timeout -s TERM 2.5 "$bin" "$@" >/dev/null 2>&1
	wait "$np"
	rm -f "$tmp/notify.sock"
}
port=$(free_port)
notify "$tmp/n1" -r "$rec" -d 5 --listen "127.0.0.1:$port"
check "--listen under systemd: READY=1 first, then WATCHDOG=1 every 0.2 s (a 5 s interval)" sh -c \
	"head -n 1 $tmp/n1 | grep -q '^READY=1' && [ \$(grep -c '^WATCHDOG=1' $tmp/n1) -ge 6 ]"
notify "$tmp/n2" --textfile "$tmp/ready.prom" -d 5
check "--textfile under systemd (no RDMA here): READY=1, WATCHDOG=1 between samples" sh -c \
	"head -n 1 $tmp/n2 | grep -q '^READY=1' && [ \$(grep -c '^WATCHDOG=1' $tmp/n2) -ge 6 ]"
