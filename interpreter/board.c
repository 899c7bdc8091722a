/* board.c: the geometry of a board: where the next seed of a sowing goes
 * (the track, with stores on it where the rules sow into them, holes out
 * of play and skipped holes passed over) and steps along the board for
 * capture chains. */
#include "engine.h"

uint64_t rules_north_holes(const Rules *r)
{
    return mask_n(r->nholes) & ~mask_n(r->width);
}

/* Does the store of `p` take seeds in this sowing? */
static inline int store_open(const SowRules *s, int p, int mover)
{
    return s->into_stores == INTO_BOTH || (s->into_stores == INTO_OWN && p == mover);
}

/* The next place on the track after `h`, stores included where sown. */
int bd_track_next(const Rules *r, const SowRules *s, int h, int dir, int mover)
{
    const int w = r->width, nh = r->nholes, on_track = r->stores == STORES_ON_TRACK;
    if (dir == DIR_CCW) {
        if (h == STORE_HOLE(0))
            return w;
        if (h == STORE_HOLE(1))
            return 0;
        if (on_track && h == w - 1 && store_open(s, 0, mover))
            return STORE_HOLE(0);
        if (on_track && h == nh - 1 && store_open(s, 1, mover))
            return STORE_HOLE(1);
        return ring_next(h, nh, 1);
    }
    if (h == STORE_HOLE(0))
        return w - 1;
    if (h == STORE_HOLE(1))
        return nh - 1;
    if (on_track && h == w && store_open(s, 0, mover))
        return STORE_HOLE(0);
    if (on_track && h == 0 && store_open(s, 1, mover))
        return STORE_HOLE(1);
    return ring_next(h, nh, 0);
}

/* Whether the sowing passes over hole `h` (out of play, or skipped). */
static int passed_over(const SowRules *s, const SowPlan *sp, ExCtx *cx, int h)
{
    if ((cx->pos->out_of_play >> h) & 1)
        return 1;
    if (sp->skip_origin)
        return h == cx->origin;
    if (!s->skip.code)
        return 0;
    cx->hole = h;
    int sk = ex_true(&s->skip, cx);
    cx->hole = NO_HOLE;
    return sk;
}

/* The place the next seed goes to from `h`; NO_HOLE: nowhere to go
 * (every place is passed over). */
int bd_target(const Rules *r, const SowRules *s, const SowPlan *sp, ExCtx *cx, int h, int dir)
{
    for (int tries = 0; tries <= r->nholes + 2; tries++) {
        h = bd_track_next(r, s, h, dir, cx->mover);
        if (!is_hole(r, h) || !passed_over(s, sp, cx, h))
            return h;
    }
    return NO_HOLE;
}
