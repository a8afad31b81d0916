/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The snapshot's counters and the tables around them: port counters (hw,
 * PMA, netdev), the counters of objects (bound per-QP counters, MR stats)
 * with the bound counters and the ports' optional counters, the objects'
 * driver attributes, and the ports' GID tables.  Part of the snapshot
 * model: included by snapshot.h, which defines what these use (struct
 * snap_owner, the name limits).
 */
#ifndef RDMATOP_SNAP_STAT_H
#define RDMATOP_SNAP_STAT_H

#ifndef RDMATOP_SNAPSHOT_H
#error "include snapshot.h"
#endif

#include <stdbool.h>
#include <stdint.h>

/* ---- counters: one row per (device, port, source, name) ---- */
enum snap_src {
	SNAP_SRC_HW,		/* netlink STAT_GET hardware counter */
	SNAP_SRC_PMA,		/* sysfs ports/N/counters (IB PMA) */
	SNAP_SRC_NETDEV,	/* sysfs class/net/NDEV/statistics */
	SNAP_SRC_DCB,		/* DCB netlink: PFC per priority (src/net/dcb.c) */
	SNAP_SRC_ETHNL,		/* ethtool netlink: pause, FEC (src/net/ethtool.c) */
	SNAP_SRC_DRV,		/* the driver's `ethtool -S` (src/net/estats.c) */
	SNAP_SRC_N
};

/* A counter source's row (src/model/sources.c), declared once. */
struct snap_src_def {
	const char *name; /* "pma": JSON's and the exposition's source, SRC's prefix */
	const char *what; /* where rdmatop reads it */
};

/* Source src's row, NULL for none. */
const struct snap_src_def *snap_src(unsigned int src);
/* Its name: "hw", "pma", "netdev", "dcb", "ethtool", "driver"; "n/a" for none. */
const char *snap_src_name(unsigned int src);

enum snap_unit {
	SNAP_UNIT_EVENTS,
	SNAP_UNIT_PACKETS,
	SNAP_UNIT_BYTES,
	SNAP_UNIT_USEC,		/* microseconds: a time counted (mlx5's and
				 * bnxt_en's pause durations) */
	SNAP_UNIT_N
};

/* Result of a rate computation (htop's INIT / NODATA / STALE / DATA). */
enum rate_status {
	RATE_INIT,	/* first sample of this object: no rate yet */
	RATE_NODATA,	/* no previous value to compare with */
	RATE_RESET,	/* counter went down: reset, no rate this interval */
	RATE_DATA,	/* rate is valid */
	RATE_SAT,	/* a saturating counter at its maximum in both samples:
			 * its rate is unknown, not 0 */
};

/* snap_counter.sat */
enum {
	SNAP_CNT_SATURATES = 1 << 0,	/* stops at its maximum (IB PMA), no wrap */
	SNAP_CNT_SATURATED = 1 << 1,	/* and is at it: only a reset clears it */
};

struct snap_counter {
	uint32_t dev;
	uint32_t port;
	uint32_t name;		/* string id */
	uint8_t source;		/* enum snap_src */
	uint8_t unit;		/* enum snap_unit */
	uint8_t bits;		/* 4 to 64: the width the counter wraps or
				 * saturates at */
	uint8_t rate_status;	/* enum rate_status */
	uint64_t value;		/* already in `unit` (PMA data words * 4) */
	double rate;		/* per second, valid when RATE_DATA */
	uint64_t delta;		/* value change over the interval (RATE_DATA) */
	uint32_t obj;		/* s->objcnts: bound counter id, or MR number */
	uint8_t optional;	/* an optional counter of its port (enabled) */
	uint8_t kind;		/* s->objcnts: enum snap_objcnt_kind */
	uint8_t cls;		/* enum cnt_class (classify.h), from its name */
	uint8_t cls_flags;	/* CNT_F_*: retransmit, CNP, by rule, by default */
	uint8_t sat;		/* SNAP_CNT_SATURATES, SNAP_CNT_SATURATED */
	uint8_t link;		/* 0: not looked up yet; else 1 + its enum cnt_link
				 * (classify.h), set by rate_compute() */
	/*
	 * A run: rows a parser pushed together from one kept template (a
	 * netdev's `ethtool -S` set, src/net/estats.c), one port's.  At its
	 * first row `run` is its length (2 or more; 0 on every other row) and
	 * on each row `set` the template's serial, never given twice: the
	 * rows have one device, port and source, no kind or object, names
	 * that differ as printed, in the template's order.  What moves rows
	 * keeps a run whole (snap_dedup, a device dropped, a rollback to a
	 * mark: a run is pushed at once) or clears its `run`.  snap_dedup
	 * and the rates take a run at once (snap_counter_run).
	 */
	uint16_t run;
	uint32_t set;
};
_Static_assert(sizeof(struct snap_counter) == 56, "a counter row stays 56 bytes");
/* The length of the run of counter rows v[i] starts, 0 if none (struct
 * snap_counter's run). */
