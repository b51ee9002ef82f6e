#!/bin/sh
# install.sh -- what `make install` puts in place, and that it works from there
# (issue 15 item 1): `make install DESTDIR=...` into a temporary directory, then
#   - a C program that includes <nhref.h> and calls MPFR itself (examples/sleigh.c,
#     the README's) builds with
#     `cc prog.c $(pkg-config --cflags --libs nhref)` only, and runs: x(10) of the
#     spec's public case PUB-1 (chaplygin-sleigh §10), not a value from nhref;
#   - the installed nhref, run from another directory with no NHREF_* variable,
#     finds the installed catalogue: `nhref golden -l MODEL/CASE` lists the
#     installed case file, `nhref verify ... --golden MODEL/CASE` reads the
#     installed golden file;
#   - every case file and golden file of the source tree is installed, with the
#     headers, the library, nhref.pc, the man pages (rendered by man -l), the
#     bash completion and the documentation.
# The staged tree is found by the program relative to its own location
# (DESTDIR + bindir -> DESTDIR + pkgdatadir), as a moved installation would be.
# No installed text file cites the project's internal notes (shared/, DESIGN).
# Then the user's own path (issue 25): this build, reconfigured with
# `./configure --prefix=DIR` (the same options otherwise) and `make install`d, on a
# copy of the build tree (an in-source, shared build only; about 30 s): only the
# objects holding a configured directory are rebuilt, and from DIR, with no
# LD_LIBRARY_PATH, nhref starts (`describe chaplygin_sleigh`), finds its catalogue
# and prints DIR's paths, and examples/sleigh.c built with nhref.pc runs.
set -u
top_srcdir=$(cd "${top_srcdir:-..}" && pwd)
top_builddir=$(cd "${top_builddir:-..}" && pwd)
MAKE=${MAKE:-make}
NHREF=${NHREF:-$top_builddir/src/nhref}
. "$(dirname "$0")/testlib.sh"
CC=${CC:-cc}

command -v pkg-config > /dev/null || { echo "SKIP: no pkg-config"; exit 77; }
dest=$tmp/root
# a sub-make of its own: not the jobserver of the `make check` that runs us
if ! (unset MAKEFLAGS MFLAGS MAKELEVEL; cd "$top_builddir" && $MAKE install DESTDIR="$dest") \
    > "$tmp/install.log" 2>&1; then
    tail -20 "$tmp/install.log"
    bad "make install DESTDIR=$dest failed"
    echo "install: $pass passed, $fail failed"
    exit 1
fi
ok

# where configure said things go
mk() { sed -n "s|^$1 = ||p" "$top_builddir/Makefile" | head -1; }
expand() { # expand ${prefix}-style references with the Makefile's values
    v=$1
    for i in 1 2 3 4 5 6; do
        case $v in *'${'*)
            for n in prefix exec_prefix datarootdir datadir bindir libdir includedir mandir docdir PACKAGE_TARNAME PACKAGE; do
                v=$(printf '%s' "$v" | sed "s|\${$n}|$(mk $n)|g")
            done ;;
        esac
    done
    printf '%s' "$v"
}
bindir=$(expand "$(mk bindir)")
libdir=$(expand "$(mk libdir)")
includedir=$(expand "$(mk includedir)")
mandir=$(expand "$(mk mandir)")
docdir=$(expand "$(mk docdir)")
pkgdatadir=$(expand "$(mk datadir)")/nhref
bashcompdir=$(expand "$(mk bashcompdir)")

for f in "$bindir/nhref" "$includedir/nhref.h" "$includedir/nhref_io.h" "$libdir/pkgconfig/nhref.pc" \
    "$docdir/README.md" "$docdir/NEWS" "$docdir/LICENSE" "$docdir/docs/golden.md" \
    "$docdir/docs/models/chaplygin-sleigh.md"; do
    [ -f "$dest$f" ] && ok || bad "not installed: $f"
done
if ls "$dest$libdir"/libnhref.so* > /dev/null 2>&1; then
    static=
    ok
elif [ -f "$dest$libdir/libnhref.a" ]; then
    static=--static # configure --disable-shared (the sanitizer build of .ci/run)
    ok
else
    bad "no libnhref.so or libnhref.a in $libdir"
fi

