#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
#
# stallfs.py MOUNTPOINT STALL_MS PERIOD_MS -- tests/slowfs.py's one-file
# filesystem ("lun", 64 MiB, direct_io, reads return zeros), whose reads
# are served at once except in a stall: for the first STALL_MS of every
# PERIOD_MS (counted from the mount), a read waits until the stall ends.
# A device that stops now and then, as a storage array's controller
# failover or a garbage collection does: the coordinated omission of a
# closed loop (or of fio's rate, which drains before it sleeps) counts such
# a stall once, an open loop for every I/O that arrives during it
# (tests/e2e_openloop_dev.sh).
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fusepy  # noqa: E402
from slowfs import SIZE, SlowFS  # noqa: E402


class StallFS(SlowFS):
    def __init__(self, stall_ms, period_ms):
        super().__init__(1, 1, 0)
        self.stall = stall_ms / 1000.0
        self.period = period_ms / 1000.0
        self.t0 = time.monotonic()

    def read(self, path, size, offset, fi):
        phase = (time.monotonic() - self.t0) % self.period
        if phase < self.stall:
            time.sleep(self.stall - phase)
        n = max(0, min(size, SIZE - offset))
        return self.zeros[:n] if n <= len(self.zeros) else bytes(n)


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: stallfs.py MOUNTPOINT STALL_MS PERIOD_MS")
    try:
        stall, period = float(sys.argv[2]), float(sys.argv[3])
    except ValueError:
        sys.exit("stallfs.py: STALL_MS and PERIOD_MS must be numbers")
    if not (0 < stall < period):
        sys.exit("stallfs.py: give 0 < STALL_MS < PERIOD_MS")
    fusepy.FUSE(StallFS(stall, period), sys.argv[1], foreground=True, nothreads=False,
                raw_fi=True)


if __name__ == "__main__":
    main()
