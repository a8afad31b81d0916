// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Row selection: filter expressions (the sort is in sort.c).
 *
 * A term is KEY OP VALUE with OP one of = != ~ !~.  KEY names a column; a
 * table without that column ignores the term, so "type=RC" narrows QPs and
 * CM_IDs and leaves devices alone.  TABLE.KEY ("qps.state=RTS") applies to
 * that table only, since several tables have a column of the same name.  = and != compare numbers numerically
 * when the column is a number and the value parses as one (pid=0042 is
 * pid 42; key columns read hex, like rdma prints them), strings without
 * regard to case otherwise; ~ and !~ match a POSIX extended regular
 * expression against the shown value.  A value that is n/a never equals and
 * never matches, so it passes != and !~.
 */
#include <ctype.h>
#include <errno.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cols.h"

enum op { OP_EQ, OP_NE, OP_RE, OP_NRE };

struct term {
	int table;		/* "qps.state": only that table, else -1 */
	char key[32];
	int col[VIEW_N];	/* the key's column in each table, -1: none */
	enum op op;
	char *val;
	bool has_dec, has_hex;
	uint64_t dec, hex;
	bool has_re;
	regex_t re;
	/*
	 * Where the key's column is a u8 shown by its name (QP states,
	 * types): the test of each of the 256 values, made once (bit u of
	 * by8[t]), and of an n/a one; the rows are not formatted one by one.
	 */
	bool fast8[VIEW_N];
	bool na8;
	uint8_t by8[VIEW_N][32];
};

static void term_fast8(struct term *t);

struct view_filter {
	size_t n;
	struct term t[VIEW_FILTER_MAX];
};

struct view_filter *view_filter_new(void)
{
	return calloc(1, sizeof(struct view_filter));
}

void view_filter_free(struct view_filter *f)
{
	size_t i;

	if (!f)
		return;
	for (i = 0; i < f->n; i++) {
		free(f->t[i].val);
		if (f->t[i].has_re)
			regfree(&f->t[i].re);
	}
	free(f);
}

static bool parse_u64(const char *s, int base, uint64_t *out)
{
	char *end;

	if (!*s || *s == '-' || *s == '+' || *s == ' ')
		return false;
	if (base == 16 && (!strncmp(s, "0x", 2) || !strncmp(s, "0X", 2)))
		s += 2;
	errno = 0;
	*out = strtoull(s, &end, base);
	return !errno && end != s && !*end;
}

/* Is `key` a column anywhere, and is it a plain number wherever it is? */
static bool key_known(const char *key, int table, bool *numeric)
{
	bool known = false;
	int t;

	*numeric = true;
	for (t = 0; t < VIEW_N; t++) {
		if (table >= 0 && t != table)
			continue;
		size_t n;
		const struct view_col *c = view_cols((enum view_table)t, &n);
		int i = view_col_find((enum view_table)t, key);

		if (i < 0)
			continue;
		known = true;
		if (c[i].type != VIEW_T_UINT || c[i].fmt != VIEW_F_PLAIN)
			*numeric = false;
	}
	return known;
}

