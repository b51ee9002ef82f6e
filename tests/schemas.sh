#!/bin/sh
# schemas.sh -- the JSON schemas of data/schemas (JSON Schema 2020-12, installed in the
# data directory's schemas/) against real output of this build (issue 25 item 6):
#   - nhref-verify-1: verify --json of a passing run, a failing one (a value changed by
#     1e-10 relative), a rigorous one (--rigorous, PROVEN PASS and proven wrong), one
#     with an integral drift and rows beyond an event, and one from standard input;
#   - nhref-trajectory-jsonl-1: every line of run --format jsonl, plain, stopped by an
#     event, with balls (--rigorous), and a sweep's (its '"sweep":' member);
#   - nhref-catalogue-1: catalogue --json with an ok and a missing case.
# And that they can fail: a renamed member of each is refused; the report's 'series'
# (digits and drift vs t) is closed too.
# Skipped (77) without a Python 3 with jsonschema (Debian: python3-jsonschema).
. "$(dirname "$0")/testlib.sh"
py=
for p in ${PYTHON:-} /usr/bin/python3 python3; do
    [ "$p" = ":" ] && continue
    if "$p" -c 'from jsonschema import Draft202012Validator' > /dev/null 2>&1; then py=$p; break; fi
done
[ -n "$py" ] || { echo "SKIP: no Python 3 with jsonschema >= 4 (Debian: python3-jsonschema)"; exit 77; }
schemas=$(cd "$top_srcdir" && pwd)/data/schemas
cd "$tmp" || exit 1

# validate SCHEMA FILE [lines]: FILE (or each of its lines) is valid; prints the errors
validate() {
    "$py" - "$schemas/$1" "$2" "${3:-}" <<'PYEOF'
import json, sys
from jsonschema import Draft202012Validator
schema = json.load(open(sys.argv[1]))
Draft202012Validator.check_schema(schema)
v = Draft202012Validator(schema)
text = open(sys.argv[2]).read()
docs = [json.loads(l) for l in text.splitlines() if l.strip()] if sys.argv[3] else [json.loads(text)]
bad = 0
for i, d in enumerate(docs):
    for e in v.iter_errors(d):
        bad += 1
        print("%s #%d at %s: %s" % (sys.argv[2], i + 1, "/".join(map(str, e.absolute_path)), e.message[:300]))
sys.exit(1 if bad or not docs else 0)
PYEOF
}
# (verify prints its text report with --json FILE: to /dev/null)
check() { # check SCHEMA FILE [lines] WHAT
    if out=$(validate "$1" "$2" "$3" 2>&1); then ok; else bad "$4 does not match $1: $(echo "$out" | head -5)"; fi
}
# mutate FILE PYTHON-EXPR OUT: OUT is FILE's JSON changed by the expression on d
mutate() {
    "$py" -c "import json, sys; d = json.load(open(sys.argv[1])); $2; json.dump(d, open(sys.argv[2], 'w'))" "$1" "$3"
}

# ---------------------------------------------------------------- verify --json
"$NHREF" run chaplygin_sleigh -q --digits 30 -T 10 -o pub1.csv || bad "nhref run"
"$NHREF" verify pub1.csv --golden chaplygin_sleigh/PUB-1 -m 25 -q --json pass.json > /dev/null
[ $? -eq 0 ] && ok || bad "the passing verify did not pass"
check nhref-verify-1.schema.json pass.json "" "a passing verify --json"
# a failing one: phi(5) changed by 1e-10 (relative), judged at 15 digits
awk -F, 'BEGIN { OFS = "," } /^#/ { print; next } $1 ~ /^5(\.0*)?(e\+?0+)?$/ { $4 = $4 * 1.0000000001 } { print }' pub1.csv > bad.csv
"$NHREF" verify bad.csv --golden chaplygin_sleigh/PUB-1 -m 15 -q --json fail.json > /dev/null
[ $? -eq 1 ] && ok || bad "the failing verify did not fail"
check nhref-verify-1.schema.json fail.json "" "a failing verify --json"
# rigorous: a PROVEN PASS and a value proven wrong
# the conventions' members filled: v given by --define from a renamed column, phi wrapped
sed '1s/,v,/,vv,/' pub1.csv > conv.csv
"$NHREF" verify conv.csv chaplygin_sleigh -m 20 --define 'v=vv' --angles wrapped -q --json conv.json > /dev/null
grep -q '"defined_as": "vv"' conv.json && grep -q '"wrapped": true' conv.json && ok ||
    bad "verify --define --angles: no defined_as or wrapped in the report"
check nhref-verify-1.schema.json conv.json "" "verify --json with --define and --angles"
"$NHREF" verify pub1.csv --golden chaplygin_sleigh/PUB-1 -m 15 --rigorous -q --json rig.json > /dev/null
[ $? -eq 0 ] && ok || bad "the rigorous verify did not pass"
grep -q '"level": "PROVEN"' rig.json && ok || bad "the rigorous report is not PROVEN"
check nhref-verify-1.schema.json rig.json "" "a rigorous verify --json"
"$NHREF" verify bad.csv --golden chaplygin_sleigh/PUB-1 -m 15 --rigorous -q --json rigbad.json > /dev/null
check nhref-verify-1.schema.json rigbad.json "" "a rigorous failing verify --json"
# the skater past its fall (rows beyond the event), integrals' drift, from standard input
"$NHREF" run skater -q --digits 20 -T 3 --dt-out 0.5 -o skater.csv 2> /dev/null
"$NHREF" verify - skater -q --json skater.json < skater.csv > /dev/null
check nhref-verify-1.schema.json skater.json "" "verify --json of the skater from stdin"
grep -q '"integrals": \[$' skater.json && ok || bad "the skater's report has no integrals"

