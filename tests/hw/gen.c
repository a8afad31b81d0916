// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gen: writes every hardware-shaped fixture of tests/hw/gen_drivers.c into
 * OUTDIR/NAME/: netlink.fix (the kernel's answers, fixture.h), index.txt
 * (its keys), expect.jsonl (the values put in, in `rdma -j` key names: the
 * oracle's decode is checked against them), and the --sysroot tree
 * (sys/class/infiniband, sys/class/net, proc).
 *
 * The answers follow drivers/infiniband/core/nldev.c of Linux 7.x
 * (fill_nldev_handle, fill_dev_info, fill_port_info, fill_res_info,
 * fill_res_*_entry, res_get_common_dumpit, nldev_stat_get_doit/dumpit,
 * stat_get_doit_default_counter, stat_get_doit_qp,
 * nldev_stat_get_counter_status_doit, fill_res_counter_entry,
 * fill_stat_mr_entry, nldev_sys_get_doit), attribute by attribute in the
 * order those functions put them; where 6.1 differs it is said at the
 * place (gfix.linux_6_1 selects 6.1's layout).
 *
 * This file: the records, the device, port and system answers, the helpers
 * every object uses; gen_res.c the resources, gen_stat.c the counters,
 * gen_sysfs.c the sysroot.
 *
 * usage: gen OUTDIR [NAME...]
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <arpa/inet.h>
#include <netinet/in.h>

#include <libmnl/libmnl.h>

#include "gen_priv.h"

static FILE *fix_out, *index_out, *expect_out;
static unsigned char mbuf[65536];
uint32_t rec_flags;
struct nlmsghdr *msgs[256];
size_t nmsg;
const struct gfix *gen_fix;
char gen_root[1024];

/* ---- records ---- */

void rec_write(const char *key, int error, const char *text);

/*
 * iproute2 6.9+ puts DRIVER_DETAILS in every resource request, 0 without
 * -dd.  The resource handlers parse liberally (nlmsg_parse_deprecated) and
 * read the value: 0 is a request without it, and a 6.1 kernel, which has
 * no such attribute, ignores it.  The stat handlers parse strictly
 * (nlmsg_parse, 6.1 and 7.x): a 6.1 kernel refuses an attribute beyond its
 * RDMA_NLDEV_ATTR_MAX with -EINVAL, whatever it holds.
 */
static void rec_twin(const char *key, int error, const char *text)
{
	char twin[FIX_KEY_MAX];

	if (strstr(key, " dd=") || (strncmp(key, "res_", 4) && strncmp(key, "stat_get dump", 13)))
		return;
	snprintf(twin, sizeof(twin), "%s dd=0", key);
	rec_write(twin, error, text);
}

void rec_write(const char *key, int error, const char *text)
{
	if (gen_fix->linux_6_1 && !strncmp(key, "stat_", 5) && strstr(key, " dd=")) {
		/* nlmsg_parse() (strict) of a 6.1 kernel: DRIVER_DETAILS is
		 * beyond its RDMA_NLDEV_ATTR_MAX; a doit's extack says so, a
		 * dumpit parses without one */
		for (size_t i = 0; i < nmsg; i++)
			free(msgs[i]);
		nmsg = 0;
		error = -EINVAL;
		text = strstr(key, " dump") ? NULL : "Unknown attribute type";
	}
	uint16_t kl = (uint16_t)strlen(key), tl = (uint16_t)(text ? strlen(text) : 0);
	int32_t e = error;
	uint32_t n = (uint32_t)nmsg;
	bool twin = !strstr(key, " dd=") && (!strncmp(key, "res_", 4) || !strncmp(key, "stat_get dump", 13));

	fwrite(&kl, 2, 1, fix_out);
	fwrite(key, kl, 1, fix_out);
	fwrite(&e, 4, 1, fix_out);
	fwrite(&rec_flags, 4, 1, fix_out);
	fwrite(&tl, 2, 1, fix_out);
	if (tl)
		fwrite(text, tl, 1, fix_out);
	fwrite(&n, 4, 1, fix_out);
	for (size_t i = 0; i < nmsg; i++) {
		uint32_t l = msgs[i]->nlmsg_len;

		fwrite(&l, 4, 1, fix_out);
		fwrite(msgs[i], l, 1, fix_out);
		if (!twin)
			free(msgs[i]);
	}
	if (error)
		fprintf(index_out, "%s -> error %d%s%s\n", key, error, text ? ": " : "", text ? text : "");
	else
		fprintf(index_out, "%s -> %zu message%s\n", key, nmsg, nmsg == 1 ? "" : "s");
	if (twin) {
		rec_twin(key, error, text);
		return;
	}
	nmsg = 0;
	rec_flags = 0;
}

struct nlmsghdr *msg_start(unsigned int cmd, bool multi)
{
	struct nlmsghdr *nlh;

	memset(mbuf, 0, sizeof(mbuf));
	nlh = mnl_nlmsg_put_header(mbuf);
	nlh->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, cmd);
	nlh->nlmsg_flags = multi ? NLM_F_MULTI : 0;
	return nlh;	/* seq and pid: the shim puts the requester's */
}

void msg_end(struct nlmsghdr *nlh)
{
	struct nlmsghdr *c = malloc(nlh->nlmsg_len);

	/* a doit's reply is built in nlmsg_new(NLMSG_DEFAULT_SIZE): a model
	 * that needs more would get -EMSGSIZE from the kernel */
	if (!(nlh->nlmsg_flags & NLM_F_MULTI) && nlh->nlmsg_len > 4096 - 320) {
		fprintf(stderr, "gen: %s: a %u-byte doit reply does not fit NLMSG_DEFAULT_SIZE\n", gen_fix->name,
			nlh->nlmsg_len);
		exit(1);
	}

	memcpy(c, nlh, nlh->nlmsg_len);
	msgs[nmsg++] = c;
}

/* ---- expectations: one JSON line per object, in rdma -j names ---- */

static char ebuf[8192];
static size_t elen;

void exp_start(const char *cmd, const struct gdev *d)
{
	elen = (size_t)snprintf(ebuf, sizeof(ebuf), "{\"cmd\": \"%s\", \"ifname\": \"%s\", \"want\": {", cmd,
				d ? d->name : "");
}

static void exp_sep(void)
{
	if (ebuf[elen - 1] != '{')
		elen += (size_t)snprintf(ebuf + elen, sizeof(ebuf) - elen, ", ");
}

void exp_u(const char *k, uint64_t v)
{
	exp_sep();
	elen += (size_t)snprintf(ebuf + elen, sizeof(ebuf) - elen, "\"%s\": %llu", k, (unsigned long long)v);
}

void exp_s(const char *k, const char *v)
{
	exp_sep();
	elen += (size_t)snprintf(ebuf + elen, sizeof(ebuf) - elen, "\"%s\": \"%s\"", k, v);
}

void exp_end(void)
{
	fprintf(expect_out, "%s}}\n", ebuf);
}

/* An expectation's command: "res qp" for `rdma -j -d`, "res qp-dd" for
 * `-dd` of an iproute2 that sends DRIVER_DETAILS (6.9+), "res qp-olddd"
 * for `-dd` of one that does not (driver nests printed, no DD objects) */
const char *exp_cmd(const char *cmd, const char *sfx)
{
	static char b[64];

	snprintf(b, sizeof(b), "%s%s", cmd, sfx);
	return b;
}

/* ---- the fill functions ---- */

/* fill_nldev_handle() */
void put_handle(struct nlmsghdr *nlh, const struct gdev *d)
{
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, d->index);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_NAME, d->name);
}

