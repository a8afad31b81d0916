// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The regular expressions a filter takes (the local dashboard's and the
 * cluster view's): those glibc's regcomp() and regexec() handle in bounded
 * time and memory.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "view.h"

/*
 * A bound on what glibc's regcomp() builds for an extended expression:
 * it copies the tree of an atom for every '+' (a+ is a a*) and for every
 * count of {n,m}, so nested repetitions multiply (found by fuzzing:
 * "[0]++++++++..." took gigabytes and hung the screen).  Sequences add,
 * a repetition multiplies what it repeats; brackets and escapes are atoms.
 */
#define RE_MAX_SIZE 4096
#define RE_MAX_DEPTH 32

/*
 * A repetition of a repetition ("a*+", "x{2}*"): undefined in POSIX ERE,
 * and glibc's regcomp expands each level, so a run of them takes
 * exponential time and memory.  Refused outright.
 */
static bool re_stacked(const char *re)
{
	bool after_rep = false;
	const char *p;

	for (p = re; *p; p++) {
		if (*p == '\\' && p[1]) {
			p++;
			after_rep = false;
			continue;
		}
		if (*p == '*' || *p == '+' || *p == '?' || *p == '{') {
			if (after_rep)
				return true;
			if (*p == '{') {
				const char *e = strchr(p, '}');

				if (e)
					p = e;
			}
			after_rep = true;
			continue;
		}
		after_rep = false;
	}
	return false;
}

/*
 * A back-reference (\1 to \9): not in POSIX ERE, but glibc's regcomp takes
 * it as an extension and matches it by backtracking, which is exponential
 * ("(.*)(.*)(.*)\3\2\1x" took seconds per row).  Refused.  Inside a
 * bracket expression a backslash is an ordinary character.
 */
static bool re_backref(const char *re)
{
	const char *p = re;

	while (*p) {
		if (*p == '[') {
			/* to the closing ']': one first is a member, and so is
			 * the ']' of a class such as [:alpha:] */
			p += p[1] == '^' ? 2 : 1;
			if (*p == ']')
				p++;
			while (*p && *p != ']') {
				const char *e = NULL;

				if (p[0] == '[' && (p[1] == ':' || p[1] == '.' || p[1] == '='))
					e = strstr(p + 2, (char[]){ p[1], ']', '\0' });
				p = e ? e + 2 : p + 1;
			}
			if (*p)
				p++;
			continue;
		}
		if (*p == '\\' && p[1]) {
			if (p[1] >= '1' && p[1] <= '9')
				return true;
			p += 2;
			continue;
		}
		p++;
	}
	return false;
}

static bool re_too_big(const char *re)
{
	size_t seq[RE_MAX_DEPTH + 1] = { 0 }, last[RE_MAX_DEPTH + 1] = { 0 };
	int d = 0;
	const char *p = re;

	while (*p) {
		size_t atom = 1, mul = 1;

		switch (*p) {
		case '(':
			if (++d > RE_MAX_DEPTH)
				return true;
			seq[d] = last[d] = 0;
			p++;
			continue;
		case ')':
			if (d > 0) {
				atom = seq[d] ? seq[d] : 1;
				d--;
			}
			p++;
			break;
		case '|':
			last[d] = 0;
			p++;
			continue;
		case '+':
			mul = 2;
			p++;
			break;
		case '*':
		case '?':
			p++;
			continue;
		case '{': {
			char *end;
			unsigned long lo = strtoul(p + 1, &end, 10), hi = lo;

			if (*end == ',') {
				end++;
				/* {n,} is n copies and a star: one more */
				hi = isdigit((unsigned char)*end) ? strtoul(end, &end, 10) : lo + 1;
			}
			if (lo >= RE_MAX_SIZE || hi >= RE_MAX_SIZE)
				return true;
			mul = (hi > lo ? hi : lo) + 1;
			p = *end == '}' ? end + 1 : end;
			break;
		}
		case '[':
			/* a bracket expression is one atom; ']' first is a member */
			p += p[1] == '^' ? 2 : 1;
			if (*p == ']')
				p++;
			while (*p && *p != ']')
				p++;
			if (*p)
				p++;
			break;
		case '\\':
			p += p[1] ? 2 : 1;
			break;
		default:
			p++;
			break;
		}
		if (mul > 1) {
			/* the repetition copies the last atom: grow it in place */
			size_t grown = last[d] * mul;

			if (grown > RE_MAX_SIZE)
				return true;
			seq[d] += grown - last[d];
			last[d] = grown;
		} else {
			seq[d] += atom;
			last[d] = atom;
		}
		if (seq[d] > RE_MAX_SIZE)
			return true;
	}
	return false;
}

const char *view_re_refuse(const char *re)
{
	if (strlen(re) > 256 || re_stacked(re) || re_too_big(re))
		return "regular expression too complex (nested or stacked repetitions)";
	if (re_backref(re))
		return "back-references (\\1 to \\9) are not part of POSIX extended regular "
		       "expressions";
	return NULL;
}
