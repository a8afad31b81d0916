/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * RDMA netlink (NETLINK_RDMA, RDMA_NL_NLDEV): requests, the socket, and the
 * parsers that turn response bytes into the snapshot model.
 *
 * Parsers take bytes, never a socket: the same code parses what the kernel
 * just sent and what a recording stored.
 */
#ifndef RDMATOP_NL_H
#define RDMATOP_NL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libmnl/libmnl.h>
#include <rdma/rdma_netlink.h>

#include "names.h"
#include "nlreq.h"
#include "snapshot.h"

/*
 * Parse `len` bytes of netlink messages answering `req` into `s`.
 * Returns 0 when the stream was complete and successful, 1 when more bytes
 * are expected (dump not finished), or a negative errno (also in res->err).
 * On -EINTR (NLM_F_DUMP_INTR) everything this call added is rolled back
 * (everything the request added when res was kept across its calls), and
 * so is a malformed answer (-EBADMSG).  A kernel error (-errno) is recorded
 * in dev->tbl_err[] of req->dev for table dumps and as one snap_note().
 * Unknown attributes are skipped; malformed messages return -EBADMSG.
 */
int nl_parse(struct snapshot *s, const struct nl_req *req, const void *buf,
	     size_t len, struct nl_result *res);
/* A request with NL_REQ_DD refused for the attribute (req.c): ask without it. */
bool nl_dd_refused(const struct nl_req *req, int err);

/*
 * Per-object message parsers (one file each in src/nl/); each parses one
 * response message of its command into `s`.  0 or -errno.
 */
int nl_sys_parse(const struct nlmsghdr *nlh, struct snapshot *s);
int nl_monitor_parse(const struct nlmsghdr *nlh, struct snapshot *s);
/*
 * The parsers of messages about one device: nl_parse() has read the
 * message's top-level attributes into tb and found (or added) its device
 * d (nl_msg_dev); each reads the rest.  0 or -errno.
 */
int nl_dev_parse(struct snapshot *s, const struct nlattr **tb, struct snap_dev *d);
int nl_port_parse(struct snapshot *s, const struct nlattr **tb, struct snap_dev *d);
int nl_res_parse(struct snapshot *s, const struct nlattr **tb, struct snap_dev *d);
int nl_stat_parse(struct snapshot *s, const struct nlattr **tb, struct snap_dev *d);
/* stat_qp.c: a STAT_GET answer about objects; 1 when it is none of them */
int nl_stat_obj_parse(struct snapshot *s, const struct nlattr **tb, struct snap_dev *d);
int nl_stat_status_parse(struct snapshot *s, const struct nlattr **tb, struct snap_dev *d);
/* One parser per resource object, from SNAP_RES_LIST: nl_qp_parse, ... */
#define NL_RES_PARSER(ID, name, cmd, ...) \
	int nl_##name##_parse(const struct nlmsghdr *nlh, struct snapshot *s);
SNAP_RES_LIST(NL_RES_PARSER)
#undef NL_RES_PARSER
/*
 * One dump message of a declared object (struct res_obj, cols.h): each
 * entry's fields as its table says, its owner, then its special code.
 */
struct res_obj;
/*
 * The fields of a message that is no object's dump (device, port, system):
 * attribute -> field (offset, size: a number's, or a char array's for a
 * string) -> validity bit in the 32 bits at `valid`; each read when present.
 */
struct nl_field {
	uint16_t attr;
	uint16_t off;
	uint8_t size;
	uint32_t bit;
};
#define NL_FIELD_A(a, type, field, b) \
	{ .attr = a, .off = offsetof(type, field), .size = sizeof(((type *)0)->field), .bit = b }
#define NL_FIELD(a, type, field, b) NL_FIELD_A(RDMA_NLDEV_ATTR_##a, type, field, b)
void nl_fields(const struct nlattr **tb, void *row, uint32_t *valid, const struct nl_field *f,
	       size_t n);
/* The same from the columns of a table that are fields (cols.h: .attr set,
 * a number, or a char array of .size bytes for a string). */
struct view_tab;
void nl_tab_fields(const struct nlattr **tb, void *row, uint32_t *valid,
		   const struct view_tab *t);
