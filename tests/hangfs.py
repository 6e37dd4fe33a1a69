#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
#
# hangfs.py MOUNTPOINT -- a FUSE filesystem with one 64 MiB file, "lun",
# whose reads never complete: a LUN that stops answering, for the
# runner's stuck-I/O test. Everything else (lookup, getattr, open)
# answers at once. Runs in the foreground until unmounted or killed.
import errno
import stat
import sys
import threading

import fusepy

SIZE = 64 << 20


class HangFS(fusepy.Operations):
    def __init__(self):
        self.never = threading.Event()

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
        self.never.wait()       # the device holds the I/O
        return b""


if __name__ == "__main__":
    fusepy.FUSE(HangFS(), sys.argv[1], foreground=True, nothreads=False)
