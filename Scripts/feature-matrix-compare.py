#!/usr/bin/env python3
"""Compares a flakecheck report with Tests/FixturePackages/FeatureMatrix/expectations.json.

Usage: feature-matrix-compare.py EXPECTATIONS REPORT STATE_DIR MODE (process, in-process or parse).
Runs whose counter claim is a multiple of 4 are read from STATE_DIR/<counter>.claims."""
import json,sys,os,re
exp=json.load(open(sys.argv[1]))["tests"]; rep=json.load(open(sys.argv[2])); state=sys.argv[3]; mode=sys.argv[4]
runs=rep["configuration"]["runs"]
def failing_runs(counter):
    path=os.path.join(state,counter+".claims")
    fails=set()
    if not os.path.exists(path): return None
    for line in open(path):
        m=re.match(r"(\d+) run=(\d+) .*new",line)
        if m and int(m.group(1))%4==0: fails.add(int(m.group(2)))
    return fails
def hist(e):
    x=e["expect"]
    if mode=="parse" and e.get("consoleOnly") and e["consoleOnly"]!="excluded": x=e["consoleOnly"]
    if x in ("everyFourth","abortEveryFourth"):
        f=failing_runs(e["counter"]) or set()
        return "".join(("F" if x=="everyFourth" else "C") if r in f else "P" for r in range(1,runs+1))
    return {"pass":"P","fail":"F","skip":"S","crash":"C"}[x]*runs
tests={t["id"]:t for t in rep["tests"]}
ex=[e for e in exp if not (mode=="parse" and e.get("consoleOnly")=="excluded")]
ok=0; bad=[]
for e in ex:
    t=tests.get(e["id"])
    if t and t["history"]==hist(e):
        ok+=1
        if e.get("message") and not any(e["message"] in f["message"] for f in t["failures"]): bad.append((e["id"],"message",[f["message"][:80] for f in t["failures"]]))
    else: bad.append((e["id"], t["history"] if t else None, hist(e)))
extra=[i for i in tests if i not in {e["id"] for e in ex}]
inc=[(r["index"]+1,i["kind"],i["message"][:120]) for r in rep["runs"] for i in (r.get("incidents") or [])]
print(f"{mode}: {ok}/{len(ex)} match; extra tests: {extra}; incidents: {len(inc)}")
for b in bad: print("  ", b)
for i in inc[:6]: print("  incident", i)
sys.exit(1 if bad or extra else 0)