int nl_obj_parse(const struct nlmsghdr *nlh, struct snapshot *s, const struct res_obj *o);
/* The dump command of an object: RDMA_NLDEV_CMD_RES_<ID>_GET. */
uint16_t nl_res_cmd(enum snap_res r);
/* QP entries laid out as the last one are read from its offsets (on by
 * default); off: each read attribute by attribute (tests compare the two) */
void nl_qp_layouts(bool on);
unsigned long nl_qp_layout_hits(void);	/* entries read so, on this thread */
/* The answer to a GET of one QP (NL_REQ_OBJ): a row with its own time. */
int nl_qp_get_parse(const struct nlmsghdr *nlh, struct snapshot *s, const struct nl_req *req);
/* That GET found no such QP (-ENOENT): a SNAP_QP_GONE marker. */
int nl_qp_gone(struct snapshot *s, const struct nl_req *req);
/*
 * The peer (src/nl/qp_raw.c).  A RES_QP_GET_RAW dump message: each entry's
 * raw bytes kept with its QP (SNAP_QP_RAW) and, for mlx5, decoded.
 */
int nl_qp_raw_parse(const struct nlmsghdr *nlh, struct snapshot *s);
#define NL_RAW_MAX 1024	/* mlx5 restrack.c MAX_DUMP_SIZE */
/* What rdmatop reads of an mlx5 QUERY_QP resource dump (mlx5_ifc.h qpc). */
struct nl_mlx5_qp {
	uint32_t qpn;		/* the command segment's index1 */
	uint32_t remote_qpn, next_send_psn, next_rcv_psn, last_acked_psn;
	uint16_t rlid;
	uint8_t rgid[16];
	uint8_t state, grh, sl, retry_count, rnr_retry, cur_retry_count, cur_rnr_retry;
};
/* 0; -EBADMSG (not such a dump), -ENOENT (no QUERY_QP data for its QPN: qpn
 * set), -EIO (the firmware's command failed) */
int nl_mlx5_qp_decode(const uint8_t *p, size_t len, struct nl_mlx5_qp *q);
/* A CM_ID's destination as its QP's peer (dev, lqpn), searched from *hint. */
void nl_qp_cm_peer(struct snapshot *s, const struct snap_cm_id *c, size_t *hint);
uint8_t nl_stat_unit(const char *name);	/* SNAP_UNIT_* from a counter's name */
/* A hardware counter entry (name, value) of dev's port appended to vec:
 * the counter, or NULL with *err set (-EBADMSG, -ENOMEM). */
struct snap_counter *nl_stat_hw_counter(struct snapshot *s, struct snap_vec *vec,
					const struct nlattr **tb, uint32_t dev, uint32_t port,
					int *err);

/*
 * Shared attribute validation (src/nl/attr.c): fills tb[RDMA_NLDEV_ATTR_MAX]
 * from the message's (or a nest's) attributes, checking each known type's
 * payload size against one policy table; unknown types are skipped; a
 * malformed attribute makes the call fail with -EBADMSG.
 */
int nl_attrs(const struct nlmsghdr *nlh, const struct nlattr **tb);
int nl_attrs_nested(const struct nlattr *nest, const struct nlattr **tb);

/* Owner fields common to all resource entries (RES_PID / RES_KERN_NAME). */
void nl_owner(struct snapshot *s, const struct nlattr **tb, struct snap_owner *o);
/* An entry's RDMA_NLDEV_ATTR_DRIVER nest into s->drvs, referenced by o (drv.c). */
int nl_driver(struct snapshot *s, const struct nlattr *nest, struct snap_owner *o);

/*
 * Call cb for every nested attribute of `type` inside `table` (e.g. each
 * RES_QP_ENTRY of RES_QP), with that entry's validated attributes.  Other
 * types are skipped; a malformed entry is -EBADMSG; a cb error stops the walk.
 */
typedef int (*nl_entry_cb)(struct snapshot *s, const struct nlattr **tb, void *arg);
int nl_entries(struct snapshot *s, const struct nlattr *table, uint16_t type,
	       nl_entry_cb cb, void *arg);
/* stat.c: each entry of a message's counter table (STAT_HWCOUNTERS), to
 * cb; 0 when it has none. */
