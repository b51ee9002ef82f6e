#!/usr/bin/env python3
"""test_readme.py -- the README's Python example, run exactly as written: the
```python block between the markers "<!-- readme-python-begin" and "<!--
readme-python-end -->" of README.md is extracted and run as a script in an empty
directory; it must print the report of every state column of the sleigh and a
PASS line, and its digits must be those nhref.verify gives the same numbers as a
plain array (an identity: the solve_ivp result is the arrays sol.t and sol.y).

With NHREF_TEST_INSTALLED=1 the package is the one Python finds (a pip or make
install: python/tests/test_pip_install.sh), else the source tree's.  Exit status 77
(skipped) without numpy or SciPy.
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.environ.get("top_srcdir", os.path.join(HERE, "..", ".."))


def snippet(readme):
    """The code of the README's marked Python block (ValueError if absent)."""
    text = open(readme, encoding="utf-8").read()
    m = re.search(r"<!-- readme-python-begin[^\n]*-->\n```python\n(.*?)\n```\n<!-- readme-python-end -->",
                  text, re.S)
    if m is None:
        raise ValueError("%s: no ```python block between the readme-python markers" % readme)
    return m.group(1) + "\n"


def main():
    try:
        import numpy  # noqa: F401
        import scipy.integrate  # noqa: F401
    except ImportError as e:
        print("SKIP: %s (Debian: python3-numpy, python3-scipy)" % e)
        return 77
    code = snippet(os.path.join(TOP, "README.md"))
    lines = [l for l in code.splitlines() if l.strip()]
    if len(lines) > 6:
        print("FAIL: the README's example has %d lines (it is the short one)" % len(lines))
        return 1
    env = dict(os.environ)
    if env.get("NHREF_TEST_INSTALLED") != "1":
        env["PYTHONPATH"] = os.path.join(HERE, "..") + os.pathsep + env.get("PYTHONPATH", "")
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "example.py"), "w") as f:
            f.write(code)
        r = subprocess.run([sys.executable, "example.py"], cwd=d, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
        out = r.stdout.decode(errors="replace")
    fail = 0
    if r.returncode != 0:
        print("FAIL: the README's example exited %d:\n%s" % (r.returncode, out))
        return 1
    digits = {}
    for name in ("x", "y", "phi", "v", "omega"):
        m = re.search(r"^%s +state +\S+ +([0-9.]+) +8\b" % name, out, re.M)
        if m is None:
            print("FAIL: no line for column %s in:\n%s" % (name, out))
            fail = 1
        else:
            digits[name] = m.group(1)
    if not re.search(r"^PASS: minimum [0-9.]+ digits \(\w+ at t = ", out, re.M):
        print("FAIL: no PASS line in:\n%s" % out)
        fail = 1
    # the same numbers as arrays give the same digits (the snippet's sol, rebuilt)
    if not fail:
        if env.get("NHREF_TEST_INSTALLED") != "1":
            sys.path.insert(0, os.path.join(HERE, ".."))
        import nhref

        ns = {}
        exec(compile(code.replace("print(", "rep = ("), "example", "exec"), ns)
        sol = ns["sol"]
        data = {"t": sol.t}
        for i, name in enumerate(["x", "y", "phi", "v", "omega"]):
            data[name] = sol.y[i]
        rep = nhref.verify(data, "chaplygin_sleigh", min_digits=8)
        for name, d in digits.items():
            if "%.2f" % rep.digits[name] != d:
                print("FAIL: column %s: %s digits printed, %.2f from the arrays" % (name, d,
                                                                                 rep.digits[name]))
                fail = 1
    print("test_readme.py: %s" % ("FAIL" if fail else "PASS"))
    return fail


if __name__ == "__main__":
    sys.exit(main())
