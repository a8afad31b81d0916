# Sourced by tests/tui/run (its helpers: start, check, check_not, keys,
# screen, ok, bad): the screen at 80x24 as over SSH, at 200x50 and on a
# vt100 -- the header, the sort, the detail views and the prompts.

# the sizes and terminals every check below runs at
narrow_sizes="screen-256color:80x24 screen-256color:200x50 vt100:80x24"
# under valgrind (tests/sanitize) 80x24 in colour and on a vt100 cover the code
[ "${RDMATOP_TUI_SLOW:-0}" = 1 ] && narrow_sizes="screen-256color:80x24 vt100:80x24"

# rdmatop live on tests/hw's mlx5-roce fixture through the NETLINK_RDMA
# shim: start_shim TERM COLSxROWS
start_shim() {
	local hwfix
	hwfix=$(realpath tests/data/hw/mlx5-roce)
	tm kill-server 2>/dev/null
	starts=$((starts + 1))
	sock=rdmatop-tui-$$-$starts
	tm -f /dev/null new-session -d -s t -x "${2%x*}" -y "${2#*x}" \
		"env XDG_CONFIG_HOME=$tmp/xdg LANG=C.UTF-8 TERM=$1 RDMATOP_HW_FIXTURE=$hwfix/netlink.fix LD_PRELOAD=$(realpath build/hw/nlshim.so) $bin --sysroot $hwfix -d 1; echo EXITED:\$?; sleep 60"
}

# cell COLUMN ROW-ERE: the value under a right-aligned column header on the
# first row matching ROW-ERE (the last word up to the header's last cell)
cell() {
	awk -v h="$1" -v r="$2" '
		/^DEV / && !end { if (match($0, " " h "( |$)")) end = RSTART + length(h) }
		end && $0 ~ r { s = substr($0, 1, end); n = split(s, w, " "); print w[n]; exit }' "$tmp/screen"
}

