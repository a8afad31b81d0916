# shellcheck shell=sh
# Sourced by tests/cluster/run (after tls.sh: pki, pcfg, turl): the rest
# of Prometheus's http_config on the wire, through tests/cluster/proxy.py
# (which logs every request, the host a client asked its proxy for, the
# Authorization it carried, a CONNECT's Proxy-Authorization and the TLS
# version), a redirecting server (fake.py redirect-to) and an oauth2
# token endpoint (tests/cluster/oauthsrv.py):
#  - proxy_url: every request through it (a host name only the proxy
#    serves); a dead proxy named in the message;
#  - http_proxy in the environment: not used unless proxy_from_environment
#    (and then, as Go's, not for a loopback address); no_proxy honoured;
#  - proxy_connect_header on the CONNECT of an https:// URL;
#  - follow_redirects: followed by default, a 302 said when false;
#  - tls_config min_version and max_version: the version the server saw,
#    and a refusal said;
#  - oauth2: the Bearer token at Prometheus's side, one token while it
#    lasts, a new one when it expires, a wrong secret said.
# The helpers start at once, and the four groups of checks (proxy,
# redirects, TLS versions, oauth2) run side by side, each with its own
# proxy and files: the suite's time grows by the slowest group.
# shellcheck disable=SC2154 # tmp, bin, purl, pki, turl, nh come from the run script
httpcfg_t0=$(date +%s)
# helper NAME ENV SCRIPT ARGS...: python3 SCRIPT PORT ARGS... in the
# background with ENV (VAR=VALUE, or - for none), its port in $NAME
helper() {
	hp=$(free_port)
	eval "$1=$hp"
	e=$2
	[ "$e" = - ] && e=HELPER=1
	shift 2
	s=$1
	shift
	timeout 600 env "$e" python3 "$s" "$hp" "$@" >>"$tmp/helpers.err" 2>&1 &
	pids="$pids $!"
}
tlsp="PROXY_TLS=$pki/server.crt:$pki/server.key"
helper fwd - tests/cluster/proxy.py "$purl" "$tmp/fwd.log"
helper aport2 - tests/cluster/proxy.py "$purl" "$tmp/oauth-proxy.log"
helper rport - tests/cluster/fake.py redirect-to "$purl"
helper tport2 - tests/cluster/oauthsrv.py rdma-top 's3cr&t 1' tok-7c1e 3600 "$tmp/token.log"
helper eport - tests/cluster/oauthsrv.py rdma-top 's3cr&t 1' tok-short 5 "$tmp/token-short.log"
helper rvport - tests/cluster/oauthsrv.py rdma-top 's3cr&t 1' tok-rv 3600 "$tmp/token-rv.log"
helper aport3 "PROXY_REVOKE=Bearer tok-rv-1" tests/cluster/proxy.py "$purl" "$tmp/revoke.log"
helper t12 "$tlsp:TLS12" tests/cluster/proxy.py "$purl" "$tmp/tls12.log"
helper t13 "$tlsp" tests/cluster/proxy.py "$purl" "$tmp/tls13.log"
# shellcheck disable=SC2154 # set by helper
proxy="http://127.0.0.1:$fwd" aproxy="http://127.0.0.1:$aport2" rproxy="http://127.0.0.1:$aport3"
# shellcheck disable=SC2154 # set by helper
tls12="https://127.0.0.1:$t12" tls13="https://127.0.0.1:$t13"
up() { curl -s --max-time 2 --cacert "$pki/ca.crt" -o /dev/null "$1"; }
# shellcheck disable=SC2154 # set by helper
for u in "$proxy/-/ready" "$aproxy/-/ready" "http://127.0.0.1:$rport/" "$tls12/-/ready" \
	"$tls13/-/ready" "http://127.0.0.1:$tport2/" "http://127.0.0.1:$eport/" "$rproxy/-/ready" \
	"http://127.0.0.1:$rvport/"; do
	wait_for 20 up "$u"
