#!/bin/sh
# run_proof.sh -- run one SymPy proof script with the Python configure found;
# exit 77 (skipped) when there is none.
if [ -z "$PYTHON3" ]; then
    echo "SKIP: no Python 3 with SymPy (Debian: python3-sympy)"
    exit 77
fi
exec "$PYTHON3" "$1"
