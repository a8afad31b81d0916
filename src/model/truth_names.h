/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The port truth's index of the names its tables know (truth_names.c),
 * shared by truth.c's walk of a port's counters.  Private to src/model.
 */
#ifndef RDMATOP_TRUTH_NAMES_H
#define RDMATOP_TRUTH_NAMES_H

#include <stdbool.h>
#include <stdint.h>

#include "truth.h"

/*
 * The names the tables know, each once ('#' spelt out as 0..9), with where
 * they stand: a counter's name is looked up once a snapshot (by its
 * string id, per thread), then found by index.
 */
#define KNOWN_MAX 192
#define MEMB_MAX 4
struct known {
	const char *name; /* the table's text */
	char digit; /* the digit for its '#', 0 for none */
	uint64_t hash;
	uint8_t n;
	struct memb {
		bool same; /* a truth_same row, else a rule */
		uint8_t src, pos;
		uint16_t row;
	} m[MEMB_MAX];
};
extern struct known known[KNOWN_MAX];
extern size_t n_known;
/* each rule's and same row's names: their index in known[] ('#': of '0') */
extern int16_t rule_ki[128][TRUTH_SUM_MAX], same_ki[32][TRUTH_SUM_MAX];

/* a truth_name's row standing for pause_names[] (a pause duration) */
#define PAUSE_ROW 0xffff

/* the index built, once a process */
void truth_known_init(void);
/* a counter's name as a known[] index, -1 unknown (truth.c keeps the
 * answer per string id and thread) */
int truth_known_of_name(const char *name);

#endif
