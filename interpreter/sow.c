/* sow.c: sowing. Two kernels do the same thing:
 *
 *   general   seed by seed, every rule of `sowing` (first seed, skip,
 *             stores on the track, spills, each-seed effects, relay
 *             conditions); the reference for the other;
 *   plain     a lap at a time (whole circuits at once, then a run of
 *             holes), for sowings with none of those rules but relay laps
 *             and a skipped origin, on boards of at most 64 holes (its
 *             masks are one word).
 *
 * plan.c chooses the kernel (Plan.sow.kernel); this file only checks the
 * guards that depend on the position (a spill this move, holes out of
 * play, seed events wanted), which send a move back to the general
 * kernel. Both kernels count a lap's seeds against the limit, detect
 * endless relays and report laps the same way, so which one runs never
 * changes a result. */
#include "engine.h"

/* ---- the plain kernel ------------------------------------------------------ */

/* One more seed in each of `len` holes from `a` on (no wrap). */
static inline void add_run(uint16_t *c, int a, int len)
{
    for (int i = 0; i < len; i++)
        c[a + i]++;
}

/* One more seed in each hole of the mask m (of the first nh holes, at
 * most 64): every hole read and written, with no branch on the run's
 * length. */
static inline void add_mask(uint16_t *c, uint64_t m, int nh)
{
    for (int i = 0; i < nh; i++)
        c[i] = (uint16_t)(c[i] + ((m >> i) & 1));
}

/* The holes a..a+len-1 on a ring of nh (0 <= a < nh, len <= nh), of the
 * general kernel (any board). */
static inline Mask ring_mask(int a, int len, int nh)
{
    if (a + len <= nh)
        return run_mask(a, len);
    return run_mask(a, nh - a) | mask_n(len - (nh - a));
}

/* The same on a ring of at most 64 holes, in a word: the plain kernel's. */
static inline uint64_t ring_mask64(int a, int len, int nh)
{
    if (a + len <= nh)
        return mask64_n(len) << a;
    return (mask64_n(nh - a) << a) | mask64_n(len - (nh - a));
}

/* Drops `hand` seeds one a hole from the hole after `origin` on (ccw or
 * not), without wrapping past a full circuit: returns the last hole.
 * `masked` (boards of up to 32 holes): the run as a mask folded onto the
 * ring, every hole touched but no branch on the run's length, for relay
 * sowings, which sow millions of short laps; otherwise the run alone,
 * fewer instructions for the single laps of most games. */
static ALWAYS_INLINE int lap_run(uint16_t *c, int nh, int origin, int hand, int ccw, int masked, int track,
                                  uint64_t *reached)
{
    int a, last;
    if (ccw) {
        a = ring_next(origin, nh, 1);
        last = origin + hand >= nh ? origin + hand - nh : origin + hand;
    } else {
        last = origin - hand < 0 ? origin - hand + nh : origin - hand;
        a = last;
    }
    if (masked) {   /* hand < nh <= 32: the run fits in 64 bits */
        uint64_t m = (((uint64_t)1 << hand) - 1) << a;
        m = (m | m >> nh) & (((uint64_t)1 << nh) - 1);
        if (track)
            *reached |= m;
        add_mask(c, m, nh);
    } else {
        if (a + hand <= nh) {
            add_run(c, a, hand);
        } else {
            add_run(c, a, nh - a);
            add_run(c, 0, hand - (nh - a));
        }
        if (track)
            *reached |= ring_mask64(a, hand, nh);
    }
    return last;
}

/* One lap of a plain sowing from `origin` (skip: the origin gets no seed):
 * lifts the hole, adds whole circuits to every hole at once, then one seed
 * to a run of consecutive holes (`masked`: see lap_run). Returns the hole
 * of the last seed; adds the holes sown to *reached where the rules read
 * them (`track`). */
