/*
 * many_qp: hold N RC QPs in RTS in each of M processes, for the scale and
 * benchmark scenarios of the real-kernel test bed (tests/vm/scenarios/many-qp.sh).
 *
 * Every child opens the device, allocates one PD, one CQ and one MR, and
 * creates N RC QPs connected in pairs (QP 2i <-> QP 2i+1, an odd last one
 * to itself) on the same device through GID index 1 (with Soft-RoCE on an
 * IPv4 netdev: the IPv4-mapped GID).  When all children hold their QPs in
 * RTS, the parent prints "SECONDS <s>" (from the first fork until the last
 * child was ready: what creating and connecting them took) and "READY
 * <total> <pid>...", and waits for SIGTERM or SIGINT, which it forwards to
 * the children; the QPs go away with them.
 *
 * usage: many_qp [-d DEV] [-n QPS_PER_PROCESS] [-m PROCESSES] [-g GID_INDEX]
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <infiniband/verbs.h>

static volatile sig_atomic_t stop;

static double mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* Signals stay blocked outside sigsuspend(): no lost wake-up. */
static void wait_for_stop(void)
{
	sigset_t none;

	sigemptyset(&none);
	while (!stop)
		sigsuspend(&none);
}

static int modify(struct ibv_qp *qp, struct ibv_qp *peer, union ibv_gid *gid,
		  int gid_index, int port)
{
	struct ibv_qp_attr a;

	memset(&a, 0, sizeof(a));
	a.qp_state = IBV_QPS_INIT;
	a.pkey_index = 0;
	a.port_num = (uint8_t)port;
	a.qp_access_flags = IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_WRITE;
	if (ibv_modify_qp(qp, &a, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT |
			  IBV_QP_ACCESS_FLAGS))
		return -1;

	memset(&a, 0, sizeof(a));
	a.qp_state = IBV_QPS_RTR;
	a.path_mtu = IBV_MTU_1024;
	a.dest_qp_num = peer->qp_num;
	a.rq_psn = peer->qp_num & 0xffffff;
	a.max_dest_rd_atomic = 1;
	a.min_rnr_timer = 12;
	a.ah_attr.is_global = 1;
	a.ah_attr.grh.dgid = *gid;
	a.ah_attr.grh.sgid_index = (uint8_t)gid_index;
	a.ah_attr.grh.hop_limit = 1;
	a.ah_attr.port_num = (uint8_t)port;
	if (ibv_modify_qp(qp, &a, IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU |
			  IBV_QP_DEST_QPN | IBV_QP_RQ_PSN |
			  IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER))
		return -1;

	memset(&a, 0, sizeof(a));
	a.qp_state = IBV_QPS_RTS;
	a.timeout = 14;
	a.retry_cnt = 7;
	a.rnr_retry = 7;
	a.sq_psn = qp->qp_num & 0xffffff;
	a.max_rd_atomic = 1;
	return ibv_modify_qp(qp, &a, IBV_QP_STATE | IBV_QP_TIMEOUT |
			     IBV_QP_RETRY_CNT | IBV_QP_RNR_RETRY | IBV_QP_SQ_PSN |
			     IBV_QP_MAX_QP_RD_ATOMIC);
}

static struct ibv_context *open_dev(const char *name)
{
	struct ibv_device **list;
	struct ibv_context *ctx = NULL;
	int i, n;

	list = ibv_get_device_list(&n);
	if (!list)
		return NULL;
	for (i = 0; i < n; i++)
		if (!strcmp(ibv_get_device_name(list[i]), name))
			ctx = ibv_open_device(list[i]);
	ibv_free_device_list(list);
	return ctx;
}

