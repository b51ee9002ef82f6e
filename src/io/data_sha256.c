/* data_sha256.c -- the SHA-256 of an output file's data lines (every line not
 * starting with '#', with its '\n'), the checksum nhref writes on its "# sha256:"
 * line: `grep -v '^#' FILE | sha256sum` gives the same. */
#include "nhref_io.h"

#include "io/io_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <nettle/sha2.h>

void nhref_linehash_init(nhref_linehash_t *h)
{
    sha256_init(&h->ctx);
    h->at_start = 1;
    h->skip = 0;
}

/* feed N bytes: the lines starting with '#' are left out */
void nhref_linehash_update(nhref_linehash_t *h, const char *p, size_t n)
{
    size_t from = 0;
    for (size_t i = 0; i < n; i++) {
        if (h->at_start) {
            if (!h->skip && i > from)
                sha256_update(&h->ctx, i - from, (const uint8_t *)p + from);
            h->skip = p[i] == '#';
            h->at_start = 0;
            from = i;
        }
        if (p[i] == '\n')
            h->at_start = 1;
    }
    if (!h->skip && n > from)
        sha256_update(&h->ctx, n - from, (const uint8_t *)p + from);
}

void nhref_linehash_final(const nhref_linehash_t *h0, char hex[65])
{
    uint8_t d[SHA256_DIGEST_SIZE];
    nhref_linehash_t copy = *h0, *h = &copy; /* the stream may go on */
    if (!h->at_start && !h->skip) /* a last line without '\n' counts with one, as grep's */
        sha256_update(&h->ctx, 1, (const uint8_t *)"\n");
    sha256_digest(&h->ctx, sizeof d, d);
    for (size_t i = 0; i < sizeof d; i++)
        sprintf(hex + 2 * i, "%02x", d[i]);
    hex[64] = '\0';
}

int nhref_outfile_data_sha256(nhref_outfile_t *f, char hex[65])
{
    const nhref_linehash_t *h = nhref_outfile_linehash(f);
    FILE *s = nhref_outfile_stream(f);
    char buf[65536];
    off_t off = 0;
    nhref_linehash_t rh;
    int fd;

    if (fflush(s) != 0 || ferror(s))
        return NHREF_EIO;
    if (h != NULL) { /* hashed as written */
        nhref_linehash_final(h, hex);
        return NHREF_OK;
    }
    /* a stream without the hook: read the temporary file back */
    if (s == stdout || (fd = nhref_outfile_readfd(f)) < 0)
        return NHREF_EINVAL;
    nhref_linehash_init(&rh);
    for (;;) {
        ssize_t got = pread(fd, buf, sizeof buf, off);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return NHREF_EIO;
        }
        if (got == 0)
            break;
        nhref_linehash_update(&rh, buf, (size_t)got);
        off += got;
    }
    nhref_linehash_final(&rh, hex);
    return NHREF_OK;
}

int nhref_file_data_sha256(const char *path, char hex[65], char claimed[65])
{
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    nhref_linehash_t h;
    int status = NHREF_OK;

    claimed[0] = '\0';
    if (f == NULL)
        return NHREF_EIO;
    nhref_linehash_init(&h);
    while ((got = getline(&line, &cap, f)) >= 0) {
        if (line[0] == '#') {
            const char *p = line + 1;
            size_t k = 0;
            while (*p == ' ')
                p++;
            if (strncmp(p, "sha256:", 7) == 0) {
                p += 7;
                while (*p == ' ')
                    p++;
                while (k < 64 && ((p[k] >= '0' && p[k] <= '9') || (p[k] >= 'a' && p[k] <= 'f')))
                    k++;
                if (k == 64) {
                    memcpy(claimed, p, 64);
                    claimed[64] = '\0';
                }
            }
        }
        nhref_linehash_update(&h, line, (size_t)got);
    }
    if (ferror(f))
        status = NHREF_EIO;
    free(line);
    fclose(f);
    if (status == NHREF_OK)
        nhref_linehash_final(&h, hex);
    return status;
}
