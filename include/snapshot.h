/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The snapshot model: everything rdmatop knows about the RDMA state of the
 * host at one moment, as plain structs.  Optional fields carry a validity
 * bit: a field the kernel or the driver did not report is "n/a", never 0.
 *
 * A snapshot is built by feeding it raw inputs (netlink responses, file
 * contents) through the parsers in src/nl and src/sysfs; rates are filled in
 * by src/model/rate.c from the previous snapshot.  Nothing here knows about
 * curses or output formats.
 */
#ifndef RDMATOP_SNAPSHOT_H
#define RDMATOP_SNAPSHOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#define SNAP_DEV_NAME_MAX 64	/* IB_DEVICE_NAME_MAX */
#define SNAP_IFNAME_MAX 16	/* IFNAMSIZ */
#define SNAP_NONE UINT32_MAX	/* "no device / no index" */

/* A growable array of fixed-size elements. */
struct snap_vec {
	void *v;
	size_t n, cap;
	size_t esz;		/* bytes per element, set by snap_push */
	size_t hint;		/* elements before the last clear: the next size */
};

#define SNAP_AT(vec, type, i) (&((type *)(vec)->v)[i])

/*
 * An optional field and its validity bit, set together and tested alike:
 * SNAP_SET(c, cqn, SNAP_CQ_CQN, v); ... if (SNAP_HAS(c, SNAP_CQ_CQN)) ...
 */
#define SNAP_SET(obj, field, bit, v) ((obj)->field = (v), (obj)->valid |= (bit))
#define SNAP_HAS(obj, bit) (((obj)->valid & (bit)) != 0)

/*
 * Interned strings: an id is an offset into one buffer; id 0 is "".
 * Ids stay valid for the life of the snapshot.  gen is new, process-wide,
 * whenever the buffer loses strings (cleared, rolled back): an id kept
 * with its gen (struct snap_str_memo) is the same string while gen is.
 */
struct snap_strs {
	char *buf;
	size_t len, cap;
	uint64_t gen;
};

/* ---- system (RDMA_NLDEV_CMD_SYS_GET) ---- */
enum {
	SNAP_SYS_NETNS_MODE = 1 << 0,	/* 1 = shared, 0 = exclusive */
	SNAP_SYS_COPY_ON_FORK = 1 << 1,
	SNAP_SYS_PRIV_QKEY = 1 << 2,
	SNAP_SYS_MONITOR = 1 << 3,
};

struct snap_sys {
	uint32_t valid;
	uint8_t netns_shared;
	uint8_t copy_on_fork;
	uint8_t privileged_qkey;
	uint8_t monitor_mode;
};

/* ---- who holds a resource ---- */
enum {
	SNAP_OWN_TID = 1 << 0,	/* RES_PID: the creating thread's id */
	SNAP_OWN_KERN = 1 << 1,	/* RES_KERN_NAME: kernel-owned */
};

struct snap_owner {
	uint32_t tid;		/* id as the kernel reports it (a thread id) */
	uint32_t kern;		/* string id of the kernel owner name */
	uint32_t drv;		/* first of its driver attributes in s->drvs */
	uint16_t ndrv;		/* how many (0: the driver sent none) */
	uint8_t valid;
};

/* The resource objects: their one list (SNAP_RES_LIST) and their rows. */
#include "snap_res.h"

enum snap_res {
#define SNAP_RES_ENUM(ID, name, cmd, ...) SNAP_RES_##ID,
	SNAP_RES_LIST(SNAP_RES_ENUM)
#undef SNAP_RES_ENUM
	SNAP_RES_N
};

/* What the model knows of each object, from the list (src/model/res.c). */
struct snap_res_info {
	const char *name;	/* "qp": its name in the resource summary */
	const char *table;	/* "qps": JSON key and table name */
	const char *title;	/* "QPs" */
	const char *what;	/* "QP table", in notes */
	size_t size;		/* bytes per element */
	size_t own;		/* offset of its struct snap_owner */
	uint8_t dump, proc;	/* places in the two orders (see above) */
	uint8_t flags;		/* SNAP_RES_OWNED, ... */
};
extern const struct snap_res_info snap_res_info[SNAP_RES_N];
/* The object at place i of the dump order, or of the per-process order
 * (SNAP_RES_N at an object that is not OWNED: it has no processes). */
