#!/usr/bin/env python3
# Does a unit's sandbox let rdmatop do what it did?  Reads `strace -f` logs of
# the unit's command line and checks every system call against the unit's
# SystemCallFilter= (groups resolved by systemd-analyze syscall-filter) and
# every socket's family against RestrictAddressFamilies=.
#   sandbox.py UNIT STRACE_LOG...
import re
import subprocess
import sys

unit, logs = sys.argv[1], sys.argv[2:]
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

call_re = re.compile(r"^(?:\d+\s+)?([a-z0-9_]+)\(")
sock_re = re.compile(r"^(?:\d+\s+)?socket\((AF_[A-Z0-9]+)")
used, fams = set(), set()
for path in logs:
    for line in open(path, errors="replace"):
        m = call_re.match(line)
        if m:
            used.add(m.group(1))
        m = sock_re.match(line)
        if m:
            fams.add(m.group(1))

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
sys.exit(1 if fail else 0)
