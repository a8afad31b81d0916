// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>

int main(void)
{
	fprintf(stderr, "rdmatop: not built yet\n");
	return 1;
}