static ALWAYS_INLINE int lap_plain(uint16_t *c, int nh, int origin, int ccw, int skip, int masked, int track,
                                    uint64_t *reached)
{
    int hand = c[origin], ring = nh - skip;
    c[origin] = 0;
    if (hand >= ring) {
        int q = hand / ring;
        for (int i = 0; i < nh; i++)
            c[i] = (uint16_t)(c[i] + q);
        if (skip)
            c[origin] = 0;
        hand -= q * ring;
        if (track)
            *reached |= skip ? mask64_n(nh) & ~((uint64_t)1 << origin) : mask64_n(nh);
        if (!hand)   /* the last seed ended a circuit: in the origin, or
                        (skipped) in the hole before it */
            return skip ? ring_next(origin, nh, !ccw) : origin;
    }
    return lap_run(c, nh, origin, hand, ccw, masked, track, reached);
}

/* Reports a lap (MC_EV_LAP); from_hand: it sowed seeds from the hand. */
static void ev_lap(Vm *vm, const SowInfo *si, int origin, int seeds, int last, int lap, int from_hand)
{
    McEvent ev = { 0 };
    ev.kind = MC_EV_LAP;
    ev.receiver = from_hand ? MC_TO_HAND : 0;
    ev.player = (uint8_t)si->mover;
    ev.hole = (int16_t)origin;
    ev.seeds = seeds;
    ev.last = (int16_t)last;
    ev.n = lap;
    ev_send(vm, &ev);
}

/* After lap `lap` (from 1) another lap is to come from `origin` (lifting
 * it, or sowing `hand` seeds from the hand into it), having sown `lifted`
 * seeds: 1 if the sowing is endless or must stop. The same for both
 * kernels: the seeds count against the limit, and lap states from lap
 * CYCLE_FROM on are checked for a repeat. */
static int relay_on(Vm *vm, const SowRules *s, const Position *p, int origin, int hand, int dir, int lap, int lifted,
                    Cycle *c)
{
    if (vm_count(vm, lifted))
        return 1;
    if (s->endless_after && vm_sown(vm) >= (uint64_t)s->endless_after)
        return 1;   /* the variant's bound: counted as endless */
    if (lap < CYCLE_FROM)
        return 0;
    if (lap == CYCLE_FROM) {
        cyc_init(vm->r, p, origin, hand, dir, c);
        return 0;
    }
    return cyc_seen(vm->r, p, origin, hand, dir, c);
}

/* The plain kernel (see the top of the file) on the mover's track, the
 * ring of holes base..base+nh-1: the lap functions see it as holes
 * 0..nh-1. */
static ALWAYS_INLINE void sow_plain_on(Vm *vm, const SowRules *s, const SowPlan *sp, Position *p, SowInfo *si,
                                const int base, const int nh)
{
    const int ccw = si->dir == DIR_CCW, skip = sp->skip_origin, ev = ev_on(vm);
    const int masked = s->laps == LAPS_RELAY && nh <= 32, track = vm->r->uses_reached;
    uint16_t *c = p->count + base;
    uint64_t reached = 0;   /* the plain kernel runs on boards of at most 64 holes */
    int origin = si->start - base;
    Cycle cyc;
    for (int lap = 1;; lap++) {
        int hand = c[origin];
        int last = lap_plain(c, nh, origin, ccw, skip, masked, track, &reached);
        si->origin = origin + base;
        si->last = last + base;
        if (ev)
            ev_lap(vm, si, si->origin, hand, si->last, lap, 0);
        if (s->laps != LAPS_RELAY || c[last] <= 1)
            break;
        origin = last;
        if (relay_on(vm, s, p, origin + base, 0, si->dir, lap, hand, &cyc)) {
            si->endless = 1;
            break;
        }
    }
    si->reached |= (Mask)(reached << base);
}

/* The plain kernel round the whole board (base 0): the usual case. */
static void sow_plain(Vm *vm, const SowRules *s, const SowPlan *sp, Position *p, SowInfo *si)
{
    sow_plain_on(vm, s, sp, p, si, 0, vm->r->nholes);
}

/* The plain kernel on a track that is part of the board (each side's own
 * rows), kept out of the usual case's way. */
static NOINLINE void sow_plain_ring(Vm *vm, const SowRules *s, const SowPlan *sp, Position *p, SowInfo *si)
{
    const Geometry *g = &vm->r->geo;
    sow_plain_on(vm, s, sp, p, si, g->ring_base[si->mover], g->ring_len[si->mover]);
}

