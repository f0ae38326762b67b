#!/usr/bin/env python3
"""Writes a plain `swift test` log in the raw shapes CI systems hand out, each as its documentation
describes it, for `parse`'s tests: the same run, test for test, whatever the CI.

    Scripts/ci-log-shapes.py PLAIN.log OUT-FOLDER

- github-actions.log: a UTF-8 byte order mark, then each line after an ISO-8601 time with seven fraction
  digits and `Z` (what "view raw logs" and the logs API give; Azure Pipelines writes the same shape)
- buildkite.log: each line after Buildkite's timestamp APC (ESC _bk;t=MILLISECONDS BEL), CRLF ends
- gitlab.log: runner timestamps (time, stream `00`, `O`/`E`, `+` on a continued line), section markers
  around the script (ESC[0Ksection_start:UNIX:step_script\\r ESC[0K …), ANSI colours on the header
- jenkins.log: each line after Timestamper's `[ISO time] `
- cr-only.log: lines ended by CR alone
- nul.log: a NUL byte before every fifth line
"""
import sys, os

plain_path, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
lines = open(plain_path, "rb").read().split(b"\n")
if lines and lines[-1] == b"":
    lines.pop()
base = 1763768806  # 2025-11-21T23:46:46Z, a fixed clock so the fixtures do not change


def iso(i, digits):
    fraction = str(123456789 + i * 1000)[:digits]
    return b"2025-11-21T23:%02d:%02d.%sZ" % (46 + i // 60 % 10, i % 60, fraction.encode())


with open(os.path.join(out, "github-actions.log"), "wb") as f:
    f.write(b"\xef\xbb\xbf")
    for i, line in enumerate(lines):
        f.write(iso(i, 7) + b" " + line + b"\n")

with open(os.path.join(out, "buildkite.log"), "wb") as f:
    for i, line in enumerate(lines):
        f.write(b"\x1b_bk;t=%d\x07" % ((base + i) * 1000 + 123) + line + b"\r\n")

with open(os.path.join(out, "gitlab.log"), "wb") as f:
    start = b"\x1b[0Ksection_start:%d:step_script\r\x1b[0K\x1b[0K\x1b[36;1mExecuting \"step_script\" stage of the job script\x1b[0;m" % base
    f.write(iso(0, 6) + b" 00O " + start + b"\n")
    f.write(iso(0, 6) + b" 00O \x1b[32;1m$ swift test\x1b[0;m\n")
    for i, line in enumerate(lines):
        # A long line is written in two parts, the second marked as a continuation (`+`).
        if len(line) > 60:
            f.write(iso(i, 6) + b" 00O " + line[:40] + b"\n")
            f.write(iso(i, 6) + b" 00O+ " + line[40:] + b"\n")
        else:
            f.write(iso(i, 6) + b" 00O " + line + b"\n")
    f.write(iso(len(lines), 6) + b" 00O \x1b[0Ksection_end:%d:step_script\r\x1b[0K\n" % (base + 60))

with open(os.path.join(out, "jenkins.log"), "wb") as f:
    for i, line in enumerate(lines):
        f.write(b"[" + iso(i, 3) + b"] " + line + b"\n")

with open(os.path.join(out, "cr-only.log"), "wb") as f:
    f.write(b"".join(line + b"\r" for line in lines))

with open(os.path.join(out, "nul.log"), "wb") as f:
    f.write(b"".join((b"\x00" if i % 5 == 0 else b"") + line + b"\n" for i, line in enumerate(lines)))
