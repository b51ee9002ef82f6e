/* fuzz_util.c -- helpers of the harnesses (fuzz.h). */
#include "fuzz.h"

#include <string.h>
#include <unistd.h>

char *fuzz_string(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (s == NULL)
        fuzz_fail("out of memory");
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

static char path[4096];
static int fd = -1;

static void remove_file(void)
{
    if (fd >= 0)
        unlink(path);
}

const char *fuzz_file(const uint8_t *data, size_t size)
{
    if (fd < 0) {
        const char *dir = getenv("TMPDIR");
        snprintf(path, sizeof path, "%s/nhref-fuzz.XXXXXX", dir != NULL ? dir : "/tmp");
        if ((fd = mkstemp(path)) < 0)
            fuzz_fail("cannot create a temporary file in %s", path);
        atexit(remove_file);
    }
    if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
        fuzz_fail("cannot write %s", path);
    return path;
}

static FILE *saved_stderr;
static char *captured;
static size_t captured_len;

void fuzz_stderr_capture(void)
{
    saved_stderr = stderr;
    captured = NULL;
    captured_len = 0;
    if ((stderr = open_memstream(&captured, &captured_len)) == NULL) {
        stderr = saved_stderr;
        fuzz_fail("open_memstream failed");
    }
}

char *fuzz_stderr_release(size_t *len)
{
    fclose(stderr);
    stderr = saved_stderr;
    *len = captured_len;
    return captured;
}