/* ---- the general kernel ------------------------------------------------------ */

/* A seed that finds no place leaves the board: `why` is MC_SPILL_FULL
 * (its hole `t` is full, sowing.hole-limit) or MC_SPILL_NOWHERE (the
 * path names no hole in play; t: the place it names). */
static void leave(Vm *vm, Position *p, const SowInfo *si, int t, int why)
{
    p->removed++;
    if (ev_on(vm))
        ev_basic(vm, MC_EV_SPILL, si->mover, is_hole(vm->r, t) ? t : NO_HOLE, why, 1);
}

/* One seed into `t` (a hole or a store), with the each-seed rules;
 * returns 0 if it left the board instead (a full hole, hole-limit). */
static int drop(Vm *vm, const SowRules *s, const SowPlan *sp, Position *p, ExCtx *cx, int t, int hand,
                SowInfo *si)
{
    if (t < MAX_HOLES && s->hole_limit.code) {
        cx->hole = t;
        int64_t limit = ex_eval(&s->hole_limit, cx);
        cx->hole = NO_HOLE;
        if (p->count[t] >= limit) {
            leave(vm, p, si, t, MC_SPILL_FULL);
            return 0;
        }
    }
    if (ev_seeds_on(vm))
        ev_basic(vm, MC_EV_SEED, si->mover, t, 0, 1);
    if (t >= MAX_HOLES) {
        p->store[t - MAX_HOLES]++;
    } else {
        unsigned n = ++p->count[t];
        if (vm->r->uses_reached)
            si->reached |= bit(t);
        if (s->neach && (!sp->each_masks || ex_filter_has(sp->each_counts, sp->each_big, n)))
            cap_drop(vm, s, sp, p, cx, t, hand, si);
    }
    return 1;
}

/* Lifts the large stones of hole h with its seeds (board.stones):
 * returns them as bits of their flag numbers. */
static unsigned lift_stones(Vm *vm, Position *p, int h, int mover)
{
    unsigned got = 0;
    for (unsigned m = vm->r->stone_flags; m; m &= m - 1) {
        const int f = __builtin_ctz(m);
        if (has_hole(p->flags[f], h)) {
            p->flags[f] &= ~bit(h);
            got |= 1u << f;
            if (ev_on(vm))
                ev_basic(vm, MC_EV_UNFLAG, mover, h, f, 0);
        }
    }
    return got;
}

/* Lifts the large stones lying in store t (board.store-stones): returns
 * them as bits of their flag numbers. */
static unsigned lift_store_stones(Vm *vm, Position *p, int t, int mover)
{
    const unsigned got = store_stones_at(vm->r, p, t);
    p->store_stones[t - MAX_HOLES] = 0;
    for (unsigned m = got; m && ev_on(vm); m &= m - 1)
        ev_basic(vm, MC_EV_UNFLAG, mover, t, __builtin_ctz(m), 0);
    return got;
}

/* The large stone of flag f into hole t, with the each-seed rules
 * (`stone` its number, `hand` the pieces still to drop); into a store,
 * it lies there where stores hold stones (board.store-stones), else it
 * leaves the board, counted by the store's player in his counter of its
 * name (if any). */
static void drop_stone(Vm *vm, const SowRules *s, const SowPlan *sp, Position *p, ExCtx *cx, int t, int f,
                       int left, SowInfo *si)
{
    const Rules *r = vm->r;
    if (t >= MAX_HOLES) {
        if (!r->stores_hold) {
            cap_count_stone(vm, p, t - MAX_HOLES, f);
            return;
        }
        p->store_stones[t - MAX_HOLES] = (uint8_t)(p->store_stones[t - MAX_HOLES] | 1u << f);
        if (ev_on(vm))
            ev_basic(vm, MC_EV_FLAG, si->mover, t, f, 0);
        return;
    }
    p->flags[f] |= bit(t);
    if (ev_on(vm))
        ev_basic(vm, MC_EV_FLAG, si->mover, t, f, 0);
    if (r->uses_reached)
        si->reached |= bit(t);
    if (s->neach) {
        cx->stone = 1 + __builtin_popcount(r->stone_flags & ((1u << f) - 1));
        cap_drop(vm, s, sp, p, cx, t, left, si);
        cx->stone = 0;
    }
}

