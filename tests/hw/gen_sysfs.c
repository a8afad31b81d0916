// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The --sysroot tree of a fixture (tests/hw/gen.c): what rdmatop reads
 * under sys/ and proc/, in drivers/infiniband/core/sysfs.c's formats.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gen_priv.h"



void mkdirs(const char *path)
{
	char b[1536];

	snprintf(b, sizeof(b), "%s", path);
	for (char *p = b + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			mkdir(b, 0755);
			*p = '/';
		}
	mkdir(b, 0755);
}

static void wfile(const char *fmt_path, const char *content, ...)
	__attribute__((format(printf, 2, 3)));
static void wfile(const char *rel, const char *fmt, ...)
{
	char path[1536], dir[1536];
	va_list ap;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", gen_root, rel);
	snprintf(dir, sizeof(dir), "%s", path);
	*strrchr(dir, '/') = 0;
	mkdirs(dir);
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(1);
	}
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fclose(f);
}

static void guid_be(uint64_t g, char *b)
{
	guid_str(g, b);
}

/*
 * /proc/net/vlan/config, as net/8021q/vlanproc.c vlan_seq_show() prints it
 * (6.1 to 7.x): two header lines, then "%-15s| %d  | %s\n" per VLAN
 * device (its name, its id, the real device); only with a VLAN device
 * (the 8021q module makes the directory).
 */
static void write_vlans(void)
{
	char body[1024];
	size_t n = 0;

	for (unsigned int i = 0; i < gen_fix->ndevs; i++)
		for (unsigned int p = 0; p < gen_fix->devs[i].nports; p++) {
			const struct gport *pt = &gen_fix->devs[i].ports[p];

			if (pt->vlan_dev && n < sizeof(body))
				n += (size_t)snprintf(body + n, sizeof(body) - n, "%-15s| %d  | %s\n",
						      pt->vlan_dev, pt->vlan_id, pt->ndev);
		}
	if (n)
		wfile("proc/net/vlan/config", "VLAN Dev name\t | VLAN ID\n"
		      "Name-Type: VLAN_NAME_TYPE_RAW_PLUS_VID_NO_PAD\n%s", body);
}

/* drivers/infiniband/core/sysfs.c: state "4: ACTIVE", phys_state
 * "5: LinkUp", lid/sm_lid "0x%x", lid_mask_count "%u", cap_mask "0x%08x",
 * gids/N "%pI6", gid_attrs/types/N "IB/RoCE v1" or "RoCE v2",
 * pkeys/N "0x%04x", counters/ (PMA, IB only), hw_counters/ */
/* A line of `first-sample`: a file's value in the first recorded sample. */
static void first_sample(const char *path, uint64_t v)
{
	char b[1100];
	FILE *f;

	snprintf(b, sizeof(b), "%s/first-sample", gen_root);
	f = fopen(b, "a");
	if (!f) {
		perror(b);
		exit(1);
	}
	fprintf(f, "%s %llu\n", path, (unsigned long long)v);
	fclose(f);
}

/*
 * The width drivers/infiniband/core/sysfs.c reads each PMA file with
 * (PORT_PMA_ATTR, show_pma_counter(), 4.6 to 7.x): a counter saturates
 * there, so a generated value stays below it.  The data and packet
 * counters are 64-bit where the port has PortCountersExtended (its
 * unicast_* files), else 32.
 */
