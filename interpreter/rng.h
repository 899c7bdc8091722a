/* rng.h: a small, fast generator (xorshift64*), seeded explicitly, for
 * the computer players, the benchmarks and the tests. */
#ifndef MANCALA_RNG_H
#define MANCALA_RNG_H

#include <stdint.h>

typedef struct Rng {
    uint64_t s;
} Rng;

static inline void rng_seed(Rng *g, uint64_t seed)
{
    g->s = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
    if (!g->s)
        g->s = 1;
}

static inline uint64_t rng_next(Rng *g)
{
    g->s ^= g->s >> 12;
    g->s ^= g->s << 25;
    g->s ^= g->s >> 27;
    return g->s * 0x2545F4914F6CDD1Dull;
}

/* A number in 0..n-1 (n > 0). */
static inline int rng_below(Rng *g, int n)
{
    return (int)((rng_next(g) >> 33) % (uint64_t)n);
}

#endif