/* The tight loop of a lap into consecutive holes (no skip, no store on
 * the track, no spill, nothing out of play); returns the last hole. */
static int lap_consecutive(Vm *vm, const SowRules *s, const SowPlan *sp, Position *p, ExCtx *cx,
                           int origin, int hand, int first, SowInfo *si)
{
    const Geometry *g = &vm->r->geo;
    const int ccw = si->dir == DIR_CCW, neach = s->neach, mover = si->mover;
    const int base = g->ring_base[mover], nh = g->ring_len[mover];
    const int masks = sp->each_masks, big = sp->each_big;
    const uint64_t ec = sp->each_counts;
    uint16_t *c = p->count;
    int h = origin, seeds = hand;
    si->dropped = cx->dropped = 1;
    while (hand > 0) {
        if (first)
            first = 0;
        else
            h = ring_step(g, mover, h, ccw);
        hand--;
        unsigned n = ++c[h];
        if (neach && (!masks || ex_filter_has(ec, big, n)))
            cap_drop(vm, s, sp, p, cx, h, hand, si);
    }
    /* the holes sown (where the rules read them): a run of `seeds` ending
     * at h, on the ring from base */
    if (vm->r->uses_reached && seeds >= nh) {
        si->reached |= run_mask(base, nh);
    } else if (vm->r->uses_reached && seeds > 0) {
        int a = ccw ? h - base - seeds + 1 : h - base;
        si->reached |= ring_mask(a < 0 ? a + nh : a, seeds, nh) << base;
    }
    return h;
}

/* The result of a lap of the general kernel that spilled its seeds. */
#define SPILLED (-2)

/* One lap along sowing.path: the k-th seed (from 0) goes to the place
 * the path's entry k mod n names, `origin` the lap's; a seed that finds
 * no hole in play there, or a full one, leaves the board. Returns where
 * the last seed fell, or SPILLED if it left. */
static int lap_path(Vm *vm, const SowRules *s, const SowPlan *sp, Position *p, ExCtx *cx, int hand, SowInfo *si)
{
    int h = SPILLED;
    si->dropped = cx->dropped = 1;
    for (int k = 0; hand > 0; k = k + 1 == s->npath ? 0 : k + 1) {
        cx->hand = --hand;
        int t = (int)ex_eval(&s->path[k], cx);
        if (!is_hole(vm->r, t) || has_hole(p->out_of_play, t)) {
            leave(vm, p, si, t, MC_SPILL_NOWHERE);
            h = SPILLED;
        } else {
            h = drop(vm, s, sp, p, cx, t, hand, si) ? t : SPILLED;
        }
    }
    cx->hand = 0;
    return h;
}

/* One lap of the general kernel: `hand` seeds and the large `stones`
 * (bits of their flags) from `origin` (already lifted), a piece a place;
 * returns the hole (or store) of the last piece, or SPILLED. */
