#!/bin/sh
# verify_report.sh -- `nhref verify --report FILE.html` (issue 25 item 3): the page
# opened in headless Chromium renders, holds the two plots (inline SVG with data
# paths) and the verdict, which matches the CLI's last line and exit status, for
# a passing and a failing RK4 trajectory of the sleigh (tests/rk4_sleigh.py); no
# external resource and no markup from the input (a column named like a script
# tag); the skater's fall marked on the plot; without gnuplot the page is still
# written with its tables, says why the plots are missing, and verify warns.
# Skipped (77) without chromium, gnuplot or a Python ($PYTHON) to parse the DOM.
. "$(dirname "$0")/testlib.sh"

PY=${PYTHON:-/usr/bin/python3}
CHROMIUM=${CHROMIUM:-}
for c in chromium chromium-browser google-chrome; do
    [ -n "$CHROMIUM" ] && break
    command -v "$c" >/dev/null 2>&1 && CHROMIUM=$c
done
if [ -z "$CHROMIUM" ]; then
    echo "verify_report.sh: no chromium (Debian package chromium) to render the page: skipped"
    exit 77
fi
if ! command -v "${NHREF_GNUPLOT:-gnuplot}" >/dev/null 2>&1; then
    echo "verify_report.sh: no gnuplot (Debian package gnuplot-nox) to draw the plots: skipped"
    exit 77
fi
if ! "$PY" -c 'import html.parser' >/dev/null 2>&1; then
    echo "verify_report.sh: no Python ('$PY') to read the page: skipped"
    exit 77
fi
RK4="$top_srcdir/tests/rk4_sleigh.py"

# dom FILE.html OUT -- the DOM after Chromium has loaded the page
dom() {
    HOME=$tmp timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
        --user-data-dir="$tmp/chromium" --dump-dom "file://$1" > "$2" 2> "$tmp/chromium.err"
}

# check DOM.html WANT_CLASS SUMMARY_LINE -- the verdict, the plots, no external resource
check() {
    "$PY" - "$@" > "$tmp/py.out" 2>&1 <<'EOF'
import sys
from html.parser import HTMLParser

dom, want_class, summary = sys.argv[1], sys.argv[2], sys.argv[3]
want_drift = len(sys.argv) < 5 or sys.argv[4] != "no-drift-plot"

class P(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.verdict, self.vclass, self.figs = [], "", None, {}
        self.paths, self.ext, self.scripts, self.fig = {}, [], 0, None
        self.in_verdict = False
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "p" and a.get("id") == "verdict":
            self.in_verdict, self.vclass = True, a.get("class")
        if tag == "figure":
            self.fig = a.get("id")
            self.figs[self.fig] = 0
            self.paths[self.fig] = 0
        if tag == "svg" and self.fig:
            self.figs[self.fig] += 1
        # a data path: a polyline of many points
        if tag == "path" and self.fig and a.get("d", "").count("L") >= 20:
            self.paths[self.fig] += 1
        if tag == "script":
            self.scripts += 1
        for k in ("src", "href", "xlink:href"):
            v = a.get(k)
            if v is not None and not v.startswith("#") and not v.startswith("data:"):
                self.ext.append("%s=%s" % (k, v))
    def handle_endtag(self, tag):
        if tag == "p":
            self.in_verdict = False
        if tag == "figure":
            self.fig = None
    def handle_data(self, data):
        if self.in_verdict:
            self.verdict += data

p = P()
p.feed(open(dom, encoding="utf-8").read())
bad = []
if p.verdict.strip() != summary:
    bad.append("verdict in the page %r, the CLI's %r" % (p.verdict.strip(), summary))
if p.vclass != want_class:
    bad.append("verdict class %r, want %r" % (p.vclass, want_class))
figs = ["plot-digits"] + (["plot-drift"] if want_drift else [])
for f in figs:
    if p.figs.get(f, 0) != 1 or p.paths.get(f, 0) < 1:
        bad.append("%s: %d svg, %d data paths" % (f, p.figs.get(f, 0), p.paths.get(f, 0)))
if p.scripts:
    bad.append("%d script elements" % p.scripts)
if p.ext:
    bad.append("external resources: %s" % p.ext[:3])
print("\n".join(bad) if bad else "ok")
sys.exit(1 if bad else 0)
EOF
}

# ---------------------------------------------------------------- pass and fail
"$PY" "$RK4" 0.05 10 > "$tmp/pass.csv" || bad "rk4_sleigh.py failed"
"$PY" "$RK4" 0.2 10 1 > "$tmp/fail.csv" || bad "rk4_sleigh.py failed"
for case in pass fail; do
    want_rc=0 want_class=pass
    [ $case = fail ] && want_rc=1 want_class=fail
    "$NHREF" verify "$tmp/$case.csv" chaplygin_sleigh -q -m 7 --report "$tmp/$case.html" > "$tmp/$case.out" 2> "$tmp/$case.err"
    rc=$?
    [ $rc -eq $want_rc ] && ok || bad "$case: exit $rc, want $want_rc: $(tail -1 "$tmp/$case.out") $(cat "$tmp/$case.err")"
    [ -s "$tmp/$case.err" ] && bad "$case: stderr: $(cat "$tmp/$case.err")"
    summary_line=$(tail -1 "$tmp/$case.out")
    case $summary_line in "$(echo $want_class | tr a-z A-Z):"*) ok ;; *) bad "$case: last line '$summary_line'" ;; esac
    if dom "$tmp/$case.html" "$tmp/$case.dom"; then ok; else bad "$case: chromium failed: $(tail -3 "$tmp/chromium.err")"; fi
    check "$tmp/$case.dom" $want_class "$summary_line" && ok || bad "$case page: $(cat "$tmp/py.out")"
