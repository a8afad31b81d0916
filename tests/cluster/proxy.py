#!/usr/bin/env python3
"""A counting proxy in front of Prometheus.

usage: proxy.py PORT UPSTREAM_URL LOG [DELAY_QUERY DELAY_SECONDS [FAIL_FILE]]

Forwards every request to UPSTREAM_URL and appends one JSON line per
request to LOG: the path, the query's name (guessed from its PromQL, as
rdmatop's query table spells it), the series in the answer, the bytes on
the wire (as sent, gzip or not) and decoded, and when it was asked.
With DELAY_QUERY (a name, or "all") its answers wait DELAY_SECONDS
first, as a Prometheus that is slow on one query; while FAIL_FILE holds
a query's name, that query is answered 503.  Loopback only.

It is a forward proxy too: a request in absolute form (GET http://HOST/...,
as a client sends to its proxy) goes to UPSTREAM_URL whatever HOST it
names (HOST need not resolve), and a CONNECT is tunnelled to its target;
the log says the host asked for ("host"), the request's
Authorization ("auth") and a CONNECT's Proxy-Authorization ("proxy_auth").
With PROXY_TLS=CERT:KEY[:TLS12] in the environment it serves TLS (at most
TLS 1.2 with the third field), and logs each request's TLS version ("tls").
With PROXY_REVOKE=AUTH[,AUTH...] a request whose Authorization is one of
them is answered 401, as an auth proxy answers a revoked token
("revoked": true in the log).
"""
import gzip
import json
import os
import select
import socket
import ssl
import sys
import threading
import time
import zlib
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

port, upstream, log = int(sys.argv[1]), sys.argv[2].rstrip("/"), sys.argv[3]
delay_q = sys.argv[4] if len(sys.argv) > 4 else ""
delay_s = float(sys.argv[5]) if len(sys.argv) > 5 else 0
fail_file = sys.argv[6] if len(sys.argv) > 6 else ""
revoked = set(filter(None, os.environ.get("PROXY_REVOKE", "").split(",")))
lock = threading.Lock()


def name_of(q):
    """the query's name by what only it holds (src/prom/query.c)"""
    if not q:
        return ""
    # the Ports query's first step: its top rows alone (prom_q_top_text)
    if q.startswith(("topk(", "bottomk(")) and "by (instance, device, port)" in q:
        return "ports_top"
    for name, mark in (("rules", "rdma:rdmatop_rules_info"), ("stalls", "rdma_qp_stall_seconds"),
                       ("processes", "rdma_process_qps"),
                       ("jobs", "by (kind, group)"), ("errors", "by (instance, class) ("),
                       ("errors", "class=~\"error|flush|congestion\""), ("host", "by (instance) ("),
                       ("ports", "by (instance, device, port)"), ("host_groups", "rdma_group_processes"),
                       ("ports_state", "count by (instance, state)"), ("qps", "rdma_qps"),
                       ("up", "and on (job)")):
        if mark in q:
            return name
    return "other"


