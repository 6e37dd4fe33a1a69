#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
#
# hangfs.py MOUNTPOINT [eio] -- a FUSE filesystem with one 64 MiB file,
# "lun", whose reads never complete: a LUN that stops answering, for the
# runner's stuck-I/O test. Everything else (lookup, getattr, open)
# answers at once. With "eio", reads answer at once (zeros), except that
# once 64 reads have been answered, those touching the 16 MiB at 32 MiB
# fail with EIO: a LUN with a bad spot that a job hits after doing I/O,
# whatever its rate (a random 8 KiB read touches it one time in four; a
# 64 KiB spot was missed by a 2 s point at 53 IOPS on a loaded machine).
# Runs in the foreground until unmounted or killed.
import errno
import stat
import sys
import threading

import fusepy

SIZE = 64 << 20


class HangFS(fusepy.Operations):
    def __init__(self, eio=False):
        self.never = threading.Event()
        self.eio = eio
        self.reads = 0
        self.lock = threading.Lock()

    def getattr(self, path, fh=None):
        if path == "/":
            return {"st_mode": stat.S_IFDIR | 0o755, "st_nlink": 2}
        if path == "/lun":
            return {"st_mode": stat.S_IFREG | 0o644, "st_nlink": 1, "st_size": SIZE}
        raise fusepy.FuseOSError(errno.ENOENT)

    def readdir(self, path, fh):
        return [".", "..", "lun"]

    def open(self, path, flags):
        if path != "/lun":
            raise fusepy.FuseOSError(errno.ENOENT)
        return 0

    def read(self, path, size, offset, fh):
        if self.eio:
            bad = 32 << 20
            with self.lock:
                self.reads += 1
                answered = self.reads
            if answered > 64 and offset < bad + (16 << 20) and offset + size > bad:
                raise fusepy.FuseOSError(errno.EIO)
            return bytes(min(size, max(0, SIZE - offset)))
        self.never.wait()       # the device holds the I/O
        return b""


if __name__ == "__main__":
    fusepy.FUSE(HangFS(len(sys.argv) > 2 and sys.argv[2] == "eio"), sys.argv[1], foreground=True, nothreads=False)
