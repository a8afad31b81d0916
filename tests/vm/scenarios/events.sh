# shellcheck shell=dash
# events (issue 6): rxe1 on dummy1 is added, renamed, its port taken down and
# up, and deleted, while rdmatop's dashboard runs at -d 5 in tmux, and again
# around `rdmatop -j -n 2 -d 2` (its "events" array).
#  - Debian's 6.12: the kernel's RDMA notify group (RDMA_NL_GROUP_NOTIFY)
#    announces `rdma link add` (REGISTER, NETDEV_ATTACH) and `rdma link
#    delete` (UNREGISTER): on screen within 0.5 s although the interval is
#    5 s.  Renames and port state changes have no event in 6.12: polling
#    finds them at the next sample.
#  - 6.1: no notify group (SYS_GET has no monitor mode): everything is found
#    by polling at the next sample, and the header says "polling".
#  - latest (7.3): as 6.12, and renames have events too: RENAME for `rdma
#    dev set NAME name`, NETDEV_RENAME for `ip link set NETDEV name` (only
#    in the JSON part: the netdev is renamed while down).
# meta: ACTION_ran_s (how long the command took), ACTION_seen_s (from the
# command's return until the screen showed it; "timeout" when never).
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh

[ "$HAVE_RDMATOP" = 1 ] || exit 0
/bin/ip link add dummy1 type dummy
/bin/ip addr add 10.0.1.1/24 dev dummy1
/bin/ip link set dummy1 up

DELAY=5
meta delay "$DELAY"
# The status line shows the last change a sample found: on 6.12 the
# sample the kernel's REGISTER/NETDEV_ATTACH triggered also finds rxe1 new
# (dev_added, last); that it came within 0.5 s with a 5 s interval is the
# kernel event's doing (the JSON check sees the events themselves).
ADD='(REGISTER|NETDEV_ATTACH|dev_added) rxe1'
DEL='(UNREGISTER|dev_removed) rxe9'

# act NAME ERE CMD...: run CMD, then capture-pane until the screen matches
act() {
	local name="$1" pat="$2" a b s
	shift 2
	a="$(now)"
	"$@" >"$R/$name.cmd.txt" 2>&1
	b="$(now)"
	meta "${name}_ran_s" "$(awk -v a="$a" -v b="$b" 'BEGIN{printf "%.2f", b-a}')"
	s="$(tui_wait "$pat" $((DELAY * 2 + 10)) "$R/tui_$name.txt")"
	meta "${name}_seen_s" "${s:-timeout}"
	# with attributes: the changed device's row is marked (colour role);
	# a moment later, so that the frame the match caught is whole
	sleep 0.3
	tm capture-pane -e -p -t t >"$R/tui_$name.esc.txt" 2>/dev/null
	say "$name: command ${a}..${b}, on screen after ${s:-never} s"
}

tui_start -d "$DELAY" || exit 1
tui_wait 'changes (events|polling)' 60 "$R/tui_start.txt" >/dev/null || exit 1
# let the first sample settle: the next one is 5 s away
sleep 1
act add "$ADD" rdma link add rxe1 type rxe netdev dummy1
act rename 'dev_renamed rxe9' rdma dev set rxe1 name rxe9
# the status line shows the last change of a sample: port_state (ACTIVE ->
# DOWN) or port_phys_state (LINK_UP -> DISABLED), "+ more" for the other
act down 'port_(phys_)?state rxe9 .*-> (DOWN|DISABLED)' /bin/ip link set dummy1 down
act up 'port_(phys_)?state rxe9 .*-> (ACTIVE|LINK_UP)' /bin/ip link set dummy1 up
act delete "$DEL" rdma link delete rxe9
tui_stop

# jaround NAME CMD...: `rdmatop -j -n 2 -d 2` with CMD run after its first
# sample; the change belongs in the second sample's "events".
jaround() {
	local name="$1" pid
	shift
	rt -j -n 2 -d 2 >"$R/j_$name.json" 2>"$R/j_$name.err" &
	pid=$!
	wait_grep "$R/j_$name.json" '^{' 60 || return 1
	"$@" >>"$R/$name.cmd.txt" 2>&1
	wait_for "$pid" 60
	meta "j_${name}_rc" "$?"
}
jaround add rdma link add rxe1 type rxe netdev dummy1
jaround rename rdma dev set rxe1 name rxe9
jaround down /bin/ip link set dummy1 down
jaround ndrename /bin/ip link set dummy1 name dummy9
jaround up /bin/ip link set dummy9 up
jaround delete rdma link delete rxe9
/bin/ip link delete dummy9