static int lap_general(Vm *vm, const SowRules *s, const SowPlan *sp, Position *p, ExCtx *cx, int origin,
                       int hand, unsigned stones, int spill, int from_hand, SowInfo *si)
{
    const Rules *r = vm->r;
    int first = from_hand || s->first_seed == FIRST_ORIGIN;
    if (!from_hand && first && s->first_if.code) {   /* the origin only where the condition holds */
        cx->hand = hand;
        first = ex_true(&s->first_if, cx);
        cx->hand = 0;
    }
    if (from_hand && has_hole(p->out_of_play, origin))
        first = 0;   /* a hand sown from a hole out of play starts after it */
    if (s->npath)
        return lap_path(vm, s, sp, p, cx, hand, si);
    if (sp->consecutive && !spill && !p->out_of_play && !ev_seeds_on(vm) && !si->group)
        return lap_consecutive(vm, s, sp, p, cx, origin, hand, first, si);
    int per = 1;   /* seeds dropped at each place (sowing.per-hole, or the move's) */
    int per_place = 0;   /* per-hole reads `hole`: worked out at each place */
    if (si->group) {   /* the mover's number, for the first lap only */
        per = si->group > hand ? hand : si->group;
        si->group = 0;
    } else if (s->per_hole.code && (s->per_hole.uses & CX_HOLE)) {
        per_place = 1;
    } else if (s->per_hole.code) {
        cx->hand = hand;
        int64_t k = ex_eval(&s->per_hole, cx);
        per = k < 1 ? 1 : k > hand ? hand : (int)k;
    }
    int last_stones = s->stones == STONES_LAST;   /* the stones are the lap's last pieces */
    if (stones && last_stones && s->stones_if.code) {
        cx->hand = hand;
        last_stones = ex_true(&s->stones_if, cx);
    }
    int h = origin, via = NO_HOLE;   /* the lap starts at its origin's first listing */
    while (hand > 0 || stones) {
        const int left = hand + __builtin_popcount(stones) - 1;   /* the pieces left once this one is dropped */
        int t = origin;
        if (first) {
            first = 0;
        } else {
            cx->hand = left;   /* for `skip` */
            t = sp->consecutive && !p->out_of_play ? ring_step(&r->geo, si->mover, h, si->dir == DIR_CCW)
                                                   : bd_target(r, s, sp, cx, h, si->dir, &via);
            if (t == NO_HOLE) {
                /* every place is passed over: the hand goes back to the
                 * origin (to the mover, for a hand sown from a hole out
                 * of play) and the lap ends where the last seed fell */
                if (has_hole(p->out_of_play, origin))
                    cap_receive(vm, p, RCV_MOVER, NO_HOLE, hand, si->mover, 1);
                else
                    p->count[origin] = (uint16_t)(p->count[origin] + hand);
                for (; stones; stones &= stones - 1)
                    p->flags[__builtin_ctz(stones)] |= bit(origin);
                break;
            }
            if (spill && is_hole(r, h) && is_hole(r, t) && row_of(r, h) != row_of(r, t)) {
                p->removed += hand;
                if (ev_on(vm))
                    ev_basic(vm, MC_EV_SPILL, si->mover, h, 0, hand);
                return SPILLED;
            }
        }
        h = t;
        if (stones && (!last_stones || !hand)) {   /* a large stone, in its turn */
            drop_stone(vm, s, sp, p, cx, t, __builtin_ctz(stones), left, si);
            stones &= stones - 1;
            si->dropped = cx->dropped = 1;
            continue;
        }
        if (per_place) {   /* a hole's own number, before its seeds fall; a store takes one */
            per = 1;
            if (t < MAX_HOLES) {
                cx->hole = t;
                cx->hand = hand;
                int64_t k = ex_eval(&s->per_hole, cx);
                cx->hole = NO_HOLE;
                per = k < 1 ? 1 : k > hand ? hand : (int)k;
            }
        }
        int fell = 1;   /* the last seed dropped here fell into the hole (not full) */
        int k = 0;
        for (; k < per && hand > 0; k++) {   /* each seed dropped, its rules tried */
            hand--;
            fell = drop(vm, s, sp, p, cx, t, hand + __builtin_popcount(stones), si);
        }
        si->dropped = cx->dropped = k;
        if (!hand && !stones && !fell)
            return SPILLED;   /* the last seed left the board: the lap ends nowhere */
    }
    si->via = via;
    return h;
}

/* Whether a relay goes on from the landing hole `h`, and from where:
 * the hole to lift next, the mover's store (relay-store), or NO_HOLE
 * when the sowing ends. `via`: the place before h on the lap (the next
 * hole of a track that crosses itself goes on the way the lap went). */
