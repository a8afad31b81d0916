/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The live source's state, its requests (live_req.c) and its file reads
 * (src/source/live.c, files.c).
 * Private to src/source.
 */
#ifndef RDMATOP_SOURCE_LIVE_H
#define RDMATOP_SOURCE_LIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "nl.h"
#include "pace.h"
#include "source.h"

#define DD_REFUSALS 32		/* (device, command) pairs remembered */

/*
 * An id's /proc files are read again at least every LIVE_TASKS_REREAD
 * samples (staggered by id), whatever its identity says: a process can
 * rename itself (prctl, exec), change its uid or move to another cgroup.
 */
#define LIVE_TASKS_REREAD SOURCE_REREAD

/* An owner id (or its process) as the sample before saw it (files.c). */
struct live_task {
	uint32_t tid;
	uint32_t pid;		/* its Tgid, 0 when unknown */
	uint64_t ino;		/* /proc/ID's inode and change time: 0 when not known */
	int64_t sec;
	long nsec;
	uint8_t role;		/* LIVE_TASK_OWNER, LIVE_TASK_PROC */
	bool ok;		/* every file of it read without an error */
	bool kept;		/* this sample did not read it again */
};

struct live_tasks {
	struct live_task *v;
	size_t n, cap;
};

/* The user names of the uids seen so far (users.c), each resolved once. */
#define LIVE_USERS_MAX 1024
struct live_user {
	uint32_t uid;
	bool named;		/* the user database had a name for it */
	char name[SNAP_USER_MAX + 1];
};

struct live_users {
	struct live_user *v;
	size_t n, cap;
};

struct live {
	struct nl_sock ns;
	bool open;
	struct nl_sock mon;	/* joined to the notify group, when the kernel has it */
	bool mon_open, mon_tried;
	char sysroot[256];
	unsigned char *buf;	/* NL_BUF_SIZE */
	char *fbuf;		/* file contents */
	size_t fcap;
	int last_err;		/* the kernel's answer to the last request: 0, -errno */
	/* requests a kernel refused DRIVER_DETAILS in, asked without it since */
	struct { uint32_t dev; uint16_t cmd; } dd_no[DD_REFUSALS];
	size_t n_dd_no;
	/* the newer objects (SNAP_RES_NEWER) this kernel refused: their
	 * command is past its ops (6.x: -EINVAL), and is not asked again */
	uint32_t newer_no;
	struct source_pace pace;
	/* the ids of the last sample delivered, by tid, and this sample's */
	struct live_tasks tasks, next;
	uint32_t tasks_seq;
	struct net_live *net;	/* src/net: the RoCE ports' netdevs */
	/* the PCI walk's text (pci.c), and the devices it was made for */
	char *pci, *pci_key;
	size_t pci_len;
	unsigned long pci_walks;
	struct live_users users;
};

/*
 * A request and its answer fed to the parsers: 0, or a transport error
 * (the kernel's own errors are the parser's, l->last_err the last).
 * _timed: its wall time counted under its kind, *secs (may be NULL) the
 * CPU time it cost; _dd: with DRIVER_DETAILS where the kernel takes it.
 */
/* A note of the live source's own (snap_note), recorded where a recorder
 * listens (REC_NOTE): a replay says it again, which its bytes cannot */
void live_note(struct source *src, struct snapshot *s, int err, uint32_t dev, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
int live_request(struct source *src, struct snapshot *s, const struct nl_req *req);
int live_request_timed(struct source *src, struct snapshot *s, const struct nl_req *req,
		       double *secs);
int live_request_dd(struct source *src, struct snapshot *s, const struct nl_req *req,
		    double *secs);
/* One of device dev's dumps failed: 1 when it went away, 0 when it is
 * still there (or *asked: asked already this sample), or an error. */
int live_dev_gone(struct source *src, struct snapshot *s, uint32_t dev, bool *asked);

/* The RoCE ports' netdevs (net.c): every one, each once, its inputs fed
 * through src (source_feed_net). */
struct net_live;
int net_live_sample(struct net_live **nl, struct source *src, struct snapshot *s);
void net_live_close(struct net_live *nl);

/* Read one file (sysroot-relative path) and feed it: its length, or -errno. */
ssize_t live_read_file(struct source *src, struct snapshot *s, const char *path);
/* A port's sysfs files: rate, link layer, GIDs, P_Keys, PMA counters, its netdev's. */
void live_read_port_files(struct source *src, struct snapshot *s,
			  const struct snap_dev *d, const struct snap_port *p);
/*
 * /proc once per distinct owner id, then once per process not yet read;
 * an id whose task is the one the last sample saw is not read again but
 * listed in a SOURCE_TASKS_KEPT record.
 */
void live_read_tasks(struct source *src, struct snapshot *s);
/* The sample is delivered (ok) or not: what the next one may keep. */
void live_tasks_commit(struct live *l, bool ok);
/*
 * uid's name in this machine's user database (NSS: files, LDAP, sssd), as
 * ps shows it: 0, or -ENOENT (no name), -EINVAL (a name SNAP_USERS cannot
 * hold: longer than SNAP_USER_MAX or with control characters).
 */
int live_user_name(uint32_t uid, char *buf, size_t size);
/* The names of the uids of the sample's tasks and of those before: one
 * SNAP_USERS record (after live_read_tasks). */
void live_read_users(struct source *src, struct snapshot *s);
/* /proc/net/vlan/config when a GID's netdev is not its port's. */
void live_read_vlans(struct source *src, struct snapshot *s);
/* The devices beneath netdev ndev through its lower_NAME links (files.c). */
void live_read_lowers(struct source *src, struct snapshot *s, const char *ndev);
/* The PCI locality (SYSFS_PCI), walked again when the devices change. */
void live_read_pci(struct source *src, struct snapshot *s);

#endif
