#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
#
# slowfs.py MOUNTPOINT D_MS C [W_MS] -- a FUSE filesystem with one 64 MiB
# file, "lun", whose reads are served like a device with a known answer:
# C servers, each serving one read at a time in D_MS milliseconds; a read
# that finds all C busy waits for the first to free, and takes the server
# that freed last. Under a closed-loop load of L reads outstanding:
#
#     IOPS = min(L, C) / D      mean latency = L / IOPS
#                               (D up to load C, L / C x D above)
#
# A server keeps its pace: a read that waited starts when its server
# freed, and so does one that came up to W_MS (default 100) after -- the
# client's own round trip between a completion and its next read, or a
# client that the CPU scheduler or the hypervisor held back. So the rate
# stays min(L, C) / D on a busy machine, as the kernel's block throttle
# keeps its rate over its 0.1 s slices. A server idle for longer than W
# catches up W: after such a pause up to W / D reads complete at once.
# The first open of the file after every handle was closed (a new run,
# a new point) makes the servers fresh: the run's first reads take D.
# Below saturation the client's latency is D less its own round trip.
#
# The file is opened with direct_io: every read reaches this daemon (no
# page cache, no read-ahead), one FUSE request per read of up to 128 KiB;
# the kernel passes reads on concurrently from separate threads or
# processes (not libaio's: libfuse 2 does not ask for async direct I/O).
# Reads return zeros; opening for writing is refused (EROFS). Runs in the
# foreground, multithreaded, until unmounted or killed. tests/devices.sh
# mounts it (slow_mount); tests/e2e_devices.sh checks the answers.
import errno
import os
import stat
import sys
import threading
import time

import fusepy

SIZE = 64 << 20
FRESH = float("-inf")


class SlowFS(fusepy.Operations):
    def __init__(self, d_ms, c, w_ms):
        self.d = d_ms / 1000.0
        self.w = w_ms / 1000.0
        self.free = [FRESH] * c  # idle servers: when each freed
        self.cv = threading.Condition()
        self.opens = 0
        self.zeros = bytes(128 << 10)

    def getattr(self, path, fh=None):
        if path == "/":
            return {"st_mode": stat.S_IFDIR | 0o755, "st_nlink": 2}
        if path == "/lun":
            return {"st_mode": stat.S_IFREG | 0o644, "st_nlink": 1, "st_size": SIZE}
        raise fusepy.FuseOSError(errno.ENOENT)

    def readdir(self, path, fh):
        return [".", "..", "lun"]

    def open(self, path, fi):
        if path != "/lun":
            raise fusepy.FuseOSError(errno.ENOENT)
        if fi.flags & (os.O_WRONLY | os.O_RDWR):
            raise fusepy.FuseOSError(errno.EROFS)
        fi.direct_io = 1   # no page cache: every read is served here
        with self.cv:      # the first open after all were closed: a new run
            if self.opens == 0:
                self.free = [FRESH] * len(self.free)
            self.opens += 1
        return 0

    def release(self, path, fi):
        with self.cv:
            self.opens -= 1
        return 0

    def read(self, path, size, offset, fi):
        arrived = time.monotonic()
        with self.cv:                    # the server that freed last
            while not self.free:
                self.cv.wait()
            freed = max(self.free)
            self.free.remove(freed)
        # A read that waited for its server starts when the server freed,
        # and so does one that came up to W after (its client's round
        # trip, or a client held back by the CPU scheduler or the
        # hypervisor): the server keeps its pace. A server idle for longer
        # catches up W; a fresh one (a new run) starts now.
        start = arrived if freed == FRESH else max(freed, arrived - self.w)
        end = start + self.d
        left = end - time.monotonic()
        if left > 0:
            time.sleep(left)
        with self.cv:
            self.free.append(end)
            self.cv.notify()
        n = max(0, min(size, SIZE - offset))
        return self.zeros[:n] if n <= len(self.zeros) else bytes(n)


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit("usage: slowfs.py MOUNTPOINT D_MS C [W_MS]")
    try:
        d_ms, c = float(sys.argv[2]), int(sys.argv[3])
        w_ms = float(sys.argv[4]) if len(sys.argv) == 5 else 100
    except ValueError:
        sys.exit("slowfs.py: D_MS and W_MS must be numbers and C a whole number")
    if not (d_ms > 0 and c >= 1 and w_ms >= 0):
        sys.exit("slowfs.py: give D_MS > 0, C >= 1 and W_MS >= 0")
    fusepy.FUSE(SlowFS(d_ms, c, w_ms), sys.argv[1], foreground=True, nothreads=False,
                raw_fi=True)


if __name__ == "__main__":
    main()