class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def do_GET(self):
        self.forward(None)

    def do_CONNECT(self):
        host, _, port = self.path.rpartition(":")
        with lock, open(log, "a") as f:
            f.write(json.dumps({"path": "CONNECT", "name": "connect", "host": self.path,
                                "proxy_auth": self.headers.get("Proxy-Authorization", ""),
                                "series": -1, "wire": 0, "bytes": 0, "t": time.time()}) + "\n")
        try:
            up = socket.create_connection((host.strip("[]"), int(port)), timeout=30)
        except OSError:
            self.send_error(502)
            return
        self.send_response(200, "Connection established")
        self.end_headers()
        socks = [self.connection, up]
        try:
            while True:
                r, _, _ = select.select(socks, [], [], 30)
                if not r:
                    break
                for s in r:
                    data = s.recv(65536)
                    if not data:
                        raise EOFError
                    (up if s is self.connection else self.connection).sendall(data)
        except (OSError, EOFError):
            pass
        up.close()
        self.close_connection = True

    def do_POST(self):
        n = int(self.headers.get("Content-Length") or 0)
        self.forward(self.rfile.read(n))

    def forward(self, body):
        host = ""
        if self.path.startswith(("http://", "https://")):
            # a client's request to its proxy: upstream serves every host
            u = urllib.parse.urlsplit(self.path)
            host = u.netloc
            self.path = u.path + ("?" + u.query if u.query else "")
        extra = {"host": host, "auth": self.headers.get("Authorization", "")}
        if hasattr(self.connection, "version"):
            extra["tls"] = self.connection.version()
        form = urllib.parse.parse_qs(body.decode() if body else urllib.parse.urlsplit(self.path).query)
        q = form.get("query", [""])[0]
        name = name_of(q) if q else self.path.split("?")[0]
        t0 = time.time()
        delayed = bool(delay_s and delay_q in ("all", name))
        if delayed:
            # logged as it comes: the client may be gone before the answer
            with lock, open(log, "a") as f:
                f.write(json.dumps({"path": self.path.split("?")[0], "name": name, "series": -1,
                                    "wire": 0, "bytes": 0, "t": t0, "seconds": 0, "query": q,
                                    "delayed": True, **extra}) + "\n")
            time.sleep(delay_s)
        try:
            failing = open(fail_file).read().strip() if fail_file else ""
        except OSError:
            failing = ""
        if extra["auth"] in revoked:
            with lock, open(log, "a") as f:
                f.write(json.dumps({"path": self.path.split("?")[0], "name": name, "series": -1,
                                    "wire": 0, "bytes": 0, "t": t0, "seconds": 0, "query": q,
                                    "revoked": True, **extra}) + "\n")
            msg = b"401 Unauthorized: token revoked\n"
            self.send_response(401)
            self.send_header("Content-Type", "text/plain")
            self.send_header("WWW-Authenticate", 'Bearer error="invalid_token"')
            self.send_header("Content-Length", str(len(msg)))
            self.end_headers()
            self.wfile.write(msg)
            return
        if failing and failing == name:
            with lock, open(log, "a") as f:
                f.write(json.dumps({"path": self.path.split("?")[0], "name": name, "series": -1,
                                    "wire": 0, "bytes": 0, "t": t0, "seconds": 0, "query": q,
                                    "failed": True, **extra}) + "\n")
            msg = b"proxy: upstream unavailable"
            self.send_response(503)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(msg)))
            self.end_headers()
            self.wfile.write(msg)
            return
        req = urllib.request.Request(upstream + self.path, data=body, method=self.command)
        for k in ("Content-Type", "Accept-Encoding", "Authorization"):
            if self.headers.get(k):
                req.add_header(k, self.headers[k])
        try:
            r = urllib.request.urlopen(req, timeout=120)
            code, data, hdrs = r.status, r.read(), r.headers
        except urllib.error.HTTPError as e:
            code, data, hdrs = e.code, e.read(), e.headers
        except OSError:
            self.close_connection = True
            return
        enc = hdrs.get("Content-Encoding", "")
        try:
            raw = gzip.decompress(data) if enc == "gzip" else zlib.decompress(data) if enc == "deflate" else data
        except (OSError, zlib.error):
            raw = zlib.decompress(data, -15)
        try:
            series = len(json.loads(raw)["data"]["result"])
        except (ValueError, KeyError, TypeError):
            series = -1
        with lock, open(log, "a") as f:
            if delayed:
                pass
            else:
                f.write(json.dumps({"path": self.path.split("?")[0], "name": name, "series": series,
                                    "wire": len(data), "bytes": len(raw), "t": t0,
                                    "seconds": time.time() - t0, "query": q, **extra}) + "\n")
        try:
            self.send_response(code)
            for k in ("Content-Type", "Content-Encoding"):
                if hdrs.get(k):
                    self.send_header(k, hdrs[k])
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except OSError:
            self.close_connection = True


ThreadingHTTPServer.daemon_threads = True
# a listen backlog of 5 (socketserver's default) drops the SYNs of the
# sixth and later of rdmatop's concurrent queries, whose retry comes a
# second later: Prometheus (Go) listens with the kernel's somaxconn
ThreadingHTTPServer.request_queue_size = 128
srv = ThreadingHTTPServer(("127.0.0.1", port), H)
if os.environ.get("PROXY_TLS"):
    tls = os.environ["PROXY_TLS"].split(":")
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(tls[0], tls[1])
    if len(tls) > 2 and tls[2] == "TLS12":
        ctx.maximum_version = ssl.TLSVersion.TLSv1_2
    srv.socket = ctx.wrap_socket(srv.socket, server_side=True)
srv.serve_forever()