/* One child: build everything, report on fd, wait for the signal. */
static int child(const char *dev, int n, int gid_index, int port, int fd)
{
	static char buf[4096];
	struct ibv_context *ctx;
	struct ibv_pd *pd;
	struct ibv_cq *cq;
	struct ibv_mr *mr;
	struct ibv_qp **qps;
	union ibv_gid gid;
	char line[64];
	int i, len;

	ctx = open_dev(dev);
	if (!ctx) {
		fprintf(stderr, "many_qp: cannot open %s\n", dev);
		return 1;
	}
	if (ibv_query_gid(ctx, (uint8_t)port, gid_index, &gid)) {
		perror("many_qp: ibv_query_gid");
		return 1;
	}
	pd = ibv_alloc_pd(ctx);
	cq = pd ? ibv_create_cq(ctx, 16, NULL, NULL, 0) : NULL;
	mr = cq ? ibv_reg_mr(pd, buf, sizeof(buf), IBV_ACCESS_LOCAL_WRITE) : NULL;
	qps = calloc((size_t)n, sizeof(*qps));
	if (!mr || !qps) {
		perror("many_qp: pd/cq/mr");
		return 1;
	}
	for (i = 0; i < n; i++) {
		struct ibv_qp_init_attr ia;

		memset(&ia, 0, sizeof(ia));
		ia.send_cq = cq;
		ia.recv_cq = cq;
		ia.qp_type = IBV_QPT_RC;
		ia.cap.max_send_wr = 1;
		ia.cap.max_recv_wr = 1;
		ia.cap.max_send_sge = 1;
		ia.cap.max_recv_sge = 1;
		qps[i] = ibv_create_qp(pd, &ia);
		if (!qps[i]) {
			fprintf(stderr, "many_qp: ibv_create_qp #%d: %s\n", i, strerror(errno));
			return 1;
		}
	}
	for (i = 0; i < n; i++) {
		struct ibv_qp *peer = (i ^ 1) < n ? qps[i ^ 1] : qps[i];

		if (modify(qps[i], peer, &gid, gid_index, port)) {
			fprintf(stderr, "many_qp: modify QP #%d: %s\n", i, strerror(errno));
			return 1;
		}
	}
	len = snprintf(line, sizeof(line), "%d\n", (int)getpid());
	if (write(fd, line, (size_t)len) != len)
		return 1;
	close(fd);
	wait_for_stop();
	return 0;
}

int main(int argc, char **argv)
{
	const char *dev = "rxe0";
	int n = 100, m = 1, gid_index = 1, port = 1, opt, i, fds[2], ready = 0;
	int status, rc = 0;
	double t0;
	pid_t *pids;
	struct sigaction sa;
	sigset_t block;
	FILE *in;
	char line[64];

	while ((opt = getopt(argc, argv, "d:n:m:g:p:")) != -1) {
		switch (opt) {
		case 'd': dev = optarg; break;
		case 'n': n = atoi(optarg); break;
		case 'm': m = atoi(optarg); break;
		case 'g': gid_index = atoi(optarg); break;
		case 'p': port = atoi(optarg); break;
		default:
			fprintf(stderr, "usage: many_qp [-d DEV] [-n QPS] [-m PROCS] [-g GID_INDEX] [-p PORT]\n");
			return 2;
		}
	}
	if (n < 1 || m < 1)
		return 2;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	sigprocmask(SIG_BLOCK, &block, NULL);
	if (pipe(fds))
		return 1;
	pids = calloc((size_t)m, sizeof(*pids));
	if (!pids)
		return 1;
	t0 = mono();
	for (i = 0; i < m; i++) {
		pids[i] = fork();
		if (pids[i] < 0)
			return 1;
		if (pids[i] == 0) {
			close(fds[0]);
			_exit(child(dev, n, gid_index, port, fds[1]));
		}
	}
	close(fds[1]);
	in = fdopen(fds[0], "r");
	while (in && fgets(line, sizeof(line), in))
		ready++;
	if (ready != m) {
		fprintf(stderr, "many_qp: %d of %d processes ready\n", ready, m);
		rc = 1;
		stop = 1;
	} else {
		printf("SECONDS %.6f\n", mono() - t0);
		printf("READY %d", n * m);
		for (i = 0; i < m; i++)
			printf(" %d", (int)pids[i]);
		printf("\n");
		fflush(stdout);
	}
	wait_for_stop();
	for (i = 0; i < m; i++)
		kill(pids[i], SIGTERM);
	for (i = 0; i < m; i++) {
		if (waitpid(pids[i], &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			rc = 1;
	}
	return rc;
}