done
pport_of=${purl##*:}
# a name that resolves nowhere: only the proxy serves it
far="http://prometheus.invalid:$pport_of"

# hc [ENV=VALUE...] -- URL CONFIG: the hosts rdmatop sees; its status in
# $o.rc, its messages in $o.err, the log $log of that run's proxy in $o.log
# (o and log: the group's)
hc() {
	: >"$log"
	envs=""
	while [ "$1" != "--" ]; do envs="$envs $1"; shift; done
	shift
	# shellcheck disable=SC2086 # envs are words
	env -u http_proxy -u https_proxy -u HTTP_PROXY -u HTTPS_PROXY -u no_proxy -u NO_PROXY $envs \
		"$bin" --prometheus "$1" --prometheus-config "$pki/$2.yml" --match 'job="rdma"' -b -n 1 \
		>"$o.txt" 2>"$o.err"
	echo $? >"$o.rc"
	cp "$log" "$o.log"
	sed -n 's/^hosts: \([0-9]*\)$/\1/p' "$o.txt" | head -n 1
}
# field NAME [FILE]: the values of NAME in the log's lines, each once
field() { grep -o "\"$1\": \"[^\"]*\"" "${2:-$o.log}" | sed 's/^[^:]*: "//; s/"$//' | sort -u | paste -sd, -; }
# through: the requests the proxy forwarded, for the host named
through() { grep -c "\"host\": \"$1\"" "$o.log"; }

g_proxy() {
o=$tmp/gp log=$tmp/fwd.log
pcfg purl "proxy_url: $proxy"
h=$(hc -- "$far" purl)
n=$(through "prometheus.invalid:$pport_of")
{ [ "$h" = "$nh" ] && [ "$n" -ge 9 ]; } &&
	ok "proxy_url: the $nh hosts of a name only the proxy serves, $n requests through it" ||
	bad "proxy_url: the $nh hosts through the proxy (got $h hosts, $n requests)" "$o.err"

# the environment's proxy: not used unless asked (a loopback URL, as
# before, would have gone through it: the tamper is proxy_url, which the
# same count sees)
pcfg plain 'follow_redirects: true'
h=$(hc "http_proxy=$proxy" "HTTP_PROXY=$proxy" -- "$purl" plain)
n=$(wc -l <"$o.log")
h2=$(hc "http_proxy=$proxy" -- "$purl" purl)
n2=$(wc -l <"$o.log")
{ [ "$h" = "$nh" ] && [ "$n" = 0 ] && [ "$n2" -ge 9 ]; } &&
	ok "http_proxy in the environment, no proxy_from_environment: not used (0 requests; $n2 with proxy_url)" ||
	bad "http_proxy not used unless asked (got $h hosts, $n requests; $n2 with proxy_url)" "$o.err"
pcfg penv 'proxy_from_environment: true'
h=$(hc "http_proxy=$proxy" -- "$far" penv)
n=$(through "prometheus.invalid:$pport_of")
h2=$(hc "http_proxy=$proxy" -- "$purl" penv)
n2=$(wc -l <"$o.log")
{ [ "$h" = "$nh" ] && [ "$n" -ge 9 ] && [ "$h2" = "$nh" ] && [ "$n2" = 0 ]; } &&
	ok "proxy_from_environment: http_proxy used ($n requests), a loopback URL direct as Go's ($n2)" ||
	bad "proxy_from_environment: http_proxy used, loopback direct (got $h hosts, $n; $h2 hosts, $n2)" "$o.err"
h=$(hc "http_proxy=$proxy" "no_proxy=.invalid" -- "$far" penv)
{ [ "$(cat "$o.rc")" = 1 ] && [ "$(wc -l <"$o.log")" = 0 ] && grep -q "prometheus.invalid" "$o.err"; } &&
	ok "proxy_from_environment: NO_PROXY .invalid: direct, the name unresolved, said" ||
	bad "proxy_from_environment: NO_PROXY honoured (rc $(cat "$o.rc"))" "$o.err"
# no_proxy: the host named goes direct (and cannot resolve); another
# host's name leaves it proxied (the tamper)
pcfg pno "proxy_url: $proxy" 'no_proxy: 10.0.0.0/8,prometheus.invalid'
pcfg pnot "proxy_url: $proxy" 'no_proxy: 10.0.0.0/8,elsewhere.invalid'
h=$(hc -- "$far" pno)
n=$(wc -l <"$o.log")
rc=$(cat "$o.rc")
h2=$(hc -- "$far" pnot)
n2=$(through "prometheus.invalid:$pport_of")
{ [ "$rc" = 1 ] && [ "$n" = 0 ] && [ "$h2" = "$nh" ] && [ "$n2" -ge 9 ]; } &&
	ok "no_proxy prometheus.invalid: direct, not resolved (0 requests); no_proxy elsewhere: $n2 through" ||
	bad "no_proxy honoured (rc $rc, $n requests; $h2 hosts, $n2 through)" "$o.err"
# a dead proxy: named
dead=$(free_port)
pcfg pdead "proxy_url: http://ops:s3cret@127.0.0.1:$dead"
h=$(hc -- "$purl" pdead)
{ [ "$(cat "$o.rc")" = 1 ] && grep -q "through proxy http://ops:xxxxx@127.0.0.1:$dead (proxy_url): " "$o.err" &&
	! grep -q s3cret "$o.err"; } &&
	ok "a dead proxy: named, its password hidden ($(head -n 1 "$o.err" | cut -c 1-80))" ||
	bad "a dead proxy: named in the message, its password hidden" "$o.err"
h=$(hc "http_proxy=http://127.0.0.1:$dead" -- "$far" penv)
grep -q "through proxy http://127.0.0.1:$dead (http_proxy): " "$o.err" &&
	ok "a dead proxy from the environment: named with its variable" ||
	bad "a dead proxy from the environment: named with its variable" "$o.err"

# proxy_connect_header: on the CONNECT to the https:// Prometheus of
# tls.sh (its TLS, client certificate and basic auth through the tunnel)
tls_auth="tls_config:
  ca_file: ca.crt
  cert_file: client.crt
  key_file: client.key
basic_auth:
  username: ops
  password: s3cret"
pcfg pconn "$tls_auth" "proxy_url: $proxy" 'proxy_connect_header:' '  Proxy-Authorization: ["Basic cHJveHk6cHc="]'
pcfg pconn0 "$tls_auth" "proxy_url: $proxy"
h=$(hc -- "$turl" pconn)
got=$(field proxy_auth)
h2=$(hc -- "$turl" pconn0)
got2=$(field proxy_auth)
n2=$(grep -c '"name": "connect"' "$o.log")
{ [ "$h" = "$nh" ] && [ "$got" = "Basic cHJveHk6cHc=" ] && [ "$got2" = "" ] && [ "$n2" -ge 1 ] && [ "$h2" = "$nh" ]; } &&
	ok "proxy_connect_header: on every CONNECT to the https:// Prometheus, the $nh hosts (none without it)" ||
	bad "proxy_connect_header on the CONNECT (got $h hosts, $got; without: $h2, $got2)" "$o.err"

}

# follow_redirects: a server that redirects every request to Prometheus
g_redirect() {
o=$tmp/gr log=$tmp/redir.log
pcfg follow 'enable_http2: true'
pcfg nofollow 'follow_redirects: false'
h=$(hc -- "http://127.0.0.1:$rport" follow)
h2=$(hc -- "http://127.0.0.1:$rport" nofollow)
{ [ "$h" = "$nh" ] && [ "$(cat "$o.rc")" = 1 ] && [ "${h2:-0}" = 0 ] &&
	grep -q "status/config: HTTP 302: a redirect to $purl/api/v1/status/config, not followed (follow_redirects is false" "$o.err"; } &&
	ok "follow_redirects: followed by default (the $nh hosts); false: the 302 said, status 1" ||
	bad "follow_redirects (got $h hosts; false: $h2, rc $(cat "$o.rc"))" "$o.err"

}

# tls_config min_version and max_version against proxy.py serving TLS
# (the pki of tls.sh) in front of Prometheus: one at most TLS 1.2, one
# up to TLS 1.3; the proxy logs the version of each request
g_tls() {
o=$tmp/gt
pcfg ca 'tls_config:' '  ca_file: ca.crt'
pcfg max12 'tls_config:' '  ca_file: ca.crt' '  max_version: TLS12'
pcfg min13 'tls_config:' '  ca_file: ca.crt' '  min_version: TLS13'
pcfg min12 'tls_config:' '  ca_file: ca.crt' '  min_version: TLS12'
tls_seen() { field tls; }
log=$tmp/tls13.log
h=$(hc -- "$tls13" max12)
s1=$(tls_seen)
h2=$(hc -- "$tls13" ca)
s2=$(tls_seen)
{ [ "$h" = "$nh" ] && [ "$s1" = TLSv1.2 ] && [ "$h2" = "$nh" ] && [ "$s2" = TLSv1.3 ]; } &&
	ok "max_version TLS12: the server saw TLSv1.2 (without it: $s2), the $nh hosts" ||
	bad "max_version TLS12 (got $h hosts over '$s1'; without: $h2 over '$s2')" "$o.err"
log=$tmp/tls12.log
h=$(hc -- "$tls12" min13)
rc=$(cat "$o.rc")
cp "$o.err" "$tmp/min13.err"
h2=$(hc -- "$tls12" min12)
s2=$(tls_seen)
{ [ "$rc" = 1 ] && [ "${h:-0}" = 0 ] && grep -q "TLS handshake failed: .*(tls_config min_version TLS13)" "$tmp/min13.err" &&
	[ "$h2" = "$nh" ] && [ "$s2" = TLSv1.2 ]; } &&
	ok "min_version TLS13 against a server of TLS 1.2 at most: refused, said ($(grep -o 'TLS handshake failed.*' "$tmp/min13.err" | head -n 1 | cut -c 1-60)...); TLS12: the $nh hosts" ||
	bad "min_version TLS13 refused and said (rc $rc; min_version TLS12: $h2 hosts over '$s2')" "$tmp/min13.err"

}

# oauth2: a token endpoint, then Prometheus through a proxy of its own,
# which logs the Authorization each request carried
g_oauth2() {
o=$tmp/go log=$tmp/oauth-proxy.log
o2() { pcfg "$1" 'oauth2:' '  client_id: rdma-top' "  client_secret: '$2'" "  token_url: http://127.0.0.1:$3/token" \
	'  scopes: [metrics, read]' '  endpoint_params: {audience: prometheus}'; }
o2 oauth 's3cr&t 1' "$tport2"
o2 oauthbad 'wrong' "$tport2"
o2 oauthshort 's3cr&t 1' "$eport"
auths() { field auth; }
: >"$tmp/token.log"
h=$(hc -- "$aproxy" oauth)
a=$(auths)
form=$(grep -o '"form": .*}' "$tmp/token.log" | head -n 1)
{ [ "$h" = "$nh" ] && [ "$a" = "Bearer tok-7c1e-1" ] && [ "$(grep -c '"granted": true' "$tmp/token.log")" = 1 ] &&
	[ "$form" = '"form": {"grant_type": ["client_credentials"], "scope": ["metrics read"], "audience": ["prometheus"]}}' ]; } &&
	ok "oauth2: one token (scopes, endpoint_params sent), 'Bearer tok-7c1e-1' on every request at Prometheus's side" ||
	bad "oauth2: the token at Prometheus's side (got $h hosts, auth '$a', form $form)" "$o.err"
h=$(hc -- "$aproxy" oauthbad)
a=$(auths)
{ [ "$(cat "$o.rc")" = 1 ] && [ "${h:-0}" = 0 ] && [ "$a" = "" ] &&
	grep -q "oauth2: token_url answered HTTP 401: invalid_client (client authentication failed): check oauth2 client_id and client_secret" "$o.err"; } &&
	ok "oauth2 with a wrong client_secret: said, nothing sent to Prometheus, status 1" ||
	bad "oauth2 with a wrong client_secret: said (rc $(cat "$o.rc"), auth '$a')" "$o.err"
# a token of 5 s is renewed 10 s before it expires, as Go's: every refresh
# asks for one (3 refreshes, 3 tokens), where the hour's token served all
: >"$log"
env -u http_proxy "$bin" --prometheus "$aproxy" --prometheus-config "$pki/oauthshort.yml" --match 'job="rdma"' --json -n 3 -d 0.3 \
	>"$o.json" 2>"$o.err"
a=$(field auth "$log")
: >"$tmp/token.log"
env -u http_proxy "$bin" --prometheus "$aproxy" --prometheus-config "$pki/oauth.yml" --match 'job="rdma"' --json -n 3 -d 0.3 \
	>/dev/null 2>>"$o.err"
[ "$a" = "Bearer tok-short-1,Bearer tok-short-2,Bearer tok-short-3" ] && [ "$(grep -c '"granted": true' "$tmp/token.log")" = 1 ] &&
	ok "oauth2: a token about to expire renewed every refresh ($a); one of an hour kept" ||
	bad "oauth2: renewed on expiry (got '$a', $(grep -c '"granted": true' "$tmp/token.log") tokens of an hour)" "$o.err"
# a token of an hour that Prometheus's side revokes (401): said, and the
# next refresh fetches a new one and is answered
o2 oauthrv 's3cr&t 1' "$rvport"
env -u http_proxy "$bin" --prometheus "$rproxy" --prometheus-config "$pki/oauthrv.yml" --match 'job="rdma"' --json -n 3 -d 0.3 \
	>"$o.rv.json" 2>"$o.rv.err"
rv=$(python3 - "$tmp/revoke.log" "$o.rv.json" <<'EOP'
import json, sys
reqs = [json.loads(l) for l in open(sys.argv[1])]
refused = {r["auth"] for r in reqs if r.get("revoked")}
# (the suite's own readiness check, /-/ready, carries none)
served = [r["auth"] for r in reqs if not r.get("revoked") and r["path"].startswith("/api/")]
last = [json.loads(l) for l in open(sys.argv[2])][-1]
print(",".join(sorted(refused)), ",".join(sorted(set(served))), len(last["hosts"]),
      not any("error" in q for q in last["queries"]))
EOP
)
{ [ "$rv" = "Bearer tok-rv-1 Bearer tok-rv-2 $nh True" ] && [ "$(grep -c '"granted": true' "$tmp/token-rv.log")" = 2 ] &&
	grep -q "oauth2: Prometheus refused the token (HTTP 401): a new one next refresh" "$o.rv.err"; } &&
	ok "oauth2: a token Prometheus's side refuses (401) is said and renewed: $rv" ||
	bad "oauth2: renewed after a 401 (got '$rv', $(grep -c '"granted": true' "$tmp/token-rv.log") tokens)" "$o.rv.err"

}

# the groups side by side, each one's lines counted as they come back
for g in proxy redirect tls oauth2; do
	(
		pass=0 fail=0
		"g_$g"
	) >"$tmp/g_$g.out" 2>&1 &
	eval "gpid_$g=\$!"
done
for g in proxy redirect tls oauth2; do
	eval "wait \$gpid_$g"
	cat "$tmp/g_$g.out"
	pass=$((pass + $(grep -c '^ok - ' "$tmp/g_$g.out")))
	fail=$((fail + $(grep -c '^not ok - ' "$tmp/g_$g.out")))
	grep -q '^ok - ' "$tmp/g_$g.out" || bad "httpcfg: the $g checks ran" "$tmp/g_$g.out"
done

# refused by name, with the man page's list
pcfg refused 'tls_config:' '  ca: "-----BEGIN CERTIFICATE-----"'
pcfg envurl 'proxy_from_environment: true' "proxy_url: $proxy"
config_refused "$purl" "refused:tls_config.ca: a key of Prometheus's that rdmatop does not take" \
	"envurl:proxy_from_environment and proxy_url are exclusive"
echo "# httpcfg.sh: $(($(date +%s) - httpcfg_t0)) s"
