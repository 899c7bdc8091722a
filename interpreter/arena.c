#include "arena.h"

#include <stdlib.h>
#include <string.h>

struct ArBlock {
    ArBlock *next;
    size_t size, used;
    _Alignas(16) unsigned char data[];
};

/* An empty arena that hands out at most `limit` bytes in all (0: no
 * limit); nothing is allocated before the first ar_alloc. */
void ar_init(Arena *a, size_t limit)
{
    a->head = NULL;
    a->used = 0;
    a->limit = limit;
}

void *ar_alloc(Arena *a, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    if (n == 0)
        n = 16;
    if (a->limit && (n > a->limit || a->used > a->limit - n))
        return NULL;
    ArBlock *b = a->head;
    if (!b || b->size - b->used < n) {
        size_t size = n > 8192 ? n : 8192;
        b = malloc(sizeof *b + size);
        if (!b)
            return NULL;
        b->size = size;
        b->used = 0;
        b->next = a->head;
        a->head = b;
    }
    void *p = b->data + b->used;
    b->used += n;
    a->used += n;
    memset(p, 0, n);
    return p;
}

char *ar_strndup(Arena *a, const char *s, size_t n)
{
    char *p = ar_alloc(a, n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = 0;
    }
    return p;
}

void ar_free(Arena *a)
{
    ArBlock *b = a->head;
    while (b) {
        ArBlock *next = b->next;
        free(b);
        b = next;
    }
    a->head = NULL;
    a->used = 0;
}
