"""_lib -- libnhref through ctypes: where the library is found, and the C entry
points the package uses.

Only scalars, strings, arrays and opaque handles cross the boundary (the
nhref_spec_* setters of a run, the nhref_trajectory_*, nhref_verify_* and
nhref_model_file_* functions, the atomic writer nhref_outfile_*, nhref_catalogue_find
and nhref_version; FILE * streams written through the C library's fwrite, or from its
tmpfile for nhref_model_file_describe): no C struct is mirrored
here, so the package does not depend on the layout of the library's structs.

The library is found, in this order (the first that loads is taken):
  1. $NHREF_LIBRARY: the path of libnhref.so (or a directory holding it); when it is
     set, nothing else is tried;
  2. $NHREF_LIBDIR: a directory holding libnhref.so (e.g. a build tree's src/.libs,
     or PREFIX/lib of an installation the other steps do not find);
  3. a build tree: $NHREF_BUILDDIR/src/.libs/ (a VPATH build), and ../../src/.libs/
     from this file (python/nhref/ in an in-tree build);
  4. the libdir configure chose, written by make into _paths.py (absent in a
     package installed with pip from a clean source tree);
  5. PREFIX/lib for a package in PREFIX/lib/pythonX.Y/site-packages/nhref (an
     installation moved, staged with DESTDIR or made with `make install prefix=...`,
     where _paths.py still names configure's libdir);
  6. the libdir of nhref.pc: `pkg-config --variable=libdir nhref` (PKG_CONFIG_PATH
     is honoured), when pkg-config is installed;
  7. the directories of $LD_LIBRARY_PATH, then the dynamic linker's cache
     (ctypes.util.find_library("nhref"), which reads `ldconfig -p`);
  8. /usr/local/lib and /usr/local/lib64: `make install`'s default prefix, which
     the linker's cache lists only after `ldconfig` has run.
The ImportError raised when none loads names every directory and file tried.
"""
import ctypes
import ctypes.util
import glob
import os

_HERE = os.path.dirname(os.path.abspath(__file__))
_searched = []  # the directories _candidates looked in, for the error message


def _pkg_config_libdir():
    """The libdir of nhref.pc by pkg-config, or None."""
    import shutil
    import subprocess

    exe = os.environ.get("PKG_CONFIG") or shutil.which("pkg-config")
    if not exe:
        return None
    try:
        r = subprocess.run([exe, "--variable=libdir", "nhref"], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    d = r.stdout.decode(errors="replace").strip()
    return d if r.returncode == 0 and d else None


def _in_dirs(dirs):
    for d in map(os.path.normpath, dirs):
        if d in _searched:
            continue
        _searched.append(d)
        yield from sorted(glob.glob(os.path.join(d, "libnhref.so*")))
        yield from sorted(glob.glob(os.path.join(d, "libnhref*.dylib")))


def _candidates():
    env = os.environ.get("NHREF_LIBRARY")
    if env:
        _searched.append("$NHREF_LIBRARY=" + env)
        if os.path.isdir(env):
            yield from sorted(glob.glob(os.path.join(env, "libnhref.so*")))
            yield from sorted(glob.glob(os.path.join(env, "libnhref*.dylib")))
        else:
            yield env
        return
    dirs = []
    if os.environ.get("NHREF_LIBDIR"):
        dirs.append(os.environ["NHREF_LIBDIR"])
    if os.environ.get("NHREF_BUILDDIR"):
        dirs.append(os.path.join(os.environ["NHREF_BUILDDIR"], "src", ".libs"))
    dirs.append(os.path.join(_HERE, "..", "..", "src", ".libs"))
    try:
        from . import _paths  # written by `make` (python/Makefile.am)

        dirs.append(_paths.LIBDIR)
    except ImportError:
        pass
    dirs.append(os.path.join(_HERE, "..", "..", ".."))
    yield from _in_dirs(dirs)
    pc = _pkg_config_libdir()
    if pc:
        yield from _in_dirs([pc])
    else:
        _searched.append("pkg-config's nhref.pc (none)")
    yield from _in_dirs([d for d in os.environ.get("LD_LIBRARY_PATH", "").split(os.pathsep) if d])
    found = ctypes.util.find_library("nhref")
    _searched.append("the linker's cache (ldconfig -p)")
    if found:
        yield found
    yield from _in_dirs(["/usr/local/lib", "/usr/local/lib64"])


def _load():
    tried = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path, use_errno=True), path
        except OSError as e:
            tried.append("%s (%s)" % (path, e))
    where = []
    if _searched:
        where.append("looked in %s" % ", ".join(_searched))
    if tried:
        where.append("could not load: " + ", ".join(tried))
    raise ImportError("nhref: libnhref not found (%s); install or build nhref, or set "
                      "NHREF_LIBDIR to the directory of libnhref.so (NHREF_LIBRARY: its path; "
                      "see nhref._lib)" % "; ".join(where))


