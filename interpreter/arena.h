/* arena.h: bump allocation for everything a loaded variant owns.
 * Ownership: every pointer handed out by ar_alloc belongs to the arena and
 * is freed, all at once, by ar_free. ar_alloc returns NULL only when the
 * system is out of memory or the arena's limit is reached. */
#ifndef MANCALA_ARENA_H
#define MANCALA_ARENA_H

#include <stddef.h>

typedef struct ArBlock ArBlock;
typedef struct Arena {
    ArBlock *head;
    size_t used;   /* bytes handed out, all blocks */
    size_t limit;  /* 0: no limit */
} Arena;

void  ar_init(Arena *a, size_t limit);
void *ar_alloc(Arena *a, size_t n);          /* zeroed, 16-byte aligned */
char *ar_strndup(Arena *a, const char *s, size_t n);
void  ar_free(Arena *a);

#endif