done
# the page as Chromium draws it: a PNG of the size asked for, not a blank one
HOME=$tmp timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$tmp/chromium" --window-size=1000,2400 --screenshot="$tmp/fail.png" \
    "file://$tmp/fail.html" > /dev/null 2> "$tmp/chromium.err"
"$PY" - "$tmp/fail.png" > "$tmp/py.out" 2>&1 <<'EOF'
import struct, sys, zlib
b = open(sys.argv[1], "rb").read()
assert b[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
w, h = struct.unpack(">II", b[16:24])
assert (w, h) == (1000, 2400), (w, h)
# the image data: more than a blank page compresses to (a 1000 x 2400 blank: < 20 kB)
assert len(b) > 40000, "only %d bytes: blank?" % len(b)
print("ok")
EOF
[ $? -eq 0 ] && ok || bad "screenshot: $(cat "$tmp/py.out")"

# ---------------------------------------------------------------- markup from the input
# a column named like a script tag is text (escaped), not markup
{ printf 't,x,y,phi,v,omega,<script>alert(1)</script>\n'; grep -v '^t' "$tmp/pass.csv" | sed 's/$/,0/'; } > "$tmp/tag.csv"
"$NHREF" verify "$tmp/tag.csv" chaplygin_sleigh -q --report "$tmp/tag.html" > "$tmp/tag.out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok || bad "column named <script>: exit $rc: $(tail -1 "$tmp/tag.out")"
dom "$tmp/tag.html" "$tmp/tag.dom" || bad "tag: chromium failed"
check "$tmp/tag.dom" pass "$(tail -1 "$tmp/tag.out")" && ok || bad "tag page: $(cat "$tmp/py.out")"
grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' "$tmp/tag.dom" && ok || bad "the column name is not shown as text"

# ---------------------------------------------------------------- the skater's fall
skater_fall 0.05 "$tmp/fall0.csv"
"$NHREF" verify "$tmp/fall0.csv" skater -q --report "$tmp/fall.html" > "$tmp/fall.out" 2>&1
rc=$?
[ $rc -eq 1 ] && ok || bad "skater after the fall: exit $rc, want 1"
dom "$tmp/fall.html" "$tmp/fall.dom" || bad "fall: chromium failed"
check "$tmp/fall.dom" fail "$(tail -1 "$tmp/fall.out")" && ok || bad "fall page: $(cat "$tmp/py.out")"
grep -q 'end of the reference (event fall): 5 rows beyond' "$tmp/fall.dom" && ok ||
    bad "the fall is not marked on the plot"

# ---------------------------------------------------------------- an order study's page
# four RK4 runs (h = 0.1 ... 0.0125): the page renders, its order is the CLI's last
# line (4.00), the digits-vs-step and digits-vs-cost plots hold one data path per
# column, and every run's row is there with its verdict class
for h in 0.1 0.05 0.025 0.0125; do
    "$PY" "$RK4" $h 10 > "$tmp/s_$h.csv" || bad "rk4_sleigh.py $h"
done
"$NHREF" verify --study "$tmp/s_0.1.csv" "$tmp/s_0.05.csv" "$tmp/s_0.025.csv" "$tmp/s_0.0125.csv" \
    chaplygin_sleigh --report "$tmp/study.html" > "$tmp/study.out" 2> "$tmp/study.err"
rc=$?
[ $rc -eq 0 ] && ok || bad "--study --report: exit $rc: $(cat "$tmp/study.err")"
dom "$tmp/study.html" "$tmp/study.dom" || bad "study: chromium failed"
"$PY" - "$tmp/study.dom" "$(tail -1 "$tmp/study.out")" > "$tmp/py.out" 2>&1 <<'EOF' && ok || bad "study page: $(cat "$tmp/py.out")"
import sys
from html.parser import HTMLParser
dom, last = open(sys.argv[1]).read(), sys.argv[2]
class P(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.paths, self.order, self.rows, self.ext = [], {}, "", [], 0
    def handle_starttag(self, tag, a):
        a = dict(a)
        if tag == "figure":
            self.fig = a.get("id")
            self.paths[self.fig] = 0
        if tag == "path" and getattr(self, "fig", None) and "d" in a:
            self.paths[self.fig] += 1
        if tag == "span" and a.get("id") == "order":
            self.stack.append("order")
        if tag == "tr" and a.get("class") in ("pass", "fail"):
            self.rows.append(a["class"])
        if tag in ("script", "link", "img", "iframe") or (tag == "svg" and "href" in str(a)):
            self.ext += tag in ("script", "link", "iframe")
    def handle_endtag(self, tag):
        if tag == "figure":
            self.fig = None
        if tag == "span" and self.stack:
            self.stack.pop()
    def handle_data(self, d):
        if self.stack:
            self.order += d
p = P()
p.feed(dom)
bad = []
if not last.endswith(": " + p.order) or abs(float(p.order) - 4) > 0.1:
    bad.append(f"order {p.order!r} in the page, the CLI says {last!r}")
for f in ("digits-vs-step", "digits-vs-cost"):
    if p.paths.get(f, 0) < 5:
        bad.append(f"figure {f}: {p.paths.get(f)} paths (5 columns)")
if p.rows != ["pass"] * 4:
    bad.append(f"run rows {p.rows}")
if p.ext:
    bad.append("a script or an external resource")
print("; ".join(bad))
sys.exit(1 if bad else 0)
EOF

# ---------------------------------------------------------------- without gnuplot
NHREF_GNUPLOT=$tmp/no-gnuplot "$NHREF" verify "$tmp/pass.csv" chaplygin_sleigh -q -m 7 --report "$tmp/nogp.html" > "$tmp/nogp.out" 2> "$tmp/nogp.err"
rc=$?
[ $rc -eq 0 ] && ok || bad "without gnuplot: exit $rc, want 0 (the verdict)"
grep -q "warning: --report .*nogp.html: plots missing: cannot run '.*no-gnuplot'" "$tmp/nogp.err" && ok ||
    bad "without gnuplot, stderr: $(cat "$tmp/nogp.err")"
grep -q 'Plot missing: cannot run' "$tmp/nogp.html" && grep -q '<table id="columns">' "$tmp/nogp.html" &&
    ! grep -q '<svg' "$tmp/nogp.html" && ok || bad "without gnuplot, the page lacks the tables or the reason"

summary verify_report.sh