static inline size_t snap_counter_run(const struct snap_vec *v, size_t i)
{
	size_t n = i < v->n ? ((const struct snap_counter *)v->v)[i].run : 0;

	return n >= 2 && n <= v->n - i ? n : 0;
}

/*
 * The largest value a counter holds, in its unit: 2^bits - 1, times 4 for
 * the IB PMA data counters, which count 4-octet words (src/sysfs/sysfs.c
 * keeps them in bytes).
 */
static inline uint64_t snap_counter_max(const struct snap_counter *c)
{
	uint64_t m = c->bits >= 64 || !c->bits ? UINT64_MAX : ((uint64_t)1 << c->bits) - 1;

	if (c->source == SNAP_SRC_PMA && c->unit == SNAP_UNIT_BYTES && m <= UINT64_MAX / 4)
		m *= 4;
	return m;
}

/*
 * A parser's new row classed by its name (cnt_info, src/model/classify.c):
 * its class and flags, its link (struct snap_counter's) and, for a driver
 * counter the table says saturates (hfi1's CNTR_SYNTH ones, at 2^64 - 1),
 * its marks, as the sysfs parser marks a PMA counter.  snap_counter_mark()
 * does the last two for a row and its entry (NULL: none).
 */
struct cnt_entry;
void snap_counter_class(struct snap_counter *c, const char *name);
void snap_counter_mark(struct snap_counter *c, const struct cnt_entry *e);

/* A saturating counter at its maximum. */
static inline bool snap_counter_saturated(const struct snap_counter *c)
{
	return c->sat & SNAP_CNT_SATURATED;
}

/*
 * One attribute of an object's RDMA_NLDEV_ATTR_DRIVER nest, as a driver's
 * fill_res_*_entry puts it with rdma_nl_put_driver_{string,u32,u64}() and
 * their _hex forms (ib_core nldev.c): a DRIVER_STRING name, a PRINT_TYPE
 * (hex) when not plain, then one value.  rdma -dd prints it as "drv_NAME".
 */
enum snap_drv_kind { SNAP_DRV_STR, SNAP_DRV_U32, SNAP_DRV_S32, SNAP_DRV_U64, SNAP_DRV_S64 };
struct snap_drv {
	uint32_t name;		/* string id */
	uint32_t str;		/* string id of a SNAP_DRV_STR value */
	uint64_t v;		/* the number (a signed one sign-extended) */
	uint8_t kind;		/* enum snap_drv_kind */
	bool hex;		/* RDMA_NLDEV_PRINT_TYPE_HEX */
};

/* ---- counters of objects: bound (per-QP) counters and MR stats ---- */
enum snap_objcnt_kind { SNAP_OBJ_QPCNT, SNAP_OBJ_MR };

/*
 * A counter bound to QPs (STAT_GET dump, STAT_RES = RES_QP: `rdma
 * statistic qp show`), auto by type and/or pid, or by hand.  Its values
 * are s->objcnts rows of kind SNAP_OBJ_QPCNT, obj = cntn.
 */
enum {
	SNAP_QPCNT_MODE = 1 << 0,
	SNAP_QPCNT_TYPE = 1 << 1,	/* qp_type (auto by type) */
};

struct snap_qpcnt {
	uint32_t dev;
	uint32_t port;
	uint32_t cntn;
	uint32_t lqpns;		/* string id: "288,289", the bound QPs */
	uint32_t n_lqpn;
	struct snap_owner own;	/* auto by pid: the process */
	uint8_t valid, mode, qp_type;
};

/* A port's optional counter (STAT_GET_STATUS: `rdma statistic mode
 * supported`): supported, and enabled or not. */
struct snap_optcnt {
	uint32_t dev;
	uint32_t port;
	uint32_t name;		/* string id */
	uint32_t index;
	uint8_t enabled;
};

/*
 * One GID table entry of a port (sysfs ports/N/gids/K with gid_attrs/types/K
 * and gid_attrs/ndevs/K, drivers/infiniband/core/sysfs.c): the table is
 * read up to its first empty (all-zero) entry.  A RoCE GID of a VLAN
 * netdev has its VLAN id, from /proc/net/vlan/config (root only).
 */
enum snap_gid_type { SNAP_GID_IB, SNAP_GID_ROCE_V1, SNAP_GID_ROCE_V2, SNAP_GID_UNKNOWN };
struct snap_gid {
	uint32_t dev, port, index;
	uint8_t gid[16];
	uint8_t type;			/* enum snap_gid_type */
	bool has_type;
	bool has_vlan;			/* ndev is a VLAN device */
	uint16_t vlan;			/* its VLAN id (0-4095) */
	char ndev[SNAP_IFNAME_MAX];	/* "" when the entry has none (IB) */
};

#endif
