# shellcheck shell=sh
# rdmatop built with AddressSanitizer and UndefinedBehaviorSanitizer
# (build-asan/rdmatop), and the suites that run it (sourced from the top of
# the tree).  Under `make test` the screen suite (tests/tui) and the HTTP
# suite (tests/http) run every rdmatop they start as this build
# (RDMATOP_SANITIZE=1, set by tests/run-all): each of their checks as usual,
# plus one more, that no run printed a sanitizer report or leaked.  The
# shipped build's screens are checked by tests/readme (every README capture),
# net, metrics, budget, responsive and signals; tests/sanitize runs the unit
# tests, the batch suite and damaged recordings with the sanitized build.
SAN_BUILD=build-asan
SAN_CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"

# san_build LOG: build-asan/rdmatop, made or brought up to date; its path on
# stdout, the build's output in LOG.  Status 1 when it does not build.
# clang's: GCC 12's UBSan beside ASan writes its reports to stderr whatever
# log_path says, clang's runtime (one for both) writes them where ASan's go.
# -Werror is gcc's build's business (clang warns of other things).
SAN_CC=clang
san_build() {
	if ! command -v $SAN_CC >/dev/null; then
		echo "no $SAN_CC (tests/deps.sh installs it)" >"$1"
		return 1
	fi
	make -s -j"$(nproc 2>/dev/null || echo 1)" --no-print-directory BUILD=$SAN_BUILD CC=$SAN_CC \
		WARN="-Wall -Wextra" CFLAGS="$SAN_CFLAGS" LDFLAGS="-fsanitize=address,undefined" \
		$SAN_BUILD/src/main.o $SAN_BUILD/librdmatop.a >"$1" 2>&1 || return 1
	if [ ! -x $SAN_BUILD/rdmatop ] || [ -n "$(find $SAN_BUILD/src/main.o $SAN_BUILD/librdmatop.a \
		-newer $SAN_BUILD/rdmatop 2>/dev/null)" ]; then
		# shellcheck disable=SC2046
		$SAN_CC -fsanitize=address,undefined -o $SAN_BUILD/rdmatop.new $SAN_BUILD/src/main.o \
			$SAN_BUILD/librdmatop.a $(make -s --no-print-directory print-ldlibs) >>"$1" 2>&1 &&
			mv $SAN_BUILD/rdmatop.new $SAN_BUILD/rdmatop || return 1
	fi
	realpath $SAN_BUILD/rdmatop
}

# san_options DIR: the sanitizers' settings for runs whose reports go to
# DIR/report.PID.  A leak, a bad access or undefined behaviour ends the run
# with status 99.  verify_asan_link_order=0: tests/hw's netlink shim is
# preloaded (LD_PRELOAD) ahead of the ASan runtime in the screen suite.
san_options() {
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99:verify_asan_link_order=0:log_path=$1/report
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=99:log_path=$1/report
	export ASAN_OPTIONS UBSAN_OPTIONS
}

# san_wrap DIR: under RDMATOP_SANITIZE=1 (and once: RDMATOP_SAN_DIR holds
# what an outer run set up), RDMATOP_BIN becomes DIR/bin/rdmatop, which
# counts its runs in DIR/runs and executes the sanitized build (named
# rdmatop: the suites look for it by name).  Status 1 when the build fails
# (its output on stdout).
san_wrap() {
	[ "${RDMATOP_SANITIZE:-0}" = 1 ] && [ -z "${RDMATOP_SAN_DIR:-}" ] || return 0
	mkdir -p "$1/bin"
	san=$(san_build "$1/build.log") || { cat "$1/build.log"; return 1; }
	printf '#!/bin/sh\necho run >>%s/runs\nexec %s "$@"\n' "$1" "$san" >"$1/bin/rdmatop"
	chmod +x "$1/bin/rdmatop"
	san_options "$1"
	RDMATOP_BIN=$1/bin/rdmatop RDMATOP_SAN_DIR=$1
	export RDMATOP_BIN RDMATOP_SAN_DIR
}

# san_verdict NAME: after the suite, under san_wrap: "ok - NAME: N runs,
# no report", or "not ok" with the reports' first lines.  Nothing otherwise.
san_verdict() {
	[ -n "${RDMATOP_SAN_DIR:-}" ] || return 0
	# the last runs' exits (a terminal closed under them; LeakSanitizer
	# looks at the heap at exit): at most 10 s
	n=0
	while pgrep -f "$(realpath $SAN_BUILD)/rdmatop" >/dev/null 2>&1 && [ "$n" -lt 100 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	runs=$(grep -c . "$RDMATOP_SAN_DIR/runs" 2>/dev/null)
	reports=$(find "$RDMATOP_SAN_DIR" -name 'report.*' 2>/dev/null | wc -l)
	if [ "$reports" = 0 ] && [ "${runs:-0}" -gt 0 ]; then
		echo "ok - $1: ${runs} rdmatop runs with ASan+UBSan, no sanitizer report, no leak"
		return 0
	fi
	echo "not ok - $1: ${reports} sanitizer reports in ${runs:-0} rdmatop runs with ASan+UBSan"
	find "$RDMATOP_SAN_DIR" -name 'report.*' -exec cat {} + 2>/dev/null | head -n 60 | sed 's/^/    /'
	return 1
}
