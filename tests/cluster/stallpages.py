"""The exporter pages of tests/cluster/stalls.sh: four hosts of a hang.

Usage: stallpages.py BASE.om OUTDIR [TAMPER [HOSTS]]

BASE.om is a real exposition of rdmatop (`rdmatop -r tests/data/stall.rdrec
-o openmetrics -b -n 1`: the test bed's rxe host, tests/vm/scenarios/
stall.sh); each host's page is it with its GID table (rdma_port_gid_info),
its stalled QPs (rdma_qp_stall_seconds, the labels and their order as
src/out/openmetrics_stall.c writes them, as that recording's own stalled QP
has them) and its port's verdict (rdma_port_health) replaced, every other
family as rdmatop wrote it.  The hang, from two ends:

  host-a  stalled QPs: 100 -> host-b's 200 (by its GID 10.0.0.2), 101 ->
          host-b's 201 (not listed: gone), 102 -> host-d (10.0.0.4: down),
          103 -> 10.9.9.9 (nobody's), 110 -> 210 of job slurm/77 (no peer
          address: the job's mirror), 104 -> LID 12 (host-b's port; no job:
          gone);
  host-b  port FAIL; 200 in ERR -> host-a's 100, 210 stalled -> 110 (job);
  host-c  healthy: no stalled QP, GID 10.0.0.3;
  host-d  GID 10.0.0.4, no stalled QP; its page goes away (down).

TAMPER "gid" writes host-b's GID as 10.0.0.22: host-a's 101 then finds no
host, its 100 only host-b's 200 of its job ("-": none).  HOSTS: the pages written (default abcd).
"""
import sys

GIDS = {"a": "10.0.0.1", "b": "10.0.0.2", "c": "10.0.0.3", "d": "10.0.0.4"}


def gid_full(addr):
    o = [int(x) for x in addr.split(".")]
    return "0000:0000:0000:0000:0000:ffff:%02x%02x:%02x%02x" % tuple(o)


def gid_lines(addr):
    return ['rdma_port_gid_info{device="rxe0",port="1",index="1",gid="%s",'
            'type="RoCE v2",addr="%s"} 1' % (gid_full(addr), addr)]


def qp(lqpn, rqpn, state, stall, pid, comm, job, peer, age, lid=""):
    return ('rdma_qp_stall_seconds{device="rxe0",port="1",lqpn="%d",rqpn="%d",state="%s",'
            'stall="%s",pid="%d",comm="%s",job="%s",peer="%s",peer_lid="%s"} %s'
            % (lqpn, rqpn, state, stall, pid, comm, job, peer, lid, age))


STALLS = {
    "a": [qp(100, 200, "RTS", "stalled", 4001, "all_reduce_perf", "slurm/77", "10.0.0.2", "42.5"),
          qp(101, 201, "RTS", "stalled", 4001, "all_reduce_perf", "slurm/77", "10.0.0.2", "41"),
          qp(102, 300, "RTS", "stalled", 4001, "all_reduce_perf", "slurm/77", "10.0.0.4", "40"),
          qp(103, 555, "RTS", "stalled", 4001, "all_reduce_perf", "slurm/77", "10.9.9.9", "39"),
          qp(110, 210, "RTS", "stalled", 4001, "all_reduce_perf", "slurm/77", "", "38"),
          qp(104, 204, "RTS", "stalled", 4001, "all_reduce_perf", "", "", "36", lid="12")],
    "b": [qp(200, 100, "ERR", "err", 5002, "all_reduce_perf", "slurm/77", "10.0.0.1", "30"),
          qp(210, 110, "RTS", "stalled", 5002, "all_reduce_perf", "slurm/77", "", "37")],
    "c": [],
    "d": [],
}
HEALTH = {"a": "0", "b": "2", "c": "0", "d": "0"}
# an IB port's LID (rdma_port_info's lid; the base's rxe port has none)
LID = {"b": "12"}


def page(base, host, tamper):
    out, skip, seen = [], None, set()
    addr = GIDS[host]
    if tamper == "gid" and host == "b":
        addr = "10.0.0.22"
    # family: (its samples' name, its type, the host's samples)
    new = {
        "rdma_port_gid": ("rdma_port_gid_info", "info", gid_lines(addr)),
        "rdma_qp_stall_seconds": ("rdma_qp_stall_seconds", "gauge", STALLS[host]),
        "rdma_port_health": ("rdma_port_health", "gauge",
                             ['rdma_port_health{device="rxe0",port="1"} ' + HEALTH[host]]),
        "rdma_qp_stall_omitted": ("rdma_qp_stall_omitted", "gauge", ["rdma_qp_stall_omitted 0"]),
    }
    for line in base:
        if line == "# EOF":
            # a family the base had not (the verdict needs a history)
            for fam, (_, typ, lines) in new.items():
                if fam not in seen:
                    out.append("# TYPE %s %s" % (fam, typ))
                    out.extend(lines)
            out.append(line)
            continue
        if line.startswith("# TYPE "):
            fam = line.split()[2]
            out.append(line)
            skip = fam if fam in new else None
            if skip:
                seen.add(fam)
                out.extend(new[skip][2])
            continue
        if line.startswith("#"):
            out.append(line)
            continue
        if skip and line.split("{")[0].split(" ")[0] == new[skip][0]:
            continue
        if line.startswith("rdma_port_info{") and host in LID:
            assert ',lid=""}' in line, line
            line = line.replace(',lid=""}', ',lid="%s"}' % LID[host])
        out.append(line)
    return "\n".join(out) + "\n"


def main():
    base = open(sys.argv[1]).read().splitlines()
    # the first sample only
    if "# EOF" in base:
        base = base[:base.index("# EOF") + 1]
    for fam in ("rdma_port_gid", "rdma_qp_stall_seconds", "rdma_qp_stall_omitted"):
        assert any(l.startswith("# TYPE %s " % fam) for l in base), "base has no " + fam
    tamper = sys.argv[3] if len(sys.argv) > 3 else ""
    for h in sys.argv[4] if len(sys.argv) > 4 else "abcd":
        with open("%s/%s.om" % (sys.argv[2], h), "w") as f:
            f.write(page(base, h, tamper))


main()