lib, path = _load()

c_char_p = ctypes.c_char_p
c_size_t = ctypes.c_size_t
c_int = ctypes.c_int
c_double = ctypes.c_double
c_void_p = ctypes.c_void_p
c_long = ctypes.c_long
c_ulong = ctypes.c_ulong
P = ctypes.POINTER


def _proto(name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


nhref_version = _proto("nhref_version", c_char_p)
nhref_strerror = _proto("nhref_strerror", c_char_p, c_int)
nhref_catalogue_find = _proto("nhref_catalogue_find", c_int, c_char_p, c_size_t, c_char_p,
                              c_char_p, c_char_p, c_size_t)

# nhref_run.h: a run's spec, built by setters (enums as ints)
NHREF_RUN_MPFR, NHREF_RUN_DOUBLE, NHREF_RUN_PROVEN = 0, 1, 2
NHREF_SPEC_WORDS = 0
nhref_spec_new = _proto("nhref_spec_new", c_int, P(c_void_p), c_char_p)
nhref_spec_free = _proto("nhref_spec_free", None, c_void_p)
nhref_spec_error = _proto("nhref_spec_error", c_char_p, c_void_p)
nhref_spec_set_names = _proto("nhref_spec_set_names", c_int, c_void_p, c_int, c_char_p)
nhref_spec_set_param = _proto("nhref_spec_set_param", c_int, c_void_p, c_char_p, c_char_p)
nhref_spec_set_init = _proto("nhref_spec_set_init", c_int, c_void_p, c_char_p, c_char_p)
nhref_spec_assign = _proto("nhref_spec_assign", c_int, c_void_p, c_char_p, c_char_p)
nhref_spec_set_t_start = _proto("nhref_spec_set_t_start", c_int, c_void_p, c_char_p)
nhref_spec_set_t_end = _proto("nhref_spec_set_t_end", c_int, c_void_p, c_char_p)
nhref_spec_set_dt_out = _proto("nhref_spec_set_dt_out", c_int, c_void_p, c_char_p)
nhref_spec_set_times = _proto("nhref_spec_set_times", c_int, c_void_p, c_size_t, P(c_char_p))
nhref_spec_set_digits = _proto("nhref_spec_set_digits", c_int, c_void_p, c_double)
nhref_spec_set_prec = _proto("nhref_spec_set_prec", c_int, c_void_p, c_long)
nhref_spec_set_scheme = _proto("nhref_spec_set_scheme", c_int, c_void_p, c_char_p)
nhref_spec_set_scheme_option = _proto("nhref_spec_set_scheme_option", c_int, c_void_p, c_char_p,
                                      c_ulong)
nhref_spec_set_type = _proto("nhref_spec_set_type", c_int, c_void_p, c_int)
nhref_spec_add_event = _proto("nhref_spec_add_event", c_int, c_void_p, c_char_p, c_int)
nhref_spec_set_model_events = _proto("nhref_spec_set_model_events", None, c_void_p, c_int)
nhref_spec_set_max_steps = _proto("nhref_spec_set_max_steps", None, c_void_p, c_ulong)

nhref_spec_new_file = _proto("nhref_spec_new_file", c_int, P(c_void_p), c_void_p)

# progress hooks: a run's fraction done (nhref_spec_set_progress), a verification's
# phase and fraction (nhref_verify_set_progress)
PROGRESS_RUN = ctypes.CFUNCTYPE(None, c_void_p, c_double)
PROGRESS_VERIFY = ctypes.CFUNCTYPE(None, c_void_p, c_char_p, c_double)
nhref_spec_set_progress = _proto("nhref_spec_set_progress", None, c_void_p, PROGRESS_RUN,
                                 c_void_p)

# nhref_model_file.h: models from model files (a path, or a text and the name that
# stands for it in messages)
nhref_model_file_read = _proto("nhref_model_file_read", c_int, P(c_void_p), c_char_p, c_char_p,
                               c_size_t)
nhref_model_file_parse = _proto("nhref_model_file_parse", c_int, P(c_void_p), c_char_p, c_size_t,
                                c_char_p, c_char_p, c_size_t)
nhref_model_file_describe = _proto("nhref_model_file_describe", c_int, c_void_p, c_void_p)
nhref_model_file_free = _proto("nhref_model_file_free", None, c_void_p)
nhref_model_is_file = _proto("nhref_model_is_file", c_int, c_char_p)

# nhref_io.h: writing a file atomically (the old file or the whole new one)
nhref_outfile_open = _proto("nhref_outfile_open", c_int, P(c_void_p), c_char_p)
nhref_outfile_stream = _proto("nhref_outfile_stream", c_void_p, c_void_p)
nhref_outfile_error = _proto("nhref_outfile_error", c_int, c_void_p)
nhref_outfile_commit = _proto("nhref_outfile_commit", c_int, c_void_p)
nhref_outfile_abort = _proto("nhref_outfile_abort", None, c_void_p)

# nhref_trajectory.h (parts: rows, crossings, stop)
NHREF_TRAJECTORY_ROWS, NHREF_TRAJECTORY_CROSSINGS, NHREF_TRAJECTORY_STOP = 0, 1, 2
nhref_trajectory_run = _proto("nhref_trajectory_run", c_int, P(c_void_p), c_void_p, c_char_p,
                              c_size_t)
nhref_trajectory_type = _proto("nhref_trajectory_type", c_int, c_void_p)
nhref_trajectory_count = _proto("nhref_trajectory_count", c_size_t, c_void_p, c_int)
nhref_trajectory_get = _proto("nhref_trajectory_get", c_int, c_void_p, c_int, P(c_double),
                              P(c_double))
nhref_trajectory_text = _proto("nhref_trajectory_text", c_size_t, c_void_p, c_int, c_size_t,
                               c_size_t, c_int, c_char_p, c_size_t)
nhref_trajectory_crossing = _proto("nhref_trajectory_crossing", c_char_p, c_void_p, c_size_t,
                                   P(c_int))
nhref_trajectory_scheme = _proto("nhref_trajectory_scheme", c_char_p, c_void_p)
nhref_trajectory_order = _proto("nhref_trajectory_order", ctypes.c_uint, c_void_p)
nhref_trajectory_compute = _proto(
    "nhref_trajectory_compute", c_int, P(c_void_p), c_char_p, c_size_t, P(c_char_p), c_size_t,
    P(c_char_p), c_char_p, c_size_t, P(c_char_p), c_double, c_char_p, c_char_p, c_size_t)
nhref_trajectory_free = _proto("nhref_trajectory_free", None, c_void_p)
nhref_trajectory_nrows = _proto("nhref_trajectory_nrows", c_size_t, c_void_p)
nhref_trajectory_ncols = _proto("nhref_trajectory_ncols", c_size_t, c_void_p)
nhref_trajectory_column = _proto("nhref_trajectory_column", c_char_p, c_void_p, c_size_t)
nhref_trajectory_values = _proto("nhref_trajectory_values", c_int, c_void_p, P(c_double))
nhref_trajectory_value_str = _proto("nhref_trajectory_value_str", c_size_t, c_void_p, c_size_t,
                                    c_size_t, c_int, c_char_p, c_size_t)
nhref_trajectory_outcome = _proto("nhref_trajectory_outcome", c_char_p, c_void_p)
nhref_trajectory_status = _proto("nhref_trajectory_status", c_int, c_void_p)
nhref_trajectory_event = _proto("nhref_trajectory_event", c_char_p, c_void_p)
nhref_trajectory_t_end = _proto("nhref_trajectory_t_end", c_char_p, c_void_p)
nhref_trajectory_prec = _proto("nhref_trajectory_prec", c_long, c_void_p)
nhref_trajectory_digits = _proto("nhref_trajectory_digits", c_double, c_void_p)
nhref_trajectory_steps = _proto("nhref_trajectory_steps", c_ulong, c_void_p)

# nhref_verify.h
nhref_verify_new = _proto("nhref_verify_new", c_int, P(c_void_p))
nhref_verify_free = _proto("nhref_verify_free", None, c_void_p)
nhref_verify_error = _proto("nhref_verify_error", c_char_p, c_void_p)
nhref_verify_set_model = _proto("nhref_verify_set_model", c_int, c_void_p, c_char_p)
nhref_verify_set_model_file = _proto("nhref_verify_set_model_file", c_int, c_void_p, c_void_p)
nhref_verify_set_golden = _proto("nhref_verify_set_golden", c_int, c_void_p, c_char_p)
nhref_verify_set_param = _proto("nhref_verify_set_param", c_int, c_void_p, c_char_p, c_char_p)
nhref_verify_set_init = _proto("nhref_verify_set_init", c_int, c_void_p, c_char_p, c_char_p)
nhref_verify_set_t_start = _proto("nhref_verify_set_t_start", c_int, c_void_p, c_char_p)
nhref_verify_set_digits = _proto("nhref_verify_set_digits", c_int, c_void_p, c_double)
nhref_verify_set_min_digits = _proto("nhref_verify_set_min_digits", c_int, c_void_p, c_char_p,
                                     c_double)
nhref_verify_set_min_drift_digits = _proto("nhref_verify_set_min_drift_digits", c_int, c_void_p,
                                           c_char_p, c_double)
nhref_verify_map = _proto("nhref_verify_map", c_int, c_void_p, c_char_p, c_char_p)
nhref_verify_set_progress = _proto("nhref_verify_set_progress", None, c_void_p, PROGRESS_VERIFY,
                                   c_void_p)
nhref_verify_define = _proto("nhref_verify_define", c_int, c_void_p, c_char_p, c_char_p)
nhref_verify_set_chart = _proto("nhref_verify_set_chart", c_int, c_void_p, c_char_p)
nhref_verify_set_angles = _proto("nhref_verify_set_angles", c_int, c_void_p, c_char_p)
nhref_verify_set_separator = _proto("nhref_verify_set_separator", c_int, c_void_p, ctypes.c_char)
nhref_verify_file = _proto("nhref_verify_file", c_int, P(c_void_p), c_void_p, c_char_p)
nhref_verify_strings = _proto("nhref_verify_strings", c_int, P(c_void_p), c_void_p, c_size_t,
                              P(c_char_p), c_size_t, P(c_char_p))
nhref_verify_doubles = _proto("nhref_verify_doubles", c_int, P(c_void_p), c_void_p, c_size_t,
                              P(c_char_p), c_size_t, P(c_double))
nhref_verify_report_free = _proto("nhref_verify_report_free", None, c_void_p)
nhref_verify_set_rigorous = _proto("nhref_verify_set_rigorous", c_int, c_void_p, c_int)
nhref_verify_set_errors = _proto("nhref_verify_set_errors", c_int, c_void_p, c_int)
nhref_verify_report_series = _proto("nhref_verify_report_series", c_int, P(c_double), c_void_p,
                                    c_int, c_char_p)
# nhref_verify_series_t
(NHREF_VERIFY_SERIES_T, NHREF_VERIFY_SERIES_LINE, NHREF_VERIFY_SERIES_ROW,
 NHREF_VERIFY_SERIES_WHERE, NHREF_VERIFY_SERIES_ERROR, NHREF_VERIFY_SERIES_DIGITS,
 NHREF_VERIFY_SERIES_DIST, NHREF_VERIFY_SERIES_OUTSIDE, NHREF_VERIFY_SERIES_DRIFT) = range(9)
nhref_verify_report_json = _proto("nhref_verify_report_json", c_size_t, c_char_p, c_size_t,
                                  c_void_p)

NHREF_OK = 0
NHREF_EINVAL = 2


def _load_libc():
    """The C library, for FILE * streams: a tmpfile for nhref_model_file_describe,
    fwrite to an nhref_outfile_stream."""
    for name in (None, ctypes.util.find_library("c")):
        try:
            c = ctypes.CDLL(name, use_errno=True)
            c.tmpfile.restype = c_void_p
            c.tmpfile.argtypes = []
            c.fwrite.restype = c_size_t
            c.fwrite.argtypes = [c_char_p, c_size_t, c_size_t, c_void_p]
            c.fflush.argtypes = [c_void_p]
            c.fileno.argtypes = [c_void_p]
            c.fclose.argtypes = [c_void_p]
            return c
        except (OSError, AttributeError, TypeError):
            continue
    return None


libc = _load_libc()


def enc(s):
    """str -> bytes for C (None stays None)."""
    return None if s is None else os.fsencode(s) if isinstance(s, os.PathLike) else str(s).encode()


def strings(seq):
    """A C array of char* from a sequence of str (kept alive by the returned array)."""
    arr = (c_char_p * max(1, len(seq)))()
    for i, s in enumerate(seq):
        arr[i] = enc(s)
    return arr


# batch mode (nhref_batch.h): systems of a built-in model or a model file's, B lanes at
# once in double
nhref_model_find = _proto("nhref_model_find", c_void_p, c_char_p)
nhref_model_file_model = _proto("nhref_model_file_model", c_void_p, c_void_p)
nhref_system_new = _proto("nhref_system_new", c_int, P(c_void_p), c_void_p)
nhref_system_free = _proto("nhref_system_free", None, c_void_p)
nhref_system_set_param = _proto("nhref_system_set_param", c_int, c_void_p, c_char_p, c_char_p)
nhref_system_rhs_tape = _proto("nhref_system_rhs_tape", c_void_p, c_void_p)
nhref_tape_nstate = _proto("nhref_tape_nstate", c_size_t, c_void_p)
nhref_integrate_batch_d = _proto("nhref_integrate_batch_d", c_int, P(c_double), P(c_int),
                                 c_void_p, P(c_void_p), c_size_t, P(c_double), c_size_t,
                                 P(c_double), c_size_t, c_void_p)