enum snap_res snap_res_dump(size_t i);
enum snap_res snap_res_proc(size_t i);
static inline bool snap_res_owned(int r)
{
	return snap_res_info[r].flags & SNAP_RES_OWNED;
}
/*
 * Whether the outputs have a table of object r in sample s: always, but
 * for a SNAP_RES_NEWER object only once a device's kernel answered its
 * command (dumped or carried): absent, the kernel has no such objects at
 * all (older kernels, recordings made before it was read).
 */
struct snapshot;
bool snap_res_seen(const struct snapshot *s, int r);

/* Per-device tables rdmatop dumps; index into snap_dev.tbl_err. */
enum snap_tbl {
	SNAP_TBL_PORT,
	SNAP_TBL_STAT,
	SNAP_TBL_RES,	/* + enum snap_res: SNAP_TBL_QP, ... */
#define SNAP_TBL_ENUM(ID, name, cmd, ...) SNAP_TBL_##ID = SNAP_TBL_RES + SNAP_RES_##ID,
	SNAP_RES_LIST(SNAP_TBL_ENUM)
#undef SNAP_TBL_ENUM
	SNAP_TBL_N = SNAP_TBL_RES + SNAP_RES_N
};

/* ---- devices (RDMA_NLDEV_CMD_GET) ---- */
enum {
	SNAP_DEV_CAPS = 1 << 0,
	SNAP_DEV_FW = 1 << 1,
	SNAP_DEV_NODE_GUID = 1 << 2,
	SNAP_DEV_SYS_GUID = 1 << 3,
	SNAP_DEV_NODE_TYPE = 1 << 4,
	SNAP_DEV_PROTOCOL = 1 << 5,
	SNAP_DEV_DIM = 1 << 6,
	SNAP_DEV_NUM_PORTS = 1 << 7,
	SNAP_DEV_TYPE = 1 << 8,		/* DEV_TYPE (6.12+: SMI sub-devices) */
	SNAP_DEV_PARENT = 1 << 9,	/* PARENT_NAME (6.12+) */
};

/*
 * A resource summary entry of a type that has no enum snap_res (no dump of
 * its own): kept under the kernel's name.  7.x: comp_cntr (completion
 * counters; rxe reports 0).
 */
#define SNAP_RES_OTHER_N 4
/* The name is held here, not interned: the summary is a device's, a row
 * older than the request that fills it, which a request's rollback
 * (snap_rollback: its strings dropped) does not reach. */
#define SNAP_RES_OTHER_NAME 32
struct snap_res_other {
	char name[SNAP_RES_OTHER_NAME];	/* the kernel's name ([A-Za-z0-9_], 1..31) */
	bool max_valid;
	uint64_t curr;
	uint64_t max;
};

