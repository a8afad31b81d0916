#!/bin/sh
# The fleet side of the operator conventions (called from tests/fleet/run;
# alone: tests/fleet/ops.sh): the units' readiness, watchdog, reload and
# socket unit (systemd-analyze verify and security, not worse than 1.3 and
# 1.2), rdmatop's port 19101 everywhere it is named, and a real Prometheus
# scraping with gzip: a relay between the two records the response
# Prometheus got (Content-Encoding: gzip), and Prometheus reads it (up 1).
# Loopback only; every wait is bounded.  Prints "fleet ops: N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 1
bin=${RDMATOP_BIN:-./rdmatop}
. tests/lib.sh
work_dir
[ -x "$bin" ] || make -s rdmatop >/dev/null

# ---- units ----
u=contrib/systemd
for s in rdmatop-exporter rdmatop-textfile; do
	check "$s.service: Type=notify with a watchdog" sh -c \
		"grep -qx 'Type=notify' $u/$s.service && grep -qx 'NotifyAccess=main' $u/$s.service &&
		 grep -q '^WatchdogSec=' $u/$s.service"
done
# shellcheck disable=SC2016 # $MAINPID is systemd's, as written in the unit
check "rdmatop-exporter.service: reload is SIGHUP" grep -qx 'ExecReload=kill -HUP $MAINPID' "$u/rdmatop-exporter.service"
check "port 19101 in the service, its options file, the socket unit and README; 9101 nowhere" sh -c \
	"grep -q '^Environment=RDMATOP_LISTEN=127.0.0.1:19101 ' $u/rdmatop-exporter.service &&
	 grep -qx 'RDMATOP_LISTEN=127.0.0.1:19101' $u/rdmatop-exporter.default &&
	 grep -qx 'ListenStream=127.0.0.1:19101' $u/rdmatop-exporter.socket &&
	 grep -q '19101' README.md && ! grep -Eq ':9101([^0-9]|\$)' $u/* README.md doc/rdmatop.1"
if command -v systemd-analyze >/dev/null; then
	mkdir -p "$tmp/b" "$tmp/units"
	make -s BINDIR="$PWD" BUILD="$tmp/b" "$tmp/b/gen/rdmatop-exporter.service" \
		"$tmp/b/gen/rdmatop-textfile.service" "$tmp/b/gen/rdmatop-exporter.socket" >/dev/null 2>&1
	cp "$tmp/b/gen/"rdmatop-* "$tmp/units/"
	mkdir -p "$tmp/man/man1" && cp doc/rdmatop.1 "$tmp/man/man1/"
	check "systemd-analyze verify rdmatop-exporter.socket (and its service): clean" sh -c \
		"cd $tmp/units && MANPATH=$tmp/man systemd-analyze verify rdmatop-exporter.socket rdmatop-exporter.service >$tmp/v 2>&1; cat $tmp/v; [ ! -s $tmp/v ]"
	for s in rdmatop-exporter:1.3 rdmatop-textfile:1.2; do
		n=${s%:*} want=${s#*:}
		got=$(systemd-analyze security --offline=yes "$tmp/units/$n.service" 2>/dev/null |
			sed -n 's/.*Overall exposure level for .*: \([0-9.]*\) .*/\1/p')
		check "systemd-analyze security $n.service: $got, not worse than $want" \
			awk -v g="${got:-99}" -v w="$want" 'BEGIN { exit !(g <= w) }'
	done
fi

# ---- a real Prometheus scrapes with gzip, through a relay that records ----
if ! command -v prometheus >/dev/null; then
	echo "# SKIP part: no prometheus (Debian: prometheus)"
	echo "fleet ops: $pass passed, $fail failed"
	[ "$fail" = 0 ]
	exit
fi
rport=$(free_port)
"$bin" -r tests/data/linux-6.1-rxe/bw.rdrec -d 0.5 --listen "127.0.0.1:$rport" >/dev/null 2>"$tmp/r.err" &
pids="$pids $!"
xport=$(free_port)
# the relay: each connection forwarded as is; the response's head recorded
python3 - "$xport" "$rport" "$tmp/relay" <<'EOP' &
import socket, sys, threading
lport, rport, log = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
srv = socket.socket(); srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
srv.bind(("127.0.0.1", lport)); srv.listen(16); srv.settimeout(60)
lock = threading.Lock()
def pipe(a, b, head):
    first = True
    try:
        while True:
            d = a.recv(65536)
            if not d:
                break
            if first:
                with lock, open(log, "ab") as f:
                    f.write(b"==== " + head + b"\n" + d.split(b"\r\n\r\n")[0] + b"\n")
                first = False
            b.sendall(d)
    except OSError:
        pass
    finally:
        b.close()
while True:
    try:
        c, _ = srv.accept()
    except socket.timeout:
        break
    u = socket.create_connection(("127.0.0.1", rport), 5)
    threading.Thread(target=pipe, args=(c, u, b"request"), daemon=True).start()
    threading.Thread(target=pipe, args=(u, c, b"response"), daemon=True).start()
EOP
pids="$pids $!"
pport=$(free_port)
cat >"$tmp/prometheus.yml" <<EOP
global: { scrape_interval: 1s, scrape_timeout: 1s }
scrape_configs:
  - job_name: rdma
    static_configs: [ { targets: ['127.0.0.1:$xport'] } ]
EOP
timeout 120 prometheus --config.file="$tmp/prometheus.yml" --storage.tsdb.path="$tmp/tsdb" \
	--web.listen-address="127.0.0.1:$pport" >"$tmp/prometheus.log" 2>&1 &
pids="$pids $!"
q() { curl -sf --max-time 5 "http://127.0.0.1:$pport/api/v1/query" --data-urlencode "query=$1"; }
one() { q "$1" | python3 -c 'import json,sys; r=json.load(sys.stdin)["data"]["result"]; sys.exit(not r or float(r[0]["value"][1]) <= 0)'; }
wait_for 40 one 'up{job="rdma"} == 1' && wait_for 10 one 'rdma_up{job="rdma",source="netlink"}'
check "prometheus scrapes rdmatop: up 1, rdma_up read" one 'up{job="rdma"} == 1'
check "prometheus scraped samples" one 'scrape_samples_scraped{job="rdma"}'
check "prometheus asked for gzip, and got it (the relay's record)" sh -c \
	"grep -qi '^Accept-Encoding: gzip' $tmp/relay && grep -qi '^Content-Encoding: gzip' $tmp/relay"
check "curl --compressed with Prometheus's headers: Content-Encoding gzip" sh -c \
	"curl -s --compressed -D $tmp/h -o $tmp/body --max-time 5 \
	 -H 'Accept: application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5' \
	 http://127.0.0.1:$rport/metrics && grep -qi '^Content-Encoding: gzip' $tmp/h && grep -q '^rdma_up{' $tmp/body"

echo "fleet ops: $pass passed, $fail failed"
[ "$fail" = 0 ]
