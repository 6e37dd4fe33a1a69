#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
#
# make-inputs.py -- fio-format JSON that carries the numbers of the real
# ORION outputs in shared/seeds (000: 10.2 Windows, -write 20, N=1;
# 001: 10.2 Linux, simple, N=4), for the golden tests.
#
# Each point becomes fiorion-named jobs (pNNN-sS-lL-small|large); where
# the seed's trace shows per-slot numbers, each slot is one job entry of
# iodepth 1 with that slot's count and mean latency, so the trace's Index
# lines can be rebuilt. Elsewhere the I/O count and runtime are chosen so
# that ORION's rules (IOPS truncated, MBPS = bytes/2^20/s, latency mean
# in ms, %.2f) print exactly the seed's values; the script checks that.
# Output: seed000.json and seed001.json beside this script (committed;
# rerun only to change them).
import json, math, os

HERE = os.path.dirname(os.path.abspath(__file__))

def lat(ns_mean):
    return {"min": int(ns_mean * 0.5), "max": int(ns_mean * 3), "mean": ns_mean,
            "stddev": ns_mean * 0.1, "N": 0}

def direction(ios, bs, runtime_ms, lat_ns):
    d = {"io_bytes": ios * bs, "io_kbytes": ios * bs // 1024,
         "bw_bytes": int(ios * bs * 1000 / runtime_ms) if runtime_ms else 0,
         "iops": ios * 1000.0 / runtime_ms if runtime_ms else 0.0,
         "runtime": runtime_ms if ios else 0, "total_ios": ios,
         "short_ios": 0, "drop_ios": 0}
    d["bw"] = d["bw_bytes"] // 1024
    l = lat(lat_ns if ios else 0)
    l["N"] = ios
    d["lat_ns"] = l
    d["clat_ns"] = dict(l)
    return d