static int add_term(struct view_filter *f, const char *w, size_t len, char *err,
		    size_t errlen)
{
	struct term *t = &f->t[f->n];
	size_t k = 0, oplen;
	bool numeric;
	int rc, i;

	while (k < len && (w[k] == '_' || w[k] == '-' || w[k] == '.' ||
			   (w[k] >= 'a' && w[k] <= 'z') || (w[k] >= '0' && w[k] <= '9')))
		k++;
	memset(t, 0, sizeof(*t));
	t->table = -1;
	if (k < len && w[k] == '=') {
		t->op = OP_EQ, oplen = 1;
	} else if (k < len && w[k] == '~') {
		t->op = OP_RE, oplen = 1;
	} else if (k + 1 < len && w[k] == '!' && w[k + 1] == '=') {
		t->op = OP_NE, oplen = 2;
	} else if (k + 1 < len && w[k] == '!' && w[k + 1] == '~') {
		t->op = OP_NRE, oplen = 2;
	} else {
		snprintf(err, errlen, "bad filter '%.*s': expected KEY=VALUE, KEY!=VALUE, "
			 "KEY~REGEX or KEY!~REGEX", (int)len, w);
		return -EINVAL;
	}
	if (!k || k >= sizeof(t->key)) {
		snprintf(err, errlen, "bad filter '%.*s': missing key", (int)len, w);
		return -EINVAL;
	}
	memcpy(t->key, w, k);
	if (strchr(t->key, '.')) {
		char *dot = strchr(t->key, '.');

		*dot = '\0';
		for (i = 0; i < VIEW_N; i++)
			if (!strcmp(t->key, view_table_name((enum view_table)i)))
				t->table = i;
		if (t->table < 0) {
			snprintf(err, errlen, "bad filter '%.*s': unknown table '%s'", (int)len, w,
				 t->key);
			return -EINVAL;
		}
		memmove(t->key, dot + 1, strlen(dot + 1) + 1);
	}
	for (i = 0; i < VIEW_N; i++)
		t->col[i] = view_col_find((enum view_table)i, t->key);
	if (!key_known(t->key, t->table, &numeric)) {
		snprintf(err, errlen, "bad filter '%.*s': unknown key '%s'", (int)len, w, t->key);
		return -EINVAL;
	}
	if (k + oplen == len) {
		snprintf(err, errlen, "bad filter '%.*s': missing value", (int)len, w);
		return -EINVAL;
	}
	t->val = strndup(w + k + oplen, len - k - oplen);
	if (!t->val)
		return -ENOMEM;
	if (t->op == OP_RE || t->op == OP_NRE) {
		const char *why = view_re_refuse(t->val);

		if (why) {
			snprintf(err, errlen, "bad filter '%.*s': %s", (int)len, w, why);
			free(t->val);
			return -EINVAL;
		}
		rc = regcomp(&t->re, t->val, REG_EXTENDED | REG_NOSUB);
		if (rc) {
			char msg[128];

			regerror(rc, &t->re, msg, sizeof(msg));
			snprintf(err, errlen, "bad filter '%.*s': %s", (int)len, w, msg);
			free(t->val);
			return -EINVAL;
		}
		t->has_re = true;
	} else {
		t->has_dec = parse_u64(t->val, 10, &t->dec);
		t->has_hex = parse_u64(t->val, 16, &t->hex);
		if (numeric && !t->has_dec) {
			snprintf(err, errlen, "bad filter '%.*s': %s takes a number",
				 (int)len, w, t->key);
			free(t->val);
			return -EINVAL;
		}
	}
	f->n++;
	return 0;
}

int view_filter_add(struct view_filter *f, const char *expr, char *err, size_t errlen)
{
	const char *p = expr;
	size_t before = f->n;
	int rc;

	if (errlen)
		err[0] = '\0';
	for (;;) {
		size_t len;

		p += strspn(p, " \t\n");
		if (!*p)
			break;
		len = strcspn(p, " \t\n");
		if (f->n == VIEW_FILTER_MAX) {
			snprintf(err, errlen, "too many filter terms (at most %d)", VIEW_FILTER_MAX);
			rc = -E2BIG;
			goto undo;
		}
		rc = add_term(f, p, len, err, errlen);
		if (rc)
			goto undo;
		term_fast8(&f->t[f->n - 1]);
		p += len;
	}
	if (f->n == before) {
		snprintf(err, errlen, "empty filter");
		return -EINVAL;
	}
	return 0;
undo:
	/* all or nothing: drop the terms this expression added */
	while (f->n > before) {
		struct term *t = &f->t[--f->n];

		free(t->val);
		if (t->has_re)
			regfree(&t->re);
	}
	return rc;
}

/*
 * Equal without regard to ASCII case.  The filter runs over every row, and
 * the C library's strcasecmp cost more than the rest of a row's test; in
 * UTF-8 locales it folds only ASCII too.
 */
static bool eq_nocase(const char *a, const char *b)
{
	for (;; a++, b++) {
		unsigned int x = (unsigned char)*a, y = (unsigned char)*b;

		if (x - 'A' < 26u)
			x += 'a' - 'A';
		if (y - 'A' < 26u)
			y += 'a' - 'A';
		if (x != y)
			return false;
		if (!x)
			return true;
	}
}

/* A value's text (not n/a) against a term's value or expression. */
static bool text_match(const struct term *t, const char *text)
{
	bool hit;

	switch (t->op) {
	case OP_EQ:
	case OP_NE:
		hit = eq_nocase(text, t->val);
		return t->op == OP_EQ ? hit : !hit;
	default:
		hit = !regexec(&t->re, text, 0, NULL, 0);
		return t->op == OP_RE ? hit : !hit;
	}
}

static void term_fast8(struct term *t)
{
	unsigned int i, u;

	t->na8 = t->op == OP_NE || t->op == OP_NRE;
	for (i = 0; i < VIEW_N; i++) {
		const struct view_tab *tb = view_tab((enum view_table)i);
		const struct view_col *cd;

		if (t->col[i] < 0 || !tb || i == VIEW_PROCS || i == VIEW_GROUPS)
			continue;
		cd = &tb->cols[t->col[i]];
		if (!cd->name8 || cd->get || cd->size != 1 || cd->type != VIEW_T_STR)
			continue;
		for (u = 0; u < 256; u++) {
			const char *name = cd->name8((uint8_t)u);
			bool hit = name && *name ? text_match(t, name) : t->na8;

			t->by8[i][u / 8] |= (uint8_t)(hit << (u % 8));
		}
		t->fast8[i] = true;
	}
}

