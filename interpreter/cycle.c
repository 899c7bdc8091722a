/* cycle.c: exact detection of endless relay sowings.
 *
 * Brent's method over the state at the start of each lap (board, stores
 * and the large stones in them, flags and owners, which an each-seed
 * rule's `set` may change, the hole about to be lifted or the seeds in
 * hand to sow from it, the direction): a lap state determines every
 * later lap (the conditions read during relay laps see nothing else: no
 * `captured`), so a repeat is a loop. Besides the tortoise, each state is compared with
 * the first one: a lap that leaves an empty hole can be undone (its origin
 * is the last empty hole before its last seed), so endless sowings are
 * mostly cycles through their first state, found after one period instead
 * of up to three with Brent alone; Brent still catches the others. Two
 * saved states of memory. */
#include "engine.h"

/* Saves the lap state of `p` about to lift `origin` (or to sow `hand`
 * seeds from it). */
static NOINLINE void lap_save(const Rules *r, const Position *p, int origin, int hand, int dir, LapState *s)
{
    s->hand = hand;
    s->dir = dir;
    memcpy(s->count, p->count, (size_t)r->nholes * sizeof *s->count);
    memcpy(s->store, p->store, sizeof s->store);
    memcpy(s->store_stones, p->store_stones, sizeof s->store_stones);
    s->removed = p->removed;
    s->origin = origin;
    s->owner[0] = p->owner[0];
    s->owner[1] = p->owner[1];
    if (r->nflags)
        memcpy(s->flags, p->flags, (size_t)r->nflags * sizeof *s->flags);
}

/* Could `p` about to lift `origin` be the saved state? The cheap part:
 * the origin, the hand, the direction and the origin's count. */
static ALWAYS_INLINE int lap_maybe(const Position *p, int origin, int hand, int dir, const LapState *s)
{
    return s->origin == origin && s->hand == hand && s->dir == dir &&
           (is_store(origin) || s->count[origin] == p->count[origin]);
}

/* ... and is it? The rest, out of line (rarely reached). */
static NOINLINE int lap_rest(const Rules *r, const Position *p, const LapState *s)
{
    return memcmp(s->store, p->store, sizeof s->store) == 0 && s->removed == p->removed &&
           memcmp(s->store_stones, p->store_stones, sizeof s->store_stones) == 0 &&
           s->owner[0] == p->owner[0] && s->owner[1] == p->owner[1] &&
           memcmp(s->count, p->count, (size_t)r->nholes * sizeof *s->count) == 0 &&
           (!r->nflags || memcmp(s->flags, p->flags, (size_t)r->nflags * sizeof *s->flags) == 0);
}

/* Starts detection at the current lap state. */
void cyc_init(const Rules *r, const Position *p, int origin, int hand, int dir, Cycle *c)
{
    lap_save(r, p, origin, hand, dir, &c->first);
    lap_save(r, p, origin, hand, dir, &c->tortoise);   /* (not a copy of the whole state) */
    c->power = 1;
    c->lam = 0;
}

/* Called at the start of each further lap. */
int cyc_seen(const Rules *r, const Position *p, int origin, int hand, int dir, Cycle *c)
{
    if ((lap_maybe(p, origin, hand, dir, &c->first) && lap_rest(r, p, &c->first)) ||
        (lap_maybe(p, origin, hand, dir, &c->tortoise) && lap_rest(r, p, &c->tortoise)))
        return 1;
    if (++c->lam == c->power) {
        lap_save(r, p, origin, hand, dir, &c->tortoise);
        c->power *= 2;
        c->lam = 0;
    }
    return 0;
}
