// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the cluster view's panes (src/ui/cluster*.c): a
 * model from the input (a Prometheus answer, every query the same, as
 * fuzz_promjson, and a query's error text from the input) drawn by
 * ui_cluster_draw on a real ncurses screen of a size from the input,
 * after keys from the input's end (panes, selection, Enter on a host, sort,
 * help).  Every cell is read back: none may hold a control character (C0,
 * DEL, C1) or a bidi control or separator, nor a '^' (ncurses' mark of a
 * raw control character) unless the answer holds one.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curses.h>

#include "cells.h"
#include "cluster.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static const int keys[] = {
	'\t', KEY_BTAB, '1', '2', '3', '4', KEY_UP, KEY_DOWN, KEY_NPAGE, KEY_PPAGE,
	KEY_HOME, KEY_END, '\n', 27, '<', '>', 'h', 's', KEY_LEFT, KEY_RIGHT,
};

static struct ui_cluster cu;
static bool opened;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_screen_env();
	ui_cluster_init(&cu, 1.0, NULL, 0);
	opened = !ui_screen_open(&cu.base);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct prom_qstate q[PROM_Q_N];
	struct prom_model m;
	struct cl_view v = { .m = &m, .q = q, .url = "http://prom:9090", .match = "",
			     .interval = 15, .window = 60, .answered = 1 };
	int rows, cols, n_keys, i, qi, by, bx;
	size_t len, body;
	char err[256], *out;
	bool caret;

	if (!opened || size < 4)
		return 0;
	rows = 1 + data[0] % 70;
	cols = 1 + data[1] % 220;
	n_keys = data[2] % 8;
	/* a query's error, from the input: Prometheus's own text or a proxy's */
	qi = data[3] % PROM_Q_N;
	body = size - 4 > (size_t)n_keys ? size - 4 - (size_t)n_keys : 0;
	caret = memchr(data + 4, '^', body) || memmem(data + 4, body, "5e", 2) ||
		memmem(data + 4, body, "5E", 2);
	memset(q, 0, sizeof(q));
	if (prom_parse_answer((const char *)data + 4, body, 50, &q[0].v, err, sizeof(err))) {
		memset(&q[0].v, 0, sizeof(q[0].v));
		q[qi].err = -EIO;
		snprintf(q[qi].why, sizeof(q[qi].why), "%.*s", (int)(body < 200 ? body : 200),
			 (const char *)data + 4);
	}
	for (i = 0; i < PROM_Q_N; i++) {
		q[i].have = true;
		if (i)
			q[i].v = q[0].v;
	}
	resizeterm(rows, cols);
	/* each input from the same state: the first pane, nothing selected */
	ui_cluster_free(&cu);
	ui_cluster_init(&cu, 1.0, NULL, 0);
	cu.base.view.color = true;
	if (!prom_model_build(&m, q)) {
		for (i = 0; i < n_keys; i++) {
			ui_cluster_key(&cu, &v, keys[data[size - 1 - (size_t)i % size] %
						     (sizeof(keys) / sizeof(keys[0]))]);
			ui_cluster_draw(&cu, &v);
		}
		ui_cluster_draw(&cu, &v);
		out = fz_screen_text(rows, cols, !caret, &len, &by, &bx);
		if (by >= 0) {
			fprintf(stderr, "%s", out);
			fprintf(stderr, "cell %d,%d holds a control, bidi or '^' character\n", by, bx);
			abort();
		}
		free(out);
		prom_model_free(&m);
	}
	for (i = 1; i < PROM_Q_N; i++)
		memset(&q[i].v, 0, sizeof(q[i].v));
	prom_vector_free(&q[0].v);
	return 0;
}
