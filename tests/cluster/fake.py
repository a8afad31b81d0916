#!/usr/bin/env python3
"""A server that answers every request as a broken Prometheus would, or
one that wants a token.

usage: fake.py PORT bad|big|length|objects|hostile|hostile-error|redirect|html500
       fake.py PORT old DOWN
       fake.py PORT fleet N [escaped]
       fake.py PORT auth UPSTREAM 'TYPE CREDENTIALS' LOG
       fake.py PORT redirect-to UPSTREAM
  bad: a JSON answer cut in the middle
  big: 17 MiB of blanks, past rdmatop's 16 MiB bound of one answer
  length: a Content-Length of 1 GiB, then blanks at 640 KiB/s (its 16
        MiB would take 25 s)
  old: one host's answers, evaluated 100 s before they are sent (a
        caching front end's), or at the time asked for; while the file
        DOWN exists, every request answered 503
  objects: an answer of 16.5 MB whose result is 5.5 million empty
        objects ({},{},...), within the byte bound (jansson took 1.3 GB
        for one)
  hostile: every query answered with the series of HOSTILE (label values
        with terminal escapes, C1 controls, invisible characters, cut
        inside a character, sharing their first 127 bytes; values
        +Inf, -Inf, NaN, 1.7e308, 1.8e308, -0); a scrape_interval of
        1e308y
  hostile-error: every query refused (400) with an error text holding
        escapes, 'é' across byte 200
  redirect: 307 to http://127.0.0.1:9/prometheus/ (a reverse proxy's)
  html500: 500 with an HTML page
  fleet: every query answered with N hosts' series (one each, every label
        a pane reads), about 200 bytes a host: at 49,999 hosts (under the
        50,000 series bound) a refresh is about 86 MiB of JSON; escaped:
        each series with a label "site": "Z\u00fcrich" as well, written
        with its escape, so no series is read plain (src/prom/parse_elem.c)
        and jansson parses each: a refresh's read takes seconds
  redirect-to: every request redirected to the same path at UPSTREAM: a GET
        by 302, a POST by 307 (which keeps the method and the form)
  auth: 401 (with WWW-Authenticate) unless the request's Authorization
        header is exactly 'TYPE CREDENTIALS' (as Prometheus's own
        authorization client sends it: "Bearer TOKEN"); with it, the
        request passed to the Prometheus at UPSTREAM and its answer
        returned.  Every Authorization header received (or "-" for none)
        is appended to LOG, one a line, so that a test sees what went on
        the wire.
"""
import http.server
import json
import os
import sys
import time
import urllib.parse
import urllib.error
import urllib.request


ESC = "\x1b"
# the instances of mode hostile, each a host of its own
HOSTILE = [
    "clip" + ESC + "]52;c;cHduZWQ=\x07",
    "title" + ESC + "]0;pwned\x07",
    "csi\u009b2J",
    "node1", "node1\u200b", "node1\u00ad", "node1\ufeff", "node1\u2060", "node1 ",
    "A" * 126 + "\u00e9" * 37,
    "B" * 127 + "1", "B" * 127 + "2",
]
VALUES = ["+Inf", "-Inf", "NaN", "1.7e308", "-0", "1.5", "1.8e308"]


def hostile_answer():
    res = []
    for i, inst in enumerate(HOSTILE):
        res.append({"metric": {"instance": inst, "job": "rdma" + ESC + "[2J", "f": "rx",
                               "device": "mlx5" + ESC + "[31m" + "d" * 120 + "\u00e9",
                               "port": "1" * 14 + "\u00e9", "state": "ACTIVE\u200b",
                               "kind": "k" * 30 + "\u00e9", "group": inst, "class": "error"},
                    "value": [1764558720.5, VALUES[i % len(VALUES)]]})
    return {"status": "success", "data": {"resultType": "vector", "result": res}}


