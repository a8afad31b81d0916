// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The names the port truth's tables know (truth_tab.c), indexed once a
 * process, and a counter's name looked up by its string id once a
 * snapshot (truth_names.h).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "truth_names.h"
#include "view.h"

struct known known[KNOWN_MAX];
size_t n_known;
int16_t rule_ki[128][TRUTH_SUM_MAX], same_ki[32][TRUTH_SUM_MAX];
static pthread_once_t known_once = PTHREAD_ONCE_INIT;

static uint64_t hash_text(const char *a, size_t n, const char *b, size_t m)
{
	uint64_t h = 1469598103934665603ULL;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)a[i]) * 1099511628211ULL;
	for (i = 0; i < m; i++)
		h = (h ^ (unsigned char)b[i]) * 1099511628211ULL;
	return h;
}

/* known[]'s index of a text as the table spells it with digit d, or -1 */
static int known_of_text(const char *pat, char d, bool add)
{
	const char *h = strchr(pat, '#');
	char buf[96];
	uint64_t hv;
	size_t i;

	if (h && d) {
		snprintf(buf, sizeof(buf), "%.*s%c%s", (int)(h - pat), pat, d, h + 1);
		hv = hash_text(buf, strlen(buf), NULL, 0);
	} else {
		hv = hash_text(pat, strlen(pat), NULL, 0);
		d = 0;
	}
	for (i = 0; i < n_known; i++)
		if (known[i].hash == hv && known[i].name == pat && known[i].digit == d)
			return (int)i;
	if (!add || n_known == KNOWN_MAX)
		return -1;
	known[n_known] = (struct known){ .name = pat, .digit = d, .hash = hv };
	return (int)n_known++;
}

static void known_add(const struct truth_name *tn, bool same, size_t row, size_t pos, int16_t *ki)
{
	const char *h = strchr(tn->name, '#');
	char d;

	for (d = h ? '0' : 0;; d++) {
		int k = known_of_text(tn->name, d, true);

		if (k >= 0 && known[k].n < MEMB_MAX)
			known[k].m[known[k].n++] =
				(struct memb){ same, tn->src, (uint8_t)pos, (uint16_t)row };
		if (d == (h ? '0' : 0))
			*ki = (int16_t)k;
		if (!h || d == '9')
			break;
	}
}

/* known[] by the hash of its text, each slot its index + 1, 0 empty: the
 * entries of one text in known[]'s order (linear probing keeps it) */
#define KNOWN_SLOTS 512
static uint16_t known_slot[KNOWN_SLOTS];
/* a slot always empty: the probes end (a power of two: the mask) */
_Static_assert(KNOWN_SLOTS > KNOWN_MAX && !(KNOWN_SLOTS & (KNOWN_SLOTS - 1)),
	       "known_slot has an empty slot and a mask");

static void known_hash_build(void)
{
	size_t i, k;

	for (i = 0; i < n_known; i++) {
		for (k = known[i].hash & (KNOWN_SLOTS - 1); known_slot[k];
		     k = (k + 1) & (KNOWN_SLOTS - 1))
			;
		known_slot[k] = (uint16_t)(i + 1);
	}
}

/* mlx5 en_stats.c, bnxt_en bnxt_ethtool.c: microseconds paused */
static const struct truth_name pause_names[] = {
	{ SNAP_SRC_DRV, "rx_prio#_pause_duration" },  { SNAP_SRC_DRV, "tx_prio#_pause_duration" },
	{ SNAP_SRC_DRV, "pfc_pri#_rx_duration_us" },  { SNAP_SRC_DRV, "pfc_pri#_tx_duration_us" },
	{ SNAP_SRC_DRV, "rx_global_pause_duration" }, { SNAP_SRC_DRV, "tx_global_pause_duration" },
};

static void known_build(void)
{
	size_t nr, ns, i, k;
	const struct truth_rule *r = truth_rules(&nr);
	const struct truth_same *sm = truth_sames(&ns);

	for (i = 0; i < nr && i < 128; i++)
		for (k = 0; k < TRUTH_SUM_MAX; k++) {
			rule_ki[i][k] = -1;
			if (r[i].n[k].name)
				known_add(&r[i].n[k], false, i, k, &rule_ki[i][k]);
		}
	for (i = 0; i < ns && i < 32; i++)
		for (k = 0; k < TRUTH_SUM_MAX; k++) {
			same_ki[i][k] = -1;
			if (sm[i].n[k].name)
				known_add(&sm[i].n[k], true, i, k, &same_ki[i][k]);
		}
	/* the pause durations (pauses()): found by index, not by text */
	for (i = 0; i < sizeof(pause_names) / sizeof(pause_names[0]); i++) {
		int16_t ki;

		known_add(&pause_names[i], false, PAUSE_ROW, 0, &ki);
	}
	known_hash_build();
}

/* known[]'s index of a counter's name as printed, -1 for none: the first
 * entry of its hash whose text it is */
int truth_known_of_name(const char *name)
{
	size_t n = strlen(name), i;
	uint64_t hv = hash_text(name, n, NULL, 0);

	for (i = hv & (KNOWN_SLOTS - 1); known_slot[i]; i = (i + 1) & (KNOWN_SLOTS - 1)) {
		const struct known *k = &known[known_slot[i] - 1];
		const char *h;
		size_t a;

		if (k->hash != hv)
			continue;
		if (!k->digit) {
			if (!strcmp(name, k->name))
				return known_slot[i] - 1;
			continue;
		}
		/* a '#' spelt as k->digit: the name with that digit there */
		h = strchr(k->name, '#');
		a = (size_t)(h - k->name);
		if (n == strlen(k->name) && !strncmp(name, k->name, a) && name[a] == k->digit &&
		    !strcmp(name + a + 1, h + 1))
			return known_slot[i] - 1;
	}
	return -1;
}

void truth_known_init(void)
{
	pthread_once(&known_once, known_build);
}
