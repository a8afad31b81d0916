# shellcheck shell=dash
# priv (issue 6): privileges and the netns mode.
#  - an ibv_rc_pingpong pair holds MRs; `rdmatop -j -n 1` as nobody (busybox
#    su; nobody is in the guest's /etc/passwd) gets no MR keys from the
#    kernel (6.1 and 6.12 send rkey/lkey only to CAP_NET_ADMIN) and says so
#    in its notes; as root the keys are there.  The dashboard as nobody
#    shows the note.
#  - --set-netns-mode as root: shared -> exclusive -> shared, each step
#    read back by `rdma sys show`; as nobody: EPERM, nothing changed; with a
#    network namespace (`ip netns add x`): exclusive is refused (EBUSY) and
#    the mode stays shared.
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh

[ "$HAVE_RDMATOP" = 1 ] || exit 0
grep -q '^nobody:' /etc/passwd || { say "no nobody in /etc/passwd"; exit 1; }
# as_nobody CMD: CMD run by nobody (uid 65534) through busybox su
as_nobody() { timeout -k 3 60 su -s /bin/sh nobody -c "$*"; }

pingpong_start ibv_rc_pingpong RC || exit 1
as_nobody id >"$R/nobody_id.txt" 2>&1
as_nobody rdmatop -j -n 1 >"$R/nobody.json" 2>"$R/nobody.err"
meta nobody_rc "$?"
rt -j -n 1 >"$R/root.json" 2>"$R/root.err"
meta root_rc "$?"
rdma -j -d res show mr >"$R/mr_root.json" 2>&1
as_nobody rdma -j -d res show mr >"$R/mr_nobody.json" 2>&1
# the dashboard as nobody: the note in the status line
tm_session "env -u LC_ALL su -s /bin/sh nobody -c 'rdmatop -d 1'; echo EXITED:\$?; sleep 600" || exit 1
tui_wait 'CAP_NET_ADMIN|hidden' 60 "$R/tui_nobody.txt" >/dev/null
tui_keys 2 Enter
tui_wait 'MRs' 10 "$R/tui_nobody_proc.txt" >/dev/null
tui_keys Escape
tui_stop
kill "$cli" "$srv"
wait

# --set-netns-mode
sysmode() { rdma sys show 2>&1 | tr '\n' ' '; }
step() {
	local name="$1" rc
	shift
	"$@" >"$R/ns_$name.out" 2>"$R/ns_$name.err"
	rc=$?
	meta "ns_${name}_rc" "$rc"
	meta "ns_${name}_sys" "$(sysmode)"
	say "$name: rc $rc, $(cat "$R/ns_$name.out" "$R/ns_$name.err" | tr '\n' ' '); rdma sys show: $(sysmode)"
}
meta ns_start_sys "$(sysmode)"
step exclusive rt --set-netns-mode exclusive
step exclusive_again rt --set-netns-mode exclusive
step shared rt --set-netns-mode shared
step nobody as_nobody rdmatop --set-netns-mode exclusive
/bin/ip netns add x >"$R/netns_add.txt" 2>&1
meta netns_add_rc "$?"
step busy rt --set-netns-mode exclusive
/bin/ip netns del x
