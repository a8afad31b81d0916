#!/usr/bin/env python3
"""A server that answers every request as a broken Prometheus would.

usage: fake.py PORT bad|big
  bad: a JSON answer cut in the middle
  big: 17 MiB of blanks, past rdmatop's 16 MiB bound of one answer
"""
import http.server
import sys


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        self.answer()

    def do_POST(self):
        self.answer()

    def answer(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        try:
            if MODE == "big":
                chunk = b" " * (1 << 20)
                for _ in range(17):
                    self.wfile.write(chunk)
            else:
                self.wfile.write(b'{"status":"success","data":{"resultType":"vector","result":[{"metric":')
        except OSError:
            pass    # the client hung up: what it should do past its bound


MODE = sys.argv[2]
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