int nl_stat_entries(struct snapshot *s, const struct nlattr **tb, nl_entry_cb cb, void *arg);
/* The port a message's counter entries are of: cb's arg in nl_stat_port_entries(). */
struct nl_stat_port {
	uint32_t dev, port;
};
/* nl_stat_entries() with arg a struct nl_stat_port of (dev, port). */
int nl_stat_port_entries(struct snapshot *s, const struct nlattr **tb, uint32_t dev, uint32_t port,
			 nl_entry_cb cb);
/* A new row of port (dev, port) in vec, for the rows that start with those
 * two (struct snap_counter, snap_qpcnt, snap_optcnt); NULL: no memory. */
void *nl_stat_row(struct snap_vec *vec, size_t size, uint32_t dev, uint32_t port);
/* Copy a validated string attribute into dst (always NUL-terminated). */
void nl_strlcpy(char *dst, size_t size, const struct nlattr *a);
/* RDMA_NLDEV_ATTR_DEV_INDEX of a message: 0, or -EBADMSG when absent. */
int nl_dev_index(const struct nlattr **tb, uint32_t *dev);
/*
 * The device a message is about (DEV_INDEX, DEV_NAME at its top level):
 * found, or added when a table arrives before the device list; NULL when
 * the message has no DEV_INDEX or memory ran out.
 */
struct snap_dev *nl_dev_get(struct snapshot *s, const struct nlattr **tb);
/*
 * Every per-device message starts alike: its top-level attributes into tb,
 * then its device (nl_dev_get) into *d.  0, the error of nl_attrs(),
 * -EBADMSG without DEV_INDEX, or -ENOMEM.
 */
int nl_msg_dev(const struct nlmsghdr *nlh, struct snapshot *s, const struct nlattr **tb,
	       struct snap_dev **d);
/* The port (PORT_INDEX) of device d's message, found or added (port.c):
 * 0, -EBADMSG without PORT_INDEX, or -ENOMEM. */
int nl_msg_port(struct snapshot *s, const struct nlattr **tb, const struct snap_dev *d,
		struct snap_port **p);
/*
 * A resource dump message: DEV_INDEX/DEV_NAME at the top level and a nested
 * `table` of `entry` nests; cb gets each entry with arg pointing to the
 * device index (uint32_t).  Used by every RES_*_GET parser.
 */
int nl_res_table(const struct nlmsghdr *nlh, struct snapshot *s, uint16_t table,
		 uint16_t entry, nl_entry_cb cb);

/*
 * Device `dev` went away during the sample (a GET of it failed after the
 * device list named it): remove it and every row of it, with the notes of
 * its failed dumps, and add one note saying so (src/nl/gone.c).
 */
void nl_dev_gone(struct snapshot *s, uint32_t dev);

/* Build a request message into buf (256 bytes are enough). */
struct nlmsghdr *nl_req_build(void *buf, const struct nl_req *req, uint32_t seq);

/* ---- the socket (src/nl/sock.c) ---- */
struct nl_sock {
	struct mnl_socket *mnl;
	uint32_t portid;
	uint32_t seq;		/* of the request in flight */
	uint32_t next_seq;
};

/* Open NETLINK_RDMA with extended ack; groups = 0 or 1 << (group - 1). */
int nl_open(struct nl_sock *ns, unsigned int groups);
void nl_close(struct nl_sock *ns);
int nl_fd(const struct nl_sock *ns);
int nl_send(struct nl_sock *ns, const struct nl_req *req);
/* Non-blocking receive of one datagram: bytes, or -EAGAIN, or -errno. */
ssize_t nl_recv(struct nl_sock *ns, void *buf, size_t len);
ssize_t nl_wait(struct nl_sock *ns, void *buf, size_t len);	/* nl_recv, waiting up to 5 s */
/* A receive buffer size: decimal bytes, or with a K suffix (KiB); 0, or
 * -EINVAL / -ERANGE (above INT_MAX). */
int nl_rcvbuf_parse(const char *text, int *bytes);
/* SO_RCVBUF of the socket: 0 or -errno. */
int nl_set_rcvbuf(struct nl_sock *ns, int bytes);

#endif