# ---------------------------------------------------------------- the catalogue
n=0
for f in "$top_srcdir"/data/cases/*.cases "$top_srcdir"/data/golden/*/*.csv "$top_srcdir"/data/schemas/*.json; do
    rel=${f#"$top_srcdir"/data/}
    n=$((n + 1))
    cmp -s "$f" "$dest$pkgdatadir/$rel" || bad "not installed (or different): $pkgdatadir/$rel (list it in data/Makefile.am)"
done
[ $n -gt 50 ] && ok || bad "only $n data files in the source tree?"

# ---------------------------------------------------------------- a program, by pkg-config only
cp "$top_srcdir/examples/sleigh.c" "$tmp/prog.c" # the program README.md shows
pcdir=$dest$libdir/pkgconfig
# shellcheck disable=SC2086
flags=$(PKG_CONFIG_PATH="$pcdir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" PKG_CONFIG_SYSROOT_DIR="$dest" \
    pkg-config $static --cflags --libs nhref 2> "$tmp/pc.err")
[ $? -eq 0 ] && ok || bad "pkg-config --cflags --libs nhref: $(cat "$tmp/pc.err")"
# a static library built with sanitizers needs configure's flags at link time too
[ -n "$static" ] && extra="${CFLAGS:-} ${LDFLAGS:-}" || extra=
# shellcheck disable=SC2086
if $CC -o "$tmp/prog" "$tmp/prog.c" $extra $flags 2> "$tmp/cc.err"; then
    ok
    x=$(LD_LIBRARY_PATH="$dest$libdir" "$tmp/prog" 2>&1)
    # PUB-1, x(10) = -1.30363549404995138366439519437 (chaplygin-sleigh §10)
    case $x in -1.3036354940499513836643951943*) ok ;; *) bad "the program printed x(10) = $x" ;; esac
else
    bad "cc prog.c \$(pkg-config --cflags --libs nhref) failed: $(head -5 "$tmp/cc.err")"
fi
# the run layer's example (README.md, "The library"): a spec, a sink of its own, a format
cp "$top_srcdir/examples/spec.c" "$tmp/spec.c"
# shellcheck disable=SC2086
if $CC -o "$tmp/spec" "$tmp/spec.c" $extra $flags 2> "$tmp/cc.err"; then
    ok
    x=$(cd "$tmp" && LD_LIBRARY_PATH="$dest$libdir" ./spec 2>&1)
    case $x in *"x(10) = -1.3036354940499513836643951943"*) ok ;; *) bad "examples/spec.c printed: $x" ;; esac
    [ "$(grep -c '"t":' "$tmp/pub1.jsonl" 2>/dev/null)" -eq 3 ] && ok ||
        bad "examples/spec.c's pub1.jsonl: $(head -c 300 "$tmp/pub1.jsonl" 2>&1)"
else
    bad "cc spec.c \$(pkg-config --cflags --libs nhref) failed: $(head -5 "$tmp/cc.err")"
fi

# ---------------------------------------------------------------- the installed nhref elsewhere
mkdir "$tmp/elsewhere"
cd "$tmp/elsewhere" || exit 1
nh() { env -u NHREF_CASES_DIR -u NHREF_GOLDEN_DIR LD_LIBRARY_PATH="$dest$libdir" "$dest$bindir/nhref" "$@"; }
out=$(nh golden -l chaplygin_sleigh/PUB-1 2>&1)
case $out in "$dest$pkgdatadir/cases/chaplygin_sleigh.cases:PUB-1 "*) ok ;;
    *) bad "nhref golden -l chaplygin_sleigh/PUB-1 from elsewhere: $out" ;; esac
n=$(nh golden -l skater 2>/dev/null | grep -c "^$dest$pkgdatadir/cases/skater.cases:")
want=$(grep -c '^\[' "$top_srcdir/data/cases/skater.cases")
[ "$n" -eq "$want" ] && ok || bad "nhref golden -l skater listed $n cases, want $want"
nh run chaplygin_sleigh -q --digits 40 -T 10 -o mine.csv && ok || bad "installed nhref run failed"
if nh verify mine.csv --golden chaplygin_sleigh/PUB-1 -q -m 35 > v.out 2>&1; then ok; else bad "verify --golden chaplygin_sleigh/PUB-1 from elsewhere: $(tail -2 v.out)"; fi
grep -q "as defined by $dest$pkgdatadir/golden/chaplygin_sleigh/PUB-1.csv" v.out && ok ||
    bad "verify did not read the installed golden file: $(grep 'as defined' v.out)"
nh golden -q -o out chaplygin_sleigh/a-zero 2> g.err && ok || bad "installed nhref golden MODEL/CASE: $(cat g.err)"
cmp -s out/chaplygin_sleigh/a-zero.csv "$top_srcdir/data/golden/chaplygin_sleigh/a-zero.csv" && ok ||
    bad "the installed golden recomputed a-zero differently"
cd "$tmp" || exit 1

# ---------------------------------------------------------------- man pages
for c in "" -list -describe -run -golden -lyapunov -verify -sweep -catalogue; do
    page=$dest$mandir/man1/nhref$c.1
    if [ ! -f "$page" ]; then
        bad "no man page nhref$c.1"
        continue
    fi
    if command -v man > /dev/null; then
        MANWIDTH=80 MANPAGER=cat man -l "$page" > "$tmp/page" 2>/dev/null
    elif command -v groff > /dev/null; then
        groff -man -Tascii "$page" > "$tmp/page" 2>/dev/null
    else # no renderer: the roff source, with its escapes removed
        sed -e 's/\\-/-/g' -e 's/\\f[A-Z]//g' -e 's/\\,//g' -e 's/\\\///g' -e 's/^\.SH //' -e 's/^\.B //' "$page" > "$tmp/page"
        tr '\n' ' ' < "$tmp/page" >> "$tmp/page.joined"
        cat "$tmp/page.joined" >> "$tmp/page"
        rm -f "$tmp/page.joined"
        echo "note: no man or groff; checking the page source"
    fi
    grep -Eq "^ *nhref$c +- " "$tmp/page" && grep -q 'SYNOPSIS' "$tmp/page" &&
        grep -q "nhref ${c#-}" "$tmp/page" && ok || bad "man -l nhref$c.1 does not show the page"
    # the page is the command's --help: its options are there
    for opt in $("$NHREF" ${c#-} --help 2>/dev/null | grep -o -- '--[a-z][-a-z]*' | sort -u); do
        grep -q -- "$opt" "$tmp/page" || bad "nhref$c.1 lacks $opt"
    done
done

# ---------------------------------------------------------------- bash completion
if [ -n "$bashcompdir" ]; then
    [ -f "$dest$bashcompdir/nhref" ] && ok || bad "no bash completion in $bashcompdir"
fi

# ---------------------------------------------------------------- no internal references
# the installed text (docs, case files, headers, man pages, model files, completion):
# users have neither the project's shared/ notes nor its DESIGN file
find "$dest" -type f ! -name '*.so*' ! -name '*.a' ! -name 'nhref' ! -name '*.pyc' > "$tmp/files"
if [ -s "$tmp/files" ]; then
    tr '\n' '\0' < "$tmp/files" | xargs -0 grep -lE 'shared/|DESIGN' > "$tmp/cites" 2>/dev/null
    [ ! -s "$tmp/cites" ] && ok || bad "installed files cite shared/ or DESIGN: $(sed "s|^$dest||" "$tmp/cites" | head -10 | tr '\n' ' ')"
fi
for c in "" list describe run golden lyapunov verify sweep catalogue; do
    "$NHREF" $c --help 2>&1 | grep -qE 'shared/|DESIGN' && bad "nhref $c --help cites shared/ or DESIGN"
done
ok

# ---------------------------------------------------------------- make install prefix=DIR
# installed elsewhere without reconfiguring: nhref.pc names DIR, and a program built
# with it alone compiles and links against DIR's headers and library.  On a copy of the
# build tree: `make install prefix=DIR` recompiles the objects that hold a configured
# directory and relinks the library and nhref, which in the build tree itself would
# replace them under the tests that `make check -j2` runs beside this one.

# the build tree without the tests' programs, logs and scratch files, into $1
copy_tree() {
    mkdir "$1" &&
        tar -C "$top_builddir" --exclude=./.git --exclude='./tests/check_*' --exclude='./tests/*.log' \
            --exclude='./tests/*.trs' --exclude=./tests/.libs --exclude=./tests/fuzz/obj \
            --exclude='./tests/fuzz/fuzz_*' --exclude='./tests/bench/bench_*' --exclude=./build-asan \
            -cf - . | tar -C "$1" -xf -
}
Q=$tmp/q
if [ "$top_srcdir" != "$top_builddir" ]; then
    echo "note: make install prefix=DIR is checked in an in-source build (on a copy of it)"
elif copy_tree "$tmp/qtree" && (unset MAKEFLAGS MFLAGS MAKELEVEL; cd "$tmp/qtree" &&
    $MAKE install prefix="$Q") > "$tmp/install-q.log" 2>&1; then
    # shellcheck disable=SC2086
    qp() { PKG_CONFIG_PATH="$Q/lib/pkgconfig" pkg-config $static "$@" nhref; }
    [ "$(qp --variable=prefix)" = "$Q" ] && [ "$(qp --variable=libdir)" = "$Q/lib" ] &&
        [ "$(qp --variable=includedir)" = "$Q/include" ] && ok ||
        bad "make install prefix=$Q: nhref.pc says prefix $(qp --variable=prefix), libdir $(qp --variable=libdir)"
    mkdir "$tmp/qprog"
    # shellcheck disable=SC2046,SC2086
    if (cd "$tmp/qprog" && $CC -o prog "$top_srcdir/examples/sleigh.c" $extra $(qp --cflags --libs) \
        2> cc.err); then
        x=$(cd "$tmp/qprog" && LD_LIBRARY_PATH="$Q/lib" ./prog 2>&1)
        case $x in -1.3036354940499513836643951943*) ok ;; *) bad "the pkg-config program from $Q printed: $x" ;; esac
    else
        bad "cc sleigh.c \$(pkg-config --cflags --libs nhref) from $Q: $(head -5 "$tmp/qprog/cc.err")"
    fi
    rm -rf "$tmp/qtree"
else
    tail -20 "$tmp/install-q.log"
    bad "make install prefix=$Q failed"
fi

# ---------------------------------------------------------------- a real --prefix, reconfigured
P=$tmp/prefix
if [ "$top_srcdir" != "$top_builddir" ] || [ -n "$static" ]; then
    echo "note: the reconfigured --prefix install is checked in an in-source build with libnhref.so only"
else
    tree=$tmp/tree
    copy_tree "$tree"
    t0=$(date +%s)
    # shellcheck disable=SC2046
    if (unset MAKEFLAGS MFLAGS MAKELEVEL; cd "$tree" && eval "set -- $(./config.status --config)" &&
        ./configure "$@" --prefix="$P" && $MAKE install) > "$tmp/prefix.log" 2>&1; then
        ok
        echo "note: configure --prefix=DIR && make install on the copy: $(($(date +%s) - t0)) s"
    else
        tail -20 "$tmp/prefix.log"
        bad "./configure --prefix=$P && make install failed"
    fi
    # what was rebuilt: the objects holding a configured directory, not the library's core
    if grep -q 'CC .*schemes/taylor' "$tmp/prefix.log"; then
        bad "reconfiguring with a new prefix recompiled the core (taylor.c)"
    else ok; fi
    grep -q 'CC .*io/catalogue' "$tmp/prefix.log" && grep -q 'CCLD *nhref$' "$tmp/prefix.log" && ok ||
        bad "reconfiguring with a new prefix did not recompile io/catalogue.c and relink nhref"
    mkdir "$tmp/away"
    cd "$tmp/away" || exit 1
    np() { env -u LD_LIBRARY_PATH -u NHREF_CASES_DIR -u NHREF_GOLDEN_DIR "$P/bin/nhref" "$@"; }
    out=$(np describe chaplygin_sleigh 2>&1)
    case $out in "chaplygin_sleigh -- "*) ok ;; *) bad "$P/bin/nhref describe chaplygin_sleigh: $(echo "$out" | head -3)" ;; esac
    out=$(np golden -l chaplygin_sleigh/PUB-1 2>&1)
    case $out in "$P/share/nhref/cases/chaplygin_sleigh.cases:PUB-1 "*) ok ;;
        *) bad "$P/bin/nhref golden -l chaplygin_sleigh/PUB-1: $out" ;; esac
    np run chaplygin_sleigh -q --digits 40 -T 10 -o mine.csv && np verify mine.csv \
        --golden chaplygin_sleigh/PUB-1 -q -m 35 > v.out 2>&1 && ok || bad "$P: run + verify --golden: $(tail -2 v.out)"
    grep -q "as defined by $P/share/nhref/golden/chaplygin_sleigh/PUB-1.csv" v.out && ok ||
        bad "verify did not read $P's golden file: $(grep 'as defined' v.out)"
    # the compiled-in paths are the new prefix's (--help names the model files' directory)
    np --help | grep -q "$P/share/nhref/models" && ok || bad "nhref --help does not name $P/share/nhref/models"
    np describe chaplygin_sleigh | grep -q "$tree\|/usr/local" && bad "describe names the old prefix or the build tree"
    # a program built with nhref.pc only, run with no LD_LIBRARY_PATH (the run path is in Libs)
    flags=$(PKG_CONFIG_PATH="$P/lib/pkgconfig" pkg-config --cflags --libs nhref 2> "$tmp/pc.err")
    # shellcheck disable=SC2086
    if $CC -o prog "$top_srcdir/examples/sleigh.c" $flags 2> "$tmp/cc.err"; then
        x=$(env -u LD_LIBRARY_PATH ./prog 2>&1)
        case $x in -1.3036354940499513836643951943*) ok ;; *) bad "the pkg-config program from $P printed: $x" ;; esac
    else
        bad "cc sleigh.c \$(pkg-config --cflags --libs nhref) from $P: $(head -5 "$tmp/cc.err")"
    fi
    cd "$tmp" || exit 1
fi

summary install
