/* outfile.c -- output files written atomically: a temporary file in the same
 * directory, renamed over the destination only once complete. */
#include "nhref_io.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

struct nhref_outfile {
    FILE *stream;
    char *path; /* NULL for standard output */
    char *tmp;
};

int nhref_outfile_open(nhref_outfile_t **fp, const char *path)
{
    nhref_outfile_t *f;
    int fd;

    *fp = NULL;
    f = calloc(1, sizeof *f);
    if (f == NULL)
        return NHREF_ENOMEM;
    if (strcmp(path, "-") == 0) {
        f->stream = stdout;
        *fp = f;
        return NHREF_OK;
    }
    f->path = nhref_strdup(path);
    f->tmp = malloc(strlen(path) + 16);
    if (f->path == NULL || f->tmp == NULL) {
        free(f->path);
        free(f->tmp);
        free(f);
        return NHREF_ENOMEM;
    }
    strcpy(f->tmp, path);
    strcat(f->tmp, ".tmp.XXXXXX");
    fd = mkstemp(f->tmp);
    if (fd < 0 || (f->stream = fdopen(fd, "w")) == NULL) {
        int e = errno;
        if (fd >= 0) {
            close(fd);
            unlink(f->tmp);
        }
        free(f->path);
        free(f->tmp);
        free(f);
        errno = e;
        return NHREF_EIO;
    }
    fchmod(fd, 0644);
    *fp = f;
    return NHREF_OK;
}

FILE *nhref_outfile_stream(nhref_outfile_t *f)
{
    return f->stream;
}

static void release(nhref_outfile_t *f)
{
    free(f->path);
    free(f->tmp);
    free(f);
}

int nhref_outfile_commit(nhref_outfile_t *f)
{
    int ok;

    if (f->path == NULL) {
        ok = fflush(f->stream) == 0 && !ferror(f->stream);
        release(f);
        return ok ? NHREF_OK : NHREF_EIO;
    }
    ok = fflush(f->stream) == 0 && !ferror(f->stream) && fsync(fileno(f->stream)) == 0;
    ok = (fclose(f->stream) == 0) && ok;
    if (ok)
        ok = rename(f->tmp, f->path) == 0;
    if (!ok) {
        int e = errno;
        unlink(f->tmp);
        errno = e;
    }
    release(f);
    return ok ? NHREF_OK : NHREF_EIO;
}

void nhref_outfile_abort(nhref_outfile_t *f)
{
    if (f == NULL)
        return;
    if (f->path != NULL) {
        fclose(f->stream);
        unlink(f->tmp);
    }
    release(f);
}