const char *guid_str(uint64_t g, char *b)
{
	sprintf(b, "%04x:%04x:%04x:%04x", (unsigned)(g >> 48) & 0xffff, (unsigned)(g >> 32) & 0xffff,
		(unsigned)(g >> 16) & 0xffff, (unsigned)g & 0xffff);
	return b;
}

static const char *node_type_name(uint8_t t)
{
	static const char *const n[] = { "unknown", "ca", "switch", "router", "rnic", "usnic", "usnic_udp",
					 "unspecified" };
	return t < 8 ? n[t] : "unknown";
}

/* fill_dev_info(): handle, PORT_INDEX (rdma_end_port), CAP_FLAGS, FW_VERSION
 * (when the driver has one), NODE_GUID, SYS_IMAGE_GUID, NODE_TYPE,
 * DEV_DIM, DEV_TYPE + PARENT_NAME (6.12+, sub-devices), NAME_ASSIGN_TYPE
 * (6.12+), DEV_PROTOCOL (the first port's: opa, ib, iw, roce, usnic).
 * 6.1: no DEV_TYPE, PARENT_NAME, NAME_ASSIGN_TYPE. */
static void fill_dev_info(struct nlmsghdr *nlh, const struct gdev *d)
{
	put_handle(nlh, d);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, d->nports);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_CAP_FLAGS, d->caps);
	if (d->fw && *d->fw)
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_FW_VERSION, d->fw);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_NODE_GUID, d->node_guid);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_SYS_IMAGE_GUID, d->sys_guid);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_DEV_NODE_TYPE, d->node_type);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_DEV_DIM, d->dim);
	if (!gen_fix->linux_6_1 && d->dev_type) {
		mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_DEV_TYPE, d->dev_type);
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_PARENT_NAME, d->parent);
	}
	if (!gen_fix->linux_6_1)
		mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_NAME_ASSIGN_TYPE, RDMA_NAME_ASSIGN_TYPE_UNKNOWN);
	if (d->protocol)
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_PROTOCOL, d->protocol);
}

