// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The user names of a sample's uids (SNAP_USERS): the live source resolves
 * them where it runs and records them, so that a replay elsewhere shows the
 * users ps showed on the recorded machine, not whoever has that uid here.
 * snap_passwd_name reads a passwd(5) file's text: a --sysroot tree's users.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snapshot.h"

/* "UID NAME": a decimal uid, one space, a name of printable bytes */
static bool good_line(const char *p, size_t n, uint32_t *uid, const char **name, size_t *nlen)
{
	unsigned long long v = 0;
	size_t i = 0, k;

	while (i < n && p[i] >= '0' && p[i] <= '9' && i < 10)
		v = v * 10 + (unsigned long long)(p[i++] - '0');
	if (!i || v > UINT32_MAX || i >= n || p[i] != ' ')
		return false;
	*uid = (uint32_t)v;
	*name = p + i + 1;
	*nlen = n - i - 1;
	if (!*nlen || *nlen > SNAP_USER_MAX)
		return false;
	for (k = 0; k < *nlen; k++)
		if ((unsigned char)(*name)[k] < 0x20 || (*name)[k] == 0x7f)
			return false;
	return true;
}

int snap_users_parse(struct snapshot *s, const char *buf, size_t len)
{
	const char *p = buf, *end = buf ? buf + len : NULL; /* NULL + 0 is undefined */
	size_t o = 0;
	char *keep;
	int ret = 0;

	s->flags |= SNAP_F_USERS;
	if (!len)
		return 0;
	keep = malloc(len + 1);
	if (!keep)
		return -ENOMEM;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p), nlen;
		const char *name;
		uint32_t uid;

		if (good_line(p, n, &uid, &name, &nlen)) {
			memcpy(keep + o, p, n);
			o += n;
			keep[o++] = '\n';
		} else if (n) {
			ret = -EBADMSG;
		}
		p += n + 1;
	}
	if (o) {
		s->users = snap_str(s, keep, o);
		if (!s->users)
			ret = -ENOMEM;
	}
	free(keep);
	return ret;
}

const char *snap_user(const struct snapshot *s, uint32_t uid, char *buf, size_t size)
{
	const char *p = snap_s(s, s->users), *nl;

	if (!(s->flags & SNAP_F_USERS)) {
		snprintf(buf, size, "uid %u", uid);
		return buf;
	}
	for (; *p; p = nl + 1) {
		const char *name;
		uint32_t u;
		size_t nlen;

		nl = strchr(p, '\n');
		if (!nl)
			break;
		/* the lines kept were good ones */
		if (good_line(p, (size_t)(nl - p), &u, &name, &nlen) && u == uid) {
			snprintf(buf, size, "%.*s", (int)nlen, name);
			return buf;
		}
	}
	snprintf(buf, size, "%u", uid);
	return buf;
}

/* One passwd line's uid field (the third): 0 and *uid, or -1 for a malformed line. */
static int passwd_line(const char *p, size_t n, size_t *nlen, uint32_t *uid)
{
	const char *c1 = memchr(p, ':', n), *c2, *f;
	unsigned long long v = 0;
	size_t i, k;

	if (!c1)
		return -1;
	*nlen = (size_t)(c1 - p);
	c2 = memchr(c1 + 1, ':', n - *nlen - 1);
	if (!c2)
		return -1;
	f = c2 + 1;
	k = n - (size_t)(f - p);
	for (i = 0; i < k && f[i] >= '0' && f[i] <= '9' && i < 11; i++)
		v = v * 10 + (unsigned long long)(f[i] - '0');
	/* the uid field ends at the gid's ':' (getpwent needs it) */
	if (!i || i >= k || f[i] != ':' || v > UINT32_MAX)
		return -1;
	*uid = (uint32_t)v;
	return 0;
}

int snap_passwd_name(const char *buf, size_t len, uint32_t uid, char *out, size_t size)
{
	const char *p = buf, *end = buf ? buf + len : NULL;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p), nlen, k;
		uint32_t u;

		/* glibc nss_files skips a line's leading blanks, then blank and '#' lines;
		 * "+name"/"-name" are NIS compat entries, no user of this file */
		while (n && (*p == ' ' || *p == '\t')) {
			p++;
			n--;
		}
		if (n && *p != '#' && *p != '+' && *p != '-' && !passwd_line(p, n, &nlen, &u) &&
		    u == uid) {
			if (!nlen || nlen > SNAP_USER_MAX || nlen >= size)
				return -EINVAL;
			for (k = 0; k < nlen; k++)
				if ((unsigned char)p[k] < 0x20 || p[k] == 0x7f)
					return -EINVAL;
			memcpy(out, p, nlen);
			out[nlen] = '\0';
			return 0;
		}
		if (!nl)
			break;
		p = nl + 1;
	}
	return -ENOENT;
}
