# Small crafted recordings that decode to much (tests/harden/mkcraft.c), sourced
# by tests/harden/run: the peak memory of a replay stays bounded and a
# message says what was left out.  Before the bound, the 27 KB one took 2.1
# GB and wrote 900 MB of JSON, the 9 KB one 517 MB.

hm=$(mktemp -d)
mk=$hm/mkcraft
# shellcheck disable=SC2046
if ! command -v /usr/bin/time >/dev/null; then
	echo "# memory: needs /usr/bin/time (apt-get install time): skipped"
elif ! ${CC:-cc} -std=gnu11 -D_GNU_SOURCE -Iinclude -Iinclude/uapi -Itests/unit -o "$mk" tests/harden/mkcraft.c tests/unit/craft.c \
	${BUILD:-build}/librdmatop.a $(make -s --no-print-directory print-ldlibs) 2>"$hm/cc"; then
	bad "tests/harden/mkcraft.c builds: $(head -3 "$hm/cc")"
else
	# peak KB of a JSON replay of $1; its stderr and stdout in $hm/err, $hm/out
	peak() {
		/usr/bin/time -f %M -o "$hm/kb" "$bin" -r "$1" -b -o json >"$hm/out" 2>"$hm/err"
		cat "$hm/kb"
	}
	"$mk" zeros 256 "$hm/zeros.rdrec"
	kb=$(peak "$hm/zeros.rdrec")
	check "256 MiB of zstd zeros ($(stat -c %s "$hm/zeros.rdrec") bytes): ${kb} KB peak, < 50 MB" \
		"[ '$kb' -lt 51200 ]"
	check "... the sample skipped, said so" \
		"grep -q 'sample 1: more than 65 MiB of records (268435456 bytes), skipped' '$hm/err'"
	"$mk" qps 250 "$hm/qps250.rdrec"
	kb=$(peak "$hm/qps250.rdrec")
	check "250 MiB of minimal QP entries ($(stat -c %s "$hm/qps250.rdrec") bytes): ${kb} KB peak, < 50 MB" \
		"[ '$kb' -lt 51200 ] && grep -q 'more than 65 MiB of records' '$hm/err'"
	"$mk" qps 60 "$hm/qps60.rdrec"
	kb=$(peak "$hm/qps60.rdrec")
	check "60 MiB of minimal QP entries ($(stat -c %s "$hm/qps60.rdrec") bytes): ${kb} KB peak, < 200 MB" \
		"[ '$kb' -lt 204800 ]"
	check "... its rows cut at 64 MiB, a note says so" \
		"grep -q 'sample too large: more than 64 MiB of rows after [0-9]* inputs' '$hm/out'"
	check "... the JSON bounded too ($(stat -c %s "$hm/out") bytes, < 100 MB)" \
		"[ $(stat -c %s "$hm/out") -lt 104857600 ]"
	"$mk" files 65 "$hm/files.rdrec"
	kb=$(peak "$hm/files.rdrec")
	check "65 MiB of files no parser keeps: ${kb} KB peak, < 200 MB, input cut at 64 MiB" \
		"[ '$kb' -lt 204800 ] && grep -q 'more than 64 MiB of input' '$hm/out'"
	# a real sample is far below the bounds: 20k QPs in full, no note
	gen=${BUILD:-build}/bench/gen
	if make -s "$gen" >/dev/null 2>&1; then
		"$gen" -o "$hm/real.rdrec" -q 20000 -d 2 -p 40 -n 2
		"$bin" -r "$hm/real.rdrec" -b -o json >"$hm/out" 2>"$hm/err"
		check "20k real QPs: all there, no note" \
			"[ \$(grep -o '\"lqpn\"' '$hm/out' | wc -l) -ge 20000 ] && ! grep -q 'too large' '$hm/out' '$hm/err'"
	fi
fi
rm -rf "$hm"