static int relay_from(Vm *vm, const SowRules *s, const SowPlan *sp, Position *p, ExCtx *cx, int h,
                      int dir, int via)
{
    const Rules *r = vm->r;
    /* a lap ending in a store goes on only from the place after it, where
     * stores hold large stones, and only where `relay-while` says so */
    const int in_store = is_store(h) && r->stores_hold && s->relay_from == RELAY_FROM_NEXT && s->relay_while.code;
    if (s->laps != LAPS_RELAY || (!is_hole(r, h) && !in_store))
        return NO_HOLE;
    cx->last = h;
    int more = s->relay_while.code ? ex_true(&s->relay_while, cx) : p->count[h] > 1;
    cx->last = NO_HOLE;
    if (!more)
        return NO_HOLE;
    int next = s->relay_from == RELAY_FROM_NEXT;
    if (next && s->relay_next_if.code) {   /* the next hole only where the condition holds */
        cx->last = h;
        next = ex_true(&s->relay_next_if, cx);
        cx->last = NO_HOLE;
    }
    if (next) {
        cx->hand = 0;
        int t = bd_target(r, s, sp, cx, h, dir, &via);
        if (!is_hole(r, t) && r->stores_hold)   /* a store: sown on from where it holds large stones */
            return is_store(t) && store_stones_at(r, p, t) ? t : NO_HOLE;
        if (!is_hole(r, t))   /* a store: sown on from only with relay-store, his own, not empty */
            return s->relay_store && t == STORE_HOLE(cx->mover) && p->store[cx->mover] > 0 ? t : NO_HOLE;
        h = t;
    }
    return p->count[h] || hole_stones(r, p, h) ? h : NO_HOLE;
}

/* The context of the sowing si describes, before its first lap. */
static void sow_ctx(ExCtx *cx, const Vm *vm, const Position *p, const SowInfo *si)
{
    ctx_init(cx, vm->r, p, si->mover);
    cx->start = si->start;
    cx->dir = si->dir;
    cx->step = si->step;
    cx->dropped = si->dropped;
}

/* Seeds taken to the hand (si->pend) that the mover sows from a hole of
 * his choice: the sowing stops there and the position says what he
 * holds and where it may go (PH_HAND); with no hole to choose (none in
 * play on his track), they go to his store. */
static void hand_stop(Vm *vm, Position *p, SowInfo *si)
{
    const Rules *r = vm->r;
    const Mask ok = mask_n(r->nholes) & ~p->out_of_play & r->geo.track_mask[si->mover];
    const Mask ccw = si->choice[DIR_CCW] & ok, cw = si->choice[DIR_CW] & ok;
    if (!(ccw | cw)) {
        cap_receive(vm, p, RCV_MOVER, NO_HOLE, si->pend, si->mover, 1);
        return;
    }
    p->hand = (uint16_t)si->pend;
    p->hand_from[DIR_CCW] = ccw;
    p->hand_from[DIR_CW] = cw;
    si->paused = 1;
    if (ev_on(vm)) {
        McEvent ev = { 0 };
        ev.kind = MC_EV_HAND;
        ev.player = (uint8_t)si->mover;
        ev.hole = NO_HOLE;
        ev.seeds = si->pend;
        ev.mask = ccw | cw;
        ev_send(vm, &ev);
    }
}

