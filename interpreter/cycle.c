/* cycle.c: exact detection of endless relay sowings.
 *
 * Brent's method over the state at the start of each lap (board, stores,
 * the hole about to be lifted or the seeds in hand to sow from it, the
 * direction): a lap state determines every later lap (the conditions read
 * during relay laps see nothing else: no `captured`),
 * so a repeat is a loop. Besides the tortoise, each state is compared with
 * the first one: a lap that leaves an empty hole can be undone (its origin
 * is the last empty hole before its last seed), so endless sowings are
 * mostly cycles through their first state, found after one period instead
 * of up to three with Brent alone; Brent still catches the others. Two
 * saved states of memory. */
#include "engine.h"

/* Saves the lap state of `p` about to lift `origin` (or to sow `hand`
 * seeds from it). */
static void lap_save(const Rules *r, const Position *p, int origin, int hand, int dir, LapState *s)
{
    s->hand = hand;
    s->dir = dir;
    memcpy(s->count, p->count, (size_t)r->nholes * sizeof *s->count);
    s->store[0] = p->store[0];
    s->store[1] = p->store[1];
    s->removed = p->removed;
    s->origin = origin;
}

/* Is `p` about to lift `origin` the saved state? The cheap part (the
 * origin and its count) first. */
static int lap_same(const Rules *r, const Position *p, int origin, int hand, int dir, const LapState *s)
{
    return s->origin == origin && s->hand == hand && s->dir == dir && s->count[origin] == p->count[origin] &&
           s->store[0] == p->store[0] && s->store[1] == p->store[1] &&
           s->removed == p->removed &&
           memcmp(s->count, p->count, (size_t)r->nholes * sizeof *s->count) == 0;
}

/* Starts detection at the current lap state. */
void cyc_init(const Rules *r, const Position *p, int origin, int hand, int dir, Cycle *c)
{
    lap_save(r, p, origin, hand, dir, &c->first);
    c->tortoise = c->first;
    c->power = 1;
    c->lam = 0;
}

/* Called at the start of each further lap. */
int cyc_seen(const Rules *r, const Position *p, int origin, int hand, int dir, Cycle *c)
{
    if (lap_same(r, p, origin, hand, dir, &c->first) || lap_same(r, p, origin, hand, dir, &c->tortoise))
        return 1;
    if (++c->lam == c->power) {
        lap_save(r, p, origin, hand, dir, &c->tortoise);
        c->power *= 2;
        c->lam = 0;
    }
    return 0;
}
