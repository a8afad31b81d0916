#!/usr/bin/env python3
# Seed inputs for fuzz_live from recordings (tests/data: the test bed's
# real kernels, the tests/hw fixtures): the first sample's answers, as the
# live source received them, in kshim.h's records (key, flags, 16-bit
# little-endian length, bytes), twice (one for each sample the target
# takes), and a hostile copy of each: every NLDEV answer split into a
# datagram per message, a stale copy and EAGAIN before each answer, and the driver's
# statistics counting more between the ioctls.  Notifications: those of a
# capture's `rdma monitor` (NLDEVHEX), a few a sample.  The recordings' first
# frame is a zstd frame of its own (the zstd tool decodes it).
#   seeds_live.py OUTDIR NLDEVHEX RECORDING...
import os
import struct
import subprocess
import sys

KEY_MON, KEY_DCB, KEY_FAMILY, KEY_GENL, KEY_IOCTL = 0x40, 0x41, 0x42, 0x80, 0xc0
MORE, STALE, SPLIT = 0x01, 0x04, 0x80
ERR_EAGAIN, NODATA = 1 << 3, 0x40
# enum snap_net_in -> the ethtool netlink command asked
GENL = {2: 21, 3: 29, 4: 6, 5: 4, 7: 32}
GSSET_INFO, GSTRINGS, GSTATS = 0x37, 0x1b, 0x1d
MODULE_EEPROM_GET = 31
NLM_F_REQUEST = 1


def rec(key, flags, body):
    body = body[:65535]
    return struct.pack('<BBH', key, flags, len(body)) + body


def first_payload(path):
    b = open(path, 'rb').read()
    _, _, codec, clen, _ = struct.unpack_from('<IHHII', b, 16)
    pay = b[16 + 24:16 + 24 + clen]
    if codec == 0:
        return pay
    return subprocess.run(['zstd', '-q', '-d', '-c'], input=pay, capture_output=True,
                          check=True).stdout


def family(fid):
    attrs = struct.pack('<HHH2x', 6, 1, fid) + struct.pack('<HH', 12, 2) + b'ethtool\0'
    body = struct.pack('<BBH', 1, 2, 0) + attrs
    return struct.pack('<IHHII', 16 + len(body), 0x10, 0, 0, 0) + body


def records(payload, hostile):
    out, o, fid = [], 0, None

    def answer(key, data):
        # hostile: a stale copy first, then EAGAIN before the datagram
        if hostile:
            out.append(rec(key, MORE | STALE, data))
            out.append(rec(key, ERR_EAGAIN, data))
        else:
            out.append(rec(key, 0, data))

    nl = []  # the datagrams of the request being answered: (request, bytes)
    while o + 8 <= len(payload):
        kind = payload[o]
        ln = struct.unpack_from('<I', payload, o + 4)[0]
        body = payload[o + 8:o + 8 + ln]
        o += 8 + ln
        if kind in (2, 5, 6):
            data = body[{2: 12, 5: 14, 6: 18}[kind]:]
            nl.append((body[:12], data))
        elif kind == 7:
            what, _, err = struct.unpack_from('<HHi', body, 0)
            data = body[24:]
            if err:
                continue
            if what == 0:
                answer(KEY_DCB, data)
            elif what in GENL:
                if fid is None and len(data) >= 16:
                    fid = struct.unpack_from('<H', data, 4)[0]
                answer(KEY_GENL | GENL[what], data)
            elif what == 6 and len(data) >= 12:
                n = struct.unpack_from('<I', data, 8)[0]
                names = data[12:12 + 32 * n]
                vals = data[12 + 32 * n + 8:]
                grow = 3 if hostile else 0
                out.append(rec(KEY_IOCTL | GSSET_INFO, 0, struct.pack('<I', n)))
                out.append(rec(KEY_IOCTL | GSTRINGS, 0, struct.pack('<I', n + grow) + names))
                out.append(rec(KEY_IOCTL | GSTATS, 0, struct.pack('<I', n + grow) + vals))
            elif what == 8:
                m = 0
                while m + 16 <= len(data):
                    ml, _, fl = struct.unpack_from('<IHH', data, m)
                    if ml < 16:
                        break
                    if not fl & NLM_F_REQUEST:
                        answer(KEY_GENL | MODULE_EEPROM_GET, data[m:m + ml])
                    m += (ml + 3) & ~3
    if fid is not None:
        out.insert(0, rec(KEY_FAMILY, 0, family(fid)))
    for i, (req, data) in enumerate(nl):
        cmd = struct.unpack_from('<H', req, 0)[0] & 0x3f
        more = MORE if i + 1 < len(nl) and nl[i + 1][0] == req else 0
        if hostile:
            out.append(rec(cmd, MORE | STALE, data))
            out.append(rec(cmd, more | ERR_EAGAIN | SPLIT, data))
        else:
            out.append(rec(cmd, more, data))
    return b''.join(out)


def events(path):
    # the datagrams received on the socket that sent nothing: the group's
    try:
        lines = [line.split() for line in open(path)]
    except OSError:
        return []
    sent = {f[2] for f in lines if len(f) > 3 and f[3] == 'send'}
    return [bytes.fromhex(f[5]) for f in lines
            if len(f) > 5 and f[3] == 'recv' and f[2] not in sent]


def main():
    outdir = sys.argv[1]
    os.makedirs(outdir, exist_ok=True)
    ev = events(sys.argv[2])
    n = 0
    for path in sys.argv[3:]:
        try:
            payload = first_payload(path)
        except (OSError, subprocess.CalledProcessError, struct.error):
            continue
        name = '%s-%s' % (os.path.basename(os.path.dirname(path)),
                          os.path.basename(path).replace('.rdrec', ''))
        for hostile in (False, True):
            r = records(payload, hostile)
            # two answers of notifications: the first three, the next two
            mon = b''.join(rec(KEY_MON, 0 if i in (2, 4) else 1, e) for i, e in enumerate(ev[:5]))
            with open(os.path.join(outdir, name + ('-hostile' if hostile else '')), 'wb') as f:
                f.write(mon + r + r)
            n += 1
    print('%d seeds' % n)


main()
