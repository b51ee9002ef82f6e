#!/usr/bin/env python3
"""test_golden_fuzz.py -- a property test of the Python golden reader,
nhref.golden.load (python/nhref/golden.py), on random inputs: the Python side of
tests/fuzz (fuzz_golden fuzzes the C reader of the same metadata).  atheris and
hypothesis are not Debian packages, so the inputs come from a seeded random.Random:
the golden files of data/golden and small hand-made ones, mutated (bytes flipped,
inserted or deleted, non-UTF-8 bytes, NULs, lines duplicated, dropped or swapped,
metadata values replaced by hostile tokens).  The seed is printed and may be set with
NHREF_FUZZ_SEED; NHREF_FUZZ_RUNS sets the number of inputs (default 600).  Run by
`make check`; exit status 77 (skipped) without numpy.

Properties: load() either returns a Golden or raises ValueError (UnicodeDecodeError
included), never another exception; a Golden returned has consistent shapes (one text
and one double per row and column, names unique), a checksum line that matches its
data lines, at most one '# model:', '# model-file:', '# model-sha256:', '# digits:',
'# t-start:' and '# case:' line, one '# param:' / '# init:' line per name with a name
and a value (as the C reader, nhref_spec_from_table), and digits that are None or a
finite number in (0, 100000] (NHREF_VERIFY_DIGITS_MAX, as the C reader).
"""
import glob
import hashlib
import math
import os
import random
import sys
import tempfile
import unittest

try:
    import numpy as np  # noqa: F401  (the reader needs it)
except ImportError:
    print("SKIP: numpy is missing (Debian: python3-numpy)")
    sys.exit(77)

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import nhref.golden  # noqa: E402

TOP = os.environ.get("top_srcdir", os.path.join(HERE, "..", ".."))
SEED = int(os.environ.get("NHREF_FUZZ_SEED", "20261127"))
RUNS = int(os.environ.get("NHREF_FUZZ_RUNS", "600"))
SINGLE = ("model", "model-file", "model-sha256", "digits", "t-start", "case")

SMALL = b"""t,x,y
# nhref golden file
# format: nhref-golden 4
# model: chaplygin_sleigh
# case: small
# param: m = 2 [kg]
# init: omega = 1 [rad/s]
# t-start: 0
# digits: 40
# certified: x = 40 (agreement: taylor@p 42.6; margin 1)
# proven: x = PROVEN: |value - true value| <= 5.03e-44 max(|value|, 1) on every row
# event: stop at t = 1.5
0,0,0
1,0.25,-1e-3
"""

TOKENS = [b"", b" ", b"=", b" = ", b"0", b"-1", b"+5", b"0x28", b"1e999", b"1e-999", b"nan",
          b"inf", b"-inf", b"1_0", b"\xd9\xa3", b"\xff\xfe", b"\x00", b"\r", b"\t", b",",
          b"#", b"# param: m = 3 [kg]", b"# model: skater", b"# digits: 30",
          b"# sha256: " + b"0" * 64, b"9" * 400, b"1" + b"0" * 5000, b"m", b"[kg]",
          b"\xc3\xa9", b"'", b'"']


def with_checksum(data):
    """DATA with its '# sha256:' line made right (else most mutants are refused on it)"""
    lines = data.split(b"\n")
    kept = [l for l in lines if not l.startswith(b"# sha256:")]
    body = [l for l in kept if not l.startswith(b"#") and l.strip()]
    h = hashlib.sha256(b"".join(l + b"\n" for l in body)).hexdigest().encode()
    return b"\n".join(kept).rstrip(b"\n") + b"\n# sha256: " + h + b"\n"


