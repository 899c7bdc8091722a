/* solveint.h: what the files of the retrograde solver share (solve.c:
 * packing and listing the positions; solvecycle.c: valuing them). */
#ifndef MANCALA_SOLVEINT_H
#define MANCALA_SOLVEINT_H

#include "solve.h"

#define TERM        0x80000000u     /* an edge to a value, not a position */
#define NONE        0xFFFFFFFFu     /* an empty slot */
#define TAIL_OFF    offsetof(Position, owner)
#define TAIL_LEN    (sizeof(Position) - TAIL_OFF)
#define MAX_NODES   0x7FFFFFFFu     /* positions: edge numbers keep the top bit */
#define MAX_TAILS   0xFFFFFFu       /* tails: three bytes of a key */

typedef struct Solver {
    const Rules *r;
    const SolveOpts *o;
    Vm vm;
    int nh, w, keylen, with_plies;
    int32_t seeds, range, off;      /* utilities lie in -off..off */
    /* tails */
    unsigned char *tails;
    uint32_t ntails, tails_cap, *tslot, tmask;
    /* positions */
    unsigned char *keys;
    uint64_t n, cap, *first;
    uint8_t *mover;
    int32_t *val;
    uint32_t *rank;                 /* NULL, or with a bound (o->bound) the
                                       distance of each position to the
                                       end its value counts on, for the
                                       side the bound is of (NORANK: none;
                                       solvecycle.c) */
    uint32_t *slot;
    uint64_t smask;
    /* edges */
    uint32_t *edge;
    uint64_t nedges, ecap;
    size_t bytes, peak;
    uint64_t listed;                /* positions whose moves are listed */
    double t0, next_report;
    char *err;
    size_t errlen;
    /* the endgame databases (endgame.c): values are margins (what the
     * rest of the game adds to South's seeds less North's), positions
     * are numbered by a perfect index rather than listed, and may not
     * all be reachable from number 0 */
    int margins;
    void (*unrank)(const void *ctx, uint64_t node, Position *p);
    const void *ctx;
    /* checkpoints (o->checkpoint) */
    const Position *root;
    double next_save;
} Solver;

#define SOLVE_SAVE_EVERY 600.0      /* seconds between checkpoints */

/* `msg` into the caller's message buffer; returns `status`. */
int sv_fail(Solver *s, int status, const char *msg);
/* Grows (or allocates) *pp from `old` to `new` elements of `size` bytes
 * within the memory bound; 0, or a status after a message. */
int sv_grow(Solver *s, void *pp, size_t old, size_t new, size_t size);
/* Frees *pp (`count` elements of `size` bytes) and counts them out. */
void sv_release(Solver *s, void *pp, size_t count, size_t size);
/* Position number `node` from its key. */
void sv_unpack(const Solver *s, uint64_t node, Position *p);
/* A stop asked for (MC_EINTR), and the progress callback once a second. */
int sv_progress(Solver *s, int stage, uint64_t done, uint64_t total);
/* The hash table of positions made again with `size` slots (a power of
 * two); the table of tails likewise (solve.c). 0 or a status. */
int sv_rehash(Solver *s, uint64_t size);
int sv_retail(Solver *s, uint32_t size);
/* Writes the listing so far (positions 0..listed-1 with their moves, and
 * every position found) to o->checkpoint, whole or not at all; reads it
 * back into an empty solver for the same variant and root (*found: there
 * was one) (solvesave.c). 0 or a status. */
int sv_save(Solver *s);
int sv_load(Solver *s, int *found);
/* The variant's name and its options as set, "NAME option=value ...". */
void sv_variant_words(const Rules *r, char *buf, size_t len);
/* Values every position (solvecycle.c): Tarjan's components, sinks
 * first, each valued as it is found. */
int sv_value_positions(Solver *s, SolveResult *res);

/* The value of a finished game (round): its utility, or its margin. */
static inline int32_t sv_final(const Solver *s, const Position *q)
{
    return s->margins ? q->store[0] - q->store[1] : solve_utility(s->seeds, q);
}

#define NORANK UINT32_MAX

/* Where the edge `e` leads: its distance to the end, with a bound (an
 * edge to a value: 0). */
static inline uint32_t exit_rank(const Solver *s, uint32_t e)
{
    return e & TERM ? 0 : s->rank[e];
}

/* A distance one move further. */
static inline uint32_t rank_up(uint32_t r)
{
    return r >= NORANK - 1 ? NORANK : r + 1;
}

/* South's utility where the edge `e` leads. */
static inline int32_t edge_value(const Solver *s, uint32_t e)
{
    return e & TERM ? (int32_t)(e & ~TERM) - s->off : s->val[e];
}

#endif