# ---- the header: two lines that keep the mode, the sample, the interval
# and PAUSED at every width; + and - and Space say what they did
fixture_saved=$fixture
fixture=$(realpath tests/data/demo.rdrec)
for ts in $narrow_sizes; do
	term=${ts%:*} size=${ts#*:}
	start "$term" 1 "" "$size"
	wait_for "F1Help" 10
	keys Space
	check "header ($term $size): mode, sample, interval and PAUSED" \
		"^rdmatop replay .* sample [0-9]+( of [0-9]+)? +every 1\.0s PAUSED"
	check "header ($term $size): Space says it paused" "^paused \(Space: resume\)"
	if [ "$size" = 200x50 ]; then
		check "header ($term $size): the whole kernel release and date" \
			"kernel 6\.12\.95\+deb12-amd64 +at 2026-11-30 [0-9:]{8} +sample"
		check "header ($term $size): the system's modes" "netns shared +copy-on-fork on"
	else
		check "header ($term $size): the time of the sample kept" " at [0-9:]{8} +sample"
	fi
	keys +
	check "header ($term $size): + says the interval" "^refresh interval 2s$"
	check "header ($term $size): + shown in the header, still PAUSED" "every 2\.0s PAUSED"
	keys - -
	check "header ($term $size): - says the interval" "^refresh interval 0\.5s$"
	check "header ($term $size): - shown in the header" "every 0\.5s PAUSED"
	keys + + + + + + + + + + +
	check "header ($term $size): + at the longest says so" \
		"^refresh interval 60s \(\+ goes no higher; d types any\)"
	# a status wider than the screen wraps (up to 3 rows) and pushes the
	# links down, none of it cut
	tm resize-window -t t -x 44 -y 16
	check "status ($term 44x16): wraps at a blank" "^refresh interval 60s \(\+ goes no higher; d *$"
	check "status ($term 44x16): the rest on the next row" "^types any\) *$"
	screen
	if grep -A1 "^types any)" "$tmp/screen" | tail -n 1 | grep -q "^DEV  *PORT  *STATE"; then
		ok "status ($term 44x16): the links right below it"
	else bad "status ($term 44x16): the links right below it" "$tmp/screen"; fi
	tm resize-window -t t -x "${size%x*}" -y "${size#*x}"
	check "status ($term $size): one row again" "^refresh interval 60s \(\+ goes no higher; d types any\)"
	keys Space
	check "header ($term $size): Space again resumes" "^resumed"
	check_not "header ($term $size): no PAUSED once resumed" "PAUSED"
	keys q
done

# ---- the header's counts, live from the first sample: the QP tab reads
# no CM_ID or MR table, so their counts are the resource summary's (the
# Devices tab's), never the zero of a table not read; the owners of the
# tables read are "at least" (+) until every owned table is read
if [ -e tests/data/hw/mlx5-roce/netlink.fix ] && [ -e build/hw/nlshim.so ]; then
	for ts in $narrow_sizes; do
		term=${ts%:*} size=${ts#*:}
		start_shim "$term" "$size"
		check "live counts ($term $size): the QP tab" "LQPN +RQPN"
		# the tab's header comes before the first sample's counts
		check "live counts ($term $size): the header's counts" " CM_IDs [0-9]+ +MRs [0-9]+"
		screen
		hcm=$(sed -n 's/.* CM_IDs \([0-9-]*\) .*/\1/p' "$tmp/screen" | head -1)
		hmr=$(sed -n 's/.* MRs \([0-9-]*\)\( .*\)\{0,1\}$/\1/p' "$tmp/screen" | head -1)
		check "live counts ($term $size): owners of the QPs only, at least" " owners [0-9]+\+ "
		keys 6
		check "live counts ($term $size): the Devices tab" "^mlx5_0 +ca +roce "
		scm=$(cell CM_ID '^mlx5_0 ')
		smr=$(cell MR '^mlx5_0 ')
		if [ -n "$scm" ] && [ "$scm" != 0 ] && [ "$hcm" = "$scm" ] && [ "$hmr" = "$smr" ]; then
			ok "live counts ($term $size): header CM_IDs $hcm MRs $hmr as the summary's"
		else
			bad "live counts ($term $size): header CM_IDs $hcm MRs $hmr, summary CM_ID $scm MR $smr"
		fi
		keys 2
		check "live counts ($term $size): every table read: owners exact" " owners [0-9]+ +CM_IDs"
		keys q
	done
else
	bad "live counts: no tests/data/hw/mlx5-roce/netlink.fix or build/hw/nlshim.so"
fi
fixture=$fixture_saved

# the key bar: the screen's last line
keybar() { screen; tail -n 1 "$tmp/screen"; }
# demo_at TERM SIZE: the demo, paused at 06:22:19 (sample 41: 15 QPs)
demo_at() {
	start "$1" 1 "" "$2"
	wait_for "F1Help" 10
	keys Space b
	tm send-keys -t t -l "06:22:19"
	keys Enter
	wait_for "06:22:19" 5
}
up='(▲|\^)' down='(▼|v)'
# the QP table's LQPNs, top to bottom
lqpns() { awk '/^DEV +PORT +LQPN/ { on = 1; next } on && /^rxe0 / { printf "%s ", $3 }' "$tmp/screen"; }

# ---- the sort: the column always marked (its header's arrow, even on a
# narrow column; the key bar's "sorted by", also when the column is off
# screen), ▼ high to low as htop has it, rates and counts high to low
# first, < and > only through the columns on screen, F6 the list
fixture_saved=$fixture
fixture=$(realpath tests/data/demo.rdrec)
for ts in $narrow_sizes; do
	term=${ts%:*} size=${ts#*:}
	demo_at "$term" "$size"
	check "sort ($term $size): the QP table" "^DEV +PORT +LQPN"
	screen
	natural=$(lqpns)
	keys '>' '>'
	check "sort ($term $size): a narrow column keeps its arrow" "^DEV +PORT$up "
	keys '>' '>' '>' '>' '>'
	check "sort ($term $size): a rate high to low first" " PSN/s$down "
	screen
	row=$(awk '/^DEV +PORT +LQPN/ { getline; print; exit }' "$tmp/screen")
	if [[ "$row" =~ ^rxe0\ +1\ +[0-9]+\ +[0-9]+\ RC\ +RT[RS]\ +4\.1K/s\  ]]; then ok "sort ($term $size): the busiest QP first"
	else bad "sort ($term $size): the busiest QP first: $row"; fi
	if [[ "$(keybar)" =~ (sorted by |by )PSN/s\ $down$ ]]; then ok "sort ($term $size): the key bar says the sort"
	else bad "sort ($term $size): the key bar says the sort"; fi
	keys '>'
	check "sort ($term $size): an id low to high first" " PID$up "
	keys '>'
	check "sort ($term $size): then COMM" " COMM$up"
	keys '>'
	if [ "$size" = 80x24 ]; then
		# SQ_PSN and the rest do not fit: '>' leaves them out
		sleep "$look_pause"; screen
		hdr=$(grep -m 1 -E '^DEV +PORT +LQPN' "$tmp/screen")
		if [ -n "$hdr" ] && ! grep -qE '▲|▼|\^|v( |$)' <<<"$hdr" &&
			[ "$(lqpns)" = "$natural" ] && [[ "$(keybar)" != *" by "* ]]; then
			ok "sort ($term $size): '>' skips the columns off screen: natural order, no sort said"
		else bad "sort ($term $size): '>' skips the columns off screen: natural order: $hdr"; fi
		keys '<'
		check "sort ($term $size): '<' from natural order: the last column on screen" " COMM$up"
	else
		check "sort ($term $size): '>' to SQ_PSN, on screen here" " SQ_PSN$up"
		keys '<'
	fi
	# F6: the list, the sort column selected; SQ_PSN off screen at 80
	keys F6
	check "sort ($term $size): F6 lists the columns" "^Sort the qps table by \(now: COMM $up\)"
	check "sort ($term $size): F6: the order of each" "^ PSN/s +psn_rate +high +yes "
	if [ "$size" = 80x24 ]; then check "sort ($term $size): F6: a column off screen said so" "^ SQ_PSN +sq_psn +low +no "
	else check "sort ($term $size): F6: SQ_PSN on screen" "^ SQ_PSN +sq_psn +low +yes "; fi
	keys Escape
	check "sort ($term $size): Esc keeps the sort" " COMM$up"
	keys F6 Down
	keys Enter
	check "sort ($term $size): F6, Down, Enter: the column after COMM" "^sort: SQ_PSN $up"
	if [[ "$(keybar)" =~ (sorted by |by )SQ_PSN\ $up$ ]]; then ok "sort ($term $size): the key bar says the sort off screen too"
	else bad "sort ($term $size): the key bar says the sort off screen too: $(keybar)"; fi
	keys '<'
	check "sort ($term $size): '<' from there: COMM" " COMM$up"
	keys F6 Home
	keys Enter
	check "sort ($term $size): F6 Home Enter: natural order" "^sort: natural order"
	# MRs: bytes high to low first (which process pins the most)
	keys 8 '>' '>' '>'
	check "sort ($term $size): MRLEN high to low first" " MRLEN$down "
	keys q
done
fixture=$fixture_saved

# ---- the detail views: their own key bar (no F3 F4 F6 Tab, which do
# nothing there), Esc back, End to the end; the prompts fit the width,
# the question short where the long one does not, the text typed seen
fixture_saved=$fixture
fixture=$(realpath tests/data/demo.rdrec)
for ts in $narrow_sizes; do
	term=${ts%:*} size=${ts#*:}
	demo_at "$term" "$size"
	keys 6 Enter
	check "detail ($term $size): the device's" "^device rxe0"
	kb=$(keybar)
	if [[ "$kb" == EscBack* ]] && [[ "$kb" != *F3* && "$kb" != *F4* && "$kb" != *F6* && "$kb" != *Tab* ]]; then
		ok "detail ($term $size): its own key bar: $kb"
	else bad "detail ($term $size): its own key bar: $kb"; fi
	keys End
	check "detail ($term $size): End: its last line" "^  rxe0 +1 netdev tx_dropped "
	check_not "detail ($term $size): End: not its first" "^device rxe0"
	keys Home
	check "detail ($term $size): Home: the first again" "^device rxe0"
	keys Escape
	check "detail ($term $size): Esc back to the table" "^DEV +NODE +PROTO"
	check "detail ($term $size): the main key bar again" "F1Help F3Search F4Filter F6Sort"
	keys q
done
fixture=$fixture_saved
# ask KEY TEXT LABEL SHORT LONG: KEY's prompt with TEXT typed; at 80x24
# the short question (ERE SHORT), wider the whole one (LONG)
ask() {
	keys "$1"
	tm send-keys -t t -l "$2"
	if [ "$size" = 80x24 ]; then check "prompts ($term $size): $3: the short question, what is typed" "$4"
	else check "prompts ($term $size): $3: the whole question" "$5"; fi
}
if [ -e build/hw/nlshim.so ]; then
	for ts in $narrow_sizes; do
		term=${ts%:*} size=${ts#*:}
		start_shim "$term" "$size"
		check "prompts ($term $size): live" "rdmatop live"
		# Enter on the link once its row is there (the first sample read)
		keys 5
		check "prompts ($term $size): the link's row" "^mlx5_0 +1 +ACTIVE"
		keys Enter
		check "prompts ($term $size): the link's detail" "^link mlx5_0/1"
		check "prompts ($term $size): Q and X in the link's key bar" "QQP mode XControl qQuit *$"
		ask Q 'type,pid' Q \
			"^QP counters of mlx5_0/1 \(auto type,pid\) to type, pid, type,pid or off: type,pid_ *$" \
			"^QP counters of mlx5_0/1 are auto type,pid; auto mode binds QPs created from then on\. type the new mode \(type, pid, type,pid, off\): type,pid_ *$"
		keys Escape Escape
		ask N 'ye' N "^RDMA netns mode EXCLUSIVE, system-wide\? type yes: ye_ *$" \
			"^set the RDMA netns mode to EXCLUSIVE for the whole system \(only possible before other namespaces exist\)\? type yes: ye_ *$"
		# typed past the edge: the end stays in sight, a mark where cut
		tm send-keys -t t -l "$(printf 'x%.0s' $(seq 90))"
		keys z
		check "prompts ($term $size): long input: its end in sight" "xxz_ *$"
		if [ "$size" = 80x24 ]; then
			check "prompts ($term $size): long input: cut with a mark" "^(…|<)x+z_ *$"
		else
			check "prompts ($term $size): long input: the short question then" \
				"^RDMA netns mode EXCLUSIVE, system-wide\? type yes: yex+z_ *$"
		fi
		keys Escape
		# X in the detail views acts on what they show
		keys 5 Enter
		keys X
		check "prompts ($term $size): X in a link's detail: its optional counters" \
			"^optional counters of mlx5_0/1 on: type their names \(a,b\) or off: _ *$"
		keys Escape Escape 1 Enter
		check "prompts ($term $size): a QP's detail" "^QP [0-9]+ on mlx5_0 *$"
		check "prompts ($term $size): X in a QP's key bar" "SpcPause XControl qQuit *$"
		keys X
		check "prompts ($term $size): X in a QP's detail: its counter" \
			"^QP [0-9]+ of mlx5_0/1( is in counter [0-9]+; type unbind|: no counter; type bind)"
		keys Escape Escape
		keys q
	done
else
	bad "prompts: no build/hw/nlshim.so"
fi
