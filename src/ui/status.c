// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The status line, one writer: what it says is made here, once a frame,
 * from three sources in their order of priority:
 *   1. the filter in force (the -f or typed expression, the process p
 *      shows, the group Enter opened): a state, said as long as it holds,
 *      always first, so no message or note ever hides it;
 *   2. the last message (what a key did, a change the sample saw, the end
 *      of a recording): it lives until the next key on the main screen or
 *      a newer message (the header keeps saying the end: header.c);
 *   3. the sample's first note (a table the kernel does not give, keys
 *      withheld without CAP_NET_ADMIN): said where there is no message,
 *      and beside it where the note is an error.
 * header.c draws it, wrapped over up to three rows; the help, the column
 * setup, the sort list and the details are pages below it (layout.h's
 * page) and leave it as it is.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "priv.h"

void ui_set_status(struct ui *u, int role, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(u->run.msg.text, sizeof(u->run.msg.text), fmt, ap);
	va_end(ap);
	u->run.msg.role = role;
}

void ui_sample_shown(struct ui *u)
{
	u->run.at_end = false;
}

void ui_clear_message(struct ui *u)
{
	u->run.msg.text[0] = '\0';
}

/* append " | text" (or text first) to the line of k bytes */
static size_t add(char *buf, size_t len, size_t k, const char *text)
{
	if (!text[0] || k >= len)
		return k;
	k += (size_t)snprintf(buf + k, len - k, "%s%s", k ? " | " : "", text);
	return k < len ? k : len - 1;
}

void ui_status_compose(struct ui *u)
{
	const struct snapshot *s = u->run.s;
	char filter[400] = "", note[300] = "";
	bool warn = u->run.msg.text[0] && u->run.msg.role == ROLE_STATUS_WARN, note_err = false;
	size_t k = 0;

	if (u->view.filter_text[0] || u->view.pid || u->view.group_set) {
		size_t f =
			(size_t)snprintf(filter, sizeof(filter), "filter: %s", u->view.filter_text);

		if (u->view.pid && f < sizeof(filter))
			f += (size_t)snprintf(filter + f, sizeof(filter) - f, "%sprocess=%u",
					      u->view.filter_text[0] ? "," : "", u->view.pid);
		if (u->view.group_set && f < sizeof(filter))
			snprintf(filter + f, sizeof(filter) - f, "%s%s=%.60s",
				 u->view.filter_text[0] || u->view.pid ? "," : "",
				 view_group_kind_str(u->view.group.kind), u->view.group.name);
	}
	if (s && s->notes.n) {
		const struct snap_note *n = SNAP_AT(&s->notes, struct snap_note, 0);

		snprintf(note, sizeof(note), "%s%s", snap_s(s, n->text),
			 s->notes.n > 1 ? " (+ more)" : "");
		note_err = n->err != 0;
	}
	k = add(u->cache.status, sizeof(u->cache.status), k, filter);
	k = add(u->cache.status, sizeof(u->cache.status), k, u->run.msg.text);
	if (!u->run.msg.text[0] || note_err)
		k = add(u->cache.status, sizeof(u->cache.status), k, note);
	u->cache.status[k] = '\0';
	/* the most urgent of what it says */
	u->cache.status_role = warn || note_err	  ? ROLE_STATUS_WARN :
			       u->run.msg.text[0] ? u->run.msg.role :
						    ROLE_STATUS_INFO;
}
