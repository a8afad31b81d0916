# shellcheck shell=sh
# Sourced by tests/cluster/run: --prometheus-config against a Prometheus
# behind its own --web.config.file (TLS with a client certificate required,
# and basic auth with a bcrypt hash from htpasswd), scraping the same
# exporters; then bearer tokens against a server that wants one in front
# of the plain Prometheus.  Each wrong setting must be refused and said.
# shellcheck disable=SC2154 # tmp, bin, pids come from the run script
pki=$tmp/pki
mkdir -p "$pki"
certtool --generate-privkey --key-type=ecdsa --outfile "$pki/ca.key" 2>>"$pki/log"
printf 'cn = "cluster test CA"\nca\ncert_signing_key\nexpiration_days = 2\n' >"$pki/ca.tmpl"
certtool --generate-self-signed --load-privkey "$pki/ca.key" --template "$pki/ca.tmpl" \
	--outfile "$pki/ca.crt" 2>>"$pki/log"
for n in server client; do
	certtool --generate-privkey --key-type=ecdsa --outfile "$pki/$n.key" 2>>"$pki/log"
	if [ "$n" = server ]; then
		printf 'cn = "prometheus"\ndns_name = "localhost"\nip_address = "127.0.0.1"\ntls_www_server\nexpiration_days = 2\n'
	else
		printf 'cn = "rdmatop"\ntls_www_client\nexpiration_days = 2\n'
	fi >"$pki/$n.tmpl"
	certtool --generate-certificate --load-privkey "$pki/$n.key" --load-ca-certificate "$pki/ca.crt" \
		--load-ca-privkey "$pki/ca.key" --template "$pki/$n.tmpl" --outfile "$pki/$n.crt" 2>>"$pki/log"
