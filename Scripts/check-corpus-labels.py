#!/usr/bin/env python3
"""Check a hint-corpus labels.json against the package sources it names.

Usage: Scripts/check-corpus-labels.py PATH/TO/labels.json [--mirrors DIR]

For every entry the script reads the file at the entry's tag from the bare
mirror DIR/OWNER/NAME.git (default DIR: /opt/swift-packages) and checks that:

  * the fields are the expected ones and `label`/`framework` are known values;
  * line `line` holds `func NAME` for the id's method or function;
  * the chain of enclosing type declarations (class/struct/enum/actor/extension)
    at that line equals the type chain in the id, and the func is not nested in
    another function or closure;
  * Swift Testing entries carry an `@Test` attribute and the argument labels in
    the id match the function's parameters; XCTest entries have no parameters;
  * the id's module is a `.testTarget` in Package.swift at that tag and the file
    lies under that target's path (default Tests/NAME);
  * no id appears twice.

Only git and the Python standard library are used; nothing is built or run.
Exit status is 0 when every entry passes, 1 otherwise.
"""

import argparse
import json
import os
import re
import subprocess
import sys

LABELS = {
    "continuation-gated",
    "clock-gated",
    "task-local-scoped",
    "yield-gated",
    "sleep-gated",
    "unstructured-task",
    "none",
}
FRAMEWORKS = {"xctest", "swiftTesting"}
FIELDS = ["package", "version", "framework", "id", "path", "line", "label", "reason"]

_cache = {}


def git_show(repo, tag, path):
    key = (repo, tag, path)
    if key not in _cache:
        r = subprocess.run(
            ["git", "-C", repo, "show", f"{tag}:{path}"],
            capture_output=True,
            text=True,
            errors="replace",
        )
        _cache[key] = r.stdout if r.returncode == 0 else None
    return _cache[key]


def find_repo(mirrors, package):
    exact = os.path.join(mirrors, package + ".git")
    if os.path.isdir(exact):
        return exact
    owner, name = package.split("/", 1)
    for o in os.listdir(mirrors):
        if o.lower() != owner.lower():
            continue
        for n in os.listdir(os.path.join(mirrors, o)):
            if n.lower() == (name + ".git").lower():
                return os.path.join(mirrors, o, n)
    return None


def code_only(src):
    """Blank out comments and string literals, keeping newlines and offsets.

    Handles //, nested /* */, "..." and \"\"\"...\"\"\" with optional # delimiters.
    Interpolations are blanked with the string (braces inside them are rare in
    test code and would only matter if unbalanced).
    """
    out = list(src)
    i, n = 0, len(src)

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif src.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if src.startswith("/*", j):
                    depth += 1
                    j += 2
                elif src.startswith("*/", j):
                    depth -= 1
                    j += 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', src[i:])):
            hashes = 0
            j = i
            while j < n and src[j] == "#":
                hashes += 1
                j += 1
            if src.startswith('"""', j):
                close = '"""' + "#" * hashes
                k = src.find(close, j + 3)
                k = n if k < 0 else k + len(close)
            else:
                close = '"' + "#" * hashes
                k = j + 1
                while k < n:
                    if src[k] == "\\" and hashes == 0:
                        k += 2
                        continue
                    if src.startswith(close, k):
                        k += len(close)
                        break
                    if src[k] == "\n":
                        break
                    k += 1
            blank(i, k)
            i = k
        else:
            i += 1
    return "".join(out)


TYPE_DECL = re.compile(
    r"(?<![\w.])(class|struct|enum|actor|extension|protocol)\s+"
    r"(?!func\b|var\b|let\b|subscript\b|init\b|deinit\b)([A-Za-z_][\w.]*)"
)
FUNC_DECL = re.compile(r"(?<![\w.])func\s+([A-Za-z_]\w*|`[^`]+`)")
OTHER_DECL = re.compile(r"(?<![\w.])(var|let|init|deinit|subscript)(?![\w])")


