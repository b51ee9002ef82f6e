#!/bin/sh
# test_pip_install.sh -- the package installs with pip, offline, and works from
# another directory (issue 25 item 5): a venv made with --system-site-packages
# (Debian's numpy and SciPy stay visible), `pip install --no-build-isolation
# --no-index` of a copy of the source tree's python/ (pip builds in the directory
# it is given: the copy keeps build/ and *.egg-info out of the source tree; make's
# _paths.py is left out, as in a fresh clone), then, from an empty directory with
# NHREF_LIBDIR naming the build tree's library and no PYTHONPATH:
#   - import nhref takes the venv's copy and the library of NHREF_LIBDIR;
#   - the package's version is configure.ac's (pyproject.toml cannot drift);
#   - NHREF_LIBRARY naming no file: ImportError naming it, and the variables to set;
#   - the README's Python example (python/tests/test_readme.py) runs and passes.
# Exit 77 (skipped) without venv, pip, setuptools or wheel (Debian: python3-venv,
# python3-pip, python3-setuptools, python3-wheel) or without a shared libnhref.
set -u
top_srcdir=$(cd "${top_srcdir:-../..}" && pwd)
builddir=${NHREF_BUILDDIR:-$top_srcdir}
builddir=$(cd "$builddir" && pwd)
py=${PYTHON:-/usr/bin/python3}
libdir=$builddir/src/.libs

[ -f "$libdir/libnhref.so" ] || { echo "SKIP: no $libdir/libnhref.so (a static build)"; exit 77; }
for m in venv pip setuptools wheel; do
    "$py" -c "import $m" 2>/dev/null || { echo "SKIP: $py lacks $m (Debian: python3-venv python3-pip python3-setuptools python3-wheel)"; exit 77; }
done

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# the venv: no pip of its own (the system's, visible through --system-site-packages, installs
# into it: seconds instead of ensurepip's)
"$py" -m venv --system-site-packages --without-pip "$tmp/venv" > "$tmp/venv.log" 2>&1 ||
    { cat "$tmp/venv.log"; echo "FAIL: python3 -m venv"; exit 1; }
vpy=$tmp/venv/bin/python
mkdir "$tmp/src" "$tmp/elsewhere"
(cd "$top_srcdir/python" && tar cf - --exclude=build --exclude='*.egg-info' --exclude=_paths.py \
    --exclude=__pycache__ --exclude='Makefile*' pyproject.toml nhref tests) | (cd "$tmp/src" && tar xf -)
if (cd "$tmp/elsewhere" && env -u PYTHONPATH PIP_CONFIG_FILE=/dev/null "$vpy" -m pip install \
        --no-build-isolation --no-index --no-cache-dir --disable-pip-version-check "$tmp/src") \
        > "$tmp/pip.log" 2>&1; then
    ok
else
    tail -20 "$tmp/pip.log"
    bad "pip install --no-build-isolation --no-index failed"
    echo "test_pip_install.sh: $pass passed, $fail failed"
    exit 1
fi

# runpy ARGS -- the venv's python from the empty directory, only NHREF_LIBDIR to find the library
runpy() {
    (cd "$tmp/elsewhere" && env -u PYTHONPATH -u NHREF_BUILDDIR -u NHREF_LIBRARY \
        NHREF_LIBDIR="$libdir" "$vpy" "$@")
}
version=$(sed -n 's/^AC_INIT(\[nhref\], \[\([^]]*\)\].*/\1/p' "$top_srcdir/configure.ac")
out=$(runpy -c 'import nhref, nhref._lib as L; print(nhref.__file__); print(L.path); import importlib.metadata as m; print(m.version("nhref"))' 2>&1)
set -- $out
case ${1:-} in "$tmp/venv/"*/site-packages/nhref/__init__.py) ok ;; *) bad "import nhref took ${1:-nothing}: $out" ;; esac
case ${2:-} in "$libdir/libnhref.so"*) ok ;; *) bad "libnhref from ${2:-nothing}, not NHREF_LIBDIR=$libdir" ;; esac
[ -n "$version" ] && [ "${3:-}" = "$version" ] && ok || bad "installed version ${3:-?}, configure.ac's $version"

# a library that is not there: the error names what was tried and what to set
out=$(cd "$tmp/elsewhere" && env -u PYTHONPATH NHREF_LIBRARY="$tmp/none/libnhref.so" "$vpy" -c 'import nhref' 2>&1)
case $out in *"ImportError: nhref: libnhref not found (looked in \$NHREF_LIBRARY=$tmp/none/libnhref.so"*NHREF_LIBDIR*) ok ;;
    *) bad "no library: $(printf '%s' "$out" | tail -1)" ;; esac

# the README's example with the installed package, from another directory
out=$(cd "$tmp/elsewhere" && env -u PYTHONPATH -u NHREF_BUILDDIR -u NHREF_LIBRARY NHREF_LIBDIR="$libdir" \
    NHREF_TEST_INSTALLED=1 top_srcdir="$top_srcdir" "$vpy" "$top_srcdir/python/tests/test_readme.py" 2>&1)
rc=$?
case $rc in
0) ok ;;
77) echo "$out" ;;
*) bad "the README's example with the pip-installed package: exit $rc: $out" ;;
esac

echo "test_pip_install.sh: $pass passed, $fail failed"
[ $fail -eq 0 ]