# strict enough to catch a renamed member, at the top, in a column, in an integral
mutate pass.json 'd["verdict"] = d.pop("pass")' renamed1.json
mutate pass.json 'c = d["columns"][0]; c["maxerror"] = c.pop("max_error")' renamed2.json
mutate skater.json 'i = d["drift"]["integrals"][0]; i["drift"] = i.pop("max_drift")' renamed3.json
mutate pass.json 'd["input"]["first"]["time"] = 0' renamed4.json
for f in renamed1 renamed2 renamed3 renamed4; do
    validate nhref-verify-1.schema.json $f.json > /dev/null 2>&1 && bad "$f.json (a renamed member) was accepted" || ok
done
# the series (issue 25 item 2): the top-level digits-vs-t per column and drift-vs-t per
# integral, every report has it; a renamed member inside it is refused
grep -q '"series": {' skater.json && ok || bad "the skater's report has no series"
mutate skater.json 's = d["series"]["columns"]; n = next(iter(s)); s[n]["digit"] = s[n].pop("digits")' renamed5.json
mutate skater.json 'd["columns"][0]["series"] = []' renamed6.json
for f in renamed5 renamed6; do
    validate nhref-verify-1.schema.json $f.json > /dev/null 2>&1 && bad "$f.json (a renamed or misplaced series member) was accepted" || ok
done

# ---------------------------------------------------------------- run --format jsonl
"$NHREF" run chaplygin_sleigh -q -T 1 --dt-out 0.25 --format jsonl -o plain.jsonl
check nhref-trajectory-jsonl-1.schema.json plain.jsonl lines "run --format jsonl"
"$NHREF" run skater -q -T 5 --dt-out 1 --format jsonl -o fall.jsonl 2> /dev/null
grep -q '"event"' fall.jsonl && ok || bad "the skater's run has no event line"
check nhref-trajectory-jsonl-1.schema.json fall.jsonl lines "run --format jsonl stopped by an event"
"$NHREF" run chaplygin_sleigh -q -T 1 --dt-out 0.5 --rigorous --format jsonl -o balls.jsonl
grep -q '_rad"' balls.jsonl && ok || bad "the rigorous run has no _rad members"
check nhref-trajectory-jsonl-1.schema.json balls.jsonl lines "run --rigorous --format jsonl"
grep -q '"proven":{' balls.jsonl && ok || bad "the rigorous run's outcome has no proven digits"
"$NHREF" run chaplygin_sleigh -q -T 1 --dt-out 0.5 --rigorous --require-digits 20 --format jsonl \
    -o req.jsonl
grep -q '"short_digits":false' req.jsonl && ok || bad "--require-digits 20: no short_digits in the outcome"
check nhref-trajectory-jsonl-1.schema.json req.jsonl lines "run --rigorous --require-digits --format jsonl"
# the integral guard's notes (issue 26's case: t0 is NaN at t = 100)
"$NHREF" run chaplygin_sleigh -q -p m=3 -p J=2 -p a=-0.5 -i v=0.2 -i omega=-1.5 -T 100 \
    --dt-out 100 --format jsonl -o notes.jsonl
grep -q '"notes":\["t0 is NaN' notes.jsonl && ok || bad "the guarded run's outcome has no notes"
check nhref-trajectory-jsonl-1.schema.json notes.jsonl lines "run --format jsonl with notes"
printf 'model = chaplygin_sleigh   # a sweep of two cases\ndigits = 15\nt-end = 1\ndt-out = 0.5\n[g]\nparam m = 1, 2\n' > s.sweep
sed 's/"t_start"/"t0"/' plain.jsonl > renamed5.jsonl
validate nhref-trajectory-jsonl-1.schema.json renamed5.jsonl lines > /dev/null 2>&1 && bad "a header with t0 for t_start was accepted" || ok
sed 's/"outcome"/"result"/' plain.jsonl > renamed6.jsonl
validate nhref-trajectory-jsonl-1.schema.json renamed6.jsonl lines > /dev/null 2>&1 && bad "an outcome line renamed was accepted" || ok

# ---------------------------------------------------------------- catalogue --json
"$NHREF" sweep s.sweep -q -o cat --shard 1/2 2> /dev/null
"$NHREF" catalogue cat --json cat.json --tsv /dev/null 2> /dev/null
[ $? -eq 1 ] && ok || bad "the catalogue with a missing case did not exit 1"
grep -q '"missing": 1' cat.json && ok || bad "the catalogue does not count the missing case"
check nhref-catalogue-1.schema.json cat.json "" "catalogue --json"
mutate cat.json 'd["cases"][0]["name"] = d["cases"][0].pop("case")' renamed7.json
validate nhref-catalogue-1.schema.json renamed7.json > /dev/null 2>&1 && bad "a catalogue row with name for case was accepted" || ok

summary schemas
