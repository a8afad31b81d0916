// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Groups from cgroup paths, each as the program that makes the cgroup
 * writes it:
 *  - SLURM's cgroup/v2 plugin (https://slurm.schedmd.com/cgroup_v2.html):
 *    slurmstepd's scope holds job_N/step_S/user/task_T; cgroup/v1
 *    (https://slurm.schedmd.com/cgroups.html) slurm/uid_U/job_N/step_S/task_T;
 *  - the kubelet (pkg/kubelet/cm/cgroup_manager_linux.go): with the systemd
 *    driver kubepods.slice/kubepods-<qos>.slice/kubepods-<qos>-pod<UID>.slice,
 *    the UID's dashes escaped to '_', Guaranteed pods directly under
 *    kubepods.slice; with cgroupfs /kubepods/<qos>/pod<UID>/<container>;
 *    the runtimes name the container's scope cri-containerd-<ID>.scope
 *    (containerd's CRI plugin, SystemdCgroup), crio-<ID>.scope (cri-o),
 *    docker-<ID>.scope (cri-dockerd);
 *  - docker (runc's systemd driver, scope prefix "docker") under
 *    system.slice, or /docker/<ID> with cgroupfs; podman's
 *    libpod-<ID>.scope (rootless: inside user@UID.service/user.slice),
 *    /machine.slice/libpod-<ID>.scope (rootful);
 *  - systemd (systemd.unit(5), systemd-cgls): services, session scopes,
 *    user services under user@UID.service/app.slice.
 */
#include "test.h"
#include "view.h"

#define ID64 "4bd9d4cd4f8c1d0b2e8e0ef0b9c7f7e6a6c1d9e4d8b0a3f2c1e0d9c8b7a6f5e4"

static void classify(const char *path, uint8_t kind, const char *runtime, const char *name)
{
	struct view_group_key k;

	view_group_classify(path, &k);
	if (k.kind != kind || strcmp(k.runtime, runtime) || strcmp(k.name, name)) {
		test_failures++;
		fprintf(stderr, "%s: %s: got %s/%s/%s, want %s/%s/%s\n", test_name, path,
			view_group_kind_str(k.kind), k.runtime, k.name, view_group_kind_str(kind),
			runtime, name);
	}
}

static void test_slurm(void)
{
	classify("/system.slice/slurmstepd.scope/job_123/step_0/user/task_0", VIEW_G_JOB,
		 "slurm", "123");
	classify("/system.slice/slurmstepd.scope/job_4711/step_batch/user/task_special",
		 VIEW_G_JOB, "slurm", "4711");
	classify("/system.slice/slurmstepd.scope/job_9/step_extern/slurm", VIEW_G_JOB, "slurm",
		 "9");
	classify("/slurm/uid_1000/job_123/step_0/task_1", VIEW_G_JOB, "slurm", "123");
	classify("/slurm_node07/uid_0/job_77/step_batch", VIEW_G_JOB, "slurm", "77");
	/* slurmstepd itself, outside any job: its unit */
	classify("/system.slice/slurmstepd.scope/system", VIEW_G_UNIT, "systemd",
		 "slurmstepd.scope");
	/* not a job: job_ with no number, or more after it */
	classify("/job_/x", VIEW_G_CGROUP, "", "/job_/x");
	classify("/job_12a", VIEW_G_CGROUP, "", "/job_12a");
}

static void test_kubernetes(void)
{
	struct view_group_key k;

	classify("/kubepods.slice/kubepods-burstable.slice/"
		 "kubepods-burstable-pod8e2f3b1a_5c4d_4e6f_9a0b_1c2d3e4f5a6b.slice/"
		 "cri-containerd-" ID64 ".scope",
		 VIEW_G_POD, "kubernetes", "8e2f3b1a-5c4d-4e6f-9a0b-1c2d3e4f5a6b");
	view_group_classify("/kubepods.slice/kubepods-burstable.slice/"
			    "kubepods-burstable-pod8e2f3b1a_5c4d_4e6f_9a0b_1c2d3e4f5a6b.slice/"
			    "cri-containerd-" ID64 ".scope", &k);
	CHECK_EQ_S(k.container, ID64);
	classify("/kubepods.slice/kubepods-besteffort.slice/"
		 "kubepods-besteffort-pod0a1b2c3d_0000_4111_8222_333344445555.slice/"
		 "crio-" ID64 ".scope",
		 VIEW_G_POD, "kubernetes", "0a1b2c3d-0000-4111-8222-333344445555");
	/* Guaranteed: no QoS slice */
	classify("/kubepods.slice/kubepods-pod11112222_3333_4444_5555_666677778888.slice/"
		 "docker-" ID64 ".scope",
		 VIEW_G_POD, "kubernetes", "11112222-3333-4444-5555-666677778888");
	/* cgroupfs driver */
	classify("/kubepods/burstable/pod8e2f3b1a-5c4d-4e6f-9a0b-1c2d3e4f5a6b/" ID64, VIEW_G_POD,
		 "kubernetes", "8e2f3b1a-5c4d-4e6f-9a0b-1c2d3e4f5a6b");
	view_group_classify("/kubepods/burstable/pod8e2f3b1a-5c4d-4e6f-9a0b-1c2d3e4f5a6b/" ID64,
			    &k);
	CHECK_EQ_S(k.container, ID64);
	classify("/kubepods/pod8e2f3b1a-5c4d-4e6f-9a0b-1c2d3e4f5a6b/" ID64, VIEW_G_POD,
		 "kubernetes", "8e2f3b1a-5c4d-4e6f-9a0b-1c2d3e4f5a6b");
	/* the QoS slices themselves hold no pod */
	classify("/kubepods.slice/kubepods-burstable.slice", VIEW_G_CGROUP, "",
		 "/kubepods.slice/kubepods-burstable.slice");
	/* "pod" outside kubepods is nothing special */
	classify("/podcast/x", VIEW_G_CGROUP, "", "/podcast/x");
}

static void test_containers(void)
{
	classify("/system.slice/docker-" ID64 ".scope", VIEW_G_CONTAINER, "docker", ID64);
	classify("/docker/" ID64, VIEW_G_CONTAINER, "docker", ID64);
	classify("/system.slice/containerd.service/default/" ID64, VIEW_G_CONTAINER, "containerd",
		 ID64);
	classify("/system.slice/nerdctl-" ID64 ".scope", VIEW_G_CONTAINER, "containerd", ID64);
	classify("/system.slice/crio-" ID64 ".scope", VIEW_G_CONTAINER, "cri-o", ID64);
	classify("/machine.slice/libpod-" ID64 ".scope", VIEW_G_CONTAINER, "podman", ID64);
	classify("/machine.slice/libpod-" ID64 ".scope/container", VIEW_G_CONTAINER, "podman",
		 ID64);
	classify("/user.slice/user-1000.slice/user@1000.service/user.slice/libpod-" ID64 ".scope",
		 VIEW_G_CONTAINER, "podman", ID64);
	/* docker's daemon is a unit, not a container */
	classify("/system.slice/docker.service", VIEW_G_UNIT, "systemd", "docker.service");
	/* a scope with a non-hex id is a unit */
	classify("/system.slice/docker-notanid.scope", VIEW_G_UNIT, "systemd",
		 "docker-notanid.scope");
}

static void test_units(void)
{
	classify("/system.slice/sshd.service", VIEW_G_UNIT, "systemd", "sshd.service");
	classify("/system.slice/system-getty.slice/getty@tty1.service", VIEW_G_UNIT, "systemd",
		 "getty@tty1.service");
	classify("/user.slice/user-1000.slice/session-3.scope", VIEW_G_UNIT, "systemd",
		 "session-3.scope");
	classify("/user.slice/user-1000.slice/user@1000.service/app.slice/"
		 "app-gnome-org.gnome.Terminal-4242.scope",
		 VIEW_G_UNIT, "systemd",
		 "user@1000.service/app-gnome-org.gnome.Terminal-4242.scope");
	classify("/user.slice/user-1000.slice/user@1000.service/app.slice/ib-bench.service",
		 VIEW_G_UNIT, "systemd", "user@1000.service/ib-bench.service");
	classify("/user.slice/user-1000.slice/user@1000.service/init.scope", VIEW_G_UNIT,
		 "systemd", "user@1000.service/init.scope");
	classify("/user.slice/user-1000.slice/user@1000.service", VIEW_G_UNIT, "systemd",
		 "user@1000.service");
	classify("/init.scope", VIEW_G_UNIT, "systemd", "init.scope");
}

static void test_other(void)
{
	classify("/", VIEW_G_CGROUP, "", "/");
	classify("/mygroup/a", VIEW_G_CGROUP, "", "/mygroup/a");
	classify("", VIEW_G_UNKNOWN, "", "");
	classify(NULL, VIEW_G_UNKNOWN, "", "");
	/* a path of many components does not overrun anything */
	{
		char p[300], want[256];
		size_t i;

		for (i = 0; i + 2 < sizeof(p); i += 2)
			memcpy(p + i, "/a", 2);
		p[i] = '\0';
		memcpy(want, p, 255);	/* the name keeps 255 bytes */
		want[255] = '\0';
		classify(p, VIEW_G_CGROUP, "", want);
	}
}

static void test_aggregate(void)
{
	struct snapshot s;
	struct view_proc p[5];
	struct view_group *g;
	uint32_t member[5];
	int n;

	snap_init(&s);
	memset(p, 0, sizeof(p));
	p[0].pid = 10;
	p[0].cgroup = snap_str(&s, "/slurm/uid_1000/job_5/step_0/task_0", 35);
	p[0].res[SNAP_RES_QP] = 2;
	p[0].qp_state[3] = 2;
	p[0].mr_bytes = 4096;
	p[0].psn_rate = 10;
	p[0].valid = VIEW_PROC_PSN_RATE;
	p[1].pid = 11;
	p[1].cgroup = snap_str(&s, "/slurm/uid_1000/job_5/step_1/task_0", 35);
	p[1].res[SNAP_RES_QP] = 1;
	p[1].qp_state[6] = 1;
	p[1].mr_bytes = 1024;
	p[2].pid = 12;
	p[2].cgroup = snap_str(&s, "/system.slice/sshd.service", 26);
	p[2].res[SNAP_RES_CQ] = 3;
	p[3].valid = VIEW_PROC_KERN;
	p[3].res[SNAP_RES_QP] = 1;
	p[4].valid = VIEW_PROC_HIDDEN;
	p[4].res[SNAP_RES_PD] = 1;
	n = view_groups(&s, p, 5, &g, member);
	CHECK_EQ_U(n, 4);
	if (n == 4) {
		CHECK_EQ_U(g[0].key.kind, VIEW_G_JOB);
		CHECK_EQ_S(g[0].key.name, "5");
		CHECK_EQ_U(g[0].n_procs, 2);
		CHECK_EQ_U(g[0].res[SNAP_RES_QP], 3);
		CHECK_EQ_U(g[0].qp_state[3], 2);
		CHECK_EQ_U(g[0].qp_state[6], 1);
		CHECK_EQ_U(g[0].mr_bytes, 5120);
		CHECK(g[0].valid & VIEW_PROC_PSN_RATE);
		CHECK_EQ_U(g[1].key.kind, VIEW_G_UNIT);
		CHECK_EQ_U(g[1].res[SNAP_RES_CQ], 3);
		CHECK_EQ_U(g[2].key.kind, VIEW_G_KERNEL);
		CHECK_EQ_U(g[3].key.kind, VIEW_G_HIDDEN);
		CHECK(member[0] == 0 && member[1] == 0 && member[2] == 1 && member[3] == 2 &&
		      member[4] == 3);
		{
			struct view_ctx c = { .s = &s, .groups = g, .n_groups = (size_t)n };
			struct view_value v;
			char buf[64];

			view_get(&c, VIEW_GROUPS, 0, VC_GRP_RTS, &v);
			CHECK_EQ_U(v.u, 2);
			view_get(&c, VIEW_GROUPS, 0, VC_GRP_QP_ERR, &v);
			CHECK_EQ_U(v.u, 1);
			view_get(&c, VIEW_GROUPS, 0, VC_GRP_QP_OTHER, &v);
			CHECK_EQ_U(v.u, 0);
			view_get(&c, VIEW_GROUPS, 0, VC_GRP_KIND, &v);
			CHECK_EQ_S(view_fmt(&v, buf, sizeof(buf)), "job");
			view_get(&c, VIEW_GROUPS, 2, VC_GRP_QP_OTHER, &v);
			CHECK_EQ_U(v.u, 1);	/* a QP of no known state */
			c.procs = p;
			c.n_procs = 5;
			view_get(&c, VIEW_PROCS, 1, VC_PROC_GROUP, &v);
			CHECK_EQ_S(view_fmt(&v, buf, sizeof(buf)), "job:5");
			/* -p: the group of that process only (screen and JSON) */
			CHECK(view_pid_match(&c, VIEW_GROUPS, 0, 11));
			CHECK(!view_pid_match(&c, VIEW_GROUPS, 1, 11));
			CHECK(view_pid_match(&c, VIEW_GROUPS, 1, 12));
			CHECK(!view_pid_match(&c, VIEW_GROUPS, 0, 99));
		}
	}
	free(g);
	n = view_groups(&s, p, 0, &g, NULL);
	CHECK_EQ_U(n, 0);
	free(g);
	snap_free(&s);
}

/* A pod's QoS class from its path (the process and QP details say it). */
static void test_qos(void)
{
	static const struct {
		const char *path, *qos;
	} cases[] = {
		/* cgroup v2, systemd driver, as the kubelet names them */
		{ "/kubepods.slice/kubepods-burstable.slice/"
		  "kubepods-burstable-pod8e2f3b1a_5c4d_4e6f_9a0b_1c2d3e4f5a6b.slice/"
		  "cri-containerd-" ID64 ".scope", "burstable" },
		{ "/kubepods.slice/kubepods-besteffort.slice/"
		  "kubepods-besteffort-pod0a1b2c3d_0000_4111_8222_333344445555.slice/"
		  "cri-containerd-" ID64 ".scope", "besteffort" },
		{ "/kubepods.slice/kubepods-pod11112222_3333_4444_5555_666677778888.slice/"
		  "cri-containerd-" ID64 ".scope", "guaranteed" },
		/* cgroup v1, cgroupfs driver */
		{ "/kubepods/besteffort/pod8e2f3b1a-5c4d-4e6f-9a0b-1c2d3e4f5a6b/" ID64, "besteffort" },
		{ "/kubepods/burstable/pod8e2f3b1a-5c4d-4e6f-9a0b-1c2d3e4f5a6b/" ID64, "burstable" },
		{ "/kubepods/pod8e2f3b1a-5c4d-4e6f-9a0b-1c2d3e4f5a6b/" ID64, "guaranteed" },
		/* no pod: no class; a SLURM job is a job */
		{ "/kubepods.slice/kubepods-burstable.slice", NULL },
		{ "/kubepods/besteffort", NULL },
		{ "/system.slice/slurmstepd.scope/job_123/step_0/user/task_0", NULL },
		{ "/besteffort/pod8e2f3b1a-5c4d-4e6f-9a0b-1c2d3e4f5a6b", NULL },
		{ "", NULL },
		/* hostile: a container named like a class past the pod */
		{ "/kubepods/pod8e2f3b1a-5c4d-4e6f-9a0b-1c2d3e4f5a6b/burstable", "guaranteed" },
		{ "//kubepods//besteffort//pod8e2f3b1a-5c4d-4e6f-9a0b-1c2d3e4f5a6b//", "besteffort" },
	};
	struct view_group_key k;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *q = view_group_qos(cases[i].path);

		if (cases[i].qos)
			CHECK_EQ_S(q, cases[i].qos);
		else
			CHECK(q == NULL);
	}
	/* SLURM's job and step, v2 and v1 */
	view_group_classify("/system.slice/slurmstepd.scope/job_123/step_0/user/task_0", &k);
	CHECK_EQ_U(k.kind, VIEW_G_JOB);
	CHECK_EQ_S(k.name, "123");
	view_group_classify("/slurm/uid_1000/job_77/step_batch/task_0", &k);
	CHECK_EQ_U(k.kind, VIEW_G_JOB);
	CHECK_EQ_S(k.name, "77");
}

TEST_MAIN(test_slurm, test_kubernetes, test_containers, test_units, test_other, test_aggregate,
	  test_qos)
