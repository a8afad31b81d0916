#!/usr/bin/env python3
# Seed inputs for fuzz_nl from the captured kernel bytes in tests/data:
# every request a capture sent, with the datagrams that answered it, in
# fuzz_nl's input format (request pick, device/port byte, then each
# datagram as a 16-bit little-endian length and its bytes).
#   seeds.py DATADIR OUTDIR
import os
import struct
import sys

# fuzz_nl.c's reqs[], in order: (command, dump, has device, has port)
REQS = [(6, False), (1, True), (1, False), (9, True), (5, True), (5, False),
        (10, True), (11, True), (12, True), (13, True), (14, True), (22, True),
        (23, True), (17, False), (17, True), (28, False),
        # with DRIVER_DETAILS (no capture has them: not picked here)
        (10, "dd"), (12, "dd"), (13, "dd")]
NLM_F_DUMP = 0x300


def attrs(b):
    out, o = {}, 0
    while o + 4 <= len(b):
        ln, ty = struct.unpack_from('<HH', b, o)
        if ln < 4:
            break
        out[ty & 0x3fff] = b[o + 4:o + ln]
        o += (ln + 3) & ~3
    return out


def main():
    data, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    n = 0
    for root, _, files in os.walk(data):
        for name in sorted(files):
            if not name.endswith('.nlhex'):
                continue
            cur, dgs = None, []

            def flush():
                nonlocal n
                if cur is None or not dgs:
                    return
                body = bytes(cur) + b''.join(struct.pack('<H', len(d)) + d for d in dgs)
                with open(os.path.join(out, '%s-%s-%d' % (os.path.basename(root), name, n)), 'wb') as f:
                    f.write(body)
                n += 1

            for line in open(os.path.join(root, name)):
                f = line.split()
                if len(f) < 6:
                    continue
                b = bytes.fromhex(f[5])
                if f[3] == 'send':
                    flush()
                    cur, dgs = None, []
                    if len(b) < 16:
                        continue
                    ty, fl = struct.unpack_from('<HH', b, 4)
                    key = (ty & 0x3ff, bool(fl & NLM_F_DUMP))
                    if key not in REQS:
                        continue
                    a = attrs(b[16:])
                    dev = struct.unpack('<I', a[1])[0] & 0xf if 1 in a else 0
                    port = struct.unpack('<I', a[3])[0] & 0xf if 3 in a else 0
                    cur = [REQS.index(key), dev | port << 4]
                elif f[3] == 'recv' and cur is not None:
                    dgs.append(b[:65535])
            flush()
    print('%d seeds' % n)


main()
