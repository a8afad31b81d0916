/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Between the drill-down's drawing (detail.c) and its rows (detail_rows.c). */
#ifndef RDMATOP_UI_DETAIL_H
#define RDMATOP_UI_DETAIL_H

#include <stdbool.h>
#include <stddef.h>

#include "ui.h"

/* A cell of the view as the pane shows it, into buf. */
const char *ui_detail_cell(const struct ui *u, enum view_table t, size_t row, int col, char *buf,
			   size_t len);
/* Whether a row belongs to the process (or thread, or kernel owner) shown. */
bool ui_detail_owned(const struct ui *u, enum view_table t, size_t row);
/* Whether a row is the QP shown (its number and device). */
bool ui_detail_is_qp(const struct ui *u, enum view_table t, size_t row);

#endif