static void answer_dev(void)
{
	char g[32];

	for (unsigned int i = 0; i < gen_fix->ndevs; i++) {
		const struct gdev *d = &gen_fix->devs[i];
		struct nlmsghdr *nlh = msg_start(RDMA_NLDEV_CMD_GET, true);

		fill_dev_info(nlh, d);
		msg_end(nlh);
		exp_start("dev", d);
		exp_u("ifindex", d->index);
		exp_s("node_type", node_type_name(d->node_type));
		if (d->fw && *d->fw)
			exp_s("fw", d->fw);
		exp_s("node_guid", guid_str(d->node_guid, g));
		exp_s("sys_image_guid", guid_str(d->sys_guid, g));
		exp_end();
	}
	rec_write("get dump", 0, NULL);
	/* nldev_get_doit(): the same message, no NLM_F_MULTI */
	for (unsigned int i = 0; i < gen_fix->ndevs; i++) {
		const struct gdev *d = &gen_fix->devs[i];
		struct nlmsghdr *nlh = msg_start(RDMA_NLDEV_CMD_GET, false);
		char key[64];

		fill_dev_info(nlh, d);
		msg_end(nlh);
		snprintf(key, sizeof(key), "get dev=%u", d->index);
		rec_write(key, 0, NULL);
	}
}

/* fill_port_info(): handle, PORT_INDEX, then for IB ports only CAP_FLAGS
 * (port_cap_flags | port_cap_flags2 << 32), SUBNET_PREFIX, LID, SM_LID,
 * LMC; PORT_STATE, PHYS_STATE, NDEV_INDEX + NDEV_NAME (a netdev in the
 * reader's namespace).  The 6.1 and 6.12 captures show RoCE ports without
 * cap flags. */
static void fill_port_info(struct nlmsghdr *nlh, const struct gdev *d, unsigned int p)
{
	const struct gport *pt = &d->ports[p - 1];

	put_handle(nlh, d);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, p);
	if (pt->ib) {
		mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_CAP_FLAGS, (uint64_t)pt->cap | ((uint64_t)pt->cap2 << 32));
		mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_SUBNET_PREFIX, pt->subnet);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_LID, pt->lid);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_SM_LID, pt->sm_lid);
		mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_LMC, pt->lmc);
	}
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_PORT_STATE, pt->state);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_PORT_PHYS_STATE, pt->phys);
	if (pt->ndev) {
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_NDEV_INDEX, pt->ndev_index);
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_NDEV_NAME, pt->ndev);
	}
}

static const char *port_state_name(uint8_t s)
{
	static const char *const n[] = { "NOP", "DOWN", "INIT", "ARMED", "ACTIVE", "ACTIVE_DEFER" };
	return s < 6 ? n[s] : "UNKNOWN";
}

static const char *phys_state_name(uint8_t s)
{
	static const char *const n[] = { "NOP", "SLEEP", "POLLING", "DISABLED", "ARMED", "LINK_UP",
					 "LINK_ERROR_RECOVER", "PHY_TEST" };
	return s < 8 ? n[s] : "UNKNOWN";
}

static void answer_port(const struct gdev *d)
{
	char key[64];

	for (unsigned int p = 1; p <= d->nports; p++) {
		const struct gport *pt = &d->ports[p - 1];
		struct nlmsghdr *nlh = msg_start(RDMA_NLDEV_CMD_PORT_GET, true);

		fill_port_info(nlh, d, p);
		msg_end(nlh);
		exp_start("link", d);
		exp_u("port", p);
		exp_s("state", port_state_name(pt->state));
		exp_s("physical_state", phys_state_name(pt->phys));
		if (pt->ib) {
			exp_u("lid", pt->lid);
			exp_u("sm_lid", pt->sm_lid);
			exp_u("lmc", pt->lmc);
		}
		if (pt->ndev)
			exp_s("netdev", pt->ndev);
		exp_end();
	}
	snprintf(key, sizeof(key), "port_get dump dev=%u", d->index);
	rec_flags = FIX_F_PACK;	/* one nldev_port_get_dumpit call for every port */
	rec_write(key, 0, NULL);
	/* nldev_port_get_doit(): its reply carries CMD_GET (nldev.c, 4.x on) */
	for (unsigned int p = 1; p <= d->nports; p++) {
		struct nlmsghdr *nlh = msg_start(RDMA_NLDEV_CMD_GET, false);

		fill_port_info(nlh, d, p);
		msg_end(nlh);
		snprintf(key, sizeof(key), "port_get dev=%u port=%u", d->index, p);
		rec_write(key, 0, NULL);
	}
}

