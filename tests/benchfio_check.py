#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Check fio2orion -export benchfio with fio-plot's own JSON import.

Usage: benchfio_check.py EXPORT_DIR POINTS_JSON

POINTS_JSON is fio2orion -format json over the same inputs: each point's
small and large IOPS and average block, from the converter. For every
leaf folder of the export (bench-fio's <target>/[<mix>/]<bs>/), run
fio-plot's getdata.get_json_data chain (jsonimport.list_json_files,
import_json_dataset, jsonparsing.parse_json_data) as fio-plot -i FOLDER
-r MODE -d DEPTHS -n NUMJOBS does, once per direction filter, and check:
every file is found and parsed; each row's IOPS (read + write) equals
the converter's IOPS of that point's class within 0.1 % (a mixed mode
read with -f read and with -f write, summed); every row in a
folder has the folder's block size (classes never mixed); every point
and class of POINTS_JSON is exported exactly once. Prints one line per
failure and exits 1, else a summary and 0.
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fioplot"))
from fio_plot.fiolib import jsonimport, jsonparsing  # noqa: E402  fio-plot's own code


def fioplot_rows(folder, mode, depths, numjobs, direction):
    settings = {
        "input_directory": [folder], "rw": mode, "iodepth": depths, "numjobs": numjobs,
        "filter": [direction], "include_hosts": None, "exclude_hosts": None,
        "compare_graph": False,
    }
    listed = jsonimport.list_json_files(settings, fail=False)
    data = jsonparsing.parse_json_data(settings, jsonimport.import_json_dataset(settings, listed))
    return listed[0]["files"], data[0]["data"]


def main():
    export, points = sys.argv[1], json.load(open(sys.argv[2]))["points"]
    want = {}
    for p in points:
        for cls in ("small", "large"):
            if p.get(cls) and p[cls].get("iops") is not None and p[cls + "_load"]:
                want[(p["small_load"], p["large_load"], cls)] = p[cls]
    bad, seen, nfiles = [], {}, 0
    for root, _dirs, files in os.walk(export):
        js = sorted(f for f in files if f.endswith(".json"))
        if not js:
            continue
        modes = {}
        for f in js:
            mode, depth, nj = f[:-5].rsplit("-", 2)
            modes.setdefault(mode, (set(), set()))
            modes[mode][0].add(int(depth))
            modes[mode][1].add(int(nj))
        bs = os.path.basename(root)
        for mode, (depths, njs) in modes.items():
            rows = {}
            # fio-plot reads a mixed mode one direction at a time (-f read,
            # -f write); a pure mode is its one direction whatever -f says.
            mixed = mode in ("randrw", "rw", "readwrite")
            for direction in (("read", "write") if mixed else ("read",)):
                listed, data = fioplot_rows(root, mode, sorted(depths), sorted(njs), direction)
                for path, row in zip(listed, data):
                    rows.setdefault(path, []).append(row)
            for path, rs in rows.items():
                nfiles += 1
                doc = json.load(open(path))
                fe = doc["fiorion export"]
                key = (fe["small_load"], fe["large_load"], fe["class"])
                if any(r["bs"] != bs for r in rs):
                    bad.append("%s: fio-plot reads bs %s in folder %s" % (path, rs[0]["bs"], bs))
                if any(not j["jobname"].endswith("-" + fe["class"]) for j in doc["jobs"]):
                    bad.append("%s: holds jobs of another class" % path)
                iops = sum(r["iops"] for r in rs)
                seen[key] = seen.get(key, 0) + iops
    for key, c in want.items():
        got = seen.pop(key, None)
        if got is None:
            bad.append("point small=%d large=%d: its %s class is not exported" % key)
        elif abs(got - c["iops"]) > 1e-3 * max(c["iops"], 1):
            bad.append("point small=%d large=%d %s: fio-plot reads %.1f IOPS, fio2orion %.1f"
                       % (key + (got, c["iops"])))
    for key in seen:
        bad.append("exported small=%d large=%d %s is no point of fio2orion's" % key)
    for b in bad:
        print(b)
    if not bad:
        print("fio-plot's import read %d files, %d point classes, each equal to fio2orion's IOPS"
              % (nfiles, len(want)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
