# The files rdmatop writes and reads, against another local user (sourced
# by tests/harden/run: ok, bad, check, $bin, $tmp are its).  The other
# user is nobody (65534), by setpriv.
#   root's W with HOME in a directory of theirs: their link not followed

hf=$(mktemp -d /tmp/rdmatop-hf.XXXXXX)
chmod 755 "$hf"
hf_sock=rdmatop-hf-$$
hf_cleanup() {
	tmux -L "$hf_sock" kill-server 2>/dev/null
	rm -rf "$hf"
}
trap 'hf_cleanup; rm -rf "$tmp"' EXIT
fixture=$(realpath tests/data/linux-6.12-rxe/cm.rdrec)
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
hf_tm() { tmux -L "$hf_sock" "$@"; }
# hf_wait REGEX: until the dashboard's screen matches (10 s)
hf_wait() {
	i=0
	while [ $i -lt 100 ]; do
		hf_tm capture-pane -p -t t >"$hf/screen" 2>/dev/null
		grep -qE -- "$1" "$hf/screen" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
# the dashboard as root, HOME=$1, no XDG_CONFIG_HOME
# (a server of its own each time: a new session right after kill-server can
# reach the old server while it exits, and go with it)
hf_n=0
hf_start() {
	hf_tm kill-server 2>/dev/null
	hf_n=$((hf_n + 1))
	hf_sock=rdmatop-hf-$$-$hf_n
	hf_tm -f /dev/null new-session -d -s t -x 250 -y 40 \
		"env -u XDG_CONFIG_HOME HOME=$1 LANG=C.UTF-8 TERM=screen-256color $(realpath "$bin") -r $fixture -d 0.2; sleep 60"
}
# hf_until CMD: until it succeeds (10 s)
hf_until() {
	i=0
	while [ $i -lt 100 ]; do
		eval "$1" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
hf_same() { [ "$(stat -c '%a %u %s %F' "$1")" = "$2" ] && cmp -s "$1" "$3"; }

if ! command -v tmux >/dev/null || ! command -v setpriv >/dev/null || [ "$(id -u)" != 0 ]; then
	echo "# files: W as root needs tmux, setpriv and root: skipped"
else
	# root's own HOME: W writes (so that a refusal below is the rule's)
	mkdir -m 700 "$hf/root"
	hf_start "$hf/root"
	hf_wait "end of recording" && hf_tm send-keys -t t W
	check "W as root in root's own HOME writes" \
		"hf_wait 'settings written' && grep -q '^delay = ' '$hf/root/.config/rdmatop/config'"
	# HOME in nobody's directory (sudo -E); the link planted after start
	mkdir -m 755 "$hf/alice"
	chown 65534:65534 "$hf/alice"
	printf 'precious\n' >"$hf/victim"
	chmod 600 "$hf/victim"
	cp -p "$hf/victim" "$hf/victim.orig"
	hf_start "$hf/alice"
	hf_wait "end of recording"
	as_nobody sh -c "mkdir -p '$hf/alice/.config/rdmatop' && ln -s '$hf/victim' '$hf/alice/.config/rdmatop/config'"
	check "nobody planted the link" "[ -L '$hf/alice/.config/rdmatop/config' ]"
	hf_tm send-keys -t t W
	# a key sent while the replay's last sample is drawn can be missed: again
	hf_wait "owned by uid 65534" || hf_tm send-keys -t t W
	check "W as root: refused, the directory named" \
		"hf_wait 'cannot write .*alice.*owned by uid 65534'"
	check "W as root: the victim untouched (bytes and mode)" \
		"hf_same '$hf/victim' '600 0 9 regular file' '$hf/victim.orig'"
	check "W as root: the link left as it was" \
		"[ \"\$(readlink '$hf/alice/.config/rdmatop/config')\" = '$hf/victim' ]"
	hf_tm kill-server 2>/dev/null
	# a config there is not read as root either
	rm "$hf/alice/.config/rdmatop/config"
	as_nobody sh -c "printf 'delay = 7\n' >'$hf/alice/.config/rdmatop/config'"
	HOME=$hf/alice XDG_CONFIG_HOME= "$bin" -b -n 1 -r "$fixture" >/dev/null 2>"$hf/err"
	check "a config in nobody's directory: not read as root, exit 2" \
		"[ $? = 2 ] && grep -q 'not reading .*owned by uid 65534' '$hf/err'"
	# the textfile in nobody's directory (a recording: tests/unit/test_wfile_root.c)
	"$bin" -b -n 1 -r "$fixture" --textfile "$hf/alice/m.prom" >/dev/null 2>"$hf/err"
	check "--textfile in nobody's directory: refused at start" \
		"[ $? != 0 ] && [ ! -e '$hf/alice/m.prom' ] && grep -q 'owned by uid 65534' '$hf/err'"
fi

# --textfile that cannot be written: at start, an error (exit 1); later
# (the file system read-only for a while), counted on /metrics and said
# once, not once a sample, and said again when it works again
"$bin" -r "$fixture" --textfile "$hf/no/such/dir/m.prom" >/dev/null 2>"$hf/err"
check "--textfile not writable at start: exit 1, a message" \
	"[ $? = 1 ] && grep -q 'cannot write --textfile .*No such file' '$hf/err'"
gen=${BUILD:-build}/bench/gen
make -s "$gen" >/dev/null 2>&1
if [ "$(id -u)" != 0 ] || ! command -v curl >/dev/null || [ ! -x "$gen" ]; then
	echo "# files: --textfile failures need root (a tmpfs), curl and $gen: skipped"
elif ! mkdir "$hf/mnt" || ! mount -t tmpfs -o size=64k,mode=755 rdmatop-hf "$hf/mnt"; then
	bad "a tmpfs for --textfile"
else
	hf_cleanup() {
		tmux -L "$hf_sock" kill-server 2>/dev/null
		[ -n "${hf_pid:-}" ] && kill "$hf_pid" 2>/dev/null
		umount "$hf/mnt" 2>/dev/null
		rm -rf "$hf"
	}
	"$gen" -o "$hf/long.rdrec" -q 10 -d 1 -p 2 -n 400 -i 100
	port=$((20000 + $$ % 20000))
	"$bin" -r "$hf/long.rdrec" -d 0.1 --listen "127.0.0.1:$port" \
		--textfile "$hf/mnt/m.prom" >/dev/null 2>"$hf/err" &
	hf_pid=$!
	i=0
	while [ $i -lt 50 ] && [ ! -s "$hf/mnt/m.prom" ]; do sleep 0.1; i=$((i + 1)); done
	check "--textfile written on the tmpfs" "grep -q '^rdmatop_textfile_write_errors_total 0' '$hf/mnt/m.prom'"
	mount -o remount,ro "$hf/mnt"
	hf_errors() {
		curl -s "http://127.0.0.1:$port/metrics" >"$hf/metrics"
		n=$(sed -n 's/^rdmatop_textfile_write_errors_total \([0-9]*\)$/\1/p' "$hf/metrics")
		[ "${n:-0}" -ge 10 ]
	}
	hf_until hf_errors
	check "/metrics counts the failed writes (${n:-none}, at 10 a second)" "[ '${n:-0}' -ge 10 ]"
	check "one message for them, not one a sample ($(grep -c failed "$hf/err"))" \
		"[ \$(grep -c 'writing --textfile .* failed: Read-only file system' '$hf/err') = 1 ]"
	mount -o remount,rw "$hf/mnt"
	check "said when it is written again" "hf_until \"grep -q 'written again' '$hf/err'\""
	check "and written again" \
		"hf_until \"grep -q '^rdmatop_textfile_write_errors_total [1-9]' '$hf/mnt/m.prom'\""
	kill "$hf_pid"
	wait "$hf_pid" 2>/dev/null
	hf_pid=
	umount "$hf/mnt"
fi
