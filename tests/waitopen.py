#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""waitopen.py [--min N] [--below] ROOT ALIVE PATH [DEV]: wait (up to 60 s)
until process ROOT or a process under it (--below: under it only) has
PATH open N times at once (default 1), without a break for 0.5 s, while
process ALIVE runs; exit 0 then, 1 if ALIVE ended first or the time ran
out. With DEV: then open DEV exclusively and print "busy" (EBUSY),
"free", or the error -- or "late" when ALIVE had ended by the time of the
answer, which then says nothing.

The 0.5 s: a program's checks open a LUN for a moment before its job
does (libblkid, a loop device's status); those opens are not the job.
--min 2: a writing job's process has the LUN open twice, its hold and its
I/O (the checks open it one at a time).

One process polls every 50 ms (a shell loop starting python for each look
is slow on a loaded machine: the point it waits for can be over first).
"""
import errno
import os
import sys
import time


def procs():
    """{pid: ppid} of every process now."""
    out = {}
    for p in os.listdir("/proc"):
        if not p.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % p) as f:
                out[int(p)] = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            pass
    return out


def running(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except (OSError, IndexError):
        return False


def under(root, tree):
    """root and every process below it."""
    todo, seen = [root], set()
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        todo.extend(c for c, pp in tree.items() if pp == p)
    return seen


def opens(pid, path):
    d = "/proc/%d/fd" % pid
    n = 0
    try:
        for f in os.listdir(d):
            try:
                n += os.readlink(os.path.join(d, f)) == path
            except OSError:
                pass
    except OSError:
        pass
    return n


def main():
    args = sys.argv[1:]
    least, below = 1, False
    while args and args[0].startswith("--"):
        if args[0] == "--min":
            least = int(args[1])
            args = args[2:]
        else:
            below = args[0] == "--below"
            args = args[1:]
    root, alive, path = int(args[0]), int(args[1]), args[2]
    dev = args[3] if len(args) > 3 else None
    end = time.monotonic() + 60
    since = None
    while True:
        if not running(alive) or time.monotonic() > end:
            if dev:
                print("late")
            return 1
        procs_now = under(root, procs()) - ({root} if below else set())
        if any(opens(p, path) >= least for p in procs_now):
            since = since or time.monotonic()
            if time.monotonic() - since >= 0.5:
                break
        else:
            since = None
        time.sleep(0.05)
    if not dev:
        return 0
    try:
        os.close(os.open(dev, os.O_RDONLY | os.O_EXCL))
        ans = "free"
    except OSError as e:
        ans = "busy" if e.errno == errno.EBUSY else e.strerror
    print(ans if running(alive) else "late")
    return 0


if __name__ == "__main__":
    sys.exit(main())
