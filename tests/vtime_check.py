#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""vtime_check.py -- judge runs of the built-in runner on the model device in
virtual time (backend=null service_us=D servers=C virtual_time=1) against
their exact answers (tests/e2e_vtime.sh). A run on the simulated clock is
the model's schedule itself, so the answers are exact (the FIFO schedule of
a closed loop or a uniform open loop, to the I/O and the nanosecond) or
sampling bounds computed in advance (poisson arrivals, fixed seeds).

Each command prints one line per check, "ok - WHAT" or "not ok - WHAT",
WHAT naming the figures, and nothing else:

  closed JSON              every job: the closed loop's schedule exactly
  little JSON              every job: IOPS x mean lat = iodepth x clones (0.1 %)
  near JSON IOPS LAT_US PCT  the first job's IOPS and mean lat within PCT %
  mdl JSON [PCT]           poisson on one server: the mean response against
                           M/D/1 within 4 sampling standard deviations
                           (and, with PCT, within PCT %)
  mdc JSON                 poisson on C servers, K clones: against M/D/c
                           within 4 standard errors of the clones' means
  linear JSON              a uniform (rate_process=linear) open loop: its
                           schedule exactly (count, runtime, arrivals, slot
                           waits, service and response)
  cap JSON1 JSONN          the same poisson schedule at iodepth 1 and N on
                           one server: the same responses; service D exactly
                           at depth 1; slot waits the share M/D/1 says
  simple DIR NAME T_S      fiorion -run simple on the model device (the points'
                           D and C from their JSON): ORION's files against
                           min(S, C) / D, max(D, S D / C), min(L, C) / D x size
  mixed JSON DIR NAME      a mixed point: each job exactly, and fio2orion's
                           files (in DIR, NAME_*) with its figures
  same A B [A2 B2 ...]     JSON files byte-identical but for the three
                           timestamp lines; other files byte-identical
  seeds A.json B.json A.log B.log SIZE   two randseeds: other offsets (4 KiB
                           aligned, below SIZE), the same figures and times
  selftest                 the closed forms against a direct simulation

The exact answers. Each clone has its own device: at most C I/Os in
service, FIFO, each served for D (the D of the moment its service starts,
service_steps); the runner's clock is the device's.

Closed loop of N I/Os (runtime T): I/O n is submitted at 0 (n < N) or when
I/O n - N completes, and completes at max(its submission, the completion
of I/O n - C) + D. With k = min(N, C) the completions come in waves of k
at the epochs e_j (e_0 = 0, e_j = e_{j-1} + D(e_{j-1})); a slot is
refilled while its completion is before T, so J = the epochs before T,
the count is N + k J, the run ends at the last completion, and, for N a
multiple of k (m = N / k), the latencies add up to k (e_{J+1} + ... +
e_{J+m}) (telescoping: an I/O submitted at e_j completes at e_{j+m}).
IOPS = count / the runtime in ms as fio rounds it (whole us, rounded up
to ms): min(N, C) / D over the window, plus the N - k drained after it.

Poisson arrivals at rate lam on one server (M/D/1, rho = lam D): mean
response D (1 + rho / (2 (1 - rho))). The mean of n responses has the
sampling standard deviation D sqrt(rho (2 + rho) / 6) / (1 - rho)^2 /
sqrt(n): the regenerative variance over busy periods, E[(Y - s N)^2] /
E[N] (Y the sum of the responses in a busy period, N its count, s the
mean response), from the moments of the busy period's branching
recursion (busy_moments() below computes them; selftest checks the closed
form against it). A run starts empty: its bias is O(1/n), far below.
The share of arrivals that find the server busy is rho (PASTA), with
standard deviation sqrt(rho / n) (per busy period N - 1 wait).