struct snap_dev {
	uint32_t index;
	uint32_t valid;
	char name[SNAP_DEV_NAME_MAX];
	char fw[64];
	char protocol[16];
	uint64_t caps;
	uint64_t node_guid;
	uint64_t sys_image_guid;
	uint32_t num_ports;
	uint8_t node_type;
	uint8_t dim;
	uint8_t type;			/* enum rdma_nl_dev_type: 1 = SMI */
	char parent[SNAP_DEV_NAME_MAX];	/* the sub-device's parent device */
	uint16_t res_valid;		/* bit (1 << enum snap_res) */
	uint64_t res[SNAP_RES_N];	/* resource summary (RES_GET) */
	uint16_t res_chg_valid;		/* bit (1 << enum snap_res): both samples had it */
	int64_t res_chg[SNAP_RES_N];	/* res minus the previous sample's (rate.c) */
	uint16_t res_max_valid;		/* bit (1 << enum snap_res): res_max sent (7.x) */
	uint64_t res_max[SNAP_RES_N];	/* the device's limit (RES_SUMMARY_ENTRY_MAX) */
	uint8_t n_res_other;
	struct snap_res_other res_other[SNAP_RES_OTHER_N];
	int tbl_err[SNAP_TBL_N];	/* 0, or -errno of that table's dump */
	/*
	 * Paced tables (--budget): which objects' dumps this sample asked
	 * for (bit 1 << enum snap_res), which were carried over from the
	 * previous sample instead (snap_carry), and the monotonic time the
	 * rows of each are from: the sample that dumped them.
	 */
	uint16_t res_asked, res_carried;
	struct timespec res_when[SNAP_RES_N];
	/*
	 * The resource summary (RES_GET), paced like a table: read in this
	 * sample, or carried (snap_carry: the counts of the tables dumped in
	 * this sample from their rows, the others from the last summary),
	 * and the monotonic time of the summary read.
	 */
	bool sum_asked, sum_carried;
	struct timespec sum_when;
};

/* ---- ports (RDMA_NLDEV_CMD_PORT_GET + sysfs) ---- */
enum {
	SNAP_PORT_CAP_FLAGS = 1 << 0,
	SNAP_PORT_SUBNET_PREFIX = 1 << 1,
	SNAP_PORT_LID = 1 << 2,
	SNAP_PORT_SM_LID = 1 << 3,
	SNAP_PORT_LMC = 1 << 4,
	SNAP_PORT_STATE = 1 << 5,
	SNAP_PORT_PHYS_STATE = 1 << 6,
	SNAP_PORT_NDEV = 1 << 7,	/* ndev_index and ndev */
	SNAP_PORT_RATE = 1 << 8,	/* sysfs ports/N/rate */
	SNAP_PORT_LINK_LAYER = 1 << 9,	/* sysfs ports/N/link_layer */
	SNAP_PORT_QP_MODE = 1 << 10,	/* qp_mode (STAT_GET, STAT_RES = RES_QP) */
	SNAP_PORT_QP_MASK = 1 << 11,	/* qp_mask: auto mode's criteria */
	SNAP_PORT_QP_OPCNT = 1 << 12,	/* qp_opcnt: auto binds optional counters */
	SNAP_PORT_GUID = 1 << 13,	/* the interface id of GID 0 (sysfs gids/0) */
	SNAP_PORT_NDEV_MTU = 1 << 14,	/* sysfs class/net/NDEV/mtu */
	/* the bound netdev's carrier counts (sysfs class/net/NDEV/carrier_*,
	 * 4.16+ for the up and down counts) */
	SNAP_PORT_CARRIER_CHANGES = 1 << 24,
	SNAP_PORT_CARRIER_UP = 1 << 25,
	SNAP_PORT_CARRIER_DOWN = 1 << 26,
	SNAP_PORT_LAST_CHANGE = 1 << 27,	/* last_change: a change was seen */
};

/* The kernel's enum rdma_nl_counter_mode and _mask, as numbers. */
enum { SNAP_QPCNT_NONE, SNAP_QPCNT_AUTO, SNAP_QPCNT_MANUAL };
enum { SNAP_QPCNT_BY_TYPE = 1 << 0, SNAP_QPCNT_BY_PID = 1 << 1 };

#define SNAP_PKEYS_MAX 32	/* P_Keys kept per port */

/*
 * A change of a link seen between two samples (src/model/flaps.c): its
 * state before and after, and how often the carrier changed and the link
 * went down meanwhile (the kernel's counts: a down and up between two
 * samples leaves the state as it was).
 */
#define SNAP_CHANGES_MAX 8	/* the last ones kept per port */
struct snap_link_change {
	struct timespec when;	/* the sample that saw it (CLOCK_REALTIME) */
	float window;		/* seconds since the sample before: it happened within */
	uint8_t from_state, state, from_phys, phys;	/* 0: not known */
	uint32_t carrier;	/* carrier changes counted in the window */
	uint32_t downed;	/* link_downed counted in the window */
	uint32_t down_events;	/* the PHY's link downs (ethtool LINKSTATE
				 * EXT_DOWN_CNT) counted in the window */
	bool down_known;	/* the netdev reports that count (6.6+) */
};