def hostile_error():
    text = ESC + "]0;pwned" + ESC + "\\ \u009b2J"
    text += "x" * (199 - len(text.encode())) + "\u00e9 and more"
    return {"status": "error", "errorType": "bad_data", "error": text}


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        self.answer()

    def do_POST(self):
        self.answer()

    def answer(self):
        if MODE == "redirect-to":
            if self.command == "POST":
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
            self.send_response(307 if self.command == "POST" else 302)
            self.send_header("Location", UPSTREAM + self.path)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if MODE == "auth":
            self.auth()
            return
        if MODE.startswith("hostile"):
            self.hostile()
            return
        if MODE == "old":
            self.old()
            return
        if MODE == "fleet":
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            data = FLEET_CFG if "/status/config" in self.path else FLEET
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        if MODE in ("redirect", "html500"):
            page = b"<html><body><h1>Oops</h1></body></html>\n"
            self.send_response(307 if MODE == "redirect" else 500)
            if MODE == "redirect":
                self.send_header("Location", "http://127.0.0.1:9/prometheus" + self.path)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if MODE == "length":
            self.send_header("Content-Length", str(1 << 30))
        self.end_headers()
        try:
            if MODE == "length":
                while True:
                    self.wfile.write(b" " * (64 << 10))
                    self.wfile.flush()
                    time.sleep(0.1)
            elif MODE == "objects":
                self.wfile.write(b'{"status":"success","data":{"resultType":"vector","result":[')
                chunk = b"{}," * (1 << 16)
                for _ in range(16500000 // len(chunk)):
                    self.wfile.write(chunk)
                self.wfile.write(b'{}]}}')
            elif MODE == "big":
                chunk = b" " * (1 << 20)
                for _ in range(17):
                    self.wfile.write(chunk)
            else:
                self.wfile.write(b'{"status":"success","data":{"resultType":"vector","result":[{"metric":')
        except OSError:
            pass    # the client hung up: what it should do past its bound

    def hostile(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        code = 200
        if "/status/config" in self.path:
            # an interval past what a double holds: refused, never [infs]
            ans = {"status": "success", "data": {"yaml": "global:\n  scrape_interval: 15s\n"
                                                 "scrape_configs:\n- job_name: x\n"
                                                 "  scrape_interval: 1e308y\n"}}
        elif MODE == "hostile-error":
            ans, code = hostile_error(), 400
        else:
            ans = hostile_answer()
        data = json.dumps(ans).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def old(self):
        form = urllib.parse.parse_qs(self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode())
        code, ctype = 200, "application/json"
        if os.path.exists(DOWN):
            code, ctype, data = 503, "text/plain", b"down\n"
        elif "/status/config" in self.path:
            data = json.dumps({"status": "success", "data": {"yaml": "global:\n  scrape_interval: 15s\n"}}).encode()
        else:
            t = float(form["time"][0]) if "time" in form else time.time() - 100
            res = [{"metric": {"instance": "h1", "job": "rdma"}, "value": [t, "1"]}]
            data = json.dumps({"status": "success", "data": {"resultType": "vector", "result": res}}).encode()
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def auth(self):
        got = self.headers.get_all("Authorization") or []
        with open(LOG, "a") as f:
            f.write("%s\n" % (" | ".join(got) if got else "-"))
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if got != [WANT]:
            msg = b'{"status":"error","errorType":"unauthorized","error":"unauthorized"}'
            self.send_response(401)
            self.send_header("WWW-Authenticate", 'Bearer realm="prometheus"')
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(msg)))
            self.end_headers()
            self.wfile.write(msg)
            return
        req = urllib.request.Request(UPSTREAM + self.path, data=body if self.command == "POST" else None,
                                     method=self.command)
        if self.headers.get("Content-Type"):
            req.add_header("Content-Type", self.headers["Content-Type"])
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                code, data, ctype = r.status, r.read(), r.headers.get("Content-Type")
        except urllib.error.HTTPError as e:
            code, data, ctype = e.code, e.read(), e.headers.get("Content-Type")
        self.send_response(code)
        self.send_header("Content-Type", ctype or "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


MODE = sys.argv[2]
if MODE == "redirect-to":
    UPSTREAM = sys.argv[3].rstrip("/")
if MODE == "old":
    DOWN = sys.argv[3]
if MODE == "fleet":
    FLEET = json.dumps({"status": "success", "data": {"resultType": "vector", "result": [
        {"metric": {"instance": "host%05d:9101" % i, "job": "rdma", "f": "rx", "device": "mlx5_0",
                    "port": "1", "state": "ACTIVE", "kind": "job", "group": str(i % 997),
                    "class": "error", **({"site": "Z\u00fcrich"} if sys.argv[4:] == ["escaped"] else {})},
         "value": [time.time(), "1"]} for i in range(int(sys.argv[3]))]}}).encode()
    FLEET_CFG = json.dumps({"status": "success",
                            "data": {"yaml": "global:\n  scrape_interval: 15s\n"}}).encode()
if MODE == "auth":
    UPSTREAM, WANT, LOG = sys.argv[3].rstrip("/"), sys.argv[4], sys.argv[5]
# a backlog of 128, as proxy.py's: socketserver's 5 delays a sixth query 1 s
http.server.ThreadingHTTPServer.request_queue_size = 128
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