static unsigned int pma_width(const struct gdev *d, const char *name)
{
	static const struct {
		const char *name;
		unsigned int bits;
	} w[] = {
		{ "symbol_error", 16 }, { "link_error_recovery", 8 }, { "link_downed", 8 },
		{ "port_rcv_errors", 16 }, { "port_rcv_remote_physical_errors", 16 },
		{ "port_rcv_switch_relay_errors", 16 }, { "port_xmit_discards", 16 },
		{ "port_xmit_constraint_errors", 8 }, { "port_rcv_constraint_errors", 8 },
		{ "local_link_integrity_errors", 4 }, { "excessive_buffer_overrun_errors", 4 },
		{ "VL15_dropped", 16 }, { "port_xmit_wait", 32 },
	};
	bool ext = false;

	for (unsigned int i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		if (!strcmp(w[i].name, name))
			return w[i].bits;
	for (unsigned int k = 0; k < d->npma; k++)
		ext |= !strncmp(d->pma[k], "unicast_", 8);
	return ext ? 64 : 32;
}

/* A generated PMA value within its width, below its maximum (not saturated). */
static uint64_t pma_value(const struct gdev *d, unsigned int port, unsigned int k)
{
	unsigned int bits = pma_width(d, d->pma[k]);
	uint64_t v = hw_value(d, port, k) * 3;

	return bits < 64 ? v % ((1ull << bits) - 1) : v;
}

void write_sysfs(void)
{
	static const char *const st[] = { "NOP", "DOWN", "INIT", "ARMED", "ACTIVE", "ACTIVE_DEFER" };
	static const char *const ph[] = { "", "Sleep", "Polling", "Disabled", "PortConfigurationTraining",
					  "LinkUp", "LinkErrorRecovery", "Phy Test" };
	char b[1024], g[32], fs[1100];

	snprintf(fs, sizeof(fs), "%s/first-sample", gen_root);
	unlink(fs);
	wfile("proc/self/status", "Name:\trdmatop\nUmask:\t0022\nState:\tR (running)\nTgid:\t4242\nPid:\t4242\n"
	      "Uid:\t1000\t1000\t1000\t1000\nCapInh:\t0000000000000000\nCapPrm:\t0000000000000000\n"
	      "CapEff:\t0000000000000000\n");
	wfile("proc/uptime", "86400.25 170000.50\n");
	/* the tree's users (passwd(5)), made up: a --sysroot run names the
	 * tasks' uids from this file, never from the machine it runs on */
	wfile("etc/passwd", "root:x:0:0:root:/root:/bin/bash\n"
	      "alice:x:1000:1000:Alice,,,:/home/alice:/bin/bash\n"
	      "nccl:x:1001:1001:NCCL tests:/home/nccl:/usr/sbin/nologin\n");
	for (unsigned int i = 0; i < gen_fix->nprocs; i++) {
		const struct gproc *p = &gen_fix->procs[i];

		for (unsigned int t = 0; t < 3 && p->tids[t]; t++) {
			snprintf(b, sizeof(b), "proc/%u/comm", p->tids[t]);
			wfile(b, "%s\n", p->comm);
			snprintf(b, sizeof(b), "proc/%u/status", p->tids[t]);
			wfile(b, "Name:\t%s\nUmask:\t0022\nState:\tS (sleeping)\nTgid:\t%u\nNgid:\t0\nPid:\t%u\n"
			      "PPid:\t1\nUid:\t%u\t%u\t%u\t%u\n", p->comm, p->pid, p->tids[t], p->uid, p->uid,
			      p->uid, p->uid);
			snprintf(b, sizeof(b), "proc/%u/cgroup", p->tids[t]);
			wfile(b, "0::%s\n", p->cgroup);
			/* fs/proc/array.c do_task_stat(): utime 120, stime 40,
			 * starttime 12345 ticks, rss 2560 pages */
			snprintf(b, sizeof(b), "proc/%u/stat", p->tids[t]);
			wfile(b, "%u (%s) S 1 %u %u 0 -1 4194560 0 0 0 0 120 40 0 0 20 0 %u 0 12345 0 2560\n",
			      p->tids[t], p->comm, p->pid, p->pid, 1);
			/* the arguments, each NUL-terminated */
			snprintf(b, sizeof(b), "proc/%u/cmdline", p->tids[t]);
			wfile(b, "/usr/bin/%s%c--size%c%u%c", p->comm, 0, 0, p->pid % 1000, 0);
		}
	}
	write_vlans();
	for (unsigned int i = 0; i < gen_fix->ndevs; i++) {
		const struct gdev *d = &gen_fix->devs[i];
		char dir[256];

		snprintf(dir, sizeof(dir), "sys/class/infiniband/%s", d->name);
		guid_be(d->node_guid, g);
		snprintf(b, sizeof(b), "%s/node_guid", dir);
		wfile(b, "%s\n", g);
		guid_be(d->sys_guid, g);
		snprintf(b, sizeof(b), "%s/sys_image_guid", dir);
		wfile(b, "%s\n", g);
		snprintf(b, sizeof(b), "%s/fw_ver", dir);
		wfile(b, "%s\n", d->fw ? d->fw : "");
		snprintf(b, sizeof(b), "%s/node_type", dir);
		wfile(b, "%u: %s\n", d->node_type, d->node_type == 1 ? "CA" : d->node_type == 4 ? "RNIC" :
		      "unspecified");
		snprintf(b, sizeof(b), "%s/node_desc", dir);
		wfile(b, "host01 %s\n", d->name);
		if (d->hca_type) {
			snprintf(b, sizeof(b), "%s/hca_type", dir);
			wfile(b, "%s\n", d->hca_type);
		}
		if (d->board_id) {
			snprintf(b, sizeof(b), "%s/board_id", dir);
			wfile(b, "%s\n", d->board_id);
		}
		for (unsigned int p = 1; p <= d->nports; p++) {
			const struct gport *pt = &d->ports[p - 1];
			char pd[320];

			snprintf(pd, sizeof(pd), "%s/ports/%u", dir, p);
			snprintf(b, sizeof(b), "%s/state", pd);
			wfile(b, "%u: %s\n", pt->state, st[pt->state < 6 ? pt->state : 0]);
			snprintf(b, sizeof(b), "%s/phys_state", pd);
			wfile(b, "%u: %s\n", pt->phys, ph[pt->phys < 8 ? pt->phys : 0]);
			snprintf(b, sizeof(b), "%s/rate", pd);
			wfile(b, "%s\n", pt->rate);
			snprintf(b, sizeof(b), "%s/lid", pd);
			wfile(b, "0x%x\n", pt->lid);
			snprintf(b, sizeof(b), "%s/sm_lid", pd);
			wfile(b, "0x%x\n", pt->sm_lid);
			snprintf(b, sizeof(b), "%s/sm_sl", pd);
			wfile(b, "0\n");
			snprintf(b, sizeof(b), "%s/lid_mask_count", pd);
			wfile(b, "%u\n", pt->lmc);
			snprintf(b, sizeof(b), "%s/cap_mask", pd);
			wfile(b, "0x%08x\n", pt->cap);
			snprintf(b, sizeof(b), "%s/link_layer", pd);
			wfile(b, "%s\n", pt->link_layer);
			for (unsigned int k = 0; k < 6 && pt->gid[k]; k++) {
				snprintf(b, sizeof(b), "%s/gids/%u", pd, k);
				wfile(b, "%s\n", pt->gid[k]);
				snprintf(b, sizeof(b), "%s/gid_attrs/types/%u", pd, k);
				wfile(b, "%s\n", pt->gid_type[k] ? pt->gid_type[k] : "IB/RoCE v1");
				if (pt->ndev) {
					snprintf(b, sizeof(b), "%s/gid_attrs/ndevs/%u", pd, k);
					wfile(b, "%s\n", pt->gid_ndev[k] ? pt->gid_ndev[k] : pt->ndev);
				}
			}
			for (unsigned int k = 0; k < 2; k++) {
				snprintf(b, sizeof(b), "%s/pkeys/%u", pd, k);
				wfile(b, "0x%04x\n", pt->pkey[k]);
			}
			for (unsigned int k = 0; k < d->npma; k++) {
				snprintf(b, sizeof(b), "%s/counters/%s", pd, d->pma[k]);
				uint64_t v = d->pma_val ? d->pma_val[k] : pma_value(d, p, k);

				wfile(b, "%llu\n", (unsigned long long)v);
				if (d->pma_first && d->pma_first[k])
					first_sample(b, d->pma_first[k]);
				else if (d->flap && !strcmp(d->pma[k], "link_downed") && v)
					first_sample(b, v - 1);
			}
			{
				const char *names[256];
				uint64_t vals[256];
				unsigned int n = port_counters(d, p, names, vals);

				for (unsigned int k = 0; k < n; k++) {
					snprintf(b, sizeof(b), "%s/hw_counters/%s", pd, names[k]);
					wfile(b, "%llu\n", (unsigned long long)vals[k]);
				}
				if (n) {
					snprintf(b, sizeof(b), "%s/hw_counters/lifespan", pd);
					wfile(b, "10\n");
				}
			}
			if (pt->ndev) {
				static const char *const ns[] = { "rx_bytes", "tx_bytes", "rx_packets", "tx_packets",
								  "rx_errors", "tx_errors", "rx_dropped",
								  "tx_dropped" };
				for (unsigned int k = 0; k < 8; k++) {
					snprintf(b, sizeof(b), "sys/class/net/%s/statistics/%s", pt->ndev, ns[k]);
					wfile(b, "%llu\n", (unsigned long long)(k < 4 ? (k + 1) * 1234567ull : k));
				}
				snprintf(b, sizeof(b), "sys/class/net/%s/ifindex", pt->ndev);
				wfile(b, "%u\n", pt->ndev_index);
				snprintf(b, sizeof(b), "sys/class/net/%s/operstate", pt->ndev);
				wfile(b, "%s\n", pt->state == IB_PORT_ACTIVE ? "up" : "down");
				snprintf(b, sizeof(b), "sys/class/net/%s/mtu", pt->ndev);
				wfile(b, "%u\n", 9000);
				/* net/core/net-sysfs.c: carrier_changes is the sum of the
				 * up and down counts (fmt_dec); an active port's carrier
				 * is up: one more up than down */
				{
					static const char *const cn[] = { "carrier_changes",
									  "carrier_up_count",
									  "carrier_down_count" };
					unsigned int down = 3 + p + i,
						     up = down + (pt->state == IB_PORT_ACTIVE),
						     cv[3] = { up + down, up, down };

					for (unsigned int k = 0; k < 3; k++) {
						snprintf(b, sizeof(b), "sys/class/net/%s/%s", pt->ndev, cn[k]);
						wfile(b, "%u\n", cv[k]);
						if (d->flap)
							first_sample(b, cv[k] - (k ? 1 : 2));
					}
				}
			}
		}
	}
}
