/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The Ethernet layer under RoCE (src/net): DCB netlink (dcb.c), ethtool
 * netlink (ethtool.c) and the driver statistics of `ethtool -S`
 * (estats.c), one file per object; the live source asks the kernel
 * (src/source/net.c) and feeds each answer (source_feed_net) to parse.c,
 * which hands it to its parser.  Every answer is a raw input of its own (the
 * recording's NET record, doc/recording.md): a replay parses the bytes the
 * live run read.  No curses here.
 */
#ifndef RDMATOP_NET_H
#define RDMATOP_NET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "snapshot.h"

/*
 * One raw input of netdev ndev (enum snap_net_in): err 0 and the bytes
 * (netlink datagrams, or for SNAP_NET_DRV the two ioctl buffers), or the
 * -errno that kept it from being read (no socket, no family).  0, or
 * -ENOMEM; bad bytes are a note and leave the input n/a.
 */
int net_parse(struct snapshot *s, unsigned int what, const char *ndev, int err,
	      const void *buf, size_t len);

/* The objects' parsers (n is the netdev's row): 0, -EBADMSG, -ENOMEM. */
int net_dcb_parse(struct snapshot *s, struct snap_net *n, const void *buf, size_t len);
int net_ethtool_parse(struct snapshot *s, struct snap_net *n, unsigned int what,
		      const void *buf, size_t len);
int net_estats_parse(struct snapshot *s, struct snap_net *n, const void *buf, size_t len);
/* STATS_GET (stats.c): every group empty leaves err -ENODATA */
int net_stats_parse(struct snapshot *s, struct snap_net *n, const void *buf, size_t len);

/* MODULE_EEPROM_GET (module.c): the raw input is each request followed by
 * its answer; the pages decoded into n->mod (SNAP_NET_MOD) */
int net_module_parse(struct snapshot *s, struct snap_net *n, const void *buf, size_t len);
struct mod_pages;
/* The pages of such an input: 0 or -EBADMSG. */
int net_module_pages(const void *buf, size_t len, struct mod_pages *pg);
/* one read: I2C address, bank, page, offset (0..255), length (<= 128) */
struct net_module_ask {
	uint8_t addr, bank, page;
	uint32_t off, len;
};
size_t net_module_req(void *buf, size_t cap, uint16_t family, const char *ndev,
		      const struct net_module_ask *a, uint32_t seq);
/* The next read `ethtool -m` would make after pg: false when none. */
bool net_module_next(const struct mod_pages *pg, struct net_module_ask *a);
/* Why a module could not be read: "needs CAP_NET_ADMIN", ... */
const char *net_module_why(int err);

/* Requests, as the live source sends them: the message's length, 0 if cap is short. */
size_t net_dcb_req(void *buf, size_t cap, const char *ndev, uint32_t seq);
size_t net_family_req(void *buf, size_t cap, uint32_t seq);
size_t net_ethtool_req(void *buf, size_t cap, uint16_t family, unsigned int what,
		       const char *ndev, uint32_t seq);
/* STATS_GET of the standard groups (bits 1 << ETHTOOL_STATS_*; 0 asks
 * nothing: 0 returned) */
size_t net_stats_req(void *buf, size_t cap, uint16_t family, const char *ndev, uint32_t groups,
		     uint32_t seq);
#define NET_STD_GROUPS 4	/* ETHTOOL_STATS_ETH_PHY .. _RMON */
/* "eth-phy", "eth-mac", "eth-ctrl", "rmon" */
const char *net_std_group_name(unsigned int grp);
/* The index of counter name ("eth-mac-FrameCheckSequenceErrors") in
 * group grp's statistics, -1 if it is none of them; its key in the
 * group ("FrameCheckSequenceErrors", the kernel's name), NULL if none. */
int net_std_stat(unsigned int grp, const char *name);
const char *net_std_stat_key(unsigned int grp, int i);
/* The family id in a CTRL_CMD_GETFAMILY answer: 0 and *id, or -errno. */
int net_family_parse(const void *buf, size_t len, uint16_t *id);
/* A per-queue driver counter (mlx5 rx3_packets, ice tx_queue_2_bytes,
 * bnxt "[1]: rx_ucast_packets"): left out, the port's totals are kept. */
bool net_estats_per_queue(const char *name);

/* mnl_attr_parse and _nested that fail (-1) on an attribute overrunning
 * its message, where libmnl stops quietly (parse.c); a nest needs no
 * mnl_attr_validate(MNL_TYPE_NESTED) first: what that refuses, they do */
struct nlattr;
struct nlmsghdr;
int net_attr_parse(const struct nlmsghdr *nlh, unsigned int off,
		   int (*cb)(const struct nlattr *a, void *data), void *data);
int net_attr_parse_nested(const struct nlattr *nest,
			  int (*cb)(const struct nlattr *a, void *data), void *data);

/*
 * One answer's datagram through cb (data), an NLMSG_ERROR's error into
 * *err (cb's context; cb sets *err and *seen, the reply it waits for came):
 * 0 with *err 0 or the kernel's -errno; -EBADMSG (bad bytes, or no reply
 * and no error); -ENOMEM.
 */
int net_answer(const void *buf, size_t len, int (*cb)(const struct nlmsghdr *nlh, void *data),
	       void *data, int *err, const bool *seen);
/* A request's netlink header in buf, its first clear bytes zeroed (the
 * attributes' pads too), then its family's header of hdr bytes (*fam):
 * the message to put attributes in. */
struct nlmsghdr *net_req(void *buf, size_t clear, uint16_t type, size_t hdr, uint32_t seq,
			 void **fam);
/* The same for generic netlink (a genlmsghdr with cmd and version). */
struct nlmsghdr *net_genl_req(void *buf, size_t clear, uint16_t type, uint8_t cmd,
			      uint8_t version, uint32_t seq);
/* An answer's family header of hdr bytes; NULL with *err -EBADMSG where
 * the message is shorter. */
const void *net_payload(const struct nlmsghdr *nlh, size_t hdr, int *err);

/* An ethtool answer's message (its net_answer callback): cb over its
 * attributes where it is the reply asked for (*seen), MNL_CB_STOP then;
 * MNL_CB_OK for another; MNL_CB_ERROR with *err (-EBADMSG where cb left
 * none) on bad bytes. */
int net_genl_reply(const struct nlmsghdr *nlh, uint8_t reply,
		   int (*cb)(const struct nlattr *a, void *data), void *data, int *err, bool *seen);

/* Every netlink message of buf lies within it. */
bool net_msgs_ok(const void *buf, size_t len);

/*
 * A counter name a parser pushes every sample (a fixed table's, a driver's
 * string set's): classified once, interned once per snapshot for every
 * netdev that has it.  The parsers run one at a time (net_parse holds a
 * lock), which guards these.
 */
struct net_name {
	struct snap_counter row;	/* its row, but for the port and value */
	struct snap_str_memo str;	/* row.name's string */
	uint8_t known;
	uint8_t lower;		/* kept for a lower (net_lower_keeps) */
	uint32_t serial;	/* its text's (runs.c): 0 until pushed */
};
/* The RDMA ports on netdev n, at most max of them: their count, each one's
 * device and port in dp. */
size_t net_ports(const struct snapshot *s, const struct snap_net *n, uint32_t (*dp)[2],
		 size_t max);
/* The counter row of a netdev's input for every RDMA port on it: name (at
 * most len bytes), its memo nm, value v; on a netdev of no port (a lower),
 * its row in s->lowctrs where a lower keeps it (src/net/lowctr.c). */
int net_push_name(struct snapshot *s, const struct snap_net *n, uint8_t source,
		  const char *name, size_t len, struct net_name *nm, uint64_t v);
/* Whether a lower's row of this name is kept: flow control, errors,
 * congestion, FEC (src/net/lowctr.c). */
bool net_lower_keeps(const struct snap_counter *row, const char *name);
/* row in s->lowctrs as lower n's (snap_lower_key): 0 or -ENOMEM */
int net_push_lower(struct snapshot *s, const struct snap_net *n, const struct snap_counter *row);
/*
 * Runs (src/net/runs.c, struct snap_counter's run): a serial for a template
 * of rows, never given twice; do n names (name(ctx, i)) differ as printed;
 * an answer's rows pushed by net_push_name (net_runs_note) made one run
 * where they are one port's and their names differ (net_runs_start before
 * its parser, net_runs_end after).
 */
uint32_t net_set_serial(void);
bool net_names_differ(size_t n, const char *(*name)(const void *ctx, size_t i), const void *ctx);
void net_runs_start(const struct snapshot *s);
void net_runs_note(struct net_name *nm);
void net_runs_end(struct snapshot *s, const struct snap_net *n);
/* A kept row's class (classify.h), flags, unit (SNAP_UNIT_*) and link
 * (snap_counter_mark: the rates need not look it up) from its name, kept
 * process-wide; the row's source set first. */
void net_class_row(struct snap_counter *row, const char *name);
/* "not supported by the driver", ... for an input's err */
const char *net_why(int err);
/* the same for input what: "no such command in this kernel" where it can
 * only mean that */
const char *net_why_in(unsigned int what, int err);
/* "dcb", "pause", ...: an input's name (notes, records) */
const char *net_in_name(unsigned int what);

#endif
