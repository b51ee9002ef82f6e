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
