// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Label matchers in PromQL: a value quoted as PromQL's lexer takes it, a
 * text as RE2 takes it literally, a pane's filter as a matcher of its
 * query (prom_q_filter), and the hosts of the Ports query's top rows as
 * one (prom_q_rows).  query.c's templates put them into the queries.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prom.h"
#include "query.h"

/*
 * A label value in a PromQL string: PromQL's lexer takes Go's escapes
 * (promql/parser/lex.go, lexEscape) and ends a double-quoted string at a
 * raw newline ("unterminated quoted string"), so backslash and quote are
 * escaped, \n \r \t by name and the other control bytes as \xNN.
 */
int prom_put_quoted(char *buf, size_t len, size_t *at, const char *s)
{
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		char e[5];
		size_t n;

		if (ch == '"' || ch == '\\')
			n = (size_t)snprintf(e, sizeof(e), "\\%c", ch);
		else if (ch == '\n' || ch == '\r' || ch == '\t')
			n = (size_t)snprintf(e, sizeof(e), "\\%c",
					     ch == '\n' ? 'n' :
					     ch == '\r' ? 'r' :
							  't');
		else if (ch < 0x20 || ch == 0x7f)
			n = (size_t)snprintf(e, sizeof(e), "\\x%02x", ch);
		else
			e[0] = (char)ch, n = 1;
		if (*at + n >= len)
			return -ENOSPC;
		memcpy(buf + *at, e, n);
		*at += n;
	}
	return 0;
}

int prom_put_str(char *buf, size_t len, size_t *at, const char *s)
{
	size_t n = strlen(s);

	if (*at + n >= len)
		return -ENOSPC;
	memcpy(buf + *at, s, n);
	*at += n;
	return 0;
}

/* a search's text as RE2 takes it literally (\\Q...\\E is RE2's, but a
 * backslash of the text would end it) */
void prom_re_escape(char *dst, size_t len, const char *s)
{
	size_t at = 0;

	for (; *s && at + 3 < len; s++) {
		if (strchr("\\.+*?()|[]{}^$", *s))
			dst[at++] = '\\';
		dst[at++] = *s;
	}
	dst[at] = '\0';
}

/* sort, then unique: the instances of the top rows */
static int by_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int prom_q_rows(const struct prom_vector *v, char *m, size_t len)
{
	const char **in = calloc(v->n + 1, sizeof(*in));
	char re[1024];
	size_t i, k = 0, at = 0;
	int ret;

	if (!in)
		return -ENOMEM;
	for (i = 0; i < v->n; i++)
		in[k++] = prom_label(&v->s[i], "instance");
	qsort(in, k, sizeof(*in), by_str);
	ret = prom_put_str(m, len, &at, "instance=~\"");
	for (i = 0; i < k && !ret; i++) {
		if (i && !strcmp(in[i], in[i - 1]))
			continue;
		/* a value past re's room is not cut (it would match
		 * another): the query goes whole instead */
		if (strlen(in[i]) * 2 + 1 >= sizeof(re)) {
			ret = -ENOSPC;
			break;
		}
		prom_re_escape(re, sizeof(re), in[i]);
		if (at > strlen("instance=~\""))
			ret = prom_put_str(m, len, &at, "|");
		if (!ret)
			ret = prom_put_quoted(m, len, &at, re);
	}
	if (!ret)
		ret = prom_put_str(m, len, &at, "\"");
	free(in);
	if (ret) {
		m[0] = '\0';
		return ret;
	}
	m[at] = '\0';
	return 0;
}

/*
 * A matcher for a filter of the Ports or Jobs pane (key=val, key!=val,
 * key~re, key!~re, as prom_select_rows takes them) on a label every
 * series of its query has, into m (appended after a comma): 1 when it
 * became one, 0 when the filter needs every row, -ENOSPC.  A regex is
 * unanchored there (regexec) and anchored in PromQL: .*( ).* around it.
 */
int prom_q_filter(enum prom_q q, const char *filter, char *m, size_t len)
{
	const char *const *search = prom_q_search(q);
	const char *op = filter ? strpbrk(filter, "=!~") : NULL;
	char key[32];
	size_t at = strlen(m), at0 = at, k, i;
	bool neg, re;

	if (!search || !op || (size_t)(op - filter) >= sizeof(key))
		return 0;
	k = (size_t)(op - filter);
	memcpy(key, filter, k);
	key[k] = '\0';
	for (i = 0; search[i] && (strcmp(search[i], key) || !strcmp(key, "state")); i++)
		;
	if (!search[i])
		return 0;
	neg = op[0] == '!';
	re = op[neg] == '~';
	if (!re && op[neg] != '=')
		return 0;
	op += neg + 1;
	/* m is left as it was when this one does not fit */
	if ((at && prom_put_str(m, len, &at, ",")) || prom_put_str(m, len, &at, key) ||
	    prom_put_str(m, len, &at, neg ? (re ? "!~" : "!=") : (re ? "=~" : "=")) ||
	    prom_put_str(m, len, &at, re ? "\".*(" : "\"") || prom_put_quoted(m, len, &at, op) ||
	    prom_put_str(m, len, &at, re ? ").*\"" : "\"")) {
		m[at0] = '\0';
		return -ENOSPC;
	}
	m[at] = '\0';
	return 1;
}
