/* replay.c -- run a harness of tests/fuzz over files and directories, with any
 * compiler and without libFuzzer (make check replays the seeds and every
 * reproducer).  Each input has ALARM seconds (NHREF_REPLAY_ALARM, default 60):
 * a hang is a failure, not a stalled test suite.
 * Usage: replay_X PATH...   (a directory: every regular file in it) */
#include <dirent.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0, got;
    const char *a = getenv("NHREF_REPLAY_ALARM");

    if (f == NULL) {
        perror(path);
        return 1;
    }
    do {
        if (len == cap) {
            uint8_t *nb = realloc(buf, cap = cap ? 2 * cap : 65536);
            if (nb == NULL)
                fuzz_fail("out of memory reading %s", path);
            buf = nb;
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
    } while (got > 0);
    fclose(f);
    alarm(a != NULL ? (unsigned)atoi(a) : 60);
    LLVMFuzzerTestOneInput(buf, len);
    alarm(0);
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    int bad = 0, n = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            bad = 1;
        } else if (S_ISDIR(st.st_mode)) {
            DIR *d = opendir(argv[i]);
            struct dirent *e;
            while (d != NULL && (e = readdir(d)) != NULL) {
                char p[4096];
                struct stat fs;
                snprintf(p, sizeof p, "%s/%s", argv[i], e->d_name);
                if (e->d_name[0] != '.' && stat(p, &fs) == 0 && S_ISREG(fs.st_mode)) {
                    bad |= run_file(p);
                    n++;
                }
            }
            if (d != NULL)
                closedir(d);
        } else {
            bad |= run_file(argv[i]);
            n++;
        }
    }
    printf("%s: %d inputs replayed\n", argv[0], n);
    return bad;
}
