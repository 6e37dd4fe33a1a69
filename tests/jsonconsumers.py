#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""jsonconsumers.py -- the built-in runner's JSON against fio's and its readers.

  keys FIO_JSON RUNNER_JSON
      Every key path of fio's document must be in the runner's (values of
      "percentile" and "bins" are not compared key by key: their keys
      depend on the latencies measured). Prints the runner's extra paths.
      Exit 1 listing the missing ones.

  consumers [--exact] RUNNER_JSON
      Read the document the way three real consumers of fio JSON do and
      check the values they print are fio's: on any run the identities
      (min <= mean <= max, deviations >= 0, bw = bw_bytes / 1024, iops =
      total_ios / runtime, the latency and depth distributions adding to
      100 %); with --exact, for a run in virtual time, also one iops and
      one bw sample per whole interval of job_runtime (500 ms, or the
      job's iopsavgtime/bwavgtime or log_avg_msec), iops_mean and
      bw_mean within 1 % of iops and bw, and iodepth_level at the job's
      iodepth at least 99 %. The fields each one indexes, and where (as
      of their sources read for this test):

      fio-plot  (fio_plot/fiolib/jsonparsing.py: get_json_mapping(),
                 build_json_mapping()): "fio version"; per job "jobname",
                 "job options" merged with "global options": iodepth,
                 numjobs, bs, rw; per direction bw, iops, iops_stddev,
                 lat_ns.mean, lat_ns.stddev; per job latency_ms,
                 latency_us, latency_ns, usr_cpu, sys_cpu.
      kubestr   (pkg/fio/fio_types.go: Go structs decoded with
                 encoding/json, so a float where an integer field is
                 declared is a decode error): FioStats io_bytes .. drop_ios,
                 bw_min/bw_max/bw_samples and iops_min/iops_max/
                 iops_samples as integers, bw_agg/bw_mean/bw_dev/iops/
                 iops_mean/iops_stddev as numbers; FioJobs job_runtime, ctx,
                 majf, minf, latency_depth/target/window as integers;
                 iodepth_level/submit/complete and latency_* as maps of
                 numbers; disk_util entries. Printed: "iops: min=%d max=%d
                 avg=%f", "bw(KiB/s): min=%d max=%d avg=%f".
      PKB       (perfkitbenchmarker/linux_packages/fio.py: ParseResults()):
                 per job and direction with io_bytes: bw, bw_min, bw_max,
                 bw_dev, bw_agg, bw_mean, iops, clat_ns min/max/mean/stddev
                 and percentile keys 1.000000 .. 99.990000.
      Exit 1 listing what a consumer could not read or what is off.
"""
import json
import sys


def paths(o, p=""):
    out = set()
    if isinstance(o, dict):
        for k, v in o.items():
            if k in ("percentile", "bins"):
                out.add(p + "/" + k)
                continue
            out |= paths(v, p + "/" + k)
    elif isinstance(o, list):
        for x in o:
            out |= paths(x, p + "[]")
        if not o:
            out.add(p + "[]")
    else:
        out.add(p)
    return out


def cmd_keys(fio_path, rn_path):
    a = paths(json.load(open(fio_path)))
    b = paths(json.load(open(rn_path)))
    missing = sorted(a - b)
    extra = sorted(b - a)
    if extra:
        print("runner's own keys: " + " ".join(extra))
    if missing:
        print("missing (fio has them): " + " ".join(missing))
        return 1
    print("all %d of fio's key paths present" % len(a))
    return 0


PCTS = ["1.000000", "5.000000", "10.000000", "20.000000", "30.000000",
        "40.000000", "50.000000", "60.000000", "70.000000", "80.000000",
        "90.000000", "95.000000", "99.000000", "99.500000", "99.900000",
        "99.950000", "99.990000"]

bad = []


def need(cond, what):
    if not cond:
        bad.append(what)


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def is_num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def fioplot(doc):
    version = doc["fio version"]
    glob = doc.get("global options", {})
    rows = []
    for job in doc["jobs"]:
        opts = {**job["job options"], **glob}
        for mode in ("read", "write"):
            if not job[mode]["io_bytes"]:
                continue
            rows.append({
                "iodepth": opts["iodepth"], "numjobs": opts["numjobs"],
                "bs": opts["bs"], "rw": opts["rw"],
                "bw": job[mode]["bw"], "iops": job[mode]["iops"],
                "iops_stddev": job[mode]["iops_stddev"],
                "lat": job[mode]["lat_ns"]["mean"],
                "lat_stddev": job[mode]["lat_ns"]["stddev"],
                "latency_ms": job["latency_ms"], "latency_us": job["latency_us"],
                "latency_ns": job["latency_ns"],
                "cpu_usr": job["usr_cpu"], "cpu_sys": job["sys_cpu"],
                "fio_version": version})
    return rows


def kubestr(doc):
    ints = ["io_bytes", "io_kbytes", "bw_bytes", "bw", "runtime", "total_ios",
            "short_ios", "drop_ios", "bw_min", "bw_max", "bw_samples",
            "iops_min", "iops_max", "iops_samples"]
    nums = ["iops", "bw_agg", "bw_mean", "bw_dev", "iops_mean", "iops_stddev"]
    out = []
    for job in doc["jobs"]:
        for k in ["job_runtime", "ctx", "majf", "minf", "latency_depth",
                  "latency_target", "latency_window", "groupid", "error", "elapsed"]:
            need(is_int(job.get(k)), "kubestr: job %s: %s is not an integer" % (job["jobname"], k))
        for k in ["usr_cpu", "sys_cpu", "latency_percentile"]:
            need(is_num(job.get(k)), "kubestr: %s is not a number" % k)
        for m in ["iodepth_level", "iodepth_submit", "iodepth_complete",
                  "latency_ns", "latency_us", "latency_ms"]:
            need(isinstance(job.get(m), dict) and all(is_num(v) for v in job[m].values()),
                 "kubestr: %s is not a map of numbers" % m)
        for mode in ("read", "write", "trim", "sync"):
            need(mode in job, "kubestr: no %s" % mode)
        for mode in ("read", "write", "trim"):
            s = job[mode]
            for k in ints:
                need(is_int(s.get(k)), "kubestr: %s.%s is not an integer" % (mode, k))
            for k in nums:
                need(is_num(s.get(k)), "kubestr: %s.%s is not a number" % (mode, k))
            for lat in ("slat_ns", "clat_ns", "lat_ns"):
                for k in ("min", "max", "N"):
                    need(is_int(s[lat].get(k)), "kubestr: %s.%s.%s" % (mode, lat, k))
            if s["iops"] or s["bw"]:
                out.append("iops: min=%d max=%d avg=%f" % (s["iops_min"], s["iops_max"], s["iops_mean"]))
                out.append("bw(KiB/s): min=%d max=%d avg=%f" % (s["bw_min"], s["bw_max"], s["bw_mean"]))
    for du in doc.get("disk_util", []):
        need(isinstance(du.get("name"), str), "kubestr: disk_util name")
        for k in ("read_ios", "write_ios", "read_merges", "write_merges",
                  "read_ticks", "write_ticks", "in_queue"):
            need(is_int(du.get(k)), "kubestr: disk_util.%s" % k)
        need(is_num(du.get("util")), "kubestr: disk_util.util")
    return out


def pkb(doc):
    out = []
    for job in doc["jobs"]:
        for mode in ("read", "write", "trim"):
            s = job[mode]
            if not s["io_bytes"]:
                continue
            meta = {k: s[k] for k in ("bw_min", "bw_max", "bw_dev", "bw_agg", "bw_mean")}
            c = s["clat_ns"]
            stats = [c["min"], c["max"], c["mean"], c["stddev"]] + [c["percentile"][p] for p in PCTS]
            out.append((job["jobname"], mode, s["bw"], meta, stats, s["iops"]))
    return out


def near(a, b, rel):
    return abs(a - b) <= rel * max(abs(a), abs(b), 1e-9)


def avg_time(job, kind):
    """The job's interval of @kind ("iops", "bw") samples, ms: its
    iopsavgtime/bwavgtime when given, else its log's log_avg_msec when it
    writes that log (fio 3.33's init.c: a fiorion 1 s point's 250 ms),
    else 500."""
    o = job.get("job options", {})
    if o.get(kind + "avgtime"):
        return int(o[kind + "avgtime"])
    if o.get("write_%s_log" % kind) and int(o.get("log_avg_msec", "0")):
        return int(o["log_avg_msec"])
    return 500


def values(doc, exact):
    """The values the consumers print are fio's: identities on any run;
    with @exact (a run in virtual time, whose figures do not depend on the
    machine) also the interval samples, their means and the depths held."""
    for job in doc["jobs"]:
        name = job["jobname"]
        rt = job["job_runtime"]
        for mode in ("read", "write"):
            s = job[mode]
            if not s["total_ios"]:
                need(s["iops_samples"] == 0 and s["bw_samples"] == 0,
                     "%s %s: samples without I/O" % (name, mode))
                continue
            need(s["iops_stddev"] >= 0 and s["bw_dev"] >= 0, "%s %s: negative deviation" % (name, mode))
            if s["iops_samples"]:
                need(s["iops_min"] <= s["iops_mean"] <= s["iops_max"],
                     "%s %s: iops min/mean/max out of order" % (name, mode))
                need(s["bw_min"] <= s["bw_mean"] <= s["bw_max"],
                     "%s %s: bw min/mean/max out of order" % (name, mode))
            need(s["bw"] == s["bw_bytes"] // 1024 and s["io_kbytes"] == s["io_bytes"] // 1024,
                 "%s %s: bw %d, bw_bytes %d, io_kbytes %d, io_bytes %d: not KiB" % (
                     name, mode, s["bw"], s["bw_bytes"], s["io_kbytes"], s["io_bytes"]))
            need(s["runtime"] > 0 and near(s["iops"], s["total_ios"] * 1000.0 / s["runtime"], 1e-6),
                 "%s %s: iops %.3f is not total_ios %d / runtime %d ms" % (
                     name, mode, s["iops"], s["total_ios"], s["runtime"]))
            if not exact:
                continue
            # one sample per whole interval (fio's bwavgtime/iopsavgtime)
            ni, nb = rt // avg_time(job, "iops"), rt // avg_time(job, "bw")
            need(s["iops_samples"] == ni and s["bw_samples"] == nb,
                 "%s %s: %d iops / %d bw samples in %d ms (fio takes %d / %d)"
                 % (name, mode, s["iops_samples"], s["bw_samples"], rt, ni, nb))
            need(near(s["iops_mean"], s["iops"], 0.01),
                 "%s %s: iops_mean %.1f is not the job's iops %.1f within 1 %%" % (name, mode, s["iops_mean"], s["iops"]))
            need(near(s["bw_mean"], s["bw"], 0.01),
                 "%s %s: bw_mean %.1f is not the job's bw %d within 1 %%" % (name, mode, s["bw_mean"], s["bw"]))
        issued = job["read"]["total_ios"] + job["write"]["total_ios"]
        if issued:
            lat = sum(job["latency_ns"].values()) + sum(job["latency_us"].values()) + sum(job["latency_ms"].values())
            need(99.0 <= lat <= 101.0, "%s: latency_* buckets add to %.2f%%" % (name, lat))
            need(99.0 <= sum(job["iodepth_submit"].values()) <= 101.0, "%s: iodepth_submit" % name)
            need(99.0 <= sum(job["iodepth_complete"].values()) <= 101.0, "%s: iodepth_complete" % name)
            if exact:
                depth = int(job["job options"].get("iodepth", job.get("iodepth", 1)))
                key = [k for k in ("1", "2", "4", "8", "16", "32") if int(k) <= depth][-1] if depth < 64 else ">=64"
                need(job["iodepth_level"][key] >= 99.0,
                     "%s: iodepth_level[%s] = %.1f%% at iodepth %d" % (name, key, job["iodepth_level"][key], depth))


def cmd_consumers(path, exact):
    doc = json.load(open(path))
    try:
        rows = fioplot(doc)
        need(len(rows) > 0, "fio-plot: no rows")
        printed = kubestr(doc)
        samples = pkb(doc)
        need(len(samples) > 0, "PKB: no samples")
    except (KeyError, TypeError) as e:
        bad.append("a consumer could not read the document: %s %r" % (type(e).__name__, e))
        printed = []
    if not bad:
        values(doc, exact)
    for line in printed:
        print("kubestr: " + line)
    if bad:
        print("\n".join(bad))
        return 1
    print("fio-plot: %d rows, kubestr: %d lines, PKB: %d samples" % (len(rows), len(printed), len(samples)))
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "keys":
        sys.exit(cmd_keys(sys.argv[2], sys.argv[3]))
    if len(sys.argv) == 3 and sys.argv[1] == "consumers":
        sys.exit(cmd_consumers(sys.argv[2], False))
    if len(sys.argv) == 4 and sys.argv[1:3] == ["consumers", "--exact"]:
        sys.exit(cmd_consumers(sys.argv[3], True))
    sys.exit("usage: jsonconsumers.py keys FIO_JSON RUNNER_JSON | consumers [--exact] RUNNER_JSON")
