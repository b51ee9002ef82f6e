#!/bin/sh
# autogen.sh -- generate ./configure from configure.ac (needs autoconf, automake, libtool,
# pkg-config and autoconf-archive or pkg.m4 from pkg-config).
set -e
cd "$(dirname "$0")"
mkdir -p m4 build-aux
autoreconf --install --force --warnings=all
