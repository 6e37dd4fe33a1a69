#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""waitopen.py [--min N] [--below] [--then CMD] ROOT ALIVE PATH [DEV]: wait
(up to 60 s) until process ROOT and the processes under it (--below: only
those under it) have PATH open N times at once in all (default 1), without
a break for 0.5 s, while process ALIVE runs; exit 0 then, 1 if ALIVE ended
first or the time ran out. Then, with DEV: open DEV exclusively and print
"busy" (EBUSY), "free", or the error; with --then: run the shell command
CMD, its output printed. Either answer is "late" (after --then, a line of
its own) when the wait failed, or ALIVE had ended or PATH was no longer
open N times by the time it was done: it says nothing then (what it
watched was over).

The 0.5 s: a program's checks open a LUN for a moment before its job does
(libblkid, a loop device's status); those opens are not the job.
--min 2: a writing point has the LUN open twice, its hold and its I/O
(fiorion's built-in runner both in one process, -runner fio the hold in
fiorion and the I/O in fio's job; the checks open it one at a time).

One process polls every 50 ms (a shell loop starting python for each look
is slow on a loaded machine: the point it waits for can be over first).

waitopen.py --excl DEV [FILE]: the exclusive open alone, at once, its
answer printed or added to FILE as a line (a job's own probe: fio's
exec_postrun).
"""
import errno
import os
import subprocess
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


def excl(dev):
    """An exclusive open of DEV now: "busy" (EBUSY), "free", or the error."""
    try:
        os.close(os.open(dev, os.O_RDONLY | os.O_EXCL))
        return "free"
    except OSError as e:
        return "busy" if e.errno == errno.EBUSY else e.strerror


def held(root, path, below):
    """How many times ROOT's tree (below it only: below) has PATH open."""
    tree = under(root, procs()) - ({root} if below else set())
    return sum(opens(p, path) for p in tree)


def main():
    args = sys.argv[1:]
    if args and args[0] == "--excl":
        if len(args) > 2:
            with open(args[2], "a") as f:
                f.write(excl(args[1]) + "\n")
        else:
            print(excl(args[1]))
        return 0
    least, below, then = 1, False, None
    while args and args[0].startswith("--"):
        if args[0] == "--min":
            least = int(args[1])
            args = args[2:]
        elif args[0] == "--then":
            then = args[1]
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
            if dev or then:
                print("late")
            return 1
        if held(root, path, below) >= least:
            since = since or time.monotonic()
            if time.monotonic() - since >= 0.5:
                break
        else:
            since = None
        time.sleep(0.05)
    if then:
        sys.stdout.flush()
        subprocess.call(then, shell=True)
    elif dev:
        ans = excl(dev)
    on_time = running(alive) and held(root, path, below) >= least
    if then:
        if not on_time:
            print("late")
    elif dev:
        print(ans if on_time else "late")
    return 0


if __name__ == "__main__":
    sys.exit(main())