/* The general kernel (see the top of the file). */
static NOINLINE void sow_general(Vm *vm, const SowRules *s, const SowPlan *sp, Position *p, SowInfo *si, int spill,
                                 int inhand, int at)
{
    ExCtx cx;
    sow_ctx(&cx, vm, p, si);
    int origin = inhand ? at : si->start;   /* inhand: seeds to sow from the hand into `at` */
    Cycle cyc;
    for (int lap = 1;; lap++) {
        int hand = inhand;
        cx.origin = origin;
        if (inhand) {
            /* nothing is lifted: to the rules, the origin of a lap sown
             * from the hand is the hole before its first one, so that, as
             * in any lap, its first seed goes into next(origin) */
            int before = vm->r->geo.back[si->mover][si->dir][origin];
            cx.origin = before >= 0 ? before : origin;
        } else if (is_store(origin)) {   /* a store's large stones only (board.store-stones) */
            hand = 0;
        } else {
            hand = p->count[origin];
            if (lap == 1 && si->amount) {   /* as many as the mover chose (moves.lift) */
                hand = si->amount < hand ? si->amount : hand;
            } else if (s->lift.code && hand > 1) {   /* part of the hole: 1..all of it */
                int64_t k = ex_eval(&s->lift, &cx);
                hand = k < 1 ? 1 : k < hand ? (int)k : hand;
            }
            p->count[origin] = (uint16_t)(p->count[origin] - hand);
        }
        const unsigned stones = inhand || !vm->r->stone_flags ? 0
                                : is_store(origin) ? lift_store_stones(vm, p, origin, si->mover)
                                                   : lift_stones(vm, p, origin, si->mover);
        si->origin = cx.origin;
        si->pend = 0;
        int h = lap_general(vm, s, sp, p, &cx, origin, hand, stones, spill, inhand > 0, si);
        si->last = h == SPILLED ? NO_HOLE : h;
        if (ev_on(vm))
            ev_lap(vm, si, origin, hand, si->last, lap, inhand > 0);
        inhand = 0;
        if (si->pend && si->choose) {   /* the mover chooses where: the sowing stops */
            hand_stop(vm, p, si);
            return;
        }
        if (si->pend) {   /* seeds taken to the hand: sown next, from sow_from */
            if (!is_hole(vm->r, si->sow_from)) {
                cap_receive(vm, p, RCV_MOVER, NO_HOLE, si->pend, si->mover, 1);
                return;
            }
            inhand = si->pend;
            origin = si->sow_from;
        } else {
            if (h == SPILLED)
                return;
            int next = relay_from(vm, s, sp, p, &cx, h, si->dir, si->via);
            if (next == NO_HOLE)
                return;
            if (s->relay_stop.code) {   /* a chance to stop here: the move's arg says which */
                cx.last = h;
                int stop = ex_true(&s->relay_stop, &cx) && ++si->stops == si->stop_at;
                cx.last = NO_HOLE;
                if (stop)
                    return;
            }
            if (is_store(next) && vm->r->stores_hold) {   /* its large stones only: lifted as the lap starts */
                origin = next;
            } else if (is_store(next)) {   /* relay-store: the store's seeds, sown from the place after it */
                cx.hand = p->store[si->mover];
                int via = NO_HOLE;
                origin = bd_target(vm->r, s, sp, &cx, next, si->dir, &via);
                if (!is_hole(vm->r, origin))
                    return;   /* nowhere to sow them (a track of stores only): they stay */
                inhand = p->store[si->mover];
                p->store[si->mover] = 0;
            } else {
                origin = next;
            }
            if (s->relay_reverse.code) {   /* the next lap sows the other way */
                cx.last = h;
                if (ex_true(&s->relay_reverse, &cx))
                    si->dir = cx.dir = !si->dir;
                cx.last = NO_HOLE;
            }
        }
        cx.step = 0;   /* `step`: the step's own lap only */
        if (relay_on(vm, s, p, origin, inhand, si->dir, lap, hand, &cyc)) {
            si->endless = 1;
            return;
        }
    }
}

/* ---- a sowing -------------------------------------------------------------- */

/* Whether this sowing spills its seeds at a row's end. */
static ALWAYS_INLINE int spill_of(Vm *vm, const SowRules *s, const Position *p, const SowInfo *si)
{
    int spill = si->spill > 0;
    if (s->spill.code && si->spill < 0) {
        ExCtx cx;
        sow_ctx(&cx, vm, p, si);
        spill = ex_true(&s->spill, &cx);
    }
    return spill;
}

/* Sows from si->start with the rules `s`: sets si->last (NO_HOLE if the
 * seeds left the board) or si->endless. */
static void sow(Vm *vm, const SowRules *s, const SowPlan *sp, Position *p, SowInfo *si)
{
    int spill = spill_of(vm, s, p, si);
    vm_sowing(vm);
    if (sp->kernel == KERNEL_PLAIN && !spill && !si->amount && !si->group && !p->out_of_play && !ev_seeds_on(vm)) {
        if (vm->r->geo.board_track)
            sow_plain(vm, s, sp, p, si);
        else
            sow_plain_ring(vm, s, sp, p, si);
    } else
        sow_general(vm, s, sp, p, si, spill, 0, NO_HOLE);
}

