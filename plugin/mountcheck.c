/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mountcheck.c -- the devices on a LUN by identity, and their claims
 * (mountcheck.h).
 */
#include "mountcheck.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>
#include <linux/loop.h>

#include "fr_sysblock.h"

static void add_dev(struct mc_devs *d, dev_t dev, const char *name)
{
	unsigned int i;
	size_t len;

	for (i = 0; i < d->n; i++)
		if (d->dev[i] == dev)
			return;
	if (d->n == MC_MAX_DEVS)
		return;
	d->dev[d->n] = dev;
	/* sysfs names are short ("nvme0n1p12"); a longer one is cut, not overrun. */
	len = strnlen(name, sizeof(d->name[0]) - 1);
	memcpy(d->name[d->n], name, len);
	d->name[d->n][len] = '\0';
	d->n++;
}

/* The device @dev and its partitions (sysfs subfolders with a "partition" file). */
static void dev_and_parts(struct mc_devs *d, dev_t dev)
{
	char dir[PATH_MAX], sub[PATH_MAX + 300];
	struct dirent *e;
	DIR *dh;
	const char *base;

	if (!fr_sysblock_dir(dev, dir, sizeof(dir)))
		return;
	base = strrchr(dir, '/');
	add_dev(d, dev, base ? base + 1 : dir);
	dh = opendir(dir);
	if (!dh)
		return;
	while ((e = readdir(dh))) {
		struct stat st;
		dev_t pd;

		if (e->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof(sub), "%s/%s/partition", dir, e->d_name);
		if (stat(sub, &st))
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", dir, e->d_name);
		if (fr_sysblock_devno(sub, &pd))
			add_dev(d, pd, e->d_name);
	}
	closedir(dh);
}

/* A device number as the kernel encodes it in loop_info64 (new_encode_dev). */
static dev_t kdev(uint64_t v)
{
	return makedev((unsigned int)((v & 0xfff00) >> 8),
		       (unsigned int)((v & 0xff) | ((v >> 12) & 0xfff00)));
}

static bool in_set(const struct mc_devs *d, dev_t dev)
{
	unsigned int i;

	for (i = 0; i < d->n; i++)
		if (d->dev[i] == dev)
			return true;
	return false;
}

/*
 * One pass over the bound loop devices: those reading the LUN file
 * (@st) or a device already in @d join @d. Returns how many joined.
 */
static unsigned int loops_pass(const struct stat *st, struct mc_devs *d)
{
	DIR *dh = opendir("/sys/block");
	unsigned int before = d->n;
	struct dirent *e;

	if (!dh)
		return 0;
	while ((e = readdir(dh))) {
		struct loop_info64 li;
		char p[PATH_MAX];
		struct stat ls;
		dev_t dev, bdev;
		int fd;

		if (strncmp(e->d_name, "loop", 4))
			continue;
		snprintf(p, sizeof(p), "/sys/block/%s/loop", e->d_name);
		if (stat(p, &ls))
			continue; /* not bound to a file */
		snprintf(p, sizeof(p), "/sys/block/%s", e->d_name);
		if (!fr_sysblock_devno(p, &dev) || in_set(d, dev))
			continue;
		fd = mc_open_dev(dev, e->d_name, O_RDONLY | O_NONBLOCK);
		if (fd < 0)
			continue;
		memset(&li, 0, sizeof(li));
		if (ioctl(fd, LOOP_GET_STATUS64, &li) < 0) {
			close(fd);
			continue;
		}
		close(fd);
		bdev = kdev(li.lo_rdevice);
		if ((S_ISREG(st->st_mode) && kdev(li.lo_device) == st->st_dev &&
		     li.lo_inode == st->st_ino) ||
		    (li.lo_rdevice && in_set(d, bdev)))
			dev_and_parts(d, dev);
	}
	closedir(dh);
	return d->n - before;
}

void mc_devices(const struct stat *st, struct mc_devs *d)
{
	unsigned int rounds;

	d->n = 0;
	if (S_ISBLK(st->st_mode))
		dev_and_parts(d, st->st_rdev);
	d->nown = d->n;
	if (!S_ISBLK(st->st_mode) && !S_ISREG(st->st_mode))
		return;
	/* A loop over a loop over the LUN: again until no new one joins. */
	for (rounds = 0; rounds < MC_MAX_DEVS && loops_pass(st, d); rounds++)
		;
}

