#!/usr/bin/env python3
# Does a unit's sandbox let rdmatop do what it did?  Reads `strace -f` logs of
# the unit's command line and checks every system call against the unit's
# SystemCallFilter= (groups resolved by systemd-analyze syscall-filter) and
# every socket's family against RestrictAddressFamilies=, every file written
# against ReadWritePaths= (ProtectSystem=strict), every /proc path against
# ProcSubset=pid and every /dev path against PrivateDevices=.
#   sandbox.py [--map UNIT_PATH=TEST_PATH] UNIT STRACE_LOG...
import re
import subprocess
import sys

args = sys.argv[1:]
pathmap = []
while args and args[0] == "--map":
    pathmap.append(args[1].split("=", 1))
    args = args[2:]
unit, logs = args[0], args[1:]
groups = {}


def resolve(name):
    """The system calls of @group (nested groups resolved) or of a name."""
    if not name.startswith("@"):
        return {name}
    if name not in groups:
        out = subprocess.run(["systemd-analyze", "syscall-filter", name],
                             capture_output=True, text=True, check=True).stdout
        calls = set()
        for line in out.splitlines()[1:]:
            w = line.strip()
            if w and not w.startswith("#"):
                calls |= resolve(w)
        groups[name] = calls
    return groups[name]


allowed = None
families = None
rw = []
for line in open(unit):
    line = line.strip()
    if line.startswith("SystemCallFilter="):
        v = line.split("=", 1)[1]
        deny = v.startswith("~")
        names = set()
        for w in v.lstrip("~").split():
            names |= resolve(w)
        if deny:
            allowed = (allowed if allowed is not None else set()) - names
        else:
            allowed = (allowed or set()) | names
    elif line.startswith("RestrictAddressFamilies="):
        families = set(line.split("=", 1)[1].split())
    elif line.startswith("ReadWritePaths="):
        for d in line.split("=", 1)[1].split():
            for old, new in pathmap:
                d = d.replace(old, new)
            rw.append(d.rstrip("/") + "/")

call_re = re.compile(r"^(?:\d+\s+)?([a-z0-9_]+)\(")
sock_re = re.compile(r"^(?:\d+\s+)?socket\((AF_[A-Z0-9]+)")
# strace -y: a directory descriptor shows its path ("3</var/lib/x>"); files
# written by descriptor (openat, renameat) are named relative to it
open_re = re.compile(r'^(?:\d+\s+)?(?:open|openat)\((?:[A-Z_]+, |\d+<([^>]*)>, )?"([^"]*)", ([A-Z_|]+)')
name_re = re.compile(r'(?:\d+<([^>]*)>, )?"([^"]*)"')


def at(d, f):
    return d.rstrip("/") + "/" + f if d and not f.startswith("/") else f

change_re = re.compile(r'^(?:\d+\s+)?(rename|renameat2?|unlink|unlinkat|mkdir|mkdirat|rmdir|'
                       r'linkat|symlinkat|truncate|chmod|fchmodat)\(')
# what PrivateDevices=yes leaves in /dev
devs = re.compile(r"^/dev/(null|zero|full|random|urandom|tty|ptmx|pts(/.*)?|shm(/.*)?|"
                  r"mqueue(/.*)?|hugepages(/.*)?|log|stdin|stdout|stderr|fd(/.*)?)$")
used, fams, writes, procs, devices = set(), set(), set(), set(), set()
for path in logs:
    for line in open(path, errors="replace"):
        m = call_re.match(line)
        if m:
            used.add(m.group(1))
        m = sock_re.match(line)
        if m:
            fams.add(m.group(1))
        m = open_re.match(line)
        if m:
            f, flags = at(m.group(1), m.group(2)), m.group(3)
            if re.search(r"O_WRONLY|O_RDWR|O_CREAT|O_TRUNC", flags):
                writes.add(f)
            if f.startswith("/proc/"):
                procs.add(f)
            if f.startswith("/dev/"):
                devices.add(f)
        if change_re.match(line):
            writes |= {at(d, f) for d, f in name_re.findall(line)}

fail = 0
name = unit.rsplit("/", 1)[-1]
if allowed is None:
    print("not ok - %s has a SystemCallFilter=" % name)
    fail += 1
elif len(used) < 20:
    print("not ok - %s: strace saw too few system calls (%d)" % (name, len(used)))
    fail += 1
else:
    denied = sorted(used - allowed)
    print(("ok - " if not denied else "not ok - ") +
          "%s: all %d system calls rdmatop made pass SystemCallFilter=%s" %
          (name, len(used), (" (denied: " + " ".join(denied) + ")") if denied else ""))
    fail += bool(denied)
if families is None or not fams:
    print("not ok - %s: RestrictAddressFamilies= and sockets seen (%s)" % (name, " ".join(sorted(fams))))
    fail += 1
else:
    extra = sorted(fams - families)
    print(("ok - " if not extra else "not ok - ") +
          "%s: the socket families rdmatop used (%s) pass RestrictAddressFamilies=%s" %
          (name, " ".join(sorted(fams)), (" (refused: " + " ".join(extra) + ")") if extra else ""))
    fail += bool(extra)

def report(cond, what, bad):
    global fail
    print(("ok - " if cond else "not ok - ") + "%s: %s%s" %
          (name, what, "" if cond else " (" + " ".join(sorted(bad))[:400] + ")"))
    fail += not cond


outside = {f for f in writes if not any(f.startswith(d) for d in rw)}
report(not outside, "the %d files written are under ReadWritePaths= (%s)" %
       (len(writes), " ".join(rw) or "none"), outside)
badproc = {f for f in procs if not re.match(r"^/proc/(self|thread-self|\d+)(/|$)", f)}
baddev = {f for f in devices if not devs.match(f)}
# (a host without RDMA opens neither: say so rather than pass on nothing)
if procs:
    report(not badproc, "the %d /proc paths opened are a process's (ProcSubset=pid)" % len(procs), badproc)
else:
    print("# %s: no /proc path opened here (no RDMA devices, no processes to name)" % name)
if devices:
    report(not baddev, "the %d /dev paths opened are left by PrivateDevices=" % len(devices), baddev)
else:
    print("# %s: no /dev path opened" % name)
sys.exit(1 if fail else 0)