/* the validity bits of a row of tb */
static inline uint32_t row_bits(const struct view_tab *tb, const char *r)
{
	switch (tb->valid_size) {
	case 1: return *(const uint8_t *)(r + tb->valid);
	case 2: return *(const uint16_t *)(r + tb->valid);
	case 4: return *(const uint32_t *)(r + tb->valid);
	default: return 0;
	}
}

/* term t on row r of table tab, whose column fast8[tab] says is a named u8 */
static inline bool fast8_match(const struct term *t, const struct view_tab *tb, int tab,
			       const char *r)
{
	const struct view_col *cd = &tb->cols[t->col[tab]];
	unsigned int u;

	if (cd->bit && !(row_bits(tb, r) & cd->bit))
		return t->na8;
	u = *(const uint8_t *)(r + cd->off);
	return t->by8[tab][u / 8] >> (u % 8) & 1;
}

static bool term_match(const struct term *t, const struct view_ctx *c, enum view_table tab,
		       size_t row, int col)
{
	struct view_value v;
	char buf[256];
	bool hit;

	if (t->fast8[tab]) {
		const struct snap_vec *vec = view_vec(c->s, tab);
		const struct view_tab *tb = view_tab(tab);

		return row < vec->n ? fast8_match(t, tb, tab, (const char *)vec->v + row * tb->size) :
				      t->na8;
	}
	view_get(c, tab, row, col, &v);
	if (!v.valid)
		return t->op == OP_NE || t->op == OP_NRE;
	if ((t->op == OP_EQ || t->op == OP_NE) && v.type == VIEW_T_UINT &&
	    ((v.fmt == VIEW_F_HEX && t->has_hex) || t->has_dec)) {
		hit = v.fmt == VIEW_F_HEX && t->has_hex ? v.u == t->hex : v.u == t->dec;
		return t->op == OP_EQ ? hit : !hit;
	}
	/* a string is shown as it is: no formatting per row (100k QPs) */
	return text_match(t, v.type == VIEW_T_STR ? v.s : view_fmt(&v, buf, sizeof(buf)));
}

bool view_filter_about(const struct view_filter *f, enum view_table t)
{
	size_t i;

	if (!f || (unsigned int)t >= VIEW_N)
		return false;
	for (i = 0; i < f->n; i++)
		if ((f->t[i].table < 0 || f->t[i].table == (int)t) && f->t[i].col[t] >= 0)
			return true;
	return false;
}

bool view_filter_match(const struct view_filter *f, const struct view_ctx *c,
		       enum view_table t, size_t row)
{
	size_t i;

	if (!f)
		return true;
	for (i = 0; i < f->n; i++) {
		int col;

		if ((f->t[i].table >= 0 && f->t[i].table != (int)t) || (unsigned int)t >= VIEW_N)
			continue;
		col = f->t[i].col[t];

		if (col >= 0 && !term_match(&f->t[i], c, t, row, col))
			return false;
	}
	return true;
}

size_t view_filter_rows(const struct view_filter *f, const struct view_ctx *c, enum view_table t,
			size_t *out)
{
	const struct term *ts[VIEW_FILTER_MAX];
	const struct view_tab *tb = view_tab(t);
	const struct snap_vec *vec = (unsigned int)t < VIEW_N ? view_vec(c->s, t) : NULL;
	size_t n = view_count(c, t), i, k, m = 0, nt = 0;
	bool fast = vec && tb;

	for (i = 0; f && i < f->n && (unsigned int)t < VIEW_N; i++) {
		const struct term *x = &f->t[i];

		if ((x->table >= 0 && x->table != (int)t) || x->col[t] < 0)
			continue;
		ts[nt++] = x;
		fast = fast && x->fast8[t];
	}
	if (!fast) {
		for (i = 0; i < n; i++)
			if (view_filter_match(f, c, t, i))
				out[m++] = i;
		return m;
	}
	/* every term on a named u8 (state=RTS on 100k QPs): straight from the rows */
	for (i = 0; i < n; i++) {
		const char *r = (const char *)vec->v + i * tb->size;

		for (k = 0; k < nt && fast8_match(ts[k], tb, t, r); k++)
			;
		if (k == nt)
			out[m++] = i;
	}
	return m;
}
