# shellcheck shell=sh disable=SC2154 # bin and tmp are tests/fleet/run's
# Sourced by tests/fleet/run (its ok, bad, note, free_port, wait_for, $bin,
# $tmp, $pids): the real node_exporter (Debian's prometheus-node-exporter)
# reads rdmatop's --textfile at every sample of a paced run, a recording
# (tests/data/synth/paced.rdrec, its QP table carried in the middle sample)
# and a live run through tests/hw's NETLINK_RDMA shim at a budget that paces
# every resource table.  At each sample node_exporter must take the file
# (node_textfile_scrape_error 0: a client-side timestamp makes it refuse the
# whole file) and serve every rdma_ series of it, the sample's own among them;
# and each file's table ages are those of the same sample's JSON.

ne_check() {
	if ! command -v prometheus-node-exporter >/dev/null; then
		skip "node_exporter reads the textfile" "Debian's prometheus-node-exporter is not installed"
		return
	fi
	ne_dir=$tmp/ne-textfile
	mkdir -p "$ne_dir"
	ne_port=$(free_port)
	# the textfile collector alone: the host's other collectors are no business of this test
	timeout 300 prometheus-node-exporter --collector.disable-defaults --collector.textfile \
		--collector.textfile.directory="$ne_dir" --web.listen-address="127.0.0.1:$ne_port" \
		>"$tmp/ne.log" 2>&1 &
	ne_pid=$!
	pids="$pids $ne_pid"
	ne_url=http://127.0.0.1:$ne_port/metrics
	if ! wait_for 15 curl -sf --max-time 5 "$ne_url"; then
		bad "node_exporter starts on loopback" "$tmp/ne.log"
		return
	fi

	# the recording: its k-th sample is the file -n k leaves
	paced=tests/data/synth/paced.rdrec
	n=$("$bin" -r "$paced" -j 2>/dev/null | wc -l)
	k=1 good=0
	: >"$tmp/ne.bad"
	while [ "$k" -le "$n" ]; do
		rm -f "$ne_dir/rdma.prom"
		"$bin" -r "$paced" -n "$k" --textfile "$ne_dir/rdma.prom" </dev/null >/dev/null 2>"$tmp/ne.err" ||
			cat "$tmp/ne.err" >>"$tmp/ne.bad"
		ne_scrape "$ne_dir/rdma.prom" "recording sample $k" >>"$tmp/ne.bad" && good=$((good + 1))
		k=$((k + 1))
	done
	# the middle sample's QP table is carried: the pacing this is about happened
	"$bin" -r "$paced" -n 2 --textfile "$ne_dir/rdma.prom" </dev/null >/dev/null 2>&1
	grep -qE '^rdmatop_table_age_seconds\{device="rxe0",table="qps"\} 0\.[1-9]' "$ne_dir/rdma.prom" ||
		echo "recording sample 2: the QP table is not carried" >>"$tmp/ne.bad"
	[ "$n" -ge 3 ] && [ "$good" = "$n" ] && [ ! -s "$tmp/ne.bad" ] &&
		ok "node_exporter reads the textfile at every sample of the paced recording ($good of $n)" ||
		bad "node_exporter reads the textfile at every sample of the paced recording ($good of $n)" "$tmp/ne.bad"

	# live through the shim, paced: each new file read by node_exporter at once
	if ! tests/hw/build.sh >"$tmp/shim.log" 2>&1; then
		bad "build tests/hw's shim" "$tmp/shim.log"
		return
	fi
	fix=tests/data/hw/mlx5-roce
	rm -f "$ne_dir/rdma.prom"
	: >"$tmp/ne.bad"
	RDMATOP_HW_FIXTURE=$fix/netlink.fix LD_PRELOAD=$PWD/${BUILD:-build}/hw/nlshim.so RDMATOP_BUDGET_HOLD=0 \
		timeout 60 "$bin" --sysroot "$fix" --budget 0.0001 -d 0.5 -n 8 -b -o json \
		--textfile "$ne_dir/rdma.prom" </dev/null >"$tmp/ne-live.json" 2>"$tmp/ne-live.err" &
	live=$!
	pids="$pids $live"
	last="" carried=0 good=0 tries=0 files=0
	while kill -0 "$live" 2>/dev/null && [ "$tries" -lt 600 ]; do
		tries=$((tries + 1))
		ne_live_sample
		sleep 0.05
	done
	ne_live_sample	# the last sample's file, written just before rdmatop ended
	wait "$live"
	rc=$?
	# what node_exporter served at each sample, checked once the run is over
	# (a python start per sample could miss the next one on a loaded machine)
	k=1
	while [ "$k" -le "$files" ]; do
		ne_compare "$tmp/ne-live.$k.prom" "$tmp/ne-live.$k.metrics" "live sample $k" >>"$tmp/ne.bad" &&
			good=$((good + 1))
		grep -qE '^rdmatop_table_age_seconds\{device="mlx5_0",table="qps"\} [0-9.]*[1-9]' \
			"$tmp/ne-live.$k.prom" && carried=$((carried + 1))
		k=$((k + 1))
	done
	[ "$rc" = 0 ] || { echo "rdmatop exited $rc"; cat "$tmp/ne-live.err"; } >>"$tmp/ne.bad"
	[ "$good" = 8 ] && [ "$carried" -ge 6 ] && [ ! -s "$tmp/ne.bad" ] &&
		ok "node_exporter reads the textfile at every sample of a paced live run ($good of 8, $carried carried)" ||
		bad "node_exporter reads the textfile at every sample of a paced live run ($good of 8, $carried carried)" "$tmp/ne.bad"
	# each file's rdmatop_table_age_seconds is the age the same sample's JSON
	# gives every table of every device (all paced at this budget)
	python3 tests/fleet/ages.py "$tmp/ne-live.json" "$tmp"/ne-live.[0-9]*.prom >"$tmp/ne-age" 2>&1 &&
		ok "rdmatop_table_age_seconds: every table's age as the JSON's ($(tail -n 1 "$tmp/ne-age"))" ||
		bad "rdmatop_table_age_seconds: every table's age as the JSON's" "$tmp/ne-age"
	kill "$ne_pid" 2>/dev/null
	wait "$ne_pid" 2>/dev/null
}