done
chmod 600 "$pki"/*.key
{
	printf 'tls_server_config:\n  cert_file: server.crt\n  key_file: server.key\n'
	printf '  client_auth_type: RequireAndVerifyClientCert\n  client_ca_file: ca.crt\n'
	printf 'basic_auth_users:\n  ops: %s\n' "$(htpasswd -nbBC 10 ops s3cret | cut -d: -f2-)"
} >"$pki/web.yml"
printf 's3cret\n' >"$pki/pw"
printf 'wrong\n' >"$pki/badpw"
tport=$(free_port)
timeout 1200 prometheus --config.file="$tmp/prometheus.yml" --storage.tsdb.path="$tmp/tsdb-tls" \
	--web.config.file="$pki/web.yml" --web.listen-address="127.0.0.1:$tport" >"$tmp/prom-tls.log" 2>&1 &
tls_pid=$!
pids="$pids $tls_pid"
turl="https://127.0.0.1:$tport"
tready() {
	curl -sf --max-time 5 --cacert "$pki/ca.crt" --cert "$pki/client.crt" --key "$pki/client.key" \
		-u ops:s3cret -G "$turl/api/v1/query" --data-urlencode "query=count(up{job=\"rdma\"} == 1) == $nh" |
		grep -q '"result":\[{'
}
wait_for 40 tready && ok "prometheus with --web.config.file (TLS, client certificate, basic auth) serves curl" ||
	bad "prometheus with --web.config.file serves" "$tmp/prom-tls.log"

# pcfg NAME LINES...: a --prometheus-config file in $pki (relative names: its directory)
pcfg() { f=$pki/$1.yml; shift; printf '%s\n' "$@" >"$f"; }
tls_ca='  ca_file: ca.crt'
tls_me='  cert_file: client.crt
  key_file: client.key'
pcfg good 'tls_config:' "$tls_ca" "$tls_me" 'basic_auth:' '  username: ops' '  password_file: pw'
pcfg h1 'enable_http2: false' 'tls_config:' "$tls_ca" "$tls_me" 'basic_auth:' '  username: ops' '  password_file: pw'
pcfg badpw 'tls_config:' "$tls_ca" "$tls_me" 'basic_auth:' '  username: ops' '  password_file: badpw'
pcfg noca 'tls_config:' "$tls_me" 'basic_auth:' '  username: ops' '  password: s3cret'
pcfg nocert 'tls_config:' "$tls_ca" 'basic_auth:' '  username: ops' '  password: s3cret'
pcfg skip 'tls_config:' '  insecure_skip_verify: true' "$tls_me" 'basic_auth:' '  username: ops' '  password: s3cret'
pcfg name 'tls_config:' "$tls_ca" '  server_name: localhost' "$tls_me" 'basic_auth:' '  username: ops' '  password: s3cret'
pcfg badname 'tls_config:' "$tls_ca" '  server_name: elsewhere.invalid' "$tls_me" 'basic_auth:' '  username: ops' '  password: s3cret'
pcfg unknown 'tls_config:' "$tls_ca" 'basic_auth:' '  username: ops' '  pasword: s3cret'
pcfg both 'basic_auth:' '  username: ops' '  password: a' 'bearer_token: b'
# a line break in a token would end the Authorization header and start another
pcfg ctl 'bearer_token: "a\r\nX-Evil: 1"'

hosts_of() {
	"$bin" --prometheus "$turl" --prometheus-config "$pki/$1.yml" --match 'job="rdma"' --json -n 1 \
		>"$tmp/t.json" 2>"$tmp/t.err"
	echo $? >"$tmp/t.rc"
	python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["hosts"]))' "$tmp/t.json" 2>/dev/null
}
[ "$(hosts_of good)" = "$nh" ] && [ "$(cat "$tmp/t.rc")" = 0 ] &&
	ok "TLS + client certificate + basic_auth password_file: the $nh hosts" ||
	bad "TLS + client certificate + basic_auth password_file: the $nh hosts" "$tmp/t.err"
# enable_http2 on the wire: Prometheus's Go server offers h2 by ALPN (curl,
# the oracle, is answered in HTTP/2 there); rdmatop's every answer came
# in HTTP/2 by default (Prometheus's default too), in 1.1 with it false
vers() { python3 -c 'import json,sys; print(",".join(sorted({q.get("http","-") for q in json.load(open(sys.argv[1]))["queries"] if q["ok"]})))' "$tmp/t.json" 2>/dev/null; }
cv=$(curl -s -o /dev/null --http2 -w '%{http_version}' --cacert "$pki/ca.crt" --cert "$pki/client.crt" \
	--key "$pki/client.key" -u ops:s3cret "$turl/-/ready")
hosts_of good >/dev/null
v2=$(vers)
h=$(hosts_of h1)
v1=$(vers)
{ [ "$cv" = 2 ] && [ "$v2" = 2 ] && [ "$h" = "$nh" ] && [ "$v1" = 1.1 ]; } &&
	ok "enable_http2: every answer in HTTP/2 by default (curl: $cv), in 1.1 with enable_http2: false" ||
	bad "enable_http2 on the wire (curl $cv; default: $v2; false: $v1, $h hosts)" "$tmp/t.err"
[ "$(hosts_of name)" = "$nh" ] && ok "tls_config server_name localhost, URL 127.0.0.1: the $nh hosts" ||
	bad "tls_config server_name: the $nh hosts" "$tmp/t.err"
[ "$(hosts_of skip)" = "$nh" ] && ok "insecure_skip_verify without a CA: the $nh hosts" ||
	bad "insecure_skip_verify: the $nh hosts" "$tmp/t.err"
for c in "badpw:401" "noca:certificate" "nocert:SSL\|TLS\|handshake\|certificate\|reset\|closed\|not connected" \
	"badname:elsewhere.invalid\|certificate\|name"; do
	n=${c%%:*} want=${c#*:}
	h=$(hosts_of "$n")
	{ [ "$(cat "$tmp/t.rc")" = 1 ] && [ "${h:-0}" = 0 ] && grep -q "$want" "$tmp/t.err"; } &&
		ok "--prometheus-config $n: refused, status 1, said ($(head -n 1 "$tmp/t.err" | cut -c 1-70))" ||
		bad "--prometheus-config $n: refused, status 1, said /$want/ (rc $(cat "$tmp/t.rc"))" "$tmp/t.err"
done
# config_refused URL NAME:WANT...: $pki/NAME.yml refused at start, status 2,
# the message matching WANT (httpcfg.sh uses it too)
config_refused() {
	local url=$1 c n want rc
	shift
	for c in "$@"; do
		n=${c%%:*} want=${c#*:}
		"$bin" --prometheus "$url" --prometheus-config "$pki/$n.yml" -b -n 1 >"$tmp/t.err" 2>&1
		rc=$?
		[ "$rc" = 2 ] && grep -q "$want" "$tmp/t.err" && ok "--prometheus-config $n: status 2, said" ||
			bad "--prometheus-config $n: status 2, said /$want/ (rc $rc)" "$tmp/t.err"
	done
}
config_refused "$turl" "unknown:unknown key 'pasword'" "both:exclusive" "ctl:control character"

# bearer_token, bearer_token_file and authorization on the wire: a server
# in front of the plain Prometheus that answers 401 unless the request's
# Authorization is "Bearer tok-3f9a" (tests/cluster/fake.py auth), and
# logs what each request carried
printf 'tok-3f9a\n' >"$pki/token"
aport=$(free_port)
timeout 600 python3 tests/cluster/fake.py "$aport" auth "$purl" "Bearer tok-3f9a" "$tmp/auth.log" &
pids="$pids $!"
aurl="http://127.0.0.1:$aport"
wait_for 10 curl -s --max-time 2 -o /dev/null "$aurl/"
pcfg bearer 'bearer_token: tok-3f9a'
pcfg bearerfile 'bearer_token_file: token'
pcfg authz 'authorization:' '  credentials_file: token'
pcfg badbearer 'bearer_token: tok-wrong'
pcfg badtype 'authorization:' '  type: Token' '  credentials: tok-3f9a'
pcfg none ''
# auth_of CONFIG: the hosts rdmatop sees through that server; its status
# in t.rc, what it sent (each distinct Authorization) in t.sent
auth_of() {
	: >"$tmp/auth.log"
	"$bin" --prometheus "$aurl" --prometheus-config "$pki/$1.yml" --match 'job="rdma"' --json -n 1 \
		>"$tmp/t.json" 2>"$tmp/t.err"
	echo $? >"$tmp/t.rc"
	sort -u "$tmp/auth.log" | paste -sd, - >"$tmp/t.sent"
	python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["hosts"]))' "$tmp/t.json" 2>/dev/null
}
for c in "bearer:bearer_token" "bearerfile:bearer_token_file" "authz:authorization credentials_file"; do
	n=${c%%:*} what=${c#*:}
	h=$(auth_of "$n")
	{ [ "$h" = "$nh" ] && [ "$(cat "$tmp/t.rc")" = 0 ] && [ "$(cat "$tmp/t.sent")" = "Bearer tok-3f9a" ]; } &&
		ok "$what: 'Authorization: Bearer tok-3f9a' on every request, the $nh hosts" ||
		bad "$what: 'Authorization: Bearer tok-3f9a' on every request, the $nh hosts (got $h hosts, rc $(cat "$tmp/t.rc"), sent '$(cat "$tmp/t.sent")')" "$tmp/t.err"
done
for c in "badbearer:Bearer tok-wrong" "badtype:Token tok-3f9a" "none:-"; do
	n=${c%%:*} sent=${c#*:}
	h=$(auth_of "$n")
	{ [ "$(cat "$tmp/t.rc")" = 1 ] && [ "${h:-0}" = 0 ] && [ "$(cat "$tmp/t.sent")" = "$sent" ] &&
		grep -q 'HTTP 401: unauthorized' "$tmp/t.err"; } &&
		ok "--prometheus-config $n: sent '$sent', refused, status 1, said ($(head -n 1 "$tmp/t.err" | cut -c 1-60))" ||
		bad "--prometheus-config $n: sent '$sent', refused, status 1, said /HTTP 401/ (rc $(cat "$tmp/t.rc"), sent '$(cat "$tmp/t.sent")')" "$tmp/t.err"
done
