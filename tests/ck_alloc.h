/* ck_alloc.h -- an allocation counter for the tests that the step loops allocate
 * nothing (check_taylor, check_schemes): malloc, calloc and realloc of the test
 * process are interposed to count calls while `counting` is set (glibc's __libc_*
 * do the work; Arb's flint_malloc ends there too).  COUNT_ALLOCATIONS is defined
 * where it works: glibc, and not under AddressSanitizer, which owns the allocator.
 * Include it in one source file of a test program only (it defines malloc). */
#ifndef CK_ALLOC_H
#define CK_ALLOC_H

#include <stddef.h>

#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
#define COUNT_ALLOCATIONS 1
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
static volatile long nalloc;
static volatile int counting;
void *malloc(size_t n);
void *calloc(size_t n, size_t m);
void *realloc(void *p, size_t n);
void *malloc(size_t n)
{
    nalloc += counting;
    return __libc_malloc(n);
}
void *calloc(size_t n, size_t m)
{
    nalloc += counting;
    return __libc_calloc(n, m);
}
void *realloc(void *p, size_t n)
{
    nalloc += counting;
    return __libc_realloc(p, n);
}
#endif

#endif /* CK_ALLOC_H */