def mutate(rng, data):
    """one to four random edits of DATA"""
    for _ in range(rng.randint(1, 4)):
        lines = data.split(b"\n")
        k = rng.randrange(9)
        i = rng.randrange(len(lines))
        if k == 0 and data:  # flip a byte
            p = rng.randrange(len(data))
            data = data[:p] + bytes([rng.randrange(256)]) + data[p + 1:]
        elif k == 1:  # insert a token
            p = rng.randrange(len(data) + 1)
            data = data[:p] + rng.choice(TOKENS) + data[p:]
        elif k == 2 and data:  # delete a span
            p = rng.randrange(len(data))
            data = data[:p] + data[p + rng.randint(1, 40):]
        elif k == 3:  # duplicate a line
            lines.insert(rng.randrange(len(lines) + 1), lines[i])
            data = b"\n".join(lines)
        elif k == 4:  # drop a line
            del lines[i]
            data = b"\n".join(lines)
        elif k == 5:  # swap two lines
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
        elif k == 6 and lines[i].startswith(b"# "):  # a metadata value replaced
            key = lines[i].split(b":", 1)[0]
            lines[i] = key + b": " + rng.choice(TOKENS) + rng.choice([b"", b" [kg]", b" = 1"])
            data = b"\n".join(lines)
        elif k == 7:  # a cell replaced
            cells = lines[i].split(b",")
            cells[rng.randrange(len(cells))] = rng.choice(TOKENS)
            lines[i] = b",".join(cells)
            data = b"\n".join(lines)
        elif k == 8:  # a metadata line added
            lines.insert(rng.randrange(len(lines) + 1),
                         b"# " + rng.choice([b"param", b"init", b"digits", b"t-start", b"model",
                                             b"case", b"certified", b"proven", b"event"])
                         + b": " + rng.choice(TOKENS) + rng.choice([b"", b" = 2 [m]", b" = x"]))
            data = b"\n".join(lines)
    return with_checksum(data) if rng.random() < 0.7 else data


class GoldenFuzz(unittest.TestCase):
    def check(self, g, data):
        n = len(g.values)
        self.assertEqual(len(g.names), len(set(g.names)), "column names twice")
        self.assertEqual(g.values.shape, (n, len(g.names)))
        self.assertGreater(n, 0)
        for name in g.names:
            self.assertEqual(len(g.text[name]), n)
            self.assertEqual(len(g[name]), n)
        sha = g.meta.get("sha256", [""])[0].split(" ")[0]
        if sha:
            body = [l for l in data.decode("utf-8").split("\n")
                    if not l.startswith("#") and l.strip()]
            self.assertEqual(sha, hashlib.sha256("".join(l + "\n" for l in body)
                                                 .encode()).hexdigest())
        for key in SINGLE:
            self.assertLessEqual(len(g.meta.get(key, [])), 1, "'# %s:' twice" % key)
        for key, d in (("param", g.params), ("init", g.init)):
            self.assertEqual(len(d), len(g.meta.get(key, [])), "a %s name twice" % key)
            for name, value in d.items():
                self.assertTrue(name and value, "%s %r = %r" % (key, name, value))
        if g.digits is not None:
            self.assertTrue(math.isfinite(g.digits) and 0 < g.digits <= 100000,
                            "digits %r" % g.digits)

    def test_random_golden_files(self):
        rng = random.Random(SEED)
        seeds = [SMALL]
        for p in sorted(glob.glob(os.path.join(TOP, "data", "golden", "*", "*.csv")))[:40]:
            with open(p, "rb") as f:
                seeds.append(f.read())
        accepted = 0
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "fuzz.csv")
            for run in range(RUNS):
                data = mutate(rng, rng.choice(seeds))
                with open(path, "wb") as f:
                    f.write(data)
                what = "NHREF_FUZZ_SEED=%d, input %d: %r" % (SEED, run, data[:300])
                try:
                    g = nhref.golden.load(path)
                except ValueError:
                    continue
                except Exception as e:  # noqa: BLE001 -- the property
                    self.fail("%s: %s: %s" % (what, type(e).__name__, e))
                accepted += 1
                with self.subTest(input=run):
                    try:
                        self.check(g, data)
                    except AssertionError as e:
                        raise AssertionError("%s: %s" % (what, e)) from None
        print("test_golden_fuzz: seed %d, %d inputs, %d accepted" % (SEED, RUNS, accepted))
        self.assertGreater(accepted, 0, "no input accepted: the mutations are too strong")


if __name__ == "__main__":
    unittest.main(verbosity=1)
