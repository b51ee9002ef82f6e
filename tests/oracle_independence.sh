#!/bin/sh
# oracle_independence.sh -- the oracle judges the integrators, so it must not share
# their code: no file in oracle/ may include the tape, jet, scheme or integrator
# headers or anything from src/.
top=${top_srcdir:-$(dirname "$0")/..}
bad=$(grep -nE '#include *"(nhref_tape|nhref_jet|nhref_scheme|nhref_integrate|nhref_model|nhref\.h|tape_internal|internal)\.?h?"|#include *"\.\./src' "$top"/oracle/*.c "$top"/oracle/*.h)
if [ -n "$bad" ]; then
    echo "FAIL: oracle/ includes integrator code:"
    echo "$bad"
    exit 1
fi
echo "PASS: oracle/ includes only nhref_status.h, nhref_oracle.h and its own headers (oracle_*.h)"
exit 0
