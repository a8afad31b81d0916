/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The generator's shared pieces (tests/hw/gen.c): the records being
 * written, message and expectation builders, the fill helpers every
 * object uses, and the split of a dump into messages.
 */
#ifndef RDMATOP_HW_GEN_PRIV_H
#define RDMATOP_HW_GEN_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libmnl/libmnl.h>

#include "fixture.h"
#include "gen.h"

/* entries of a device's table before the first empty one */
#define N_OF(d, arr, key)                                                      \
	({                                                                     \
		unsigned int n_ = 0;                                           \
		while (n_ < MAXN && (d)->arr[n_].key)                          \
			n_++;                                                  \
		n_;                                                            \
	})

extern const struct gfix *gen_fix;	/* the fixture being written */
extern char gen_root[1024];		/* its directory */
extern uint32_t rec_flags;		/* the next record's FIX_F_* */
extern struct nlmsghdr *msgs[256];	/* the next record's messages */
extern size_t nmsg;

void rec_write(const char *key, int error, const char *text);
struct nlmsghdr *msg_start(unsigned int cmd, bool multi);
void msg_end(struct nlmsghdr *nlh);

void exp_start(const char *cmd, const struct gdev *d);
void exp_u(const char *k, uint64_t v);
void exp_s(const char *k, const char *v);
void exp_end(void);
const char *exp_cmd(const char *cmd, const char *sfx);

void put_handle(struct nlmsghdr *nlh, const struct gdev *d);
const char *guid_str(uint64_t g, char *b);
void put_owner(struct nlmsghdr *nlh, uint32_t pid, const char *kern);
const char *comm_of(uint32_t tid);
void exp_owner(uint32_t pid, const char *kern);
void put_driver(struct nlmsghdr *nlh, const struct drv_kv *kv);
void exp_driver(const struct drv_kv *kv);
const char *qp_type_name(uint8_t t);
const char *qp_state_name(uint8_t s);

#define MSG_ROOM (4096 - 320)

struct dumper {
	const struct gdev *d;
	unsigned int cmd, nest;
	struct nlmsghdr *nlh;
	struct nlattr *t;
	bool counted;		/* an entry in the current message */
};

typedef void entry_fn(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd);
void dumper_open(struct dumper *w);
void dumper_close(struct dumper *w);
void dumper_entry(struct dumper *w, entry_fn *fill, unsigned int i, bool dd);

/* gen_res.c */
void answer_res(const struct gdev *d);
void answer_res_dump(bool dd);
void answer_frmr(const struct gdev *d);
/* gen_stat.c */
uint64_t hw_value(const struct gdev *d, unsigned int port, unsigned int i);
unsigned int port_counters(const struct gdev *d, unsigned int port, const char **names, uint64_t *vals);
void answer_stat(const struct gdev *d);
void answer_stat_qp(const struct gdev *d, unsigned int port, bool dd);
void answer_stat_mr(const struct gdev *d, bool dd);
void answer_stat_set(const struct gdev *d);
void answer_stat_bind(const struct gdev *d);
void answer_stat_opt(const struct gdev *d);
/* gen_sysfs.c */
void mkdirs(const char *path);
void write_sysfs(void);

#endif
