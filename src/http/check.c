// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The password step of a request (see check.h).  libmicrohttpd (MHD) in
 * external epoll mode gives no way to answer a request later but
 * suspension: the access handler suspends the connection
 * (MHD_suspend_connection) and returns; the workers (src/http/pool.c) run
 * bcrypt; their result comes back on the loop's thread (an ev_async),
 * which resumes the connection (MHD_resume_connection, then MHD_run), and
 * MHD calls the handler again, which finds the result here.  MHD must not
 * be stopped with a connection suspended: the checker resumes every
 * waiting one before.  One request per connection (every answer says
 * Connection: close), so the state is the connection's.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

struct http_checker {
	struct http_auth *auth;
	struct http_pool *pool;
	struct http_check *waiting;
	void (*wake)(void *cls);
	void *cls;
};

static void unlink_check(struct http_checker *k, struct http_check *c)
{
	*(c->prev ? &c->prev->next : &k->waiting) = c->next;
	if (c->next)
		c->next->prev = c->prev;
	c->prev = c->next = NULL;
}

static void on_checked(void *cls, struct http_auth_job *job)
{
	struct http_checker *k = cls;
	struct http_check *c = job->owner;

	if (job->evicted) {
		http_auth_drop(k->auth, job);
		c->state = CHECK_BUSY;
	} else {
		c->state = http_auth_finish(k->auth, job) == HTTP_AUTH_OK ? CHECK_PASSED :
									    CHECK_FAILED;
	}
	unlink_check(k, c);
	MHD_resume_connection(c->mc);
	k->wake(k->cls);
}

enum http_check_result http_check(struct http_checker *k, struct http_check *c)
{
	enum http_auth_result r = HTTP_AUTH_DENIED;
	struct http_auth_job *job = NULL;
	char *user, *pass = NULL;

	switch (c->state) {
	case CHECK_PASSED:
		return HTTP_CHECK_PASS;
	case CHECK_FAILED:
		return HTTP_CHECK_DENIED;
	case CHECK_BUSY:
		return HTTP_CHECK_BUSY;
	case CHECK_WAIT:	/* not called while suspended */
	case CHECK_NONE:
		break;
	}
	user = MHD_basic_auth_get_username_password(c->mc, &pass);
	if (user && pass)
		r = http_auth_begin(k->auth, user, pass, &c->who, ev_time(), &job);
	if (pass) {
		explicit_bzero(pass, strlen(pass));
		MHD_free(pass);
	}
	if (user)
		MHD_free(user);
	if (r != HTTP_AUTH_PENDING)
		return r == HTTP_AUTH_OK ? HTTP_CHECK_PASS :
		       r == HTTP_AUTH_BUSY ? HTTP_CHECK_BUSY : HTTP_CHECK_DENIED;
	job->owner = c;
	if (http_pool_submit(k->pool, job)) {
		http_auth_drop(k->auth, job);
		return HTTP_CHECK_BUSY;
	}
	c->state = CHECK_WAIT;
	c->next = k->waiting;
	if (c->next)
		c->next->prev = c;
	k->waiting = c;
	MHD_suspend_connection(c->mc);
	return HTTP_CHECK_WAIT;
}

int http_checker_new(struct http_checker **out, struct ev_loop *loop, const struct webcfg *web,
		     void (*wake)(void *cls), void *cls)
{
	struct http_checker *k = calloc(1, sizeof(*k));
	int ret;

	if (!k)
		return -ENOMEM;
	k->wake = wake;
	k->cls = cls;
	ret = http_auth_new(&k->auth, web->users, web->n_users);
	if (!ret && (ret = http_pool_new(&k->pool, loop, on_checked, k)))
		http_auth_free(k->auth);
	if (ret) {
		free(k);
		return ret;
	}
	*out = k;
	return 0;
}

void http_checker_free(struct http_checker *k)
{
	if (!k)
		return;
	/* the workers hand nothing back from here; the jobs are theirs */
	http_pool_stop(k->pool);
	while (k->waiting) {
		struct http_check *c = k->waiting;

		c->state = CHECK_FAILED;
		unlink_check(k, c);
		MHD_resume_connection(c->mc);
	}
	http_auth_free(k->auth);
	free(k);
}
