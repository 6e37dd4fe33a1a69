#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""fio-plot's stand-in for tests/e2e_benchfio.sh (examples/fio-plot.sh).

Takes the arguments fio-plot takes for a 2D bar chart (-i DIR -T TITLE
-l|-N -r MODE -d DEPTHS... -n NUMJOBS... -o FILE), lists the files the
chart would hold with fio-plot's own JSON import (tests/fioplot/:
jsonimport.list_json_files, as fio-plot -i -r -d -n does before it draws),
and writes them to FILE, one path a line, relative to the current folder,
instead of the PNG. No file listed is an error, as in fio-plot. -o is
required here: the example must name its charts itself.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fioplot"))
from fio_plot.fiolib import jsonimport  # noqa: E402  fio-plot's own code

RW = ["read", "write", "randread", "randwrite", "randrw", "trim", "rw", "readwrite", "randtrim", "trimwrite"]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("-i", "--input-directory", nargs="+", required=True)
    p.add_argument("-o", "--output-filename", required=True)
    p.add_argument("-T", "--title", required=True)
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("-l", "--bargraph2d-qd", action="store_true")
    g.add_argument("-N", "--bargraph2d_nj", action="store_true")
    p.add_argument("-r", "--rw", choices=RW, required=True)
    p.add_argument("-d", "--iodepth", type=int, nargs="+", required=True)
    p.add_argument("-n", "--numjobs", type=int, nargs="+", required=True)
    a = p.parse_args()
    settings = {"input_directory": a.input_directory, "rw": a.rw, "iodepth": a.iodepth,
                "numjobs": a.numjobs, "filter": ["read", "write"], "include_hosts": None,
                "exclude_hosts": None, "compare_graph": False}
    files = [f for d in jsonimport.list_json_files(settings, fail=False) for f in d["files"]]
    if not files:
        sys.exit("fio-plot stand-in: no JSON file matches -i %s -r %s -d %s -n %s"
                 % (a.input_directory, a.rw, a.iodepth, a.numjobs))
    with open(a.output_filename, "w") as out:
        for f in files:
            out.write(os.path.relpath(f) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