/* fill_res_name_pid(): KERN_NAME for kernel resources, else PID (when
 * visible in the reader's namespace) */
void put_owner(struct nlmsghdr *nlh, uint32_t pid, const char *kern)
{
	if (kern)
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_RES_KERN_NAME, kern);
	else if (pid)
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PID, pid);
}

const char *comm_of(uint32_t tid)
{
	for (unsigned int i = 0; i < gen_fix->nprocs; i++)
		for (unsigned int t = 0; t < 3; t++)
			if (gen_fix->procs[i].tids[t] == tid)
				return gen_fix->procs[i].comm;
	return NULL;
}

void exp_owner(uint32_t pid, const char *kern)
{
	if (kern) {
		exp_s("comm", kern);
	} else if (pid) {
		exp_u("pid", pid);
		if (comm_of(pid))
			exp_s("comm", comm_of(pid));
	}
}

/* The RDMA_NLDEV_ATTR_DRIVER nest: rdma_nl_put_driver_*() put a
 * DRIVER_STRING name, a PRINT_TYPE (hex only), then the value */
void put_driver(struct nlmsghdr *nlh, const struct drv_kv *kv)
{
	struct nlattr *n;

	if (!kv[0].name)
		return;
	n = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_DRIVER);
	for (unsigned int i = 0; i < DRV_MAX && kv[i].name; i++) {
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DRIVER_STRING, kv[i].name);
		if (kv[i].hex)
			mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_DRIVER_PRINT_TYPE, RDMA_NLDEV_PRINT_TYPE_HEX);
		switch (kv[i].kind) {
		case DRV_U32:
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DRIVER_U32, (uint32_t)kv[i].v);
			break;
		case DRV_S32:
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DRIVER_S32, (uint32_t)kv[i].v);
			break;
		case DRV_U64:
			mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_DRIVER_U64, kv[i].v);
			break;
		case DRV_STR:
			mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DRIVER_STRING, kv[i].s);
			break;
		case DRV_NONE:
			break;
		}
	}
	mnl_attr_nest_end(nlh, n);
}

/* rdma -j prints a driver value as a number whatever its print type */
void exp_driver(const struct drv_kv *kv)
{
	for (unsigned int i = 0; i < DRV_MAX && kv[i].name; i++) {
		char k[80];

		snprintf(k, sizeof(k), "drv_%s", kv[i].name);
		if (kv[i].kind == DRV_STR)
			exp_s(k, kv[i].s);
		else
			exp_u(k, kv[i].v);
	}
}

const char *qp_type_name(uint8_t t)
{
	switch (t) {
	case IB_QPT_SMI: return "SMI";
	case IB_QPT_GSI: return "GSI";
	case IB_QPT_RC: return "RC";
	case IB_QPT_UC: return "UC";
	case IB_QPT_UD: return "UD";
	case IB_QPT_RAW_PACKET: return "RAW_PACKET";
	case IB_QPT_XRC_INI: return "XRC_INI";
	case IB_QPT_XRC_TGT: return "XRC_TGT";
	case IB_QPT_DRIVER: return "DRIVER";
	}
	return "UNKNOWN";
}

const char *qp_state_name(uint8_t s)
{
	static const char *const n[] = { "RESET", "INIT", "RTR", "RTS", "SQD", "SQE", "ERR" };
	return s < 7 ? n[s] : "UNKNOWN";
}

/*
 * A dump's messages, split as res_get_common_dumpit() splits them: an
 * entry that does not fit the message (NLMSG_GOODSIZE: the first skb of
 * a dump) closes it, and the next message starts with the handle and the
 * table nest again.
 */

void dumper_open(struct dumper *w)
{
	w->nlh = msg_start(w->cmd, true);
	put_handle(w->nlh, w->d);
	w->t = mnl_attr_nest_start(w->nlh, w->nest);
	w->counted = false;
}

void dumper_close(struct dumper *w)
{
	mnl_attr_nest_end(w->nlh, w->t);
	msg_end(w->nlh);
}

