# shellcheck shell=dash
# groups (issue 14): processes in distinct cgroups, grouped by job, pod,
# container and unit.  cgroup v2 is mounted in the guest and cgroups are
# made the way SLURM, the kubelet (systemd driver, containerd), docker
# (systemd driver) and systemd name them; three ibv_rc_pingpong pairs are
# moved into them (cgroup.procs), one client stays in the root cgroup:
#   pair A: server and client in job_1 (two steps of one job)
#   pair B: server in a pod's container, client in a docker container
#   pair C: server in a systemd service, client in /
# Written down: each process's intended group (meta), what the guest's
# /proc/PID/cgroup says (cgroups.txt), rdma's QPs (qp.json), rdmatop's JSON
# (groups.json), and the dashboard's groups table and one job's processes.
# The host (tests/vm/check_groups.py) checks rdmatop against them.
# shellcheck source=tests/vm/guest/lib.sh
. /scenarios/lib.sh

[ "$HAVE_RDMATOP" = 1 ] || exit 0
CG=/sys/fs/cgroup
if ! grep -q ' cgroup2 ' /proc/mounts; then
	mount -t cgroup2 cgroup2 "$CG" >"$R/mount.txt" 2>&1 || { say "cannot mount cgroup2: $(cat "$R/mount.txt")"; exit 1; }
fi
POD=8e2f3b1a_5c4d_4e6f_9a0b_1c2d3e4f5a6b
CID=4bd9d4cd4f8c1d0b2e8e0ef0b9c7f7e6a6c1d9e4d8b0a3f2c1e0d9c8b7a6f5e4
DID=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
JOB_A=/system.slice/slurmstepd.scope/job_1/step_0/user/task_0
JOB_B=/system.slice/slurmstepd.scope/job_1/step_1/user/task_0
POD_C=/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod$POD.slice/cri-containerd-$CID.scope
DOCKER=/system.slice/docker-$DID.scope
UNIT=/system.slice/ib-bench.service
for p in "$JOB_A" "$JOB_B" "$POD_C" "$DOCKER" "$UNIT"; do
	mkdir -p "$CG$p" || { say "mkdir $CG$p failed"; exit 1; }
done

# move PID PATH KIND NAME: into the cgroup, and what rdmatop should say
move() {
	echo "$1" >"$CG$2/cgroup.procs" || say "cannot move $1 to $2"
	meta "want_$1" "$3 $4"
}
# pair PORT: a server and a client on rxe0, their pids in $srv and $cli
pair() {
	ibv_rc_pingpong -d rxe0 -g 1 -p "$1" -n 100000000 >"$R/server_$1.txt" 2>&1 &
	srv=$!
	wait_port "$1" || return 1
	ibv_rc_pingpong -d rxe0 -g 1 -p "$1" -n 100000000 10.0.0.1 >"$R/client_$1.txt" 2>&1 &
	cli=$!
}

pair 18515 || exit 1
move "$srv" "$JOB_A" job 1
move "$cli" "$JOB_B" job 1
a_srv=$srv a_cli=$cli
pair 18516 || exit 1
move "$srv" "$POD_C" pod "$(echo "$POD" | tr _ -)"
move "$cli" "$DOCKER" container "$DID"
b_srv=$srv b_cli=$cli
pair 18517 || exit 1
move "$srv" "$UNIT" unit ib-bench.service
meta "want_$cli" "cgroup /"
c_srv=$srv c_cli=$cli
pids="$a_srv $a_cli $b_srv $b_cli $c_srv $c_cli"
meta pids "$pids"
wait_qps RC 6 || exit 1

# the guest's view, then rdmatop's, then the guest's again
for p in $pids; do echo "$p $(tr '\n' ' ' </proc/"$p"/cgroup)"; done >"$R/cgroups.txt"
rdma -j res show qp >"$R/qp.json" 2>&1
rt -j -n 2 -d 1 >"$R/groups.json" 2>"$R/groups.err"
meta rt_rc "$?"
rt -b -n 1 >"$R/groups.txt" 2>&1
rt -b -o openmetrics -n 1 >"$R/groups.om" 2>&1
for p in $pids; do echo "$p $(tr '\n' ' ' </proc/"$p"/cgroup)"; done >"$R/cgroups_after.txt"

# the dashboard: the groups table, then Enter on its first row (job 1)
tui_start -g -d 1 || { say "tmux did not start"; exit 1; }
tui_wait 'KIND +GROUP +PROCS' 60 "$R/tui_groups.txt" >/dev/null
tui_wait '^job +1 ' 30 "$R/tui_groups.txt" >/dev/null
tui_keys Home Enter
tui_wait 'processes of job 1' 10 "$R/tui_job.txt" >/dev/null
tui_keys Escape
tui_wait 'PID +COMM +UID' 10 "$R/tui_all.txt" >/dev/null
tui_stop

for p in $pids; do alive "$p" || say "$p exited early"; done
# shellcheck disable=SC2086
kill $pids
wait