def scopes(code):
    """Return a list of (kind, name, open_offset, close_offset) for every brace scope.

    kind is 'type' for class/struct/enum/actor/extension/protocol bodies,
    'func' for function bodies and 'other' for everything else (closures,
    control flow, accessors...).
    """
    events = []
    for m in TYPE_DECL.finditer(code):
        events.append((m.start(), "type", m.group(2).split(".")[-1] if m.group(1) != "extension" else m.group(2)))
    for m in FUNC_DECL.finditer(code):
        events.append((m.start(), "func", m.group(1).strip("`")))
    for m in OTHER_DECL.finditer(code):
        events.append((m.start(), "other", m.group(1)))
    events.sort()
    result = []
    stack = []
    pending = None
    ev = 0
    paren = 0
    for i, ch in enumerate(code):
        while ev < len(events) and events[ev][0] <= i:
            pending = (events[ev][1], events[ev][2], paren)
            ev += 1
        if ch in "([":
            paren += 1
        elif ch in ")]":
            paren -= 1
        elif ch == "{":
            if pending is not None and pending[2] == paren:
                kind, name = pending[0], pending[1]
                pending = None
            else:
                kind, name = "other", None
            stack.append([kind, name, i, None])
        elif ch == "}":
            pending = None
            if stack:
                s = stack.pop()
                s[3] = i
                result.append(tuple(s))
    return result


def offset_of_line(src, line):
    off = 0
    for _ in range(line - 1):
        off = src.index("\n", off) + 1
    return off


def enclosing(scope_list, offset):
    inner = [s for s in scope_list if s[2] < offset and (s[3] is None or s[3] > offset)]
    inner.sort(key=lambda s: s[2])
    return inner


def param_labels(code, func_end):
    """Argument labels of the parameter list starting after `func NAME`."""
    i = func_end
    # skip generic parameter clause
    while i < len(code) and code[i].isspace():
        i += 1
    if i < len(code) and code[i] == "<":
        depth = 0
        while i < len(code):
            if code[i] == "<":
                depth += 1
            elif code[i] == ">":
                depth -= 1
                if depth == 0:
                    i += 1
                    break
            i += 1
    while i < len(code) and code[i].isspace():
        i += 1
    if i >= len(code) or code[i] != "(":
        return None
    depth = 0
    j = i
    while j < len(code):
        if code[j] in "([<":
            depth += 1
        elif code[j] in ")]>":
            depth -= 1
            if depth == 0:
                break
        j += 1
    inner = code[i + 1 : j]
    parts, depth, cur = [], 0, ""
    for ch in inner:
        if ch in "([<":
            depth += 1
        elif ch in ")]>":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    labels = []
    for p in parts:
        head = p.split(":", 1)[0].split()
        head = [h for h in head if not h.startswith("@") and h not in ("inout", "borrowing", "consuming", "isolated", "sending")]
        labels.append(head[0] if head else "?")
    return labels


def test_targets(package_swift):
    """Map test target name -> path (None when not given) from Package.swift text."""
    code = code_only(package_swift)
    targets = {}
    for m in re.finditer(r"\.testTarget\s*\(", code):
        depth, j = 0, m.end() - 1
        while j < len(code):
            if code[j] == "(":
                depth += 1
            elif code[j] == ")":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        raw = package_swift[m.end() : j]
        name = re.search(r'\bname\s*:\s*"([^"]+)"', raw)
        path = re.search(r'\bpath\s*:\s*"([^"]+)"', raw)
        if name:
            targets[name.group(1)] = path.group(1) if path else None
    return targets


def parse_id(entry_id, framework):
    module, rest = entry_id.split(".", 1)
    parts = rest.split("/")
    if framework == "xctest":
        if len(parts) < 2:
            raise ValueError("XCTest id needs Module.Class/method")
        func, labels = parts[-1], None
    else:
        m = re.fullmatch(r"([A-Za-z_]\w*)\(((?:[A-Za-z_]\w*:|_:)*)\)", parts[-1])
        if not m:
            raise ValueError("Swift Testing function must look like name(labels:)")
        func = m.group(1)
        labels = re.findall(r"([A-Za-z_]\w*|_):", m.group(2))
    return module, parts[:-1], func, labels


def enclosing_ifs(src_lines, line):
    """#if conditions still open at `line` (informational)."""
    stack = []
    for k, l in enumerate(src_lines[: line - 1]):
        s = l.strip()
        if s.startswith("#if"):
            stack.append(s)
        elif s.startswith("#elseif") or s.startswith("#else"):
            if stack:
                stack[-1] = stack[-1] + " / " + s
        elif s.startswith("#endif"):
            if stack:
                stack.pop()
    return stack