struct snap_port {
	uint32_t dev;
	uint32_t port;
	uint32_t valid;
	uint32_t lid, sm_lid;
	uint32_t ndev_index;
	uint64_t cap_flags;
	uint64_t subnet_prefix;
	uint8_t lmc, state, phys_state;
	char ndev[SNAP_IFNAME_MAX];
	char rate[40];
	char link_layer[16];
	uint8_t qp_mode, qp_mask, qp_opcnt;	/* `rdma statistic qp mode` */
	uint64_t guid;			/* port GUID */
	uint32_t ndev_mtu;		/* the bound netdev's MTU */
	uint8_t npkeys;			/* P_Key table (sysfs pkeys/N) up to its first 0 */
	uint16_t pkeys[SNAP_PKEYS_MAX];
	uint32_t carrier_changes, carrier_up, carrier_down;	/* SNAP_PORT_CARRIER_* */
	/* carried from sample to sample (flaps.c): the last change seen and
	 * the last SNAP_CHANGES_MAX changes, oldest first */
	struct timespec last_change;
	uint8_t nchanges;
	struct snap_link_change changes[SNAP_CHANGES_MAX];
	/* index + 1 in s->counters of its link_downed and link_error_recovery
	 * (flaps.c, while s->flaps says the index holds), 0 for none */
	uint32_t flaps_ctr[2];
	/* its counters: s->ctr_ix[ctr_first ..], ctr_n of them (snap_ctrs_index) */
	uint32_t ctr_first, ctr_n;
};


/* Counters, bound counters, optional counters, driver attributes, GIDs. */
#include "snap_stat.h"


/* Threads and their processes (src/model/tasks.c), users (users.c). */
#include "snap_task.h"

/* ---- changes: kernel notifications and changes found by polling ---- */
enum snap_ev_source { SNAP_EV_KERNEL, SNAP_EV_POLL };

/* Kinds: the kernel's enum rdma_nl_notify_event_type values (REGISTER 0,
 * UNREGISTER 1, NETDEV_ATTACH 2, NETDEV_DETACH 3, newer ones kept as they
 * come), then ours for what polling finds. */
enum {
	SNAP_EV_DEV_ADDED = 1000,
	SNAP_EV_DEV_REMOVED,
	SNAP_EV_DEV_RENAMED,
	SNAP_EV_PORT_STATE,
	SNAP_EV_PORT_PHYS,
	SNAP_EV_NETDEV,		/* a port's netdev changed (attach, rename) */
};

enum {
	SNAP_EV_DEV = 1 << 0,
	SNAP_EV_NAME = 1 << 1,
	SNAP_EV_PORT = 1 << 2,
	SNAP_EV_NDEV_INDEX = 1 << 3,
	SNAP_EV_NDEV_NAME = 1 << 4,
};

struct snap_event {
	uint8_t source;		/* enum snap_ev_source */
	uint16_t valid;
	uint32_t type;
	uint32_t dev;
	uint32_t port;
	uint32_t ndev_index;
	uint32_t name;		/* string id: device name (new name for renames) */
	uint32_t ndev;		/* string id: netdev name */
	uint32_t from, to;	/* string ids: old and new value of a polled change */
};

/* ---- messages worth showing the user about this sample ---- */
struct snap_note {
	int err;		/* -errno, or 0 for information */
	uint32_t dev;		/* device index or SNAP_NONE */
	uint32_t text;		/* string id */
};

/* rdmatop's own cost: struct snap_self (src/model/self.c). */
#include "snap_self.h"

/* The Ethernet layer under the RoCE ports (src/net). */
#include "snap_net.h"