/* A fresh record of a sowing from `hole`. */
static void info_init(SowInfo *si, int mover, int hole, int dir, int spill)
{
    memset(si, 0, offsetof(SowInfo, choice));
    si->spill = spill;
    si->mover = mover;
    si->start = si->origin = hole;
    si->last = si->via = NO_HOLE;
    si->dir = dir;
    si->dropped = 1;   /* a seed a place, unless the general kernel says more */
}

void sow_move(Vm *vm, Position *p, const Move *m, int mover, int spill, int captures, SowInfo *si)
{
    const Rules *r = vm->r;
    info_init(si, mover, m->hole, m->dir, spill);
    si->stop_at = (int)(m->arg & MOVE_STOP_MASK);
    si->amount = (int)m->holes;   /* moves.lift: the seeds chosen */
    si->group = MOVE_GROUP(m->arg);   /* moves.per-hole: the seeds a place, chosen */
    move_begins(r, p, mover, m->arg & MOVE_CHOICE ? LM_CHOSEN : 0);
    if (r->mark_flag >= 0 && !has_hole(p->flags[r->mark_flag], m->hole)) {
        p->flags[r->mark_flag] |= bit(m->hole);
        if (ev_on(vm))
            ev_basic(vm, MC_EV_FLAG, mover, m->hole, r->mark_flag, 0);
    }
    if (r->nbefore_sow) {
        cap_before_sowing(vm, p, si);
        if (!p->count[m->hole])
            return;   /* its seeds were taken: nothing is sown, the move is over */
    }
    sow(vm, &r->sow, &r->plan.sow, p, si);
    if (captures && !si->endless && !si->paused)
        cap_after(vm, p, si);
}

/* Sows `hand` seeds held in hand from the hole `into` on (the first into
 * it) with the move's sowing rules, then its captures (`captures`): the
 * sowing of a hand, a step or a placement. */
static void sow_held(Vm *vm, Position *p, SowInfo *si, int hand, int into, int captures)
{
    const Rules *r = vm->r;
    int spill = spill_of(vm, &r->sow, p, si);
    vm_sowing(vm);
    sow_general(vm, &r->sow, &r->plan.sow, p, si, spill, hand, into);   /* seed by seed */
    if (captures && !si->endless && !si->paused)
        cap_after(vm, p, si);
}

void sow_hand(Vm *vm, Position *p, const Move *m, int mover, int captures, SowInfo *si)
{
    info_init(si, mover, m->hole, m->dir, -1);
    si->stop_at = (int)(m->arg & MOVE_STOP_MASK);
    int hand = p->hand;
    p->hand = 0;
    p->hand_from[0] = p->hand_from[1] = 0;
    sow_held(vm, p, si, hand, m->hole, captures);
}

void sow_step(Vm *vm, Position *p, const Move *m, int mover, int captures, SowInfo *si)
{
    info_init(si, mover, m->hole, m->arg - 1, -1);
    si->step = 1;
    move_begins(vm->r, p, mover, 0);
    const int n = step_seeds(m);
    p->count[m->hole] = (uint16_t)(p->count[m->hole] - n);
    sow_held(vm, p, si, n, m->dir, captures);   /* its seeds, the first into the hole m->dir */
}

void sow_place(Vm *vm, Position *p, const Move *m, int mover, int captures, SowInfo *si)
{
    info_init(si, mover, m->hole, m->dir, -1);
    si->step = 1;
    move_begins(vm->r, p, mover, LM_PLACED);
    p->reserve[mover]--;
    sow_held(vm, p, si, 1, m->hole, captures);   /* one seed of the reserve, into m->hole */
}

void sow_store(Vm *vm, Position *p, const Move *m, int mover, int captures, SowInfo *si)
{
    info_init(si, mover, m->hole, m->dir, -1);
    move_begins(vm->r, p, mover, LM_STORED(m->arg));
    p->store[mover] -= (int32_t)m->holes;
    sow_held(vm, p, si, (int)m->holes, m->hole, captures);   /* from the store, into m->hole on */
}

void sow_opening(Vm *vm, Position *p, int hole, int mover, SowInfo *si)
{
    const Rules *r = vm->r;
    info_init(si, mover, hole, r->opening_dir, -1);
    sow(vm, &r->opening_sow, &r->plan.opening, p, si);
}
