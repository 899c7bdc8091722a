/* history.c: the positions of a game where a decision was due, for the
 * repetition rule, and the hash and comparison they are found by. */
#include <stdlib.h>

#include "engine.h"

static inline uint64_t mix64(uint64_t h, uint64_t v)
{
    h = (h ^ v) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
}

/* Over what hist_same compares; the counts four at a time. */
uint64_t hist_hash(const Rules *r, const Position *p)
{
    const int nh = r->nholes;
    uint64_t h = 0x243F6A8885A308D3ull, w;
    int i = 0;
    for (; i + 4 <= nh; i += 4) {
        memcpy(&w, p->count + i, sizeof w);
        h = mix64(h, w);
    }
    if (i < nh) {
        w = 0;
        memcpy(&w, p->count + i, (size_t)(nh - i) * sizeof *p->count);
        h = mix64(h, w);
    }
    h = mix64(h, p->north_owned);
    for (int f = 0; f < r->nflags; f++)
        h = mix64(h, p->flags[f]);
    h = mix64(h, p->out_of_play);
    h = mix64(h, (uint64_t)(uint32_t)p->store[0] | (uint64_t)(uint32_t)p->store[1] << 32);
    h = mix64(h, (uint64_t)(uint32_t)p->removed | (uint64_t)p->round << 32 |
                 (uint64_t)p->to_move << 48 | (uint64_t)p->phase << 56);
    return h;
}

/* The same position for the repetition rule (the match totals, who began
 * and who moved last do not count). */
int hist_same(const Rules *r, const Position *a, const Position *b)
{
    if (memcmp(a->count, b->count, (size_t)r->nholes * sizeof a->count[0]))
        return 0;
    for (int f = 0; f < r->nflags; f++)
        if (a->flags[f] != b->flags[f])
            return 0;
    return a->north_owned == b->north_owned && a->out_of_play == b->out_of_play &&
           a->store[0] == b->store[0] && a->store[1] == b->store[1] &&
           a->removed == b->removed && a->round == b->round && a->to_move == b->to_move &&
           a->phase == b->phase;
}

void hist_init(History *h)
{
    memset(h, 0, sizeof *h);
}

void hist_free(History *h)
{
    free(h->pos);
    free(h->hash);
    memset(h, 0, sizeof *h);
}

/* Room for one more position; 0 when out of memory. */
static int grow(History *h)
{
    if (h->n < h->cap)
        return 1;
    int cap = h->cap ? h->cap * 2 : 64;
    Position *np = realloc(h->pos, (size_t)cap * sizeof *np);
    if (!np)
        return 0;
    h->pos = np;
    uint64_t *nh = realloc(h->hash, (size_t)cap * sizeof *nh);
    if (!nh)
        return 0;
    h->hash = nh;
    h->cap = cap;
    return 1;
}

/* Seeds that left the board for good (stores and removed). */
static inline int64_t gone(const Position *p)
{
    return (int64_t)p->store[0] + p->store[1] + p->removed;
}

int hist_push(const Rules *r, History *h, const Position *p)
{
    if (!grow(h))
        return MC_ENOMEM;
    /* While play is on, seeds only go into stores or out of the game, so
     * once their sum grows no earlier position can come back: forget
     * them (phases before play, such as setup choices, never return in a
     * round either). Exact, so a short cut of the plan only. */
    if (r->plan.forget && h->n > h->base && p->phase == PH_PLAY) {
        const Position *q = &h->pos[h->n - 1];
        if (q->phase == PH_PLAY && gone(p) > gone(q)) {
            if (h->compact)
                h->n = 0;
            h->base = h->n;
        }
    }
    uint64_t k = hist_hash(r, p);
    int seen = 1;
    for (int i = h->base; i < h->n; i++)
        if (h->hash[i] == k && hist_same(r, &h->pos[i], p))
            seen++;
    h->pos[h->n] = *p;
    h->hash[h->n] = k;
    h->n++;
    return seen;
}

void hist_new_round(History *h)
{
    if (h->compact)
        h->n = 0;
    h->base = h->n;
}