def check_entry(e, mirrors):
    errors, notes = [], []
    if list(e.keys()) != FIELDS and set(e.keys()) != set(FIELDS):
        errors.append(f"fields {sorted(e.keys())} != {FIELDS}")
        return errors, notes
    if e["label"] not in LABELS:
        errors.append(f"unknown label {e['label']!r}")
    if e["framework"] not in FRAMEWORKS:
        errors.append(f"unknown framework {e['framework']!r}")
        return errors, notes
    if not isinstance(e["line"], int) or e["line"] < 1:
        errors.append("line must be a positive integer")
        return errors, notes
    if not e["reason"].strip():
        errors.append("empty reason")
    repo = find_repo(mirrors, e["package"])
    if repo is None:
        errors.append(f"no mirror for {e['package']}")
        return errors, notes
    tags = subprocess.run(["git", "-C", repo, "tag"], capture_output=True, text=True).stdout.split()
    if e["version"] not in tags:
        errors.append(f"tag {e['version']} not in {repo}")
        return errors, notes
    try:
        module, chain, func, labels = parse_id(e["id"], e["framework"])
    except ValueError as ex:
        errors.append(f"bad id: {ex}")
        return errors, notes

    pkg = git_show(repo, e["version"], "Package.swift")
    if pkg is None:
        errors.append("no Package.swift at tag")
    else:
        targets = test_targets(pkg)
        if module not in targets:
            errors.append(f"module {module} is not a testTarget (have {sorted(targets)})")
        else:
            tpath = targets[module] or f"Tests/{module}"
            if not (e["path"] + "/").startswith(tpath.rstrip("/") + "/"):
                errors.append(f"path {e['path']} is not under target path {tpath}")

    src = git_show(repo, e["version"], e["path"])
    if src is None:
        errors.append(f"{e['path']} does not exist at {e['version']}")
        return errors, notes
    lines = src.split("\n")
    if e["line"] > len(lines):
        errors.append("line beyond end of file")
        return errors, notes
    code = code_only(src)
    code_lines = code.split("\n")
    text = code_lines[e["line"] - 1]
    fm = re.search(r"(?<![\w.])func\s+`?" + re.escape(func) + r"`?(?![\w])", text)
    if not fm:
        errors.append(f"line {e['line']} does not hold `func {func}`: {lines[e['line'] - 1].strip()!r}")
        return errors, notes
    off = offset_of_line(src, e["line"]) + fm.start()
    scope_list = scopes(code)
    outer = enclosing(scope_list, off)
    if any(s[0] != "type" for s in outer):
        errors.append("func is nested inside a function or closure, not a type")
    found_chain = [s[1] for s in outer if s[0] == "type"]
    if found_chain != chain:
        errors.append(f"type chain {found_chain} != id chain {chain}")

    end = off + fm.end() - fm.start()
    plabels = param_labels(code, end)
    if plabels is None:
        errors.append("could not read the parameter list")
    elif e["framework"] == "xctest":
        if plabels:
            errors.append(f"XCTest method takes parameters {plabels}")
        if not func.startswith("test"):
            errors.append("XCTest method name does not start with 'test'")
    else:
        if plabels != labels:
            errors.append(f"argument labels {plabels} != id labels {labels}")
        # an @Test attribute must precede the func, after the previous declaration
        k = e["line"] - 1
        head = code_lines[k][: code_lines[k].find("func")]
        window = [head]
        k -= 1
        while k >= 0 and len(window) < 15:
            l = code_lines[k]
            if re.search(r"(?<![\w.])func\s", l) or l.strip().endswith("}"):
                break
            window.append(l)
            k -= 1
        if not any("@Test" in w for w in window):
            errors.append("no @Test attribute before the func")
    ifs = enclosing_ifs(lines, e["line"])
    if ifs:
        notes.append("inside " + " > ".join(ifs))
    return errors, notes


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("labels")
    ap.add_argument("--mirrors", default="/opt/swift-packages")
    ap.add_argument("--notes", action="store_true", help="also print #if conditions around each test")
    args = ap.parse_args()
    with open(args.labels) as f:
        entries = json.load(f)
    bad = 0
    seen = set()
    for idx, e in enumerate(entries):
        key = (e.get("package"), e.get("id"))
        errors, notes = check_entry(e, args.mirrors)
        if key in seen:
            errors.append("duplicate id")
        seen.add(key)
        if errors:
            bad += 1
            print(f"FAIL [{idx}] {e.get('package')} {e.get('id')}")
            for x in errors:
                print(f"    - {x}")
        elif args.notes and notes:
            print(f"note [{idx}] {e.get('id')}: {'; '.join(notes)}")
    print(f"{len(entries) - bad}/{len(entries)} entries OK")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