void dumper_entry(struct dumper *w, entry_fn *fill, unsigned int i, bool dd)
{
	uint32_t before = w->nlh->nlmsg_len;

	fill(w->nlh, w->d, i, dd);
	if (w->nlh->nlmsg_len > MSG_ROOM && w->counted) {
		w->nlh->nlmsg_len = before;
		dumper_close(w);
		dumper_open(w);
		fill(w->nlh, w->d, i, dd);
	}
	w->counted = true;
}

/* nldev_sys_get_doit(): NETNS_MODE, PRIVILEGED_QKEY_MODE (6.7+; Debian's
 * 6.1.192 has it backported), MONITOR_MODE (6.11+), COPY_ON_FORK */
static void answer_sys(void)
{
	struct nlmsghdr *nlh = msg_start(RDMA_NLDEV_CMD_SYS_GET, false);

	mnl_attr_put_u8(nlh, RDMA_NLDEV_SYS_ATTR_NETNS_MODE, gen_fix->netns_mode);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_SYS_ATTR_PRIVILEGED_QKEY_MODE, gen_fix->qkey_mode);
	if (gen_fix->monitor)
		mnl_attr_put_u8(nlh, RDMA_NLDEV_SYS_ATTR_MONITOR_MODE, 1);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_SYS_ATTR_COPY_ON_FORK, gen_fix->cof);
	msg_end(nlh);
	rec_write("sys_get", 0, NULL);
}

/*
 * nldev_set_doit() with RDMA_NLDEV_NET_NS_FD: ib_device_set_netns_put()
 * (device.c, 6.12) refuses -EOPNOTSUPP in shared mode and for a driver
 * without disassociate_ucontext (of these fixtures' drivers only mlx5 has
 * it: mlx5_ib_dev_ops), else moves the device: the ack.  The key carries
 * no descriptor (the sender's own number).
 */
static void answer_dev_set(const struct gdev *d)
{
	char key[64];
	int err = gen_fix->netns_mode || strncmp(d->name, "mlx5_", 5) ? -EOPNOTSUPP : 0;

	snprintf(key, sizeof(key), "set dev=%u", d->index);
	rec_write(key, err, NULL);
}

/* ---- one fixture ---- */

static int gen_one(const char *outdir, const struct gfix *f)
{
	char path[1200];

	gen_fix = f;
	snprintf(gen_root, sizeof(gen_root), "%s/%s", outdir, f->name);
	mkdirs(gen_root);
	snprintf(path, sizeof(path), "%s/netlink.fix", gen_root);
	fix_out = fopen(path, "wb");
	snprintf(path, sizeof(path), "%s/index.txt", gen_root);
	index_out = fopen(path, "w");
	snprintf(path, sizeof(path), "%s/expect.jsonl", gen_root);
	expect_out = fopen(path, "w");
	if (!fix_out || !index_out || !expect_out) {
		perror(gen_root);
		return 1;
	}
	fwrite(FIX_MAGIC, 8, 1, fix_out);
	fprintf(index_out, "# %s: %s\n# written by tests/hw/gen; every key the fixture answers\n", f->name, f->what);
	answer_sys();
	answer_dev();
	answer_res_dump(false);
	answer_res_dump(true);
	for (unsigned int i = 0; i < f->ndevs; i++) {
		answer_port(&f->devs[i]);
		answer_res(&f->devs[i]);
		answer_frmr(&f->devs[i]);
		answer_stat(&f->devs[i]);
		for (unsigned int p = 0; p <= f->devs[i].nports; p++) {
			answer_stat_qp(&f->devs[i], p, false);
			answer_stat_qp(&f->devs[i], p, true);
		}
		answer_stat_mr(&f->devs[i], false);
		answer_stat_mr(&f->devs[i], true);
		answer_stat_set(&f->devs[i]);
		answer_stat_bind(&f->devs[i]);
		answer_dev_set(&f->devs[i]);
		answer_stat_opt(&f->devs[i]);
	}
	fclose(fix_out);
	fclose(index_out);
	fclose(expect_out);
	write_sysfs();
	if (f->pci)
		write_pci();
	return 0;
}

int main(int argc, char **argv)
{
	int rc = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: gen OUTDIR [NAME...]\n");
		return 2;
	}
	gen_derive();
	for (unsigned int i = 0; i < gen_nfixtures; i++) {
		bool want = argc == 2;

		for (int a = 2; a < argc; a++)
			want |= !strcmp(argv[a], gen_fixtures[i]->name);
		if (want)
			rc |= gen_one(argv[1], gen_fixtures[i]);
	}
	return rc;
}
