#!/bin/sh
# docs.sh -- the shipped documentation and `nhref describe` (issue 15 item 4):
#   - docs/models/ covers the five model families, and each family's file names
#     every model that points to it;
#   - `nhref describe MODEL` points to its shipped docs/models/<family>.md, names
#     the source paper with its year, and every "spec §N" it cites is a section
#     of that file (the docs keep the section numbers nhref cites);
#   - the same for the "spec §N" of every case file and golden file;
#   - the symbols the descriptions use are defined where they are used.
. "$(dirname "$0")/testlib.sh"

for f in chaplygin-sleigh skater servoconstraints affine-rolling wheeled-vehicles; do
    doc=$top_srcdir/docs/models/$f.md
    if [ -s "$doc" ]; then ok; else bad "no docs/models/$f.md"; continue; fi
    for sec in '^## 1\.' '^## [0-9]*\. .*[Ee]rrata' 'integral' 'closed form\|Closed form\|closed-form'; do
        grep -q "$sec" "$doc" && ok || bad "$f.md: nothing matches /$sec/"
    done
done
for f in golden.md performance.md; do
    [ -s "$top_srcdir/docs/$f" ] && ok || bad "no docs/$f"
done
grep -q 'VALIDATED' "$top_srcdir/docs/golden.md" && grep -q 'PROVEN' "$top_srcdir/docs/golden.md" && ok ||
    bad "docs/golden.md does not explain VALIDATED and PROVEN"

# spec-section references in TEXT must be sections of DOC; prints the missing ones
missing_sections() {
    printf '%s\n' "$1" | tr '\n' ' ' | sed 's/  */ /g' | grep -o 'spec §[0-9][0-9a-z]*\(\.[0-9]*\)*' |
        sed 's/spec §//' | sort -u | while read -r r; do
            top=${r%%.*}
            top=${top%%[a-z]*}
            grep -q "^## $top\. " "$2" || printf ' §%s' "$r"
        done
}

models=$("$NHREF" list | awk '/^Models:/ { f = 1; next } /^[^ ]/ { f = 0 } f { print $1 }')
[ "$(echo $models | wc -w)" -ge 20 ] && ok || bad "nhref list: $(echo $models | wc -w) models"
for m in $models; do
    out=$("$NHREF" describe "$m")
    rel=$(printf '%s\n' "$out" | sed -n 's/^Docs: *\(docs\/models\/[a-z-]*\.md\).*/\1/p')
    if [ -z "$rel" ]; then
        bad "describe $m: no 'Docs: docs/models/....md' line"
        continue
    fi
    doc=$top_srcdir/$rel
    [ -s "$doc" ] && ok || bad "describe $m points to $rel, which does not exist"
    grep -q "\`$m\`" "$doc" && ok || bad "$rel does not mention the model $m"
    printf '%s\n' "$out" | tr '\n' ' ' | grep -q 'installed as  *[^ ]*/docs/models/' && ok || bad "describe $m: no installed path"
    src=$(printf '%s\n' "$out" | sed -n '/^Source:/,/^Docs:/p')
    printf '%s\n' "$src" | grep -Eq '(19|20)[0-9][0-9]' && ok || bad "describe $m: the source has no year: $src"
    miss=$(missing_sections "$out" "$doc")
    [ -z "$miss" ] && ok || bad "describe $m cites$miss, not sections of $rel"
done

# the golden catalogue and the case files cite the same sections
for f in "$top_srcdir"/data/cases/*.cases; do
    m=$(basename "$f" .cases)
    rel=$("$NHREF" describe "$m" | sed -n 's/^Docs: *\(docs\/models\/[a-z-]*\.md\).*/\1/p')
    miss=$(missing_sections "$(cat "$f" "$top_srcdir"/data/golden/"$m"/*.csv 2>/dev/null | grep '^#\|source')" "$top_srcdir/$rel")
    [ -z "$miss" ] && ok || bad "$m: case or golden files cite$miss, not sections of $rel"
done

# symbols used by the descriptions are defined there
defined() { # MODEL PATTERN...
    m=$1
    shift
    out=$("$NHREF" describe "$m" | tr '\n' ' ' | sed 's/  */ /g')
    for p in "$@"; do
        printf '%s\n' "$out" | grep -q -- "$p" && ok || bad "describe $m does not define /$p/"
    done
}
defined chaplygin_sleigh 'IA = J + m a^2' 'rho = sqrt(IA/m)' 'c = sqrt(2E/m)' "k = sqrt(1 + J/(m a^2))"
defined skater 'It1 = I1 + m (A2^2 + A3^2)' 'I_G = I2 sin^2 theta + I3 cos^2 theta' \
    'phi = -A2 cos theta + A3 sin theta' "phi' = A2 sin theta + A3 cos theta" 'beta1 an antiderivative'
defined suslov_servo 'D = (adj(I) e3, b)' 'w1 = omega1' 'coefficients A1, B1, C1, A2'
defined servosleigh 'Lambda = u omega + g cos theta' 'alpha = a/b' 'beta = m c/(I b)'
defined servosleigh_offset 'I_O = IC + m l^2'
defined two_links 'W = (b2 sin psi1 cos psi2'
defined gv_wheels 'omega_1 = omega + psi1'
defined cbcat 'A = diag(1/(I_i + m r^2))' 'Omega is the body angular velocity'
defined revcat 'mu = sqrt(I1 I3' 'Omega is the body angular velocity'
for m in gen red cbv hcat; do defined $m 'Omega is the body angular velocity' 'rho = rho(gamma) the vector'; done

summary docs