# ne_live_sample: when the live run's file holds a new sample, keep it and
# what node_exporter serves now (node_exporter reads the directory when
# scraped: what it serves is this sample's file, or a later one if rdmatop
# was quicker); compared once the run is over
ne_live_sample() {
	ts=$(sed -n 's/^rdma_sample_timestamp_seconds //p' "$ne_dir/rdma.prom" 2>/dev/null)
	[ -n "$ts" ] && [ "$ts" != "$last" ] || return 0
	last=$ts
	files=$((files + 1))
	cp "$ne_dir/rdma.prom" "$tmp/ne-live.$files.prom"
	curl -sf --max-time 5 "$ne_url" >"$tmp/ne-live.$files.metrics" ||
		echo "live sample $ts: node_exporter does not answer" >>"$tmp/ne.bad"
	return 0
}

# ne_scrape FILE WHAT: node_exporter took the textfile and serves each rdma_
# series of FILE, this sample's timestamp among them; says what is wrong
ne_scrape() {
	curl -sf --max-time 5 "$ne_url" >"$tmp/ne.metrics" || { echo "$2: node_exporter does not answer"; return 1; }
	ne_compare "$1" "$tmp/ne.metrics" "$2"
}

# ne_compare FILE SERVED WHAT: SERVED (what node_exporter answered) holds
# each rdma_ series of FILE and its timestamp (or a later sample's, when the
# file was replaced since FILE was copied); says what is wrong
ne_compare() {
	python3 - "$1" "$2" "$3" <<'EOP'
import re, sys
want, got, what = open(sys.argv[1]).read(), open(sys.argv[2]).read(), sys.argv[3]


# NAME{LABELS} VALUE [TIMESTAMP] -> {(NAME, {LABEL="VALUE"...}): VALUE}; node_exporter
# sorts the labels, so they are compared as a set
SAMPLE = re.compile(r'(rdma\w*)(?:\{(.*)\})? (\S+)(?: \S+)?$')


def series(text):
    out = {}
    for l in text.splitlines():
        m = SAMPLE.match(l)
        if m:
            labels = frozenset(re.findall(r'\w+="(?:[^"\\]|\\.)*"', m.group(2) or ""))
            out[(m.group(1), labels)] = m.group(3)
    return out


errs = []
err = re.search(r'^node_textfile_scrape_error (\S+)$', got, re.M)
if not err or float(err.group(1)) != 0:
    errs.append("node_textfile_scrape_error %s" % (err.group(1) if err else "absent"))
w, g = series(want), series(got)
missing = set(w) - set(g)
if not w or missing:
    errs.append("%d of %d rdma series missing, e.g. %s" % (len(missing), len(w), sorted(missing)[:2]))
t_want = float(w.get(("rdma_sample_timestamp_seconds", frozenset()), "nan"))
t_got = float(g.get(("rdma_sample_timestamp_seconds", frozenset()), "nan"))
if not t_got >= t_want:
    errs.append("served sample %s, want %s" % (t_got, t_want))
for e in errs:
    print("%s: %s" % (what, e))
sys.exit(bool(errs))
EOP
}

ne_check
