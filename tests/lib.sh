# shellcheck shell=sh
# What the shell suites share (sourced from the top of the tree): results as
# "ok - NAME" / "not ok - NAME" counted in pass and fail, a free loopback
# port, and a bounded wait.  check() keeps a failed command's output in
# "$tmp/check.out", so the suite sets tmp first (work_dir).
pass=0 fail=0 skipped=0
# work_dir: $tmp, a temporary directory, and $pids, the background processes
# the suite starts, both gone at exit (an interrupt exits 1); $at_exit, a
# command the suite may set, runs first
work_dir() {
	tmp=$(mktemp -d)
	pids=""
	trap work_dir_gone EXIT
	trap 'exit 1' INT TERM
}
work_dir_gone() {
	[ -n "${at_exit:-}" ] && eval "$at_exit"
	for p in $pids; do kill "$p" 2>/dev/null; done
	for p in $pids; do wait "$p" 2>/dev/null; done
	rm -rf "$tmp"
}
ok() { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "not ok - $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -n 20; }
# skip NAME REASON: a check that could not run here, counted per check
# (tests/run-all adds up the "skip - " lines; under CI=true a skip fails
# there unless its reason holds on every machine: tests/run-all, SKIP_OK)
skip() { skipped=$((skipped + 1)); echo "skip - $1: $2"; }
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
