// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Devices by name and ports by their netdev's name (snapshot.h).  The
 * sysfs parser asks for one of each for every file it reads, 28 files a
 * netdev, 12 a device's port: walks of every device and every port for
 * each were 0.3 M instructions a sample at 64 devices, a tenth of the
 * sysfs parse.  Each is found through an index of names (linear probing,
 * one per thread and kind), made again when the snapshot, its fill (the
 * strings' generation) or its count of devices or ports is not the one
 * it was made for; a sample's files come after its netlink answers, so
 * once a sample.  Past INDEX_MAX rows, walked.
 */
#include <string.h>

#include "snapshot.h"
#include "util.h"

#define INDEX_SLOTS 1024
#define INDEX_MAX (INDEX_SLOTS / 2)

struct index {
	const void *v;
	uint64_t gen;
	size_t n;
	uint16_t slot[INDEX_SLOTS]; /* row + 1; 0: empty */
};

/* The slot a name starts at; rows of one name sit in their order. */
static size_t start(const char *name)
{
	return (size_t)hash_fmix(hash_str(name)) & (INDEX_SLOTS - 1);
}

/* x made for rows v (n of them) of fill gen, each row's name by name_of;
 * false when there are too many */
static bool index_of(struct index *x, const struct snap_vec *v, uint64_t gen,
		     const char *(*name_of)(const void *row))
{
	size_t i, k;

	if (v->n > INDEX_MAX || !gen)
		return false;
	if (x->v == v->v && x->gen == gen && x->n == v->n)
		return true;
	memset(x->slot, 0, sizeof(x->slot));
	for (i = 0; i < v->n; i++) {
		const char *name = name_of((const char *)v->v + i * v->esz);

		if (!name)
			continue;
		for (k = start(name); x->slot[k]; k = (k + 1) & (INDEX_SLOTS - 1))
			;
		x->slot[k] = (uint16_t)(i + 1);
	}
	x->v = v->v;
	x->gen = gen;
	x->n = v->n;
	return true;
}

static const char *dev_name(const void *row)
{
	return ((const struct snap_dev *)row)->name;
}

struct snap_dev *snap_dev_by_name(const struct snapshot *s, const char *name)
{
	static __thread struct index x;
	struct snap_dev *d = s->devs.v;
	size_t i, k;

	if (index_of(&x, &s->devs, s->strs.gen, dev_name))
		for (k = start(name); x.slot[k]; k = (k + 1) & (INDEX_SLOTS - 1))
			if (!strcmp(d[x.slot[k] - 1].name, name))
				return &d[x.slot[k] - 1];
	/* not there, or renamed since (snap_dedup's NAME~2): all of them */
	for (i = 0; i < s->devs.n; i++)
		if (!strcmp(d[i].name, name))
			return &d[i];
	return NULL;
}

static const char *port_ndev(const void *row)
{
	const struct snap_port *p = row;

	return p->valid & SNAP_PORT_NDEV ? p->ndev : NULL;
}

struct snap_port *snap_ndev_port(const struct snapshot *s, const char *ndev, size_t *it)
{
	static __thread struct index x;
	struct snap_port *p = s->ports.v;
	size_t k;

	if (!index_of(&x, &s->ports, s->strs.gen, port_ndev)) {
		/* *it: the next row to look at */
		for (k = *it; k < s->ports.n; k++)
			if ((p[k].valid & SNAP_PORT_NDEV) && !strcmp(p[k].ndev, ndev)) {
				*it = k + 1;
				return &p[k];
			}
		*it = k;
		return NULL;
	}
	/* *it: 1 + the slot to look at next, 0 before the first */
	for (k = *it ? *it - 1 : start(ndev); x.slot[k]; k = (k + 1) & (INDEX_SLOTS - 1)) {
		struct snap_port *q = &p[x.slot[k] - 1];

		if ((q->valid & SNAP_PORT_NDEV) && !strcmp(q->ndev, ndev)) {
			*it = ((k + 1) & (INDEX_SLOTS - 1)) + 1;
			return q;
		}
	}
	*it = k + 1;
	return NULL;
}
