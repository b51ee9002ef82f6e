/* fuzz.h -- shared by the libFuzzer harnesses of tests/fuzz/ and by replay.c,
 * which runs the same harnesses over files with any compiler (make check).
 *
 * A harness defines LLVMFuzzerTestOneInput; it must never crash, leak, hang or
 * break an invariant of the code under test (then it calls fuzz_fail, which
 * aborts so that libFuzzer keeps the input). */
#ifndef NHREF_FUZZ_H
#define NHREF_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* abort with a message: an invariant is broken */
#define fuzz_fail(...)                                                                             \
    do {                                                                                           \
        fprintf(stderr, "fuzz: %s:%d: ", __FILE__, __LINE__);                                      \
        fprintf(stderr, __VA_ARGS__);                                                              \
        fputc('\n', stderr);                                                                       \
        abort();                                                                                   \
    } while (0)

/* DATA as a NUL-terminated string (malloc'ed; a NUL inside ends it early) */
char *fuzz_string(const uint8_t *data, size_t size);

/* DATA written to a private temporary file (the same one every call, truncated
 * first); returns its path */
const char *fuzz_file(const uint8_t *data, size_t size);

/* what is written on the stdio stream stderr from fuzz_stderr_capture() to
 * fuzz_stderr_release(): the messages of the command-line tool's code (libFuzzer's
 * output and the sanitizers' reports do not go through that stream).  Release returns
 * the text (malloc'ed, *LEN bytes; free it). */
void fuzz_stderr_capture(void);
char *fuzz_stderr_release(size_t *len);

#endif /* NHREF_FUZZ_H */