/* Global conditions of a sample. */
enum {
	SNAP_F_NO_NETLINK = 1 << 0,	/* no NETLINK_RDMA in this kernel */
	SNAP_F_NO_DEVICES = 1 << 1,
	SNAP_F_UNPRIVILEGED = 1 << 2,	/* keys hidden: not CAP_NET_ADMIN */
	SNAP_F_EVENTS = 1 << 3,		/* joined the kernel's notify group */
	SNAP_F_EVENTS_LOST = 1 << 4,	/* the event queue overflowed */
	SNAP_F_GPU_REL = 1 << 5,	/* a process has GPUs open (snap_pstats_gpus) */
	SNAP_F_USERS = 1 << 6,		/* the sample names its uids (SNAP_USERS) */
	SNAP_F_NO_RAW = 1 << 7,		/* raw QP contexts refused: not CAP_NET_ADMIN */
};

struct snapshot {
	struct timespec mono;	/* when sampling started (CLOCK_MONOTONIC) */
	struct timespec wall;	/* same moment, CLOCK_REALTIME */
	double interval;	/* seconds since the previous snapshot, 0 if none */
	uint32_t flags;
	int nl_err;		/* -errno when the netlink socket failed */
	char host[65];
	char kernel[65];
	struct snap_sys sys;
	struct snap_self self;
	struct snap_vec devs;		/* struct snap_dev */
	struct snap_vec ports;		/* struct snap_port */
	struct snap_vec counters;	/* struct snap_counter */
	struct snap_vec objcnts;	/* struct snap_counter of bound counters, MRs */
	struct snap_vec qpcnts;		/* struct snap_qpcnt */
	struct snap_vec optcnts;	/* struct snap_optcnt */
	/* the objects' vectors, by enum snap_res or by name (s->qps) */
	union {
		struct snap_vec res[SNAP_RES_N];
		struct {
#define SNAP_RES_VEC(ID, name, cmd, ...) struct snap_vec name##s;
			SNAP_RES_LIST(SNAP_RES_VEC)
#undef SNAP_RES_VEC
		};
	};
	struct snap_vec tasks;		/* struct snap_task, sorted by tid */
	struct snap_vec notes;		/* struct snap_note */
	struct snap_vec events;		/* struct snap_event */
	struct snap_vec drvs;		/* struct snap_drv: the objects' driver attributes */
	struct snap_vec gids;		/* struct snap_gid, by port */
	struct snap_vec nets;		/* struct snap_net: RoCE ports' netdevs */
	struct snap_vec pcis;		/* struct snap_pci (include/snap_pci.h) */
	struct snap_vec pstats;		/* struct snap_pstat (include/snap_proc.h) */
	/* struct snap_counter: the rows of netdevs with no RDMA port of their
	 * own, the devices beneath a port's netdev (src/net/lowctr.c; keyed
	 * by snap_lower_key, summed onto the upper's ports by
	 * src/model/lowsum.c) */
	struct snap_vec lowctrs;
	double uptime;			/* /proc/uptime, 0 when not read */
	uint32_t users;			/* string id: the SNAP_USERS lines kept */
	struct snap_strs strs;
	/* the ports' flaps_ctr hold for these counters (flaps.c) */
	struct {
		size_t n;
		uint64_t gen;
	} flaps;
	/* the counters by port (snap_ctrs_index): uint32_t indexes into
	 * counters, each port's together; they hold for these counters */
	struct snap_vec ctr_ix;
	struct {
		size_t n, ports;
		uint64_t gen;
	} ctrs;
	uint32_t rated;		/* rate_compute's runs on it: a rate read before is old */
	/* counters[lowsum - 1..] are the lowers' sums on their uppers'
	 * ports (snap_lowers_sum), 0: none */
	size_t lowsum;
	/* what the sample's source fed so far (src/source/feed.c: its bound) */
	struct {
		uint64_t bytes, records, unchecked;	/* unchecked: since the rows' count */
		bool over;
	} fed;
};

void snap_init(struct snapshot *s);
void snap_clear(struct snapshot *s);	/* empty it; small allocations kept */
void snap_mem_init(void);
void snap_free(struct snapshot *s);

