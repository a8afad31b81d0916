/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Hostile process names for the writers' tests: every ill-formed UTF-8
 * unit (each invalid lead byte, each lone continuation byte, overlong
 * forms, surrogates, code points past U+10FFFF, sequences cut short) next
 * to each character a writer escapes, bidi controls, and `a"\xff`, the name
 * that once sent the exposition writer into an endless loop.  Names are at
 * most 15 bytes, what prctl(PR_SET_NAME) lets any local user set.
 *
 * A real recording is rewritten with them (hostile_rewrite: every
 * /proc/ID/comm of the recording gets a name of the set), so the tests run
 * the same parsers and writers as a replay does.
 */
#ifndef RDMATOP_TEST_HOSTILE_H
#define RDMATOP_TEST_HOSTILE_H

#include <stddef.h>

/* An ill-formed unit and the U+FFFD a decoder puts for it (maximal subparts). */
struct hostile_unit {
	const char *bytes;
	unsigned int fffd;
};

extern const struct hostile_unit hostile_units[];
extern const size_t hostile_units_n;
/* Characters every writer escapes or replaces: '"', '\\', '\n', '\t', ESC, 0x01, DEL. */
extern const char hostile_esc[];

/*
 * hostile_esc[e] and hostile_units[u] twice ("EUEU") into in, and into want
 * what a writer makes of it: quote, twice esc (its form of the character)
 * and the unit's U+FFFDs each as fffd, then quote.
 */
void hostile_pair(size_t e, size_t u, char *in, size_t inlen, const char *quote, const char *esc,
		  const char *fffd, char *want, size_t wantlen);

/* Number of hostile names; name k (NUL-terminated, at most 15 bytes). */
size_t hostile_names_n(void);
const char *hostile_name(size_t k);

/*
 * Copy recording in to out.  all: every distinct id whose /proc/ID/comm is
 * recorded gets hostile_name((first + i) % n) for the i-th id seen; 0: each
 * gets the terminal-escape name of the screen tests; HOSTILE_GROUPS: names
 * stay and every process gets a cgroup instead, by its pid, so the screen
 * tests have groups to show.  The number of distinct ids renamed, or -1
 * with a message in err.
 */
#define HOSTILE_GROUPS 2
int hostile_rewrite(const char *in, const char *out, int all, size_t first, char *err,
		    size_t errlen);
/*
 * Copy recording in to out as a recording made now would be: with a
 * SNAP_USERS record in each sample, every uid seen so far named user (a
 * name this machine gives no one).  The number of uids named, or -1.
 */
#define HOSTILE_USERS 3
int hostile_rewrite_users(const char *in, const char *out, const char *user, char *err,
			  size_t errlen);

struct snapshot;

/*
 * Every hostile name through a writer: the real recording
 * tests/data/linux-6.12-rxe/cm.rdrec rewritten in batches until each name
 * has been a process's, each sample replayed and handed to fn (which
 * returns 0, or non-zero to stop).  The number of samples, or -1 (the
 * recording missing or unreadable; a message on stderr).
 */
int hostile_replay(int (*fn)(const struct snapshot *s, void *ctx), void *ctx);

/* UTF-8, by glibc's iconv (not our decoder). */
int hostile_utf8(const char *s, size_t len);
/* No raw C0 but '\n', DEL, C1, bidi control or line/paragraph separator. */
int hostile_terminal_clean(const char *s, size_t len);

#endif
