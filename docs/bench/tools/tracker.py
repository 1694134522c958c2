#!/usr/bin/env python3
"""A minimal BitTorrent HTTP tracker for a benchmark on loopback: every peer that announces is
handed every other peer that did (compact form), whatever the info hash. Not for real use."""
import socket
import struct
import sys
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

peers = {}


def bencode(value):
    if isinstance(value, int):
        return b"i%de" % value
    if isinstance(value, bytes):
        return b"%d:%s" % (len(value), value)
    if isinstance(value, dict):
        return b"d" + b"".join(bencode(k.encode()) + bencode(v) for k, v in sorted(value.items())) + b"e"
    raise TypeError(value)


class Announce(BaseHTTPRequestHandler):
    def do_GET(self):
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
        ip = self.client_address[0]
        port = int(query["port"][0])
        if query.get("event", [""])[0] == "stopped":
            peers.pop((ip, port), None)
        else:
            peers[(ip, port)] = True
        compact = b"".join(socket.inet_aton(i) + struct.pack(">H", p) for (i, p) in peers if (i, p) != (ip, port))
        body = bencode({"interval": 5, "peers": compact})
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Announce).serve_forever()
