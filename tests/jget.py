#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""jget.py -- read fio JSON in the end-to-end tests (instead of sed).

  jget.py FILE PATH      the value at PATH: keys and list indexes joined
                         by '/', e.g. jobs/0/read/total_ios
  jget.py FILE --iops    the sum of read and write iops over all jobs (int)
  jget.py FILE --mode    per job: "jobname rw read_ios write_ios
                         read_bytes write_bytes bs" on one line each

Text before the document (fio's notes) is skipped.
"""
import json
import sys


def load(path):
    text = open(path).read()
    return json.loads(text[text.index("{"):])


def main():
    doc = load(sys.argv[1])
    what = sys.argv[2]
    if what == "--iops":
        print(int(sum(j[d]["iops"] for j in doc["jobs"] for d in ("read", "write"))))
        return
    if what == "--mode":
        g = doc.get("global options", {})
        for j in doc["jobs"]:
            o = {**g, **j["job options"]}
            print(j["jobname"], o.get("rw", o.get("readwrite", "read")),
                  j["read"]["total_ios"], j["write"]["total_ios"],
                  j["read"]["io_bytes"], j["write"]["io_bytes"], o.get("bs", "4k"))
        return
    v = doc
    for part in what.split("/"):
        v = v[int(part)] if isinstance(v, list) else v[part]
    print(v)


main()