/*
 * Names outputs key by (src/model/dedup.c): a NUL inside one is kept as
 * the text \x00, never cut at.  snap_name_esc() into dst (cap bytes, always
 * terminated; trailing NULs dropped), its length; snap_name() interned.
 */
size_t snap_name_esc(char *dst, size_t cap, const char *src, size_t len);
uint32_t snap_name(struct snapshot *s, const char *src, size_t len);
/* Do a and b print as the same label value or JSON string? */
bool snap_same_name(const char *a, const char *b);
/* A hash of name as printed: names snap_same_name finds the same have one. */
uint64_t snap_name_hash(const char *name);
/*
 * After a sample's inputs: the later of two devices of one name renamed
 * NAME~2 (~3, ...), and of counters of one series (source, device, port,
 * object, name as printed) the first kept, so outputs never have a series
 * or a key twice.
 */
void snap_dedup(struct snapshot *s);
/* Bytes the snapshot's rows and strings take (its vectors' elements in use). */
size_t snap_bytes(const struct snapshot *s);
/* Append a zeroed element; NULL on allocation failure. */
void *snap_push(struct snap_vec *vec, size_t size);
/* The same, not zeroed where there is room: for a caller that writes it whole. */
static inline void *snap_push_raw(struct snap_vec *vec, size_t size)
{
	if (vec->n < vec->cap)
		return (char *)vec->v + vec->n++ * size;
	return snap_push(vec, size);
}
/* Append n elements, not zeroed: the first of them; NULL on allocation
 * failure (nothing appended). */
void *snap_push_n(struct snap_vec *vec, size_t size, size_t n);
/* Intern a string (at most len bytes, stops at NUL); 0 on failure or "". */
uint32_t snap_str(struct snapshot *s, const char *str, size_t len);
/*
 * A string a parser interns in every sample and for many rows (a driver's
 * counter names, shared by its netdevs): interned once per snapshot, the id
 * kept in m with the strings' generation.  The caller guards m.
 */