/* Open @p when it is the node of @dev: the descriptor, or -errno. */
static int open_node(const char *p, dev_t dev, int flags)
{
	struct stat st;
	int fd;

	if (stat(p, &st) || !S_ISBLK(st.st_mode) || st.st_rdev != dev)
		return -ENOENT;
	fd = open(p, flags | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

int mc_open_dev(dev_t dev, const char *name, int flags)
{
	static const char *const dirs[] = { "/dev", "/run", "/tmp" };
	char p[PATH_MAX];
	unsigned int i;
	int fd, ret = -ENOENT;

	snprintf(p, sizeof(p), "/dev/block/%u:%u", major(dev), minor(dev));
	fd = open_node(p, dev, flags);
	if (fd != -ENOENT)
		return fd;
	if (name && *name && !strchr(name, '/')) {
		snprintf(p, sizeof(p), "/dev/%s", name);
		fd = open_node(p, dev, flags);
		if (fd != -ENOENT)
			return fd;
	}
	/* No node for it (no udev): a private one, in a folder that allows devices. */
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		char dir[64], node[80];

		snprintf(dir, sizeof(dir), "%s/.fiorion-node.XXXXXX", dirs[i]);
		if (!mkdtemp(dir))
			continue;
		snprintf(node, sizeof(node), "%s/b", dir);
		if (mknod(node, S_IFBLK | 0600, dev) < 0) {
			ret = -errno;
			rmdir(dir);
			continue;
		}
		fd = open(node, flags | O_CLOEXEC);
		ret = fd < 0 ? -errno : fd;
		unlink(node);
		rmdir(dir);
		if (fd >= 0 || (ret != -EACCES && ret != -EPERM))
			return ret; /* EACCES: a nodev folder; the next one may do */
	}
	return ret;
}

/*
 * The devices this process holds (mc_hold()), shared by its threads and
 * copied into its forks (which inherit the descriptors too). One lock
 * for the table and for the probes: the probes of this process must not
 * look like a holder to each other, nor to a hold being taken.
 */
static struct {
	dev_t dev[MC_MAX_DEVS];
	int fd[MC_MAX_DEVS];
	unsigned int n;
} held;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool holding;

/* Called with the lock held. */
static bool held_here(dev_t dev)
{
	unsigned int i;

	for (i = 0; i < held.n; i++)
		if (held.dev[i] == dev)
			return true;
	return false;
}

/* The parent of process @pid (/proc/PID/stat), or 0. */
static pid_t parent_of(pid_t pid)
{
	char p[64], buf[512], *rp;
	long pp = 0;
	FILE *f;

	snprintf(p, sizeof(p), "/proc/%ld/stat", (long)pid);
	f = fopen(p, "re");
	if (!f)
		return 0;
	if (fgets(buf, sizeof(buf), f) && (rp = strrchr(buf, ')')))
		sscanf(rp + 1, " %*c %ld", &pp);
	fclose(f);
	return (pid_t)pp;
}

/* Whether process @pid has block device @dev open. */
static bool has_open(pid_t pid, dev_t dev)
{
	char p[64], fp[400];
	struct dirent *e;
	bool found = false;
	DIR *dh;

	snprintf(p, sizeof(p), "/proc/%ld/fd", (long)pid);
	dh = opendir(p);
	while (dh && !found && (e = readdir(dh))) {
		struct stat st;

		snprintf(fp, sizeof(fp), "%s/%s", p, e->d_name);
		found = e->d_name[0] != '.' && !stat(fp, &st) && S_ISBLK(st.st_mode) &&
			st.st_rdev == dev;
	}
	if (dh)
		closedir(dh);
	return found;
}

/*
 * Held by the fiorion run this fio runs under: FIORION_HELD="PID:M:m,M:m"
 * names it, PID is an ancestor of this process, and has @dev open.
 */
static bool held_above(dev_t dev)
{
	const char *s = getenv("FIORION_HELD");
	unsigned int maj, min;
	long pid;
	pid_t p;
	int n, depth;
	bool listed = false;

	if (!s || sscanf(s, "%ld%n", &pid, &n) != 1 || pid <= 1)
		return false;
	for (s += n; *s == ':' || *s == ','; s += n) {
		if (sscanf(s + 1, "%u:%u%n", &maj, &min, &n) != 2)
			return false;
		n++;
		if (makedev(maj, min) == dev) {
			listed = true;
			break;
		}
	}
	if (!listed)
		return false;
	for (p = getppid(), depth = 0; p > 1 && depth < 8; p = parent_of(p), depth++)
		if (p == (pid_t)pid)
			return has_open(p, dev);
	return false;
}

/*
 * An exclusive open of @dev with @flags, asked again for 100 ms while
 * it gets EBUSY: another process's probe (stock fio's jobs check at
 * their open) lasts microseconds. Called with the lock held.
 */
static int open_excl(dev_t dev, const char *name)
{
	const struct timespec pause = { 0, 10 * 1000 * 1000 };
	int tries, fd = -EBUSY;

	for (tries = 0; tries < 10 && fd == -EBUSY; tries++) {
		if (tries)
			nanosleep(&pause, NULL);
		fd = mc_open_dev(dev, name, O_RDONLY | O_EXCL | O_NONBLOCK);
	}
	return fd;
}

bool mc_claimed(dev_t dev, const char *name)
{
	bool busy = false;
	int fd;

	pthread_mutex_lock(&lock);
	if (!held_here(dev) && !held_above(dev)) {
		fd = open_excl(dev, name);
		if (fd >= 0)
			close(fd);
		busy = fd == -EBUSY; /* no permission: the open that follows says */
	}
	pthread_mutex_unlock(&lock);
	return busy;
}

int mc_hold(const struct mc_devs *d, const char **name)
{
	unsigned int i;
	int ret = 0;

	pthread_mutex_lock(&lock);
	holding = true;
	for (i = 0; i < d->n; i++) {
		int fd;

		/* Ours already, or the fiorion run's above this fio. */
		if (held_here(d->dev[i]) || held_above(d->dev[i]))
			continue;
		if (held.n == MC_MAX_DEVS)
			break;
		fd = open_excl(d->dev[i], d->name[i]);
		/* A loop device detached since it was listed: nothing to mount on it. */
		if (fd == -ENXIO || fd == -ENODEV)
			continue;
		if (fd < 0) {
			*name = d->name[i];
			ret = fd;
			break;
		}
		held.dev[held.n] = d->dev[i];
		held.fd[held.n++] = fd;
	}
	pthread_mutex_unlock(&lock);
	return ret;
}

bool mc_holding(void)
{
	bool ret;

	pthread_mutex_lock(&lock);
	ret = holding;
	pthread_mutex_unlock(&lock);
	return ret;
}

const char *mc_unheld(const struct mc_devs *d)
{
	const char *name = NULL;
	unsigned int i;

	pthread_mutex_lock(&lock);
	for (i = d->nown; i < d->n && !name; i++) {
		char p[80];
		struct stat st;

		/* A partition: its loop device is in @d too, and says. */
		snprintf(p, sizeof(p), "/sys/dev/block/%u:%u/partition", major(d->dev[i]),
			 minor(d->dev[i]));
		if (stat(p, &st) && !held_here(d->dev[i]) && !held_above(d->dev[i]))
			name = d->name[i];
	}
	pthread_mutex_unlock(&lock);
	return name;
}

void mc_export(void)
{
	char env[MC_MAX_DEVS * 24 + 32];
	size_t len;
	unsigned int i;

	pthread_mutex_lock(&lock);
	len = (size_t)snprintf(env, sizeof(env), "%ld", (long)getpid());
	for (i = 0; i < held.n && len < sizeof(env) - 24; i++)
		len += (size_t)snprintf(env + len, sizeof(env) - len, "%s%u:%u", i ? "," : ":",
					major(held.dev[i]), minor(held.dev[i]));
	pthread_mutex_unlock(&lock);
	setenv("FIORION_HELD", env, 1);
}

void mc_release(void)
{
	unsigned int i;

	pthread_mutex_lock(&lock);
	for (i = 0; i < held.n; i++)
		close(held.fd[i]);
	held.n = 0;
	holding = false;
	pthread_mutex_unlock(&lock);
	unsetenv("FIORION_HELD");
}
