// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The Stalls pane's query (PROM_Q_STALLS): the fleet's stalled and erred
 * QPs (rdma_qp_stall_seconds, src/out/openmetrics_stall.c: at most 100 a
 * host, only those) and, for each, the other end joined in PromQL, one
 * part per field (label f) as query.c's tables:
 *
 *   qp            the oldest PROM_STALL_ROWS of them (topk): the rows;
 *   peer          the host and device of its peer: the host whose
 *                 rdma_port_gid_info has the QP's peer address (label addr
 *                 = the QP's label peer; a host not up now, by its GIDs of
 *                 the last hour, so a host whose scrapes fail is still
 *                 found), else the host whose rdma_port_info has the QP's
 *                 peer_lid as its lid, else, within one job (the
 *                 exporter's label job, Prometheus's exported_job), the QP
 *                 of another row whose lqpn is this rqpn and whose rqpn is
 *                 this lqpn; label by = gid, lid or job;
 *   peer_qp       the peer host's own stalled or erred series of QP rqpn on
 *                 that device: its age, labels peer_state and peer_stall;
 *   peer_up       the peer host's `up`; peer_omitted, its exporter's
 *                 rdma_qp_stall_omitted (its QPs past the cap);
 *   blame         per instance, the rows whose peer is on it;
 *   total         every stalled or erred series; omitted, the exporters'
 *                 rdma_qp_stall_omitted summed.
 *
 * Bounded: the rows are the topk, every per-row part joins them, the
 * per-host ones count hosts; PROM_STALL_ROWS is said on screen when cut.
 */
#include "prom.h"

#define STR_(x) #x
#define STR(x) STR_(x)
#define CAP STR(PROM_STALL_ROWS)

#define M_STALL "rdma_qp_stall_seconds"
#define M_OMIT "rdma_qp_stall_omitted"
#define M_GID "rdma_port_gid_info"
#define M_PORT "rdma_port_info"
#define SK "instance, device, port, lqpn"
#define TOP "topk(" CAP ", " M_STALL "{$S})"

/* label dst := label src (the whole value) */
#define LR(e, dst, src) "label_replace(" e ", \"" dst "\", \"$1\", \"" src "\", \"(.*)\")"
#define F(e, f) "label_replace(" e ", \"f\", \"" f "\", \"\", \"\")"

/* the GIDs of the hosts up, and those of the last hour of a host not up
 * now: a peer down is still found, a GID that moved is where it is now */
#define GID_NOW_OR_LAST                                                              \
	"(" M_GID "{$S addr!=\"\"} or (last_over_time(" M_GID "{$S addr!=\"\"}[1h])" \
	" unless on (instance) up{$S} == 1))"
/* a peer address to its host, device and port: one per address */
#define GIDS                                                                             \
	"topk by (peer) (1, max by (peer, peer_instance, peer_device, peer_port) (" LR(  \
		LR(LR(LR(GID_NOW_OR_LAST, "peer", "addr"), "peer_instance", "instance"), \
		   "peer_device", "device"),                                             \
		"peer_port", "port") "))"
/*
 * A LID to its port's host and device (rdma_port_info's lid; 0 and none
 * left out: a RoCE port's): LIDs are a subnet's, so a fleet of two IB
 * subnets may have one twice (one is taken).  An mlx5 SMI sub-device
 * (smi_mlx5_0, tests/data/hw/mlx5-ib) has its parent port's LID and
 * holds no data QP: left out.
 */
#define LIDS                                                                                    \
	"topk by (peer_lid) (1, max by (peer_lid, peer_instance, peer_device, peer_port) (" LR( \
		LR(LR(LR(M_PORT "{$S lid!~\"0?\", device!~\"smi_.*\"}", "peer_lid", "lid"),     \
		      "peer_instance", "instance"),                                             \
		   "peer_device", "device"),                                                    \
		"peer_port", "port") "))"
/* each listed QP of a job as the other end of its mirror (lqpn, rqpn swapped) */
#define MIRROR                                                                                     \
	"topk by (lqpn, rqpn, exported_job) (1, max by (lqpn, rqpn, exported_job,"                 \
	" peer_instance, peer_device, peer_port) (" LR(                                            \
		LR(LR(LR(LR(LR(M_STALL "{$S exported_job!=\"\"}", "p_l", "lqpn"), "lqpn", "rqpn"), \
			 "rqpn", "p_l"),                                                           \
		      "peer_instance", "instance"),                                                \
		   "peer_device", "device"),                                                       \
		"peer_port", "port") "))"
/* a join of the rows on label on to map's host, device and port, as by */
#define JOIN(on, map, by)                                                            \
	"label_replace(group by (" SK ", rqpn, " on ") (" TOP ") * on (" on ")"      \
	" group_left (peer_instance, peer_device, peer_port) " map ", \"by\", \"" by \
	"\", \"\", \"\")"
/* the rows' peers: by address, else by LID, else by a job's mirror */
#define PEER                                                                                     \
	"group by (" SK ", rqpn, peer_instance, peer_device, peer_port, by) (" JOIN(             \
		"peer", GIDS, "gid") " or on (" SK                                               \
				     ") " JOIN("peer_lid", LIDS, "lid") " or on (" SK ") " JOIN( \
					     "lqpn, rqpn, exported_job", MIRROR, "job") ")"
/* the listed QPs as a peer sees them: keyed by host, device and qpn */
#define AS_PEER                                                                                     \
	"topk by (peer_instance, peer_device, rqpn) (1, max by (peer_instance, peer_device,"        \
	" rqpn, peer_state, peer_stall) (" LR(                                                      \
		LR(LR(LR(LR(M_STALL "{$S}", "peer_instance", "instance"), "peer_device", "device"), \
		      "rqpn", "lqpn"),                                                              \
		   "peer_state", "state"),                                                          \
		"peer_stall", "stall") "))"
/* a per-instance metric of the peer host, onto each row */
#define OF_PEER_HOST(m)                                                    \
	"max by (" SK ") (" PEER                                           \
	" * on (peer_instance) group_left () max by (peer_instance) (" LR( \
		m "{$S}", "peer_instance", "instance") "))"

/* the parts */
#define P_QP F(TOP, "qp")
#define P_PEER F(PEER, "peer")
#define P_PEER_QP                                                                               \
	F("max by (" SK ", peer_state, peer_stall) (" PEER " * on (peer_instance, peer_device," \
	  " rqpn) group_left (peer_state, peer_stall) " AS_PEER ")",                            \
	  "peer_qp")
#define P_PEER_UP F(OF_PEER_HOST("up"), "peer_up")
#define P_PEER_OMIT F(OF_PEER_HOST(M_OMIT), "peer_omitted")
#define P_BLAME F("count by (instance) (" LR(PEER, "instance", "peer_instance") ")", "blame")
#define P_TOTAL F("count(" M_STALL "{$S})", "total")
#define P_OMIT F("sum(" M_OMIT "{$S})", "omitted")

static const char text[] = P_QP " or " P_PEER " or " P_PEER_QP " or " P_PEER_UP " or " P_PEER_OMIT
				" or " P_BLAME " or " P_TOTAL " or " P_OMIT;

const char *prom_q_stall_text(void)
{
	return text;
}