struct snap_str_memo {
	uint64_t gen;
	uint32_t id;
};
static inline uint32_t snap_str_memo(struct snapshot *s, struct snap_str_memo *m,
				     const char *str, size_t len)
{
	if (m->id && m->gen == s->strs.gen && m->id < s->strs.len)
		return m->id;
	m->id = snap_str(s, str, len);
	m->gen = s->strs.gen;
	return m->id;
}
const char *snap_s(const struct snapshot *s, uint32_t id);
void snap_note(struct snapshot *s, int err, uint32_t dev, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

struct snap_dev *snap_dev_find(const struct snapshot *s, uint32_t index);
/*
 * Why a sample with SNAP_F_NO_DEVICES has none, as one line for the user:
 * in exclusive netns mode a device shows only in the network namespace it
 * belongs to, so a container sees none of the host's until one is moved
 * there; otherwise there is no driver or Soft-RoCE link.
 */
const char *snap_no_devices_why(const struct snapshot *s);
/* The first device named name; the ports on netdev ndev in their order (*it
 * 0 first, then as left; NULL past the last): src/model/byname.c */
struct snap_dev *snap_dev_by_name(const struct snapshot *s, const char *name);
struct snap_port *snap_ndev_port(const struct snapshot *s, const char *ndev, size_t *it);
struct snap_port *snap_port_find(const struct snapshot *s, uint32_t dev, uint32_t port);

/*
 * Each port's counters found at once (src/model/portctr.c): done in the
 * sample's pipeline (snap_carry), so that a port's link rates, errors and
 * pauses read its own rows, not every row of the sample for each port and
 * column (quadratic: 217 M instructions for the Links table at 64 netdevs
 * of 255 counters).  0, or -ENOMEM (no index: the walks read all).
 */
int snap_ctrs_index(struct snapshot *s);
/* The counters of port (dev, port): its own where the index holds, else
 * every counter of s (the caller still checks dev and port). */
struct snap_ctr_it {
	const struct snapshot *s;
	const uint32_t *ix;	/* NULL: all of s->counters */
	size_t i, n;
};
void snap_ctrs_of(const struct snapshot *s, uint32_t dev, uint32_t port, struct snap_ctr_it *it);
static inline const struct snap_counter *snap_ctr_next(struct snap_ctr_it *it)
{
	const struct snap_counter *v = it->s->counters.v;

	if (it->i >= it->n)
		return NULL;
	return it->ix ? &v[it->ix[it->i++]] : &v[it->i++];
}
/* Find or add the port row (dev, port). */
struct snap_port *snap_port_get(struct snapshot *s, uint32_t dev, uint32_t port);
/* A string id of `from` as an id of `to` (0 for the empty string). */
uint32_t snap_str_copy(struct snapshot *to, const struct snapshot *from, uint32_t id);

/* Process id holding the resource, 0 when unknown or kernel-owned. */
uint32_t snap_owner_pid(const struct snapshot *s, const struct snap_owner *o);
/* The bound counter QP lqpn of device dev counts in, or NULL. */
const struct snap_qpcnt *snap_qpcnt_of(const struct snapshot *s, uint32_t dev, uint32_t lqpn);
/* Whether the comma-separated lqpn list of a bound counter holds lqpn. */
bool snap_lqpns_has(const char *list, uint32_t lqpn);

/* comm as `rdma` shows it: the thread's comm, or the kernel owner's name. */
const char *snap_owner_comm(const struct snapshot *s, const struct snap_owner *o);

/* The element type of object r and its device and owner. */
static inline const void *snap_res_at(const struct snapshot *s, enum snap_res r, size_t i)
{
	return (const char *)s->res[r].v + i * snap_res_info[r].size;
}

static inline const struct snap_owner *snap_res_owner(const void *obj, enum snap_res r)
{
	return (const struct snap_owner *)((const char *)obj + snap_res_info[r].own);
}

/*
 * In a paced sample (self.budget > 0), tables of cur's devices that it did
 * not dump are taken
 * from prev when it has the same device (index and name): their rows,
 * their time (res_when), and the tasks of their owners that cur lacks.
 * Live and replay alike, so a replay has the same tables and ages.  In
 * every sample, the tasks it kept (SNAP_TASK_KEPT) are filled from prev.
 * 0, or -ENOMEM (then a table may be missing).
 */
int snap_carry(const struct snapshot *prev, struct snapshot *cur);
/* Whether s, before snap_carry, takes anything from the sample before it
 * (kept owners, paced or skipped tables). */
bool snap_carries(const struct snapshot *s);
/* Seconds between the sample and the rows of object r of device d. */
double snap_res_age(const struct snapshot *s, const struct snap_dev *d, enum snap_res r);
/* The oldest rows of object r among s's devices (0 when all are fresh). */
double snap_table_age(const struct snapshot *s, enum snap_res r);
/* Seconds between the sample and device d's last resource summary (0: read in it). */
double snap_sum_age(const struct snapshot *s, const struct snap_dev *d);
/* The monotonic time QP q's data is from: its own (a per-QP GET), else its table's. */
struct timespec snap_qp_when(const struct snapshot *s, const struct snap_qp *q);
/* Seconds between the sample and q's data. */
double snap_qp_age(const struct snapshot *s, const struct snap_qp *q);
/* Whether q's table of its device is carried (paced): its rows may differ in age. */
bool snap_qp_paced(const struct snapshot *s, const struct snap_qp *q);

/* Element counts, for rolling back a partially parsed (interrupted) dump. */
#define SNAP_VECS (15 + SNAP_RES_N)	/* devs, ports, counters, notes, events,
					 * objcnts, qpcnts, optcnts, drvs, gids, nets,
					 * pcis, pstats, ctr_ix, lowctrs */
struct snap_mark {
	size_t n[SNAP_VECS];
	size_t strs;
};
void snap_mark(const struct snapshot *s, struct snap_mark *m);
void snap_rollback(struct snapshot *s, const struct snap_mark *m);

#endif
