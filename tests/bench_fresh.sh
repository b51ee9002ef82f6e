#!/bin/sh
# bench_fresh.sh -- tests/bench/fresh.cases, the fresh cases of bench_proven.sh (issue 26
# item 3), is what the bench claims it is:
#   1. a case file in the format of data/cases: `nhref golden --list` reads its 20 cases;
#   2. one case per built-in model of `nhref list`, each model once;
#   3. off the published ones: every case differs in some parameter or initial value from
#      every golden file of its model (the values of their '# param:' / '# init:' lines,
#      compared as exact decimals; the comparison itself is checked on a golden case
#      against its own values, which it must find equal);
#   4. non-chaotic and D = 30: no description says 'chaotic' or 'non-integrable', and every
#      case has 'digits = 30';
#   5. admissible: `nhref run` (plain, 30 digits) runs each case to its final time.
. "$(dirname "$0")/testlib.sh"
fresh=$top_srcdir/tests/bench/fresh.cases
py=
for p in "${PYTHON3:-}" /usr/bin/python3 python3; do
    [ -n "$p" ] && "$p" -c 'import decimal' 2>/dev/null && py=$p && break
done
[ -n "$py" ] || { echo "SKIP: no python3"; exit 77; }

# 1. the golden reader lists 20 cases
n=$("$NHREF" golden -l "$fresh" 2>"$tmp/err" | grep -c ' model ')
[ "$n" = 20 ] && ok || bad "nhref golden -l fresh.cases lists $n cases, want 20: $(head -n 2 "$tmp/err")"

# 2. the models: those of nhref list, each once
"$NHREF" list | awk '/^Models:/ { on = 1; next } /^[A-Z]/ { on = 0 } on && NF { print $1 }' | sort >"$tmp/models"
sed -n 's/^model = //p' "$fresh" | sort >"$tmp/fresh_models"
[ -s "$tmp/models" ] && cmp -s "$tmp/models" "$tmp/fresh_models" && ok ||
    bad "fresh.cases models differ from nhref list's: $(diff "$tmp/models" "$tmp/fresh_models" | grep '^[<>]' | tr '\n' ' ')"

# 3. off the published values (and the comparison finds a published case equal to itself)
"$py" - "$fresh" "$top_srcdir/data/golden" <<'PYEOF' && ok || bad "fresh.cases: a case repeats published values (above)"
import sys, os, glob, re
from decimal import Decimal
def values_case(path):
    cases, cur = {}, None
    for line in open(path):
        line = line.strip()
        if line.startswith('['):
            cur = line[1:-1]; cases[cur] = {'model': None, 'v': {}}
        elif cur and '=' in line and not line.startswith('#'):
            k, v = [x.strip() for x in line.split('=', 1)]
            if k == 'model':
                cases[cur]['model'] = v
            elif k.startswith('param ') or k.startswith('init '):
                cases[cur]['v'][k] = Decimal(v)
    return cases
def values_golden(path):
    v = {}
    for line in open(path):
        m = re.match(r'# (param|init): (\S+) = (\S+)', line)
        if m:
            try:
                v[m.group(1) + ' ' + m.group(2)] = Decimal(m.group(3))
            except Exception:
                pass
    return v
def same(f, g):
    # every value the fresh case sets equals the published one
    return all(k in g and g[k] == x for k, x in f.items())
bad = 0
goldens = {}
for p in glob.glob(os.path.join(sys.argv[2], '*', '*.csv')):
    m = next((l[len('# model: '):].strip() for l in open(p) if l.startswith('# model: ')), None)
    goldens.setdefault(m, []).append((p, values_golden(p)))
# the comparison on a published case against its own values
p, g = goldens['chaplygin_sleigh'][0]
if not same(g, g) or not g:
    print('FAIL: the comparison does not find %s equal to itself' % p); bad = 1
for name, c in values_case(sys.argv[1]).items():
    if not c['v']:
        print('FAIL: [%s] sets no parameter or initial value' % name); bad = 1
    for p, g in goldens.get(c['model'], []):
        if same(c['v'], g):
            print('FAIL: [%s] repeats the values of %s' % (name, p)); bad = 1
sys.exit(bad)
PYEOF

# 4. non-chaotic, D = 30
if grep -E '^description = .*(chaotic|non-integrable)' "$fresh" >"$tmp/ch"; then
    bad "fresh.cases: chaotic cases: $(cat "$tmp/ch")"
else
    ok
fi
nd=$(grep -c '^digits = 30$' "$fresh")
[ "$nd" = 20 ] && ok || bad "fresh.cases: $nd cases with digits = 30, want 20"

# 5. each case runs (plain, its digits) to its final time
for c in $(sed -n 's/^\[\(.*\)\]$/\1/p' "$fresh"); do
    args=$(awk -v want="[$c]" '
      /^\[/ { insec = ($0 == want); next }
      /^[ \t]*#/ || !/=/ || !insec { next }
      { k = $0; sub(/[ \t]*=.*/, "", k); v = $0; sub(/^[^=]*=[ \t]*/, "", v) }
      k == "model" { printf " %s", v }
      k ~ /^param / { split(k, a, " "); printf " --param %s=%s", a[2], v }
      k ~ /^init / { split(k, a, " "); printf " --init %s=%s", a[2], v }
      k == "t-end" { printf " -T %s", v }
      k == "dt-out" { printf " --dt-out %s", v }
      k == "digits" { printf " --digits %s", v }' "$fresh")
    # shellcheck disable=SC2086 # the options are words on purpose
    expect 0 '^# outcome: reached the final time' -- run $args
done
summary bench_fresh.sh
