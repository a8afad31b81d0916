# shellcheck shell=sh
# What the shell suites share (sourced from the top of the tree): results as
# "ok - NAME" / "not ok - NAME" counted in pass and fail, a free loopback
# port, and a bounded wait.  check() keeps a failed command's output in
# "$tmp/check.out", so the suite sets tmp first.
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "not ok - $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -n 20; }
check() { name=$1; shift; if "$@" >"$tmp/check.out" 2>&1; then ok "$name"; else bad "$name" "$tmp/check.out"; fi; }
free_port() {
	python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}
# wait_for SECS CMD...: CMD until it succeeds, at most SECS seconds
wait_for() {
	end=$(($(date +%s) + $1)); shift
	while [ "$(date +%s)" -le "$end" ]; do
		"$@" >/dev/null 2>&1 && return 0
		sleep 0.1
	done
	return 1
}