M/D/c: L(t + D) = max(L(t) - c, 0) + A(t, t + D] holds at every t (the c
I/Os in service at t are gone by t + D, one waiting at t starts after t),
so its stationary distribution is the time-average one: mean response
= E[L] / lam (Little).
"""
import json
import math
import re
import sys

Z = 4.0  # sampling bounds: standard deviations

out = []


def say(good, what):
    out.append("%s - %s" % ("ok" if good else "not ok", what))


def load(path):
    with open(path) as f:
        return json.load(f)


def opts(doc, job):
    o = dict(doc.get("global options", {}))
    o.update(job.get("job options", {}))
    return o


def steps_of(o):
    """service_steps=S:US,... as [(at_ns, d_ns)]."""
    s = o.get("service_steps", "")
    if not s:
        return []
    return [(round(float(a) * 1e9), int(u) * 1000) for a, u in (x.split(":") for x in s.split(","))]


def groups(doc):
    """The jobs by name, in order: [(name, [clone entries])]."""
    g = {}
    for j in doc["jobs"]:
        g.setdefault(j["jobname"], []).append(j)
    return list(g.items())


def params(doc, clones):
    o = opts(doc, clones[0])
    return (int(o.get("iodepth", 1)), int(o.get("servers", 1)), int(o["service_us"]) * 1000,
            int(o["runtime"]) * 1000000000, steps_of(o), o)


def runtime_ms(ns):
    """fio's job runtime: whole microseconds, rounded up to ms."""
    return (ns // 1000 + 999) // 1000


def rel(a, b):
    return abs(a - b) / abs(b) if b else abs(a)


# -- the closed loop ---------------------------------------------------------

def closed_exact(n, c, d, t, steps=()):
    """(count, latency sum ns, end ns) of one clone's closed loop."""
    k = min(n, c)
    if not steps:
        j = (t - 1) // d  # epochs j d < t
        total = n + k * j

        def f(x):  # sum over i < x of (i // k + 1)
            q, r = divmod(x, k)
            return k * q * (q + 1) // 2 + r * (q + 1)
        lat = d * (f(total) - k * j * (j + 1) // 2)
        return total, lat, ((total - 1) // k + 1) * d
    if n % k:
        raise ValueError("service_steps with iodepth %d not a multiple of %d: no closed form here" % (n, k))
    m = n // k
    at = sorted(steps)

    def d_at(e):
        v = d
        for a, u in at:
            if e >= a:
                v = u
        return v
    e, j = 0, 0
    while True:
        dd = d_at(e)
        b = min([a for a, _ in at if a > e], default=None)
        n_t = (t - e - 1) // dd  # waves from e whose epoch is before t
        n_seg = -(-(b - e) // dd) if b is not None else None  # waves starting before b
        if n_seg is None or n_t < n_seg:
            e, j = e + n_t * dd, j + n_t
            break
        e, j = e + n_seg * dd, j + n_seg
    last = []
    for _ in range(m):
        e += d_at(e)
        last.append(e)
    return n + k * j, k * sum(last), last[-1]


def closed_sim(n, c, d, t, steps=()):
    """The same by brute force, I/O by I/O (selftest)."""
    def d_at(s):
        v = d
        for a, u in sorted(steps):
            if s >= a:
                v = u
        return v
    comp, lat = [], 0
    i = 0
    while True:
        sub = 0 if i < n else comp[i - n]
        if i >= n and sub >= t:
            break
        start = max(sub, comp[i - c] if i >= c else 0)
        comp.append(start + d_at(start))
        lat += comp[-1] - sub
        i += 1
    return i, lat, max(comp)


def closed(path):
    doc = load(path)
    for name, clones in groups(doc):
        n, c, d, t, st, o = params(doc, clones)
        total, lat, end = closed_exact(n, c, d, t, st)
        rt = runtime_ms(end)
        iops = total * 1000.0 / rt
        bad = []
        for j in clones:
            r = j["read"]
            got = (r["total_ios"], r["runtime"], r["lat_ns"]["mean"], r["iops"])
            if got[0] != total or got[1] != rt or rel(got[2], lat / total) > 1e-9 or rel(got[3], iops) > 1e-9:
                bad.append("%d I/Os, %d ms, %.4f ns, %.4f IOPS" % got)
        k = min(n, c)
        how = ("min(%d, %d) / D = %g IOPS over the window: %d I/Os, then %d drained"
               % (n, c, k * 1e9 / d, total - (n - k), n - k)) if not st else \
            "waves of min(%d, %d) served for the D of their start: %d I/Os in the window, then %d drained" \
            % (n, c, total - (n - k), n - k)
        say(not bad, "closed loop %s (iodepth %d, %d server(s), D %g us%s, %d s, %d clone(s)): %s%d I/Os a clone "
            "in %d ms, mean lat %.4f us, %.4f IOPS: the FIFO schedule's exactly (%s)"
            % (name, n, c, d / 1000, ", steps %s" % o["service_steps"] if st else "", t // 10**9, len(clones),
               "got %s; want " % "; ".join(bad) if bad else "", total, rt, lat / total / 1000, iops, how))


def little(path):
    doc = load(path)
    for name, clones in groups(doc):
        n = params(doc, clones)[0]
        iops = sum(j["read"]["iops"] for j in clones)
        ios = sum(j["read"]["lat_ns"]["N"] for j in clones)
        lat = sum(j["read"]["lat_ns"]["mean"] * j["read"]["lat_ns"]["N"] for j in clones) / ios / 1e9
        want = n * len(clones)
        say(rel(iops * lat, want) <= 0.001,
            "Little's law, %s: %.2f IOPS x %.4f ms = %.4f, iodepth %d x %d clone(s) = %d (within 0.1 %%: %.4f %%)"
            % (name, iops, lat * 1e3, iops * lat, n, len(clones), want, 100 * rel(iops * lat, want)))


def near(path, want_iops, want_us, pct):
    doc = load(path)
    j = doc["jobs"][0]
    r, o = j["read"], opts(doc, j)
    iops, lat = r["iops"], r["lat_ns"]["mean"] / 1000
    say(rel(iops, want_iops) <= pct / 100 and rel(lat, want_us) <= pct / 100,
        "closed loop iodepth %s servers %s service_us %s, %s s: %.2f IOPS (%g within %g %%), mean lat %.5f us "
        "(%g within %g %%)" % (o["iodepth"], o["servers"], o["service_us"], o["runtime"], iops, want_iops, pct,
                               lat, want_us, pct))


# -- poisson ----------------------------------------------------------------

def mdl_mean(rho):
    return 1 + rho / (2 * (1 - rho))


def mdl_sd(rho):
    """sqrt of the asymptotic variance of the mean response, D = 1."""
    return math.sqrt(rho * (2 + rho) / 6) / (1 - rho) ** 2


def busy_moments(rho):
    """The same variance from the busy period's moments (D = 1).

    A busy period is the first service plus, for each of its a ~
    Poisson(rho) arrivals, a busy period of its own (tau_i, Y_i i.i.d.):
    tau = 1 + sum tau_i; the area Y (the sum of the responses) = 1 + R +
    sum Y_i + sum_i (a - i) tau_i, R the time the a arrivals wait for the
    first service to end (a sum of a uniforms): the walk of the number
    present at each service start, absorbed at 0.
    """
    pa = [math.exp(-rho)]
    for a in range(1, 200):
        pa.append(pa[-1] * rho / a)

    def e(f):
        return sum(p * f(a) for a, p in enumerate(pa))

    def q(a):
        return a * (a - 1) / 2

    def sq2(a):
        return (a - 1) * a * (2 * a - 1) / 6  # sum over i of (a - i)^2
    t1 = 1 / (1 - rho)
    y1 = (1 + rho / 2 + rho * rho * t1 / 2) / (1 - rho)
    t2 = (1 + 2 * rho * t1 + rho * rho * t1 * t1) / (1 - rho)
    c = e(lambda a: 1 + a / 2 + a * y1 + t1 * q(a) + a * t1 + a * a * t1 / 2 + a * (a - 1) * t1 * y1
          + t2 * q(a) + t1 * t1 * (a - 1) * q(a)) / (1 - rho)

    def ey2(a):
        er, er2 = a / 2, a / 12 + a * a / 4
        ew = t1 * q(a)
        ew2 = t2 * sq2(a) + t1 * t1 * (q(a) ** 2 - sq2(a))
        esyw = c * q(a) + y1 * t1 * (a - 1) * q(a)
        esy = a * y1
        return (1 + er2 + a * (a - 1) * y1 * y1 + ew2 + 2 * er + 2 * esy + 2 * ew
                + 2 * er * esy + 2 * er * ew + 2 * esyw)
    y2 = e(ey2) / (1 - rho)
    s = y1 / t1
    return s, math.sqrt((y2 - 2 * s * c + s * s * t2) / t1)


def resp_sum(clones):
    n = sum(j["read"]["fiorion_response_ns"]["N"] for j in clones)
    return n, sum(j["read"]["fiorion_response_ns"]["mean"] * j["read"]["fiorion_response_ns"]["N"] for j in clones)


def mdl(path, pct=None):
    doc = load(path)
    for name, clones in groups(doc):
        _, c, d, t, _, o = params(doc, clones)
        lam = float(o["rate_iops"])
        rho = lam * d / 1e9
        n, s = resp_sum(clones)
        mean, want = s / n / 1e6, mdl_mean(rho) * d / 1e6
        sd = mdl_sd(rho) * d / 1e6 / math.sqrt(n)
        z = (mean - want) / sd
        good = c == 1 and abs(z) <= Z and (pct is None or rel(mean, want) <= pct / 100)
        what = ("M/D/1 at %g %% (%s, poisson %g/s on one server of D %g ms, %d s, randseed %s): mean response "
                "%.5f ms over %d arrivals, theory %.5f ms, sampling sd %.5f ms, z %+.2f (within %g sd)"
                % (100 * rho, name, lam, d / 1e6, t // 10**9, o.get("randseed", "-"), mean, n, want, sd, z, Z))
        if pct is not None:
            what += ", %.3f %% off (within %g %%)" % (100 * rel(mean, want), pct)
        say(good, what)


def mdc_mean(lam_d, c, size=160):
    """M/D/c mean response / D, from L(t + D) = max(L(t) - c, 0) + A."""
    a = [math.exp(-lam_d)]
    for k in range(1, 80):
        a.append(a[-1] * lam_d / k)
    p = [1.0] + [0.0] * (size - 1)
    for _ in range(20000):
        nxt = [0.0] * size
        for i, pi in enumerate(p):
            if pi < 1e-300:
                continue
            b = max(i - c, 0)
            for k in range(min(len(a), size - b)):
                nxt[b + k] += pi * a[k]
        s = sum(nxt)
        nxt = [x / s for x in nxt]
        done = max(abs(x - y) for x, y in zip(p, nxt)) < 1e-14
        p = nxt
        if done:
            break
    return sum(i * x for i, x in enumerate(p)) / lam_d


def mdc(path):
    doc = load(path)
    for name, clones in groups(doc):
        _, c, d, t, _, o = params(doc, clones)
        lam = float(o["rate_iops"])
        means = [j["read"]["fiorion_response_ns"]["mean"] / 1e6 for j in clones]
        k = len(means)
        mean = sum(means) / k
        se = math.sqrt(sum((x - mean) ** 2 for x in means) / (k - 1) / k)
        want = mdc_mean(lam * d / 1e9, c) * d / 1e6
        n, _ = resp_sum(clones)
        say(k >= 4 and se > 0 and abs(mean - want) <= Z * se,
            "M/D/%d at %g %% (%s, poisson %g/s a clone on %d servers of D %g ms, %d s, %d clones as replications, "
            "%d arrivals): mean response %.5f ms, theory %.5f ms, standard error %.5f ms (the clones' spread), "
            "z %+.2f (within %g)" % (c, 100 * lam * d / 1e9 / c, name, lam, c, d / 1e6, t // 10**9, k, n, mean,
                                     want, se, (mean - want) / se if se else 0, Z))


# -- uniform open loop --------------------------------------------------------

def linear_exact(rate, depth, c, d, t):
    """The uniform open loop's schedule: arrival k at floor(k 1e9 / rate) ns."""
    arr = lambda k: k * 10**9 // rate
    comp, sub = [], []
    waits = 0
    k = 0
    while arr(k) < t:
        free = comp[k - depth] if k >= depth else 0
        if k >= depth and arr(k) == free:
            raise ValueError("arrival %d comes as a slot frees (%d ns): a tie, pick another rate" % (k, free))
        busy = arr(k) < free
        s = max(arr(k), free)
        if s >= t:
            waits += busy  # the head, waiting when the time ran out
            break
        waits += busy
        start = max(s, comp[k - c] if k >= c else 0)
        sub.append(s)
        comp.append(start + d)
        k += 1
    arrivals = k
    while arr(arrivals) < t:
        arrivals += 1
    lat = [comp[i] - sub[i] for i in range(k)]
    resp = [comp[i] - arr(i) for i in range(k)]
    # The job lasts its runtime when the last I/O completes before it, as
    # fio's does (io_u.c: rate_ddir() sleeps to the timeout).
    return dict(total=k, runtime=runtime_ms(max(max(comp), t)), arrivals=arrivals, slot_waits=waits,
                lat=(min(lat), max(lat), sum(lat) / k), resp=(min(resp), max(resp), sum(resp) / k))


def linear(path):
    doc = load(path)
    for name, clones in groups(doc):
        n, c, d, t, _, o = params(doc, clones)
        rate = int(o["rate_iops"])
        w = linear_exact(rate, n, c, d, t)
        iops = w["total"] * 1000.0 / w["runtime"]
        bad = []
        for j in clones:
            r, ol = j["read"], j["fiorion_openloop"]
            got = dict(total=r["total_ios"], runtime=r["runtime"], arrivals=ol["arrivals"],
                       slot_waits=ol["slot_waits"],
                       lat=(r["lat_ns"]["min"], r["lat_ns"]["max"], r["lat_ns"]["mean"]),
                       resp=tuple(r["fiorion_response_ns"][x] for x in ("min", "max", "mean")))
            for key, v in got.items():
                ok = v == w[key] if key not in ("lat", "resp") else \
                    v[:2] == w[key][:2] and rel(v[2], w[key][2]) <= 1e-9
                if not ok:
                    bad.append("%s %s (want %s)" % (key, v, w[key]))
            if rel(r["iops"], iops) > 1e-9:
                bad.append("iops %s (want %s)" % (r["iops"], iops))
        cap = min(rate, n * 1e9 / d, c * 1e9 / d)
        say(not bad, "uniform open loop %s (rate %d/s, iodepth %d, %d server(s) of D %g ms, %d s): %d arrivals, "
            "%d I/Os in %d ms = %.4f IOPS (min(rate, iodepth / D, C / D) = %g), %d slot waits, service %.4f ms "
            "(%.4f..%.4f), response %.4f ms (%.4f..%.4f): the schedule's exactly%s"
            % (name, rate, n, c, d / 1e6, t // 10**9, w["arrivals"], w["total"], w["runtime"], iops, cap,
               w["slot_waits"], w["lat"][2] / 1e6, w["lat"][0] / 1e6, w["lat"][1] / 1e6, w["resp"][2] / 1e6,
               w["resp"][0] / 1e6, w["resp"][1] / 1e6, "; got " + ", ".join(bad) if bad else ""))


def cap(path1, pathn):
    d1, dn = load(path1), load(pathn)
    j1, jn = d1["jobs"][0], dn["jobs"][0]
    o1, on = opts(d1, j1), opts(dn, jn)
    d = int(o1["service_us"]) * 1000
    rho = float(o1["rate_iops"]) * d / 1e9
    r1, rn = j1["read"], jn["read"]
    a, b = r1["fiorion_response_ns"], rn["fiorion_response_ns"]
    same = all(a[x] == b[x] for x in ("N", "min", "max", "mean", "percentile"))
    say(same and int(o1["iodepth"]) == 1 and int(o1.get("servers", 1)) == 1,
        "depth cap on one server (poisson %s/s, D %g ms, randseed %s): iodepth 1 and iodepth %s give the same "
        "responses (N %d, mean %.5f ms, max %.4f ms%s): the runner's backlog in front of one slot is the "
        "device's FIFO in front of one server" % (o1["rate_iops"], d / 1e6, o1.get("randseed", "-"), on["iodepth"],
                                                   a["N"], a["mean"] / 1e6, a["max"] / 1e6,
                                                   "" if same else "; iodepth %s: N %d, mean %.5f ms, max %.4f ms"
                                                   % (on["iodepth"], b["N"], b["mean"] / 1e6, b["max"] / 1e6)))
    l1 = r1["lat_ns"]
    below = [k for k in a["percentile"] if a["percentile"][k] < l1["percentile"][k]]
    say(l1["min"] == d and l1["max"] == d and not below and a["mean"] > l1["mean"],
        "depth cap: at iodepth 1 the service (lat_ns) is D exactly (%d..%d ns, mean %.1f) while the response "
        "waits for the slot (mean %.5f ms, p99 %.4f ms), every percentile at or above the service's%s"
        % (l1["min"], l1["max"], l1["mean"], a["mean"] / 1e6, a["percentile"]["99.000000"] / 1e6,
           " (not: %s)" % below if below else ""))
    ol = j1["fiorion_openloop"]
    n = ol["arrivals"]
    share, sd = ol["slot_waits"] / n, math.sqrt(rho / n)
    say(abs(share - rho) <= Z * sd and jn["fiorion_openloop"]["slot_waits"] == 0,
        "depth cap: %d of %d arrivals waited for the slot at iodepth 1 (%.5f; M/D/1: rho = %.2f, sd "
        "sqrt(rho / n) = %.5f, z %+.2f, within %g), %d at iodepth %s"
        % (ol["slot_waits"], n, share, rho, sd, (share - rho) / sd, Z, jn["fiorion_openloop"]["slot_waits"],
           on["iodepth"]))


# -- ORION's files --------------------------------------------------------------

def orion_csv(path):
    """{(large, small): value} of an ORION matrix (rows Large, columns Small)."""
    with open(path) as f:
        rows = [[x.strip() for x in line.rstrip("\n").split(",")] for line in f if line.strip()]
    cols = [int(x) for x in rows[0][1:]]
    cells = {}
    for r in rows[1:]:
        for s, v in zip(cols, r[1:]):
            if v:
                cells[(int(r[0]), s)] = float(v)
    return cells


def point(doc):
    """(N, C, D, kind, bs) of a -run simple point's single job."""
    j = doc["jobs"][0]
    o = opts(doc, j)
    bs = o["bs"].lower()
    size = int(bs[:-1]) * {"k": 1024, "m": 1 << 20}[bs[-1]] if bs[-1] in "km" else int(bs)
    return int(o["iodepth"]), int(o.get("servers", 1)), int(o["service_us"]) * 1000, j["jobname"], size


def part_ns(doc, t_s):
    """A part's runtime (fiorion's -parts: runtime=S or runtime=MSms), ns; else t_s."""
    r = str(opts(doc, doc["jobs"][0]).get("runtime", ""))
    if r.endswith("ms"):
        return int(r[:-2]) * 10**6
    return int(r) * 10**9 if r.isdigit() else t_s * 10**9


def simple(folder, name, t_s):
    import glob
    acc = {}  # (large, small) -> [I/Os, runtime ms, latency sum ns, size]: a point's parts pooled
    c = d = None
    for p in sorted(glob.glob("%s/%s_jobs/p*.json" % (folder, name))):
        doc = load(p)
        n, c, d, job, size = point(doc)
        m = re.match(r"p\d+-s(\d+)-l(\d+)-(small|large)(-(part|ref)\d+)?$", job)
        if m.group(5) == "ref":
            continue  # the drift's reference re-measured: not the cell's
        total, lat, end = closed_exact(n, c, d, part_ns(doc, t_s))
        a = acc.setdefault((int(m.group(2)), int(m.group(1))), [0, 0, 0, size])
        a[0] += total
        a[1] += runtime_ms(end)
        a[2] += lat
    want = {k: (a[0] * 1000.0 / a[1], a[0] * 1000.0 / a[1] * a[3] / 2**20, a[2] / a[0] / 1e6)
            for k, a in acc.items()}
    files = {"iops": (0, 1.0), "mbps": (1, 0.01), "lat": (2, 0.01)}  # the value, its printed unit
    for f, (i, unit) in files.items():
        got = orion_csv("%s/%s_%s.csv" % (folder, name, f))
        cells = sorted(k for k in want if (k[0] == 0) != (f == "mbps"))
        bad = ["%s: %s (want %.4f)" % (k, got.get(k), want[k][i]) for k in cells
               if k not in got or abs(got[k] - want[k][i]) > unit + 1e-4 * want[k][i]]
        what = {"iops": "small IOPS = min(S, C) / D", "mbps": "large MBPS = min(L, C) / D x the size",
                "lat": "small latency = max(D, S D / C)"}[f]
        say(not bad and cells, "-run simple on the model device (C %d, D %g us, %d s a point): %s_%s.csv, %s: %s%s"
            % (c, d / 1000, t_s, name, f, what, ", ".join("%s=%g" % ("L%d" % k[0] if f == "mbps" else "S%d" % k[1],
                                                                     got.get(k, float("nan"))) for k in cells),
               " (each within its printed unit of the exact answer)" if not bad else "; " + "; ".join(bad)))
    summ = open("%s/%s_summary.txt" % (folder, name)).read()
    small = {k: v for k, v in want.items() if k[0] == 0}
    large = {k: v for k, v in want.items() if k[1] == 0}
    best_s = max(small.values(), key=lambda v: v[0])[0]
    best_l = max(large.values(), key=lambda v: v[1])[1]
    low = min(v[2] for v in small.values())
    checks = (("Maximum Small IOPS", best_s, 1.0, [k for k, v in small.items() if v[0] == best_s]),
              ("Maximum Large MBPS", best_l, 0.01, [k for k, v in large.items() if v[1] == best_l]),
              ("Minimum Small Latency", low, 0.01, [k for k, v in small.items() if v[2] == low]))
    bad, seen = [], []
    for key, v, unit, at in checks:
        m = re.search(r"%s=([0-9.]+) @ Small=(\d+) and Large=(\d+)" % key, summ)
        if not m:
            bad.append("no '%s'" % key)
            continue
        seen.append("%s=%s @ S%s L%s" % (key, m.group(1), m.group(2), m.group(3)))
        if abs(float(m.group(1)) - v) > unit + 1e-4 * v or (int(m.group(3)), int(m.group(2))) not in at:
            bad.append("%s: want %.4f at %s" % (key, v, at))
    say(not bad, "-run simple on the model device: %s_summary.txt %s%s"
        % (name, ", ".join(seen), "; " + "; ".join(bad) if bad else " (the exact answers' extremes and where)"))


def mixed(path, folder, name):
    closed(path)
    doc = load(path)
    sm = [j for j in doc["jobs"] if j["jobname"].endswith("-small")][0]
    lg = [j for j in doc["jobs"] if j["jobname"].endswith("-large")][0]
    s = int(re.search(r"-s(\d+)-", sm["jobname"]).group(1))
    lv = int(re.search(r"-l(\d+)-", sm["jobname"]).group(1))
    iops, mbps, lat = sm["read"]["iops"], lg["read"]["bw_bytes"] / 2**20, sm["read"]["lat_ns"]["mean"] / 1e6
    got = (orion_csv("%s/%s_iops.csv" % (folder, name)).get((lv, s)),
           orion_csv("%s/%s_mbps.csv" % (folder, name)).get((lv, s)),
           orion_csv("%s/%s_lat.csv" % (folder, name)).get((lv, s)))
    good = None not in got and abs(got[0] - iops) <= 1 and abs(got[1] - mbps) <= 0.01 and abs(got[2] - lat) <= 0.01
    say(good, "mixed point small=%d large=%d through fio2orion: %s_iops.csv %s (the small job's %.4f), "
        "_mbps.csv %s (the large job's %.4f), _lat.csv %s ms (%.5f), each within its printed unit"
        % (s, lv, name, got[0], iops, got[1], mbps, got[2], lat))


# -- determinism ------------------------------------------------------------------

STAMP = re.compile(rb'^  "(timestamp|timestamp_ms|time)": [^\n]*\n', re.M)


def same(paths):
    jsons, logs, bad = [], [], []
    for a, b in zip(paths[::2], paths[1::2]):
        ta, tb = open(a, "rb").read(), open(b, "rb").read()
        if a.endswith(".json"):
            na, nb = len(STAMP.findall(ta)), len(STAMP.findall(tb))
            ta, tb = STAMP.sub(b"", ta), STAMP.sub(b"", tb)
            if na != 3 or nb != 3:
                bad.append("%s: %d and %d timestamp lines, not 3" % (a, na, nb))
        if ta != tb:
            bad.append(a.rsplit("/", 1)[-1])
        (jsons if a.endswith(".json") else logs).append(len(ta))
    say(not bad and jsons, "the same job file twice: byte-identical JSON but for its timestamp, timestamp_ms and "
        "time (%s bytes), and %d logs (%d bytes)%s" % (" + ".join(map(str, jsons)), len(logs), sum(logs),
                                                       "; differ: " + ", ".join(bad) if bad else ""))


def seeds(ja, jb, la, lb, size):
    keep = re.compile(rb'^\s*"randseed": [^\n]*\n', re.M)
    ta = keep.sub(b"", STAMP.sub(b"", open(ja, "rb").read()))
    tb = keep.sub(b"", STAMP.sub(b"", open(jb, "rb").read()))
    a = [x.split(", ") for x in open(la).read().splitlines()]
    b = [x.split(", ") for x in open(lb).read().splitlines()]
    rest_same = len(a) == len(b) and all(x[:4] + x[5:] == y[:4] + y[5:] for x, y in zip(a, b))
    differ = sum(x[4] != y[4] for x, y in zip(a, b))
    doc = load(ja)
    bs = 4096
    inside = all(int(x[4]) % bs == 0 and 0 <= int(x[4]) < int(size) for x in a + b)
    say(ta == tb and rest_same and differ >= 0.99 * len(a) and inside and a,
        "randseed %s and %s: the offsets differ in %d of %d I/Os (lat log, log_offset=1), each aligned and "
        "below the LUN's size; the times, latencies, directions and sizes line for line, and the JSON (but for the seed), "
        "are the same: %.2f IOPS, mean lat %.4f us"
        % (opts(doc, doc["jobs"][0]).get("randseed"), opts(load(jb), load(jb)["jobs"][0]).get("randseed"), differ,
           len(a), doc["jobs"][0]["read"]["iops"], doc["jobs"][0]["read"]["lat_ns"]["mean"] / 1000))


def selftest():
    cases = [(8, 4, 100000, 10**8, ()), (5, 4, 100000, 10**8, ()), (5, 2, 100000, 10**8, ()),
             (1, 4, 100000, 10**8, ()), (64, 1, 100000, 10**8, ()), (4, 2, 100000, 10**8, [(5 * 10**7, 200000)]),
             (2, 2, 100000, 10**8, [(5 * 10**7, 200000)]), (6, 2, 100000, 10**8, [(3 * 10**7, 300000), (7 * 10**7, 50000)])]
    bad = [cs for cs in cases if closed_exact(*cs) != closed_sim(*cs)]
    sds = [(r, mdl_sd(r), busy_moments(r)) for r in (0.3, 0.5, 0.8, 0.9)]
    bad += [x for x in sds if rel(x[1], x[2][1]) > 1e-9 or rel(mdl_mean(x[0]), x[2][0]) > 1e-9]
    m1 = mdc_mean(0.8, 1)
    say(not bad and rel(m1, 3.0) < 1e-9,
        "the closed forms: the closed loop's count, latency and end against I/O-by-I/O simulation in %d cases "
        "(steps too); M/D/1's sd sqrt(rho (2 + rho) / 6) / (1 - rho)^2 against the busy period's moments "
        "(%s); the M/D/c chain at c = 1, rho 0.8: %.6f D (M/D/1: 3)%s"
        % (len(cases), ", ".join("%.1f: %.4f" % (r, s) for r, s, _ in sds), m1, "; bad: %s" % bad if bad else ""))


def main():
    cmd, a = sys.argv[1], sys.argv[2:]
    try:
        if cmd == "closed":
            for p in a:
                closed(p)
        elif cmd == "little":
            little(a[0])
        elif cmd == "near":
            near(a[0], float(a[1]), float(a[2]), float(a[3]))
        elif cmd == "mdl":
            mdl(a[0], float(a[1]) if len(a) > 1 else None)
        elif cmd == "mdc":
            mdc(a[0])
        elif cmd == "linear":
            linear(a[0])
        elif cmd == "cap":
            cap(a[0], a[1])
        elif cmd == "simple":
            simple(a[0], a[1], int(a[2]))
        elif cmd == "mixed":
            mixed(a[0], a[1], a[2])
        elif cmd == "same":
            same(a)
        elif cmd == "seeds":
            seeds(*a)
        elif cmd == "selftest":
            selftest()
        else:
            raise ValueError("unknown command " + cmd)
    except (OSError, ValueError, KeyError, IndexError, ZeroDivisionError, AttributeError, TypeError) as e:
        say(False, "%s %s: %s: %s" % (cmd, " ".join(x.rsplit("/", 1)[-1] for x in a), type(e).__name__, e))
    print("\n".join(out))


if __name__ == "__main__":
    main()
