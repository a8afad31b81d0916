# Names with a NUL inside, or that meet once escaped (tests/harden/mkcraft.c
# names), sourced by tests/harden/run: escaped, never cut, and no series or
# JSON key twice, as Python's prometheus_client (OpenMetrics), promtool
# (0.0.4) and Python's json read them.  Before, four counters "a\0b" ...
# "a\0e" were four series counter="a", and the parser refused the whole.

hn=$(mktemp -d)
# shellcheck disable=SC2046
if ! ${CC:-cc} -std=gnu11 -D_GNU_SOURCE -Iinclude -Iinclude/uapi -Itests/unit -o "$hn/mkcraft" tests/harden/mkcraft.c tests/unit/craft.c \
	${BUILD:-build}/librdmatop.a $(make -s --no-print-directory print-ldlibs) 2>"$hn/cc"; then
	bad "tests/harden/mkcraft.c builds: $(head -3 "$hn/cc")"
else
	"$hn/mkcraft" names 0 "$hn/nul.rdrec"
	"$bin" -r "$hn/nul.rdrec" -b -n 1 -o openmetrics >"$hn/om" 2>/dev/null
	"$bin" -r "$hn/nul.rdrec" -b -n 1 -o prometheus >"$hn/prom" 2>/dev/null
	"$bin" -r "$hn/nul.rdrec" -b -o json >"$hn/json" 2>/dev/null
	check "a NUL in a counter name escaped, not cut" \
		"grep -q 'counter=\"a\\\\\\\\x00e\"' '$hn/om' && ! grep -q 'counter=\"a\"' '$hn/om'"
	check "a NUL in a device name escaped; the later of one name renamed" \
		"grep -q '^rdma_device_info{device=\"rxe\\\\\\\\x00a\"' '$hn/om' &&
		 grep -q '^rdma_device_info{device=\"rxe\\\\\\\\x00a~2\"' '$hn/om' &&
		 grep -q '^rdma_device_info{device=\"rxe\\\\\\\\x00a~3\"' '$hn/om'"
	check "a counter sent twice: the first kept" \
		"[ \$(grep -c '^rdma_hw_stat_total{device=\"rxe\\\\\\\\x00a\",port=\"1\",counter=\"dup\"' '$hn/om') = 1 ] &&
		 grep -q 'counter=\"dup\",class=\"info\"} 1004\$' '$hn/om'"
	check "no series twice in the exposition" \
		"[ -z \"\$(grep -v '^#' '$hn/om' | sed 's/ [^ ]*\$//' | sort | uniq -d)\" ]"
	if /usr/bin/python3 -c 'import prometheus_client' 2>/dev/null; then
		check "prometheus_client's OpenMetrics parser reads it" \
			"/usr/bin/python3 -c '
import sys
from prometheus_client.openmetrics.parser import text_string_to_metric_families as p
n = sum(len(f.samples) for f in p(open(sys.argv[1]).read()))
sys.exit(0 if n > 20 else 1)' '$hn/om' 2>'$hn/py'"
	else
		echo "# names: no python3-prometheus-client: its parser not run"
	fi
	if command -v promtool >/dev/null; then
		check "promtool check metrics accepts the 0.0.4 text (it does not look for a series twice)" \
			"promtool check metrics <'$hn/prom' >'$hn/pt' 2>&1"
	fi
	check "a bound counter's values: escaped keys" \
		"grep -q '\"a\\\\\\\\x00e\":3' '$hn/json'"
	check "JSON: no key twice in any object" \
		"/usr/bin/python3 -c '
import json, sys
def pairs(kv):
    keys = [k for k, _ in kv]
    if len(keys) != len(set(keys)):
        sys.exit(\"duplicate key: %r\" % keys)
    return dict(kv)
for line in open(sys.argv[1]):
    json.loads(line, object_pairs_hook=pairs)' '$hn/json'"
	check "a sysfs path with a NUL: left out, said so" \
		"grep -q 'a file path with a NUL in the recording: left out' '$hn/json'"
fi
rm -rf "$hn"
