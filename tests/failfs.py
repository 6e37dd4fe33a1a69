#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
#
# failfs.py MOUNTPOINT BACKING SUFFIX [nolink] -- a FUSE folder passing
# everything through to BACKING, except that while BACKING/.fail exists a
# staged file's rename (from a name with ".tmp", not ".old") to a name
# ending in SUFFIX fails with EIO: a folder that fails one rename of a
# set being replaced, for the all-or-nothing commit test.
# With "nolink", hard links fail with EPERM, as on vfat. Runs in the
# foreground until unmounted or killed.
import errno
import os
import sys

import fusepy


class FailFS(fusepy.Operations):
    def __init__(self, root, suffix, nolink=False):
        self.root = root
        self.suffix = suffix
        self.nolink = nolink

    def _p(self, path):
        return os.path.join(self.root, path.lstrip("/"))

    def access(self, path, mode):
        if not os.access(self._p(path), mode):
            raise fusepy.FuseOSError(errno.EACCES)

    def getattr(self, path, fh=None):
        st = os.lstat(self._p(path))
        return {k: getattr(st, k) for k in ("st_atime", "st_ctime", "st_gid", "st_mode",
                                            "st_mtime", "st_nlink", "st_size", "st_uid")}

    def readdir(self, path, fh):
        return [".", ".."] + os.listdir(self._p(path))

    def readlink(self, path):
        return os.readlink(self._p(path))

    def chmod(self, path, mode):
        os.chmod(self._p(path), mode)

    def chown(self, path, uid, gid):
        os.chown(self._p(path), uid, gid)

    def mkdir(self, path, mode):
        os.mkdir(self._p(path), mode)

    def rmdir(self, path):
        os.rmdir(self._p(path))

    def unlink(self, path):
        os.unlink(self._p(path))

    def symlink(self, target, source):
        os.symlink(source, self._p(target))

    def link(self, target, source):
        if self.nolink:
            raise fusepy.FuseOSError(errno.EPERM)
        os.link(self._p(source), self._p(target))

    def rename(self, old, new):
        if (new.endswith(self.suffix) and ".tmp" in old and not old.endswith(".old")
                and os.path.exists(os.path.join(self.root, ".fail"))):
            raise fusepy.FuseOSError(errno.EIO)
        os.rename(self._p(old), self._p(new))

    def utimens(self, path, times=None):
        os.utime(self._p(path), times)

    def statfs(self, path):
        st = os.statvfs(self._p(path))
        return {k: getattr(st, k) for k in ("f_bavail", "f_bfree", "f_blocks", "f_bsize",
                                            "f_favail", "f_ffree", "f_files", "f_flag",
                                            "f_frsize", "f_namemax")}

    def open(self, path, flags):
        return os.open(self._p(path), flags)

    def create(self, path, mode, fi=None):
        return os.open(self._p(path), os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)

    def read(self, path, size, offset, fh):
        return os.pread(fh, size, offset)

    def write(self, path, data, offset, fh):
        return os.pwrite(fh, data, offset)

    def truncate(self, path, length, fh=None):
        os.truncate(self._p(path), length)

    def flush(self, path, fh):
        return 0

    def release(self, path, fh):
        os.close(fh)

    def fsync(self, path, datasync, fh):
        os.fsync(fh)


if __name__ == "__main__":
    fusepy.FUSE(FailFS(sys.argv[2], sys.argv[3], len(sys.argv) > 4 and sys.argv[4] == "nolink"),
                sys.argv[1], foreground=True,
                nothreads=True, default_permissions=True)