def job(num, s, l, kind, gid, ios, runtime_ms, lat_ms, bs, rw, numjobs, wpct):
    w = int(round(ios * wpct / 100.0))
    r = ios - w
    opts = {"rw": rw, "bs": "%dk" % (bs // 1024), "iodepth": "1",
            "numjobs": str(numjobs)}
    if wpct:
        opts["rwmixwrite"] = str(wpct)
    return {"jobname": "p%03d-s%d-l%d-%s" % (num, s, l, kind), "groupid": gid,
            "error": 0, "job options": opts,
            "read": direction(r, bs, runtime_ms, lat_ms * 1e6),
            "write": direction(w, bs, runtime_ms, lat_ms * 1e6),
            "usr_cpu": 1.0, "sys_cpu": 2.0, "job_runtime": runtime_ms}

def split(total, n):
    return [total // n + (1 if i < total % n else 0) for i in range(n)]

def small_point(jobs, num, s, iops, lat_ms, wpct, slots=None, dur_ms=60000):
    """slots: [(count, lat_ms)] from the seed's trace, else even split."""
    if not slots:
        total = iops * dur_ms // 1000 + dur_ms // 2000
        slots = [(c, lat_ms) for c in split(total, s)]
    total = sum(c for c, _ in slots)
    assert int(total * 1000 / dur_ms) == iops, (s, total, iops)
    mean = sum(c * x for c, x in slots) / total
    assert "%.2f" % mean == "%.2f" % lat_ms, (s, mean, lat_ms)
    rw = "randrw" if wpct else "randread"
    for c, x in slots:
        jobs.append(job(num, s, 0, "small", num - 1, c, dur_ms, x, 8192, rw,
                        len(slots), wpct))

def large_point(jobs, num, l, mbps, wpct, slots=None, dur_ms=None):
    if slots:
        total = sum(c for c, _ in slots)
    else:
        total = int(round(mbps * 60))
        dur_ms = int(round(total / mbps * 1000))
        slots = [(c, 200.0) for c in split(total, l)]
    assert "%.2f" % (total * 1000.0 / dur_ms) == "%.2f" % mbps, (l, total, dur_ms)
    rw = "randrw" if wpct else "randread"
    for c, x in slots:
        jobs.append(job(num, 0, l, "large", num - 1, c, dur_ms, x, 1048576, rw,
                        len(slots), wpct))

# The run description: only keys documented in run/runinfo.h.
def run(testname, argv, version, n_small, n_large, write, luns):
    return {"orion version": version, "testname": testname,
            "command line": argv, "size_small": 8, "size_large": 1024,
            "type": "rand", "simulate": "concat", "write": write,
            "cache_size": -1, "duration": 60, "small_columns": [0],
            "large_columns": list(range(n_large + 1)),
            "total_points": n_small + n_large + 1,
            "luns": [{"name": n, "size": z} for n, z in luns],
            "vlun_size": sum(z for _, z in luns), "start": 1188000000}

def write(name, jobs, r):
    doc = {"fio version": "fio-3.33", "timestamp": 1188000000,
           "jobs": jobs, "fiorion": r}
    with open(os.path.join(HERE, name), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")

# Seed 001: -run simple -testname 11gtest -num_disks 4 (10.2.0.1.0 Linux).
iops = [134, 153, 160, 170, 170, 169, 176, 180, 161, 181, 179, 178, 183, 178,
        177, 182, 185, 179, 173, 172]
lats = [7.45, 13.01, 18.72, 23.52, 29.34, 35.34, 39.72, 44.23, 55.63, 55.08,
        61.41, 67.13, 70.80, 78.50, 84.43, 87.84, 91.72, 100.50, 109.49, 116.13]
mbps = [28.91, 34.47, 34.22, 33.23, 31.90, 34.01, 32.96, 33.46]
slots = {  # from the seed's trace (per-slot means nudged inside their rounding)
    1: ([(8048, 7.45)], 59970),
    2: ([(4610, 13.0001), (4599, 13.0201)], 59940),
    3: ([(3205, 18.6951), (3197, 18.7451), (3199, 18.7251)], 59940),
}
lslots = {
    7: ([(279, 213.26), (281, 212.17), (282, 211.49), (281, 212.03),
         (279, 213.37), (282, 211.42), (281, 212.17)], 59610),
    8: ([(247, 240.04), (247, 240.69), (245, 240.33), (251, 235.70),
         (254, 232.80), (250, 235.24), (247, 240.24), (243, 243.8251)], 59300),
}
jobs = []
for s in range(1, 21):
    sl, dur = slots.get(s, (None, 60000))
    small_point(jobs, s, s, iops[s - 1], lats[s - 1], 0, sl, dur)
for l in range(1, 9):
    sl, dur = lslots.get(l, (None, None))
    large_point(jobs, 20 + l, l, mbps[l - 1], 0, sl, dur)
write("seed001.json", jobs,
      run("11gtest", ["-run", "simple", "-testname", "11gtest", "-num_disks", "4"],
          "10.2.0.1.0", 20, 8,
          0, [("/dev/sdc1", 536854528), ("/dev/sdd1", 213893120),
              ("/dev/sde1", 4293563904), ("/dev/sdf1", 4293563904)]))

# Seed 000: -run advanced -testname orion-test -write 20 -num_disks 1 (Windows).
jobs = []
for s, (i, la) in enumerate(zip([36, 115, 119, 122, 130],
                                [27.09, 17.30, 25.20, 32.67, 38.43]), 1):
    small_point(jobs, s, s, i, la, 20)
for l, m in enumerate([48.48, 49.46], 1):
    large_point(jobs, 5 + l, l, m, 20)
write("seed000.json", jobs,
      run("orion-test", ["-run", "advanced", "-testname", "orion-test", "-write", "20",
                         "-num_disks", "1"], "10.2.0.1.0", 5, 2, 20,
          [("C:\\temp\\orion-test\\testfile-010.dbf", 2147483648),
           ("C:\\temp\\orion-test\\testfile-020.dbf", 2147483648)]))
