/* vm.c: the sowing virtual machine (see vm.h). */
#include "vm.h"

#include <stdio.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>

/* ---- small helpers ---------------------------------------------------- */

static inline uint64_t bit(int h)
{
    return (uint64_t)1 << h;
}

static inline uint64_t mask_n(int n)
{
    return n >= 64 ? ~(uint64_t)0 : bit(n) - 1;
}

/* The lowest set bit of a non-zero mask. */
static inline int ctz64(uint64_t m)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(m);
#else
    int n = 0;
    while (!(m & 1)) {
        m >>= 1;
        n++;
    }
    return n;
#endif
}

/* The hole after h on a ring of nh holes, counterclockwise (ccw) or not. */
static inline int ring_next(int h, int nh, int ccw)
{
    return ccw ? (h + 1 == nh ? 0 : h + 1) : (h == 0 ? nh - 1 : h - 1);
}

static inline int is_hole(const Rules *r, int h)
{
    return h >= 0 && h < r->nholes;
}

static inline int row_of(const Rules *r, int h)
{
    return h / r->width;
}

static uint64_t owned_mask(const Rules *r, const Position *p, int player)
{
    return (player ? p->north_owned : ~p->north_owned) & mask_n(r->nholes);
}

static void ctx_init(ExCtx *cx, const Rules *r, const Position *p, int mover)
{
    memset(cx, 0, sizeof *cx);
    cx->rules = r;
    cx->pos = p;
    cx->mover = mover;
    cx->hole = cx->origin = cx->start = cx->last = NO_HOLE;
}

uint64_t rules_north_holes(const Rules *r)
{
    return mask_n(r->nholes) & ~mask_n(r->width);
}

/* ---- the sowing track ------------------------------------------------- */

static inline int store_open(const SowRules *s, int p, int mover)
{
    return s->into_stores == 2 || (s->into_stores == 1 && p == mover);
}

/* The next place on the track after `h`, stores included where sown. */
static int track_next(const Rules *r, const SowRules *s, int h, int dir, int mover)
{
    const int w = r->width, nh = r->nholes;
    if (dir == DIR_CCW) {
        if (h == STORE_HOLE(0))
            return w;
        if (h == STORE_HOLE(1))
            return 0;
        if (r->stores == 2 && h == w - 1 && store_open(s, 0, mover))
            return STORE_HOLE(0);
        if (r->stores == 2 && h == nh - 1 && store_open(s, 1, mover))
            return STORE_HOLE(1);
        return ring_next(h, nh, 1);
    }
    if (h == STORE_HOLE(0))
        return w - 1;
    if (h == STORE_HOLE(1))
        return nh - 1;
    if (r->stores == 2 && h == w && store_open(s, 0, mover))
        return STORE_HOLE(0);
    if (r->stores == 2 && h == 0 && store_open(s, 1, mover))
        return STORE_HOLE(1);
    return ring_next(h, nh, 0);
}

/* The place the next seed goes to from `h`, passing over out-of-play
 * holes and those `skip` names. NO_HOLE: nowhere to go. */
static int sow_target(const Rules *r, const SowRules *s, ExCtx *cx, int h, int dir)
{
    for (int tries = 0; tries <= r->nholes + 2; tries++) {
        h = track_next(r, s, h, dir, cx->mover);
        if (is_hole(r, h)) {
            if ((cx->pos->out_of_play >> h) & 1)
                continue;
            if (s->skip_origin) {
                if (h == cx->origin)
                    continue;
            } else if (s->skip.code && !(s->skip.is_const && !s->skip.value)) {
                cx->hole = h;
                int sk = ex_true(&s->skip, cx);
                cx->hole = NO_HOLE;
                if (sk)
                    continue;
            }
        }
        return h;
    }
    return NO_HOLE;
}

/* Next hole along the board (no stores) for capture chains. */
static int board_step(const Rules *r, const Position *p, int h, int dir)
{
    for (int tries = 0; tries < r->nholes; tries++) {
        h = ring_next(h, r->nholes, dir == DIR_CCW);
        if (!((p->out_of_play >> h) & 1))
            return h;
    }
    return NO_HOLE;
}

/* ---- receiving seeds -------------------------------------------------- */

typedef struct MoveInfo {
    int mover, start, origin, last, dir;
    int captured;
    uint64_t reached;
    int endless;      /* the sowing never ends, or has nowhere to go */
    int spill;        /* the sowing's spill-at-row-end, if known (else -1) */
} MoveInfo;

/* `mover` and `opponent` as South or North: who `mover` is depends on the
 * place (the player who moved for `end`, the player to move for `must`,
 * `no-moves` and `repetition`). */
static Receiver resolve(Receiver to, int mover)
{
    if (to == RCV_MOVER)
        return mover ? RCV_NORTH : RCV_SOUTH;
    if (to == RCV_OPPONENT)
        return mover ? RCV_SOUTH : RCV_NORTH;
    return to;
}

/* Gives `n` seeds from hole `h` to `to`; the hole is emptied by the caller. */
static void receive(const Rules *r, Position *p, Receiver to, int h, int n, int mover)
{
    (void)r;
    switch (to) {
    case RCV_MOVER: p->store[mover] += n; break;
    case RCV_OPPONENT: p->store[!mover] += n; break;
    case RCV_OWNER: p->store[is_hole(r, h) ? pos_owner(p, h) : mover] += n; break;
    case RCV_REMOVED: p->removed += n; break;
    case RCV_LAST_MOVER: p->store[p->last_mover] += n; break;
    case RCV_STARTER: p->store[p->starter] += n; break;
    case RCV_SOUTH: p->store[SOUTH] += n; break;
    case RCV_NORTH: p->store[NORTH] += n; break;
    case RCV_STAY: case RCV_COUNT: break;
    }
}

/* ---- one sowing ------------------------------------------------------- */

typedef struct LapState {
    uint16_t count[MAX_HOLES];
    int32_t store[2], removed;
    int origin;
} LapState;

static void lap_save(const Rules *r, const Position *p, int origin, LapState *s)
{
    memcpy(s->count, p->count, (size_t)r->nholes * sizeof *s->count);
    s->store[0] = p->store[0];
    s->store[1] = p->store[1];
    s->removed = p->removed;
    s->origin = origin;
}

static int lap_same(const Rules *r, const Position *p, int origin, const LapState *s)
{
    return s->origin == origin && s->count[origin] == p->count[origin] &&
           s->store[0] == p->store[0] && s->store[1] == p->store[1] &&
           s->removed == p->removed &&
           memcmp(s->count, p->count, (size_t)r->nholes * sizeof *s->count) == 0;
}

/* ---- interrupting long work -------------------------------------------- */

/* A relay sowing can run for millions of laps; every POLL_LAPS laps the
 * VM asks the thread's poll function whether to give up (vm.h). */
#define POLL_LAPS 65536u

static _Thread_local VmPoll poll_fn;
static _Thread_local void *poll_arg;
static _Thread_local int interrupted;

static void forget_trials(void);

void vm_set_poll(VmPoll fn, void *arg)
{
    poll_fn = fn;
    poll_arg = arg;
    interrupted = 0;
    forget_trials();
}

void vm_get_poll(VmPoll *fn, void **arg)
{
    *fn = poll_fn;
    *arg = poll_arg;
}

int vm_interrupted(void)
{
    return interrupted;
}

/* Counts `add` steps of work (a lap done a lap at a time is one; a lap
 * sown seed by seed is one and a step a seed); 1 if the work is to be
 * abandoned. */
static inline int lap_poll(unsigned long *laps, unsigned long add)
{
    unsigned long before = *laps;
    *laps += add;
    if ((before ^ *laps) < POLL_LAPS)
        return interrupted;   /* still in the same block of POLL_LAPS steps */
    if (*laps >= VM_MAX_LAPS) {
        interrupted = VM_TOO_LONG;
        return 1;
    }
    if (!interrupted && poll_fn && poll_fn(poll_arg))
        interrupted = VM_POLLED;
    return interrupted;
}

/* Cycle detection starts at this lap: an endless sowing is found at most
 * this many laps later; shorter sowings save nothing. */
#define BRENT_FROM 16

/* Brent's cycle detection over the state at the start of each lap (board,
 * stores, the hole about to be lifted): exact, and two saved states of
 * memory. A lap state determines every later lap, so a repeat is a loop.
 * Besides the tortoise, each state is compared with the first one: a lap
 * that leaves an empty hole can be undone (its origin is the last empty
 * hole before its last seed), so endless sowings are mostly cycles
 * through their first state, found after one period instead of up to
 * three with Brent alone; Brent still catches the others. The caller
 * compares the cheap part (origin, its count) first (lap_same). */
typedef struct Brent {
    LapState first, tortoise;
    unsigned long power, lam, laps;
} Brent;

static void brent_init(const Rules *r, const Position *p, int origin, Brent *b)
{
    lap_save(r, p, origin, &b->first);
    b->tortoise = b->first;
    b->power = 1;
    b->lam = 0;
    b->laps = 0;
}

/* Called at the start of each further lap, `work` steps after the last
 * call; 1 if this state was seen (or the work is to be abandoned: the
 * caller treats both as endless). */
static int brent_cycle(const Rules *r, const Position *p, int origin, Brent *b, unsigned long work)
{
    if (lap_same(r, p, origin, &b->first) || lap_same(r, p, origin, &b->tortoise))
        return 1;
    if (++b->lam == b->power) {
        lap_save(r, p, origin, &b->tortoise);
        b->power *= 2;
        b->lam = 0;
    }
    return lap_poll(&b->laps, work);
}

static void drop_effects(const Rules *r, const SowRules *s, Position *p, ExCtx *cx, int h,
                         int hand, MoveInfo *mi)
{
    cx->hole = h;
    cx->hand = hand;
    const int n0 = p->count[h];
    for (int i = 0; i < s->neach; i++) {
        const CaptureRule *c = &s->each_seed[i];
        const ExFilter *f = &c->filter;
        if (n0 < 64 ? !((f->count.mask >> n0) & 1) : !f->count.big)
            continue;   /* `when` cannot hold with this many seeds */
        if (f->exact) {
            /* `when` only compares hole.count and hand with constants */
            if (hand < 64 ? !((f->hand.mask >> hand) & 1) : !f->hand.big)
                continue;
        } else if (!ex_true(&c->when, cx)) {
            continue;
        }
        int t = c->take_hole ? h : (int)ex_eval(&c->take[0], cx);
        if (is_hole(r, t) && p->count[t] && !((p->out_of_play >> t) & 1)) {
            int n = p->count[t];
            p->count[t] = 0;
            receive(r, p, c->to, t, n, mi->mover);
            mi->captured += n;
            cx->captured = mi->captured;
        }
        break;
    }
    cx->hole = NO_HOLE;
}

/* One more seed in each of `len` holes from `a` on (no wrap). */
static inline void add_run(uint16_t *c, int a, int len)
{
    for (int i = 0; i < len; i++)
        c[a + i]++;
}

/* One more seed in each hole i (i < nh) whose bit is set in m. */
static inline void add_mask(uint16_t *c, uint64_t m, int nh)
{
    for (int i = 0; i < nh; i++)
        c[i] = (uint16_t)(c[i] + ((m >> i) & 1));
}

/* The holes a..a+len-1 on a ring of nh (0 <= a < nh, len <= nh). */
static inline uint64_t ring_mask(int a, int len, int nh)
{
    if (a + len <= nh)
        return mask_n(len) << a;
    return (mask_n(nh - a) << a) | mask_n(len - (nh - a));
}

/* One lap of a plain sowing from `origin` (ccw: counterclockwise; skip:
 * the origin gets no seed): lifts the hole, adds whole circuits to every
 * hole at once, then one seed to a run of consecutive holes. Returns the
 * hole of the last seed; adds the holes sown to *reached. */
static inline int lap_plain(uint16_t *c, int nh, int origin, int ccw, int skip, uint64_t *reached)
{
    const uint64_t full = mask_n(nh);
    int hand = c[origin], ring = nh - skip, a, last;
    c[origin] = 0;
    if (hand >= ring) {
        int q = hand / ring;
        for (int i = 0; i < nh; i++)
            c[i] = (uint16_t)(c[i] + q);
        if (skip)
            c[origin] = 0;
        hand -= q * ring;
        *reached |= skip ? full & ~bit(origin) : full;
        if (!hand) {
            /* the last seed ended a circuit: in the origin, or (skipped)
             * in the hole before it */
            if (!skip)
                return origin;
            return ring_next(origin, nh, !ccw);
        }
    }
    if (ccw) {
        a = ring_next(origin, nh, 1);
        last = origin + hand >= nh ? origin + hand - nh : origin + hand;
    } else {
        last = origin - hand < 0 ? origin - hand + nh : origin - hand;
        a = last;
    }
    if (nh <= 32) {
        /* branch-free: the run as a mask folded onto the ring */
        uint64_t m = mask_n(hand) << a;
        m = (m | m >> nh) & full;
        *reached |= m;
        add_mask(c, m, nh);
    } else {
        if (a + hand <= nh) {
            add_run(c, a, hand);
        } else {
            add_run(c, a, nh - a);
            add_run(c, 0, hand - (nh - a));
        }
        *reached |= ring_mask(a, hand, nh);
    }
    return last;
}

/* The plain sowing most games use (no per-seed effects, stores on the
 * track, spills or holes out of play; the next seed into the next hole,
 * the origin passed over or not; relay: go on while the last hole was
 * occupied): the same result as the general loop below, a lap at a time.
 * Relay sowings can run for millions of laps before they end or repeat,
 * so this loop matters. */
static void sow_plain(const Rules *r, const SowRules *s, Position *p, MoveInfo *mi)
{
    const int nh = r->nholes, ccw = mi->dir == DIR_CCW, skip = s->skip_origin;
    uint16_t *c = p->count;
    uint64_t reached = 0;
    int origin = mi->start;
    mi->origin = origin;
    if (!s->relay) {
        mi->last = lap_plain(c, nh, origin, ccw, skip, &reached);
        mi->reached |= reached;
        return;
    }
    if (interrupted) {
        mi->endless = 1;
        return;
    }
    /* the first laps; most sowings end there */
    int last;
    for (int lap = 1;; lap++) {
        last = lap_plain(c, nh, origin, ccw, skip, &reached);
        mi->last = last;
        if (c[last] <= 1) {
            mi->reached |= reached;
            return;
        }
        origin = last;
        if (lap == BRENT_FROM)
            break;
        mi->origin = origin;
    }
    /* lap states from here on (Brent's detection, above) */
    Brent cyc;
    brent_init(r, p, origin, &cyc);
    for (;;) {
        mi->origin = origin;
        last = lap_plain(c, nh, origin, ccw, skip, &reached);
        mi->last = last;
        if (c[last] <= 1)
            break;
        origin = last;
        if (brent_cycle(r, p, origin, &cyc, 1)) {
            mi->endless = 1;
            break;
        }
    }
    mi->reached |= reached;
}

/* Sows from `start`; sets mi->last (NO_HOLE if the seeds left the board)
 * or mi->endless. */
static void sow(const Rules *r, const SowRules *s, Position *p, MoveInfo *mi)
{
    ExCtx cx;
    int spill = mi->spill > 0, have_cx = 0;
    if (s->spill.code && mi->spill < 0) {
        ctx_init(&cx, r, p, mi->mover);
        cx.start = mi->start;
        cx.dir = mi->dir;
        have_cx = 1;
        spill = ex_true(&s->spill, &cx);
    }
    if (s->plain && !spill && !p->out_of_play) {
        sow_plain(r, s, p, mi);
        return;
    }
    if (s->relay && interrupted) {
        mi->endless = 1;
        return;
    }
    if (!have_cx) {
        ctx_init(&cx, r, p, mi->mover);
        cx.start = mi->start;
        cx.dir = mi->dir;
    }
    int origin = mi->start, laps = 0;
    unsigned long lap_seeds = 0;   /* seeds the last lap sowed one by one */
    Brent cyc;
    for (;;) {
        int hand = p->count[origin];
        lap_seeds = (unsigned long)hand;
        p->count[origin] = 0;
        cx.origin = origin;
        mi->origin = origin;
        int h = origin, first = s->first_seed_origin;
        if (s->next_hole && !spill && !p->out_of_play) {
            /* the common case without a skip, stores or spill: a tight loop */
            const int nh = r->nholes, ccw = mi->dir == DIR_CCW, neach = s->neach;
            const uint64_t ec = s->each_counts;
            uint16_t *c = p->count;
            int seeds = hand;
            while (hand > 0) {
                if (first)
                    first = 0;
                else
                    h = ring_next(h, nh, ccw);
                hand--;
                unsigned n = ++c[h];
                if (neach && (n < 64 ? (ec >> n) & 1 : (uint64_t)s->each_big))
                    drop_effects(r, s, p, &cx, h, hand, mi);
            }
            /* the holes sown: a run of `seeds` ending at h */
            if (seeds >= nh) {
                mi->reached |= mask_n(nh);
            } else if (seeds > 0) {
                int a = ccw ? h - seeds + 1 : h;
                mi->reached |= ring_mask(a < 0 ? a + nh : a, seeds, nh);
            }
        }
        while (hand > 0) {
            int t;
            if (first) {
                t = origin;
                first = 0;
            } else {
                if (s->next_hole && !p->out_of_play)
                    t = ring_next(h, r->nholes, mi->dir == DIR_CCW);
                else
                    t = sow_target(r, s, &cx, h, mi->dir);
                if (t == NO_HOLE) {
                    /* every place is skipped: the hand goes back to the
                     * origin and the lap ends where the last seed fell */
                    p->count[origin] = (uint16_t)(p->count[origin] + hand);
                    break;
                }
                if (spill && is_hole(r, h) && is_hole(r, t) && row_of(r, h) != row_of(r, t)) {
                    p->removed += hand;
                    mi->last = NO_HOLE;
                    return;
                }
            }
            hand--;
            if (is_hole(r, t)) {
                p->count[t]++;
                mi->reached |= bit(t);
                if (s->neach && (p->count[t] < 64 ? (s->each_counts >> p->count[t]) & 1 : (uint64_t)s->each_big))
                    drop_effects(r, s, p, &cx, t, hand, mi);
            } else
                p->store[t - MAX_HOLES]++;
            h = t;
        }
        mi->last = h;
        if (!s->relay || !is_hole(r, h))
            return;
        cx.last = h;
        int more = s->relay_while.code ? ex_true(&s->relay_while, &cx) : p->count[h] > 1;
        cx.last = NO_HOLE;
        if (!more)
            return;
        if (s->relay_from_next) {
            int t = sow_target(r, s, &cx, h, mi->dir);
            if (!is_hole(r, t))
                return;
            h = t;
        }
        if (p->count[h] == 0)
            return;
        origin = h;
        /* the lap states from lap BRENT_FROM on: a repeat among them is
         * a loop (most sowings end before, and save nothing) */
        if (++laps < BRENT_FROM)
            continue;
        if (laps == BRENT_FROM)
            brent_init(r, p, origin, &cyc);
        else if (brent_cycle(r, p, origin, &cyc, 1 + lap_seeds)) {
            mi->endless = 1;
            return;
        }
    }
}

/* ---- short cuts ------------------------------------------------------- */

static void prepare_sow(SowRules *s)
{
    int skip_none = !s->skip.code || (s->skip.is_const && !s->skip.value);
    /* a spill is decided at the start of each move: plain when it is off */
    s->plain = !s->first_seed_origin && (skip_none || s->skip_origin) && !s->into_stores &&
               !s->neach && !s->relay_from_next && !s->relay_while.code;
    s->next_hole = skip_none && !s->into_stores;
    if (skip_none)
        s->skip_origin = 0;
    s->each_counts = 0;
    s->each_big = 0;
    for (int i = 0; i < s->neach; i++) {
        CaptureRule *c = &s->each_seed[i];
        ex_filter(&c->when, &c->filter);
        c->take_hole = ex_is_name(&c->take[0], "hole");
        s->each_counts |= c->filter.count.mask;
        s->each_big |= c->filter.count.big;
    }
}

void vm_prepare(Rules *r)
{
    static atomic_uint_fast64_t loaded;
    r->serial = atomic_fetch_add(&loaded, 1) + 1;
    prepare_sow(&r->sow);
    prepare_sow(&r->opening_sow);
    r->dirs_const = 0;
    if (r->dir_ccw.code && r->dir_ccw.is_const && r->dir_ccw.value)
        r->dirs_const |= 1 << DIR_CCW;
    if (r->dir_cw.code && r->dir_cw.is_const && r->dir_cw.value)
        r->dirs_const |= 1 << DIR_CW;
    r->fast_moves = r->from_min >= 0 && (!r->dir_ccw.code || r->dir_ccw.is_const) &&
                    (!r->dir_cw.code || r->dir_cw.is_const);
}

/* ---- captures --------------------------------------------------------- */

/* The context after a move: what `last`, `captured`, `reached` are. */
static void ctx_after(ExCtx *cx, const Rules *r, const Position *p, const MoveInfo *mi)
{
    ctx_init(cx, r, p, mi->mover);
    cx->start = mi->start;
    cx->origin = mi->origin;
    cx->last = mi->last;
    cx->dir = mi->dir;
    cx->captured = mi->captured;
    cx->reached = mi->reached;
}

static void capture(const Rules *r, Position *p, MoveInfo *mi)
{
    if (mi->last == NO_HOLE || !r->ncaptures)
        return;
    ExCtx cx;
    ctx_after(&cx, r, p, mi);
    for (int i = 0; i < r->ncaptures; i++) {
        const CaptureRule *c = &r->captures[i];
        if (!ex_true(&c->when, &cx))
            continue;
        int holes[MAX_HOLES], amounts[MAX_HOLES], n = 0;
        uint64_t taken = 0;
        int cur = NO_HOLE;
        for (int k = 0; k < c->ntake; k++) {
            int h = (int)ex_eval(&c->take[k], &cx);
            if (!is_hole(r, h) || ((taken | p->out_of_play) >> h) & 1)
                continue;
            taken |= bit(h);
            holes[n] = h;
            amounts[n++] = p->count[h];
            cur = h;
        }
        if (c->chain && cur != NO_HOLE) {
            int dir = c->chain > 0 ? mi->dir : !mi->dir;
            for (;;) {
                int h = board_step(r, p, cur, dir);
                if (h == NO_HOLE || ((taken >> h) & 1))
                    break;
                cx.hole = h;
                if (!ex_true(&c->chain_while, &cx))
                    break;
                taken |= bit(h);
                holes[n] = h;
                amounts[n++] = p->count[h];
                cur = h;
            }
            cx.hole = NO_HOLE;
        }
        Position before = *p;
        int got = 0;
        for (int k = 0; k < n; k++) {
            p->count[holes[k]] = 0;
            receive(r, p, c->to, holes[k], amounts[k], mi->mover);
            got += amounts[k];
        }
        if (c->cancel_if.code) {
            cx.captured = mi->captured + got;
            if (ex_true(&c->cancel_if, &cx)) {
                *p = before;
                got = 0;
            }
        }
        mi->captured += got;
        break;
    }
}


/* Everything a sowing move does to the board (not turn or game end). */
/* `spill`: the spill rule's value if the caller knows it, else -1;
 * `captures`: 0 when only the sowing matters (a trial for endlessness). */
static void sow_move(const Rules *r, Position *p, const Move *m, int mover, int spill, int captures,
                     MoveInfo *mi)
{
    memset(mi, 0, sizeof *mi);
    mi->spill = spill;
    mi->mover = mover;
    mi->start = m->hole;
    mi->origin = m->hole;
    mi->last = NO_HOLE;
    mi->dir = m->dir;
    if (r->mark_flag >= 0)
        p->flags[r->mark_flag] |= bit(m->hole);
    sow(r, &r->sow, p, mi);
    if (captures && !mi->endless)
        capture(r, p, mi);
}

/* The opening sowing (no captures); sets mi->endless if it never ends. */
static void sow_opening(const Rules *r, Position *p, int hole, int mover, MoveInfo *mi)
{
    memset(mi, 0, sizeof *mi);
    mi->mover = mover;
    mi->start = mi->origin = hole;
    mi->last = NO_HOLE;
    mi->dir = r->opening_dir;
    mi->spill = -1;
    sow(r, &r->opening_sow, p, mi);
}

/* ---- game and round ends ---------------------------------------------- */

static void decide_by_stores(Position *p)
{
    p->winner = p->store[0] > p->store[1] ? WIN_SOUTH : p->store[1] > p->store[0] ? WIN_NORTH : WIN_DRAW;
}

static void sweep(const Rules *r, Position *p, Receiver to)
{
    if (to == RCV_STAY)
        return;
    for (int h = 0; h < r->nholes; h++) {
        int n = p->count[h];
        if (!n)
            continue;
        p->count[h] = 0;
        receive(r, p, to, h, n, p->last_mover);
    }
}

static int64_t score(const Rules *r, const Position *p, int player)
{
    ExCtx cx;
    ctx_init(&cx, r, p, p->to_move);
    cx.player = player;
    return ex_eval(&r->match_score, &cx);
}

static void fill_holes(const Rules *r, Position *p, int player, uint64_t chosen)
{
    uint64_t own = owned_mask(r, p, player);
    int k = 0;
    for (int h = 0; h < r->nholes; h++) {
        if (!((own >> h) & 1))
            continue;
        if ((chosen >> h) & 1) {
            p->count[h] = (uint16_t)r->fill_seeds;
            k++;
        } else {
            p->count[h] = 0;
            p->out_of_play |= bit(h);
        }
    }
    p->store[player] -= k * r->fill_seeds;
}

/* How many of his holes `player` can fill, and whether he must choose. */
static int fill_count(const Rules *r, const Position *p, int player, int *holes)
{
    int own = __builtin_popcountll(owned_mask(r, p, player));
    int k = r->fill_seeds > 0 ? p->store[player] / r->fill_seeds : own;
    if (k > own)
        k = own;
    if (k < 0)
        k = 0;
    *holes = own;
    return k;
}

/* Does `player` still have to choose which holes to fill? (Before his
 * fill none of his holes is out of play; after a partial fill some are.) */
static int must_choose(const Rules *r, const Position *p, int player)
{
    int own, k = fill_count(r, p, player, &own);
    uint64_t m = owned_mask(r, p, player);
    if (r->choose != CHOOSE_PLAYER || k >= own || (m & p->out_of_play))
        return 0;
    for (int h = 0; h < r->nholes; h++)
        if (((m >> h) & 1) && p->count[h])
            return 0;   /* already filled */
    return 1;
}

/* Fills without a choice: every hole, or k of them from one end. */
static void fill_auto(const Rules *r, Position *p, int player)
{
    int own, k = fill_count(r, p, player, &own);
    uint64_t m = owned_mask(r, p, player), chosen = 0;
    if (k < own) {
        for (int i = 0; i < r->nholes && k > 0; i++) {
            int h = r->choose == CHOOSE_RIGHT ? r->nholes - 1 - i : i;
            if ((m >> h) & 1) {
                chosen |= bit(h);
                k--;
            }
        }
        m = chosen;
    }
    fill_holes(r, p, player, m);
}

/* After a fill: the next player who must choose, or the first move. */
static void fill_next(Position *p, const Rules *r)
{
    for (int pl = 0; pl < 2; pl++) {
        if (must_choose(r, p, pl)) {
            p->phase = PH_FILL;
            p->to_move = (uint8_t)pl;
            return;
        }
    }
    p->phase = PH_PLAY;
    p->to_move = p->starter;
}

/* Hole ownership for the next game: a hole per `seeds` seeds held; a hole
 * left over goes to the larger remainder (equal: more seeds, then South).
 * Each owns his own row first; one entitled to more takes the opponent's
 * holes in sowing order from the opponent's first hole. */
static void redistribute(const Rules *r, Position *p)
{
    int S = r->seeds > 0 ? r->seeds : 1;
    int e[2], rem[2];
    for (int i = 0; i < 2; i++) {
        e[i] = p->store[i] / S;
        rem[i] = p->store[i] % S;
    }
    for (int left = r->nholes - e[0] - e[1]; left > 0; left--) {
        int to = rem[0] != rem[1] ? rem[1] > rem[0] : p->store[1] > p->store[0];
        e[to]++;
        rem[to] = -1;
    }
    int w = r->width;
    uint64_t north = rules_north_holes(r);
    for (int i = 0; i < e[0] - w && i < w; i++)
        north &= ~bit(w + i);
    for (int i = 0; i < e[1] - w && i < w; i++)
        north |= bit(i);
    p->north_owned = north;
}

static int advance(const Rules *r, Position *p, History *h, Move *out);

static void next_round(const Rules *r, Position *p, History *hist)
{
    p->round++;
    p->end = END_NONE;   /* `end` says why a finished game ended */
    if (r->starter_alternates)
        p->starter = (uint8_t)(((r->has_opening ? r->opening_by : SOUTH) + p->round - 1) % 2);
    for (int f = 0; f < MAX_FLAGS; f++)
        p->flags[f] = 0;
    p->out_of_play = 0;
    p->to_move = p->starter;
    p->phase = PH_PLAY;
    switch (r->next) {
    case NEXT_RESET:
    case NEXT_REDISTRIBUTE:
        memcpy(p->count, r->initial, sizeof p->count);
        p->store[0] = p->store[1] = 0;
        break;
    case NEXT_FILL:
        for (int h = 0; h < r->nholes; h++)
            p->count[h] = 0;
        for (int pl = 0; pl < 2; pl++)
            if (!must_choose(r, p, pl))
                fill_auto(r, p, pl);
        fill_next(p, r);
        break;
    }
    if (hist) {
        if (hist->compact)
            hist->n = 0;
        hist->base = hist->n;
    }
}

/* The game (round) is over: `to` takes the seeds left on the board. */
static void end_game(const Rules *r, Position *p, Receiver to, EndReason why, int winner,
                     History *hist)
{
    sweep(r, p, to);
    p->end = (uint8_t)why;
    /* a finished game shows the last mover's opponent to move */
    p->to_move = (uint8_t)!p->last_mover;
    if (winner == WIN_NONE)
        decide_by_stores(p);
    else
        p->winner = (uint8_t)winner;
    if (!r->match) {
        p->over = 1;
        return;
    }
    /* a round of a match */
    p->total[0] += p->store[0];
    p->total[1] += p->store[1];
    if (r->next == NEXT_REDISTRIBUTE)
        redistribute(r, p);
    ExCtx cx;
    ctx_init(&cx, r, p, p->last_mover);
    int done = 0;
    if (ex_true(&r->match_over, &cx)) {
        int64_t a = score(r, p, SOUTH), b = score(r, p, NORTH);
        if (a != b) {
            p->winner = a > b ? WIN_SOUTH : WIN_NORTH;
            p->end = END_MATCH;
            done = 1;
        }
    }
    if (!done && p->round >= r->max_rounds) {
        int64_t a = score(r, p, SOUTH), b = score(r, p, NORTH);
        p->winner = a > b ? WIN_SOUTH : b > a ? WIN_NORTH : WIN_DRAW;
        p->end = END_MAX_ROUNDS;
        done = 1;
    }
    if (done) {
        p->over = 1;
        return;
    }
    p->winner = WIN_NONE;
    next_round(r, p, hist);
}

/* ---- move generation -------------------------------------------------- */

/* The trial sowings of the last full move generation (relay games without
 * `must` rules: each move sown to see whether it ends), kept per thread so
 * that playing one of those moves next copies its sowing instead of
 * sowing again. Valid while `src` is the position played from. */
#define TRIAL_KEEP 32
static _Thread_local struct {
    uint64_t serial;   /* the rules' (Rules.serial: a freed rule set's
                          address may come back) */
    Position src;
    int n;
    Move mv[TRIAL_KEEP];
    Position after[TRIAL_KEEP];
    MoveInfo info[TRIAL_KEEP];
} trials;

static void forget_trials(void)
{
    trials.n = 0;
}

/* Sows move `m` at `p` from the kept trials; 0 if they do not hold it. */
static int sow_kept(const Rules *r, Position *p, const Move *m, MoveInfo *mi)
{
    if (!trials.n || trials.serial != r->serial || memcmp(&trials.src, p, sizeof *p) != 0)
        return 0;
    for (int i = 0; i < trials.n; i++)
        if (trials.mv[i].hole == m->hole && trials.mv[i].dir == m->dir && !trials.info[i].endless) {
            *p = trials.after[i];
            *mi = trials.info[i];
            return 1;
        }
    return 0;
}

/* The legal sowing moves. With `any_only`, stops at the first one (for
 * "can he move at all?", where most of the trial sowings are not needed). */
static int gen_sow(const Rules *r, const Position *p, Move *out, const MustRule **mustend, int any_only)
{
    int n = 0, mover = p->to_move;
    ExCtx cx;
    ctx_init(&cx, r, p, mover);
    *mustend = NULL;
    unsigned musts = 0;   /* bit m: must rule m applies here */
    for (int m = 0; m < r->nmust; m++)
        if (!r->must[m].when.code || ex_true(&r->must[m].when, &cx))
            musts |= 1u << m;
    if (r->fast_moves) {
        /* own holes in play with at least from_min seeds (and one) */
        const int nh = r->nholes, least = r->from_min > 1 ? r->from_min : 1;
        uint64_t m = 0;
        for (int h = 0; h < nh; h++)
            m |= (uint64_t)(p->count[h] >= least) << h;
        m &= owned_mask(r, p, mover) & ~p->out_of_play;
        if (!m || !r->dirs_const)
            return 0;
        if (any_only && !r->sow.relay && !musts) {
            int h = ctz64(m);
            out[0] = (Move){ MV_SOW, (uint8_t)h, r->dirs_const & (1 << DIR_CW) ? DIR_CW : DIR_CCW,
                             0, 0, 0 };
            return 1;
        }
        const int both = r->dirs_const == ((1 << DIR_CW) | (1 << DIR_CCW));
        for (; m; m &= m - 1) {
            int h = ctz64(m);
            if (r->dirs_const & (1 << DIR_CW))
                out[n++] = (Move){ MV_SOW, (uint8_t)h, DIR_CW, (uint8_t)both, 0, 0 };
            if (r->dirs_const & (1 << DIR_CCW))
                out[n++] = (Move){ MV_SOW, (uint8_t)h, DIR_CCW, (uint8_t)both, 0, 0 };
        }
    } else {
        uint64_t own = r->from_min >= 0 ? owned_mask(r, p, mover) : mask_n(r->nholes);
        for (int h = 0; h < r->nholes; h++) {
            if (!p->count[h] || ((p->out_of_play >> h) & 1) || !((own >> h) & 1))
                continue;
            cx.hole = h;
            if (r->from_min >= 0 ? p->count[h] < r->from_min : !ex_true(&r->from, &cx))
                continue;
            int cw = r->dir_cw.code && ex_true(&r->dir_cw, &cx);
            int ccw = r->dir_ccw.code && ex_true(&r->dir_ccw, &cx);
            if (cw)
                out[n++] = (Move){ MV_SOW, (uint8_t)h, DIR_CW, (uint8_t)ccw, 0, 0 };
            if (ccw)
                out[n++] = (Move){ MV_SOW, (uint8_t)h, DIR_CCW, (uint8_t)cw, 0, 0 };
        }
        cx.hole = NO_HOLE;
    }
    /* Only relay sowings can be endless; only `must` rules that apply here
     * look at results. Otherwise no move needs a trial. */
    if (!n || (!r->sow.relay && !musts))
        return n;

    /* Trial: drop endless moves, then apply the `must` filters. A spill
     * rule that reads neither the move nor a mark it sets is the same for
     * every move: decided once. */
    int spill = -1;
    if (r->sow.spill.code && !(r->sow.spill.uses & CX_START) && r->mark_flag < 0)
        spill = ex_true(&r->sow.spill, &cx);
    Position after[MAX_MOVES / 8];
    MoveInfo info[MAX_MOVES / 8];
    int cap = (int)(sizeof after / sizeof *after);
    int k = 0;
    /* the sowings of a full move list are kept for the move played next */
    int keep_trials = !musts && !any_only && n <= TRIAL_KEEP;
    if (keep_trials) {
        trials.serial = r->serial;
        trials.src = *p;
        trials.n = 0;
    }
    for (int i = 0; i < n; i++) {
        Position tmp, *q = keep_trials ? &trials.after[i] : &tmp;
        *q = *p;
        MoveInfo mi;
        sow_move(r, q, &out[i], mover, spill, musts != 0, &mi);
        if (keep_trials) {
            trials.mv[i] = out[i];
            trials.info[i] = mi;
            trials.n = i + 1;
        }
        if (mi.endless)
            continue;
        if (any_only && !r->nmust) {
            out[0] = out[i];
            return 1;
        }
        if (musts && k < cap) {
            after[k] = *q;
            info[k] = mi;
        }
        out[k++] = out[i];
    }
    if (keep_trials && interrupted)
        trials.n = 0;   /* cut short: not real sowings */
    n = k;
    cx.hole = NO_HOLE;
    for (int m = 0; m < r->nmust && n > 0; m++) {
        const MustRule *mr = &r->must[m];
        if (!((musts >> m) & 1))
            continue;
        int keep[MAX_MOVES / 8], kept = 0;
        for (int i = 0; i < n; i++) {
            ExCtx ax;
            ctx_after(&ax, r, &after[i], &info[i]);
            keep[i] = ex_true(&mr->keep, &ax);
            kept += keep[i];
        }
        if (kept == 0) {
            if (mr->otherwise == MUST_END) {
                *mustend = mr;
                return 0;
            }
            continue;
        }
        k = 0;
        for (int i = 0; i < n; i++) {
            if (!keep[i])
                continue;
            out[k] = out[i];
            after[k] = after[i];
            info[k] = info[i];
            k++;
        }
        n = k;
    }
    return n;
}

static int gen_opening(const Rules *r, const Position *p, Move *out)
{
    int n = 0;
    ExCtx cx;
    ctx_init(&cx, r, p, p->to_move);
    for (int h = 0; h < r->nholes; h++) {
        if (!p->count[h])
            continue;
        cx.hole = h;
        if (!ex_true(&r->opening_from, &cx))
            continue;
        Position q = *p;
        MoveInfo mi;
        sow_opening(r, &q, h, p->to_move, &mi);
        if (!mi.endless)
            out[n++] = (Move){ MV_SOW, (uint8_t)h, (uint8_t)r->opening_dir, 0, 0, 0 };
    }
    return n;
}

static int gen_fill(const Rules *r, const Position *p, Move *out)
{
    int player = p->to_move, own;
    int k = fill_count(r, p, player, &own);
    uint64_t m = owned_mask(r, p, player);
    int idx[MAX_HOLES], ni = 0;
    for (int h = 0; h < r->nholes; h++)
        if ((m >> h) & 1)
            idx[ni++] = h;
    /* combinations of k among ni, in lexicographic order */
    int c[MAX_HOLES], n = 0;
    for (int i = 0; i < k; i++)
        c[i] = i;
    for (;;) {
        if (n >= MAX_MOVES)
            break;
        uint64_t set = 0;
        for (int i = 0; i < k; i++)
            set |= bit(idx[c[i]]);
        out[n++] = (Move){ MV_FILL, 0, 0, 0, 0, set };
        int i = k - 1;
        while (i >= 0 && c[i] == ni - k + i)
            i--;
        if (i < 0)
            break;
        c[i]++;
        for (int j = i + 1; j < k; j++)
            c[j] = c[j - 1] + 1;
    }
    return n;
}

int vm_moves(const Rules *r, const Position *p, Move *out)
{
    if (p->over)
        return 0;
    switch (p->phase) {
    case PH_OPENING:
        return gen_opening(r, p, out);
    case PH_FIRST:
        out[0] = (Move){ MV_FIRST, 0, SOUTH, 0, 0, 0 };
        out[1] = (Move){ MV_FIRST, 0, NORTH, 0, 0, 0 };
        return 2;
    case PH_FILL:
        return gen_fill(r, p, out);
    default: {
        const MustRule *me;
        return gen_sow(r, p, out, &me, 0);
    }
    }
}

/* ---- repetition ------------------------------------------------------- */

static inline uint64_t mix64(uint64_t h, uint64_t v)
{
    h = (h ^ v) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
}

/* Over what pos_same compares; the counts four at a time. */
uint64_t pos_hash(const Rules *r, const Position *p)
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

int pos_same(const Rules *r, const Position *a, const Position *b)
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

/* Records `p`; returns how often it has now occurred this round. */
static int hist_push(const Rules *r, History *h, const Position *p)
{
    if (h->n == h->cap) {
        int cap = h->cap ? h->cap * 2 : 64;
        Position *np = realloc(h->pos, (size_t)cap * sizeof *np);
        if (!np) {
            h->oom = 1;
            return 1;
        }
        h->pos = np;
        uint64_t *nh = realloc(h->hash, (size_t)cap * sizeof *nh);
        if (!nh) {
            h->oom = 1;
            return 1;
        }
        h->hash = nh;
        h->cap = cap;
    }
    /* While play is on, seeds only go into stores or out of the game, so
     * once their sum grows no earlier position can come back: forget
     * them (phases before play, such as setup choices, never return in a
     * round either). */
    if (h->n > h->base && p->phase == PH_PLAY) {
        const Position *q = &h->pos[h->n - 1];
        if (q->phase == PH_PLAY && (int64_t)p->store[0] + p->store[1] + p->removed >
                                       (int64_t)q->store[0] + q->store[1] + q->removed) {
            if (h->compact)
                h->n = 0;
            h->base = h->n;
        }
    }
    uint64_t k = pos_hash(r, p);
    int seen = 1;
    for (int i = h->base; i < h->n; i++)
        if (h->hash[i] == k && pos_same(r, &h->pos[i], p))
            seen++;
    h->pos[h->n] = *p;
    h->hash[h->n] = k;
    h->n++;
    return seen;
}

/* ---- advancing to the next decision ----------------------------------- */

/* The opening is made (or skipped): who decides next. */
static void after_opening(const Rules *r, Position *p, int opener)
{
    if (r->first_chooser >= 0) {
        p->phase = PH_FIRST;
        p->to_move = (uint8_t)r->first_chooser;
    } else {
        p->phase = PH_PLAY;
        p->to_move = (uint8_t)!opener;
    }
}

/* Runs what needs no decision, up to the next decision or the end. With
 * `out`, also lists the legal decisions there and returns how many (the
 * move generation this needs anyway, not repeated by the caller). */
static int advance(const Rules *r, Position *p, History *h, Move *out)
{
    int known = -1;   /* moves listed in `out` for p as it is now */
    /* Each pass either reaches a decision or ends a game; a match has at
     * most max_rounds games, so this loop ends. */
    for (int guard = 0; guard < 4 * (r->max_rounds + 2); guard++) {
        known = -1;
        if (p->over)
            return 0;
        if (p->phase == PH_OPENING) {
            /* no opening sowing is possible (no seeds where `from` allows,
             * or only endless ones): the opening is skipped */
            Move tmp[MAX_MOVES];
            int n = gen_opening(r, p, out ? out : tmp);
            if (n == 0) {
                after_opening(r, p, p->to_move);
                continue;
            }
            if (out)
                known = n;
        }
        if (p->phase == PH_PLAY) {
            Move tmp[MAX_MOVES];
            const MustRule *me = NULL;
            int n = gen_sow(r, p, out ? out : tmp, &me, !out);
            if (out)
                known = n;
            if (n == 0) {
                if (me) {
                    /* `seeds: mover` here means the player who could not move */
                    end_game(r, p, resolve(me->seeds, p->to_move), END_MUST, WIN_NONE, h);
                    continue;
                }
                if (r->no_moves_loses) {
                    end_game(r, p, RCV_STAY, END_NO_MOVES, !p->to_move, h);
                    continue;
                }
                ExCtx cx;
                ctx_init(&cx, r, p, p->to_move);
                if (ex_true(&r->no_moves_pass, &cx)) {
                    Position q = *p;
                    q.to_move = !p->to_move;
                    const MustRule *me2 = NULL;
                    if (gen_sow(r, &q, tmp, &me2, 1) > 0) {
                        p->to_move = q.to_move;
                        known = -1;
                        /* a pass is not a decision: fall through to record */
                    } else {
                        end_game(r, p, resolve(r->no_moves_seeds, p->to_move), END_BLOCKED, WIN_NONE, h);
                        continue;
                    }
                } else {
                    end_game(r, p, resolve(r->no_moves_seeds, p->to_move), END_NO_MOVES, WIN_NONE, h);
                    continue;
                }
            }
        }
        if (h && r->repetition >= 2 && hist_push(r, h, p) >= r->repetition) {
            end_game(r, p, resolve(r->repetition_seeds, p->to_move), END_REPETITION, WIN_NONE, h);
            continue;
        }
        if (!out)
            return 0;
        return known >= 0 ? known : vm_moves(r, p, out);
    }
    return out && !p->over ? vm_moves(r, p, out) : 0;
}

void vm_initial(const Rules *r, Position *p, History *h)
{
    memset(p, 0, sizeof *p);
    memcpy(p->count, r->initial, sizeof p->count);
    p->north_owned = rules_north_holes(r);
    p->round = 1;
    p->starter = SOUTH;
    p->to_move = SOUTH;
    p->last_mover = NORTH;
    p->winner = WIN_NONE;
    p->phase = PH_PLAY;
    if (r->has_opening) {
        p->phase = PH_OPENING;
        p->to_move = (uint8_t)r->opening_by;
        p->starter = (uint8_t)r->opening_by;
        p->last_mover = (uint8_t)!r->opening_by;
    }
    if (h)
        h->base = h->n;
    advance(r, p, h, NULL);
}

void vm_settle(const Rules *r, Position *p, History *h)
{
    advance(r, p, h, NULL);
}

void vm_play(const Rules *r, Position *p, const Move *m, History *h)
{
    vm_play_moves(r, p, m, h, NULL);
}

int vm_play_moves(const Rules *r, Position *p, const Move *mp, History *h, Move *next)
{
    const Move mv = *mp, *m = &mv;   /* mp may point into next */
    int mover = p->to_move;
    switch (m->kind) {
    case MV_FIRST:
        p->phase = PH_PLAY;
        p->last_mover = (uint8_t)mover;
        p->to_move = m->dir;
        break;
    case MV_FILL:
        fill_holes(r, p, mover, m->holes);
        p->last_mover = (uint8_t)mover;
        fill_next(p, r);
        break;
    case MV_SOW:
    default:
        if (p->phase == PH_OPENING) {
            MoveInfo mi;
            sow_opening(r, p, m->hole, mover, &mi);
            p->last_mover = (uint8_t)mover;
            after_opening(r, p, mover);
            break;
        }
        MoveInfo mi;
        if (sow_kept(r, p, m, &mi))
            capture(r, p, &mi);
        else
            sow_move(r, p, m, mover, -1, 1, &mi);
        p->last_mover = (uint8_t)mover;
        ExCtx cx;
        ctx_after(&cx, r, p, &mi);
        int extra = r->extra_turn.code && ex_true(&r->extra_turn, &cx);
        for (int i = 0; i < r->nends; i++) {
            if (ex_true(&r->ends[i].when, &cx)) {
                p->to_move = (uint8_t)(extra ? mover : !mover);
                end_game(r, p, resolve(r->ends[i].seeds, mover), END_RULE, WIN_NONE, h);
                return advance(r, p, h, next);
            }
        }
        p->to_move = (uint8_t)(extra ? mover : !mover);
        break;
    }
    return advance(r, p, h, next);
}

/* ---- tokens ----------------------------------------------------------- */

int vm_token(const Rules *r, const Move *m, char *buf, size_t n)
{
    switch (m->kind) {
    case MV_FIRST:
        return snprintf(buf, n, "first:%s", m->dir ? "north" : "south");
    case MV_FILL: {
        size_t len = (size_t)snprintf(buf, n, "fill:");
        int any = 0;
        for (int h = 0; h < r->nholes && len < n; h++)
            if ((m->holes >> h) & 1) {
                len += (size_t)snprintf(buf + len, n - len, "%s%d", any ? "," : "", h + 1);
                any = 1;
            }
        return (int)len;
    }
    default:
        return snprintf(buf, n, "%d%s", m->hole + 1, m->show_dir ? (m->dir == DIR_CW ? "cw" : "ccw") : "");
    }
}

int vm_find(const Rules *r, const Move *moves, int n, const char *tok)
{
    char buf[256];
    for (int i = 0; i < n; i++) {
        vm_token(r, &moves[i], buf, sizeof buf);
        if (strcmp(buf, tok) == 0)
            return i;
    }
    return -1;
}

long pos_seed_total(const Rules *r, const Position *p)
{
    long t = (long)p->store[0] + p->store[1] + p->removed;
    for (int i = 0; i < r->nholes; i++)
        t += p->count[i];
    return t;
}

/* ---- perft ------------------------------------------------------------ */

/* perft below `p`, whose `n` legal moves are `moves`. */
static uint64_t perft_from(const Rules *r, const Position *p, const Move *moves, int n, History *h,
                           int depth)
{
    if (depth == 1 || n == 0)
        return depth == 1 ? (uint64_t)n : 0;
    uint64_t total = 0;
    Move next[MAX_MOVES];
    for (int i = 0; i < n; i++) {
        Position q = *p;
        int saved_n = h ? h->n : 0, saved_base = h ? h->base : 0;
        int k = vm_play_moves(r, &q, &moves[i], h, next);
        total += perft_from(r, &q, next, k, h, depth - 1);
        if (h) {
            h->n = saved_n;
            h->base = saved_base;
        }
    }
    return total;
}

uint64_t vm_perft(const Rules *r, const Position *p, History *h, int depth)
{
    if (depth == 0)
        return 1;
    Move moves[MAX_MOVES];
    int n = vm_moves(r, p, moves);
    return perft_from(r, p, moves, n, h, depth);
}

const char *phase_name(int phase)
{
    static const char *const names[PH_COUNT] = { "play", "opening", "first", "fill" };
    return (unsigned)phase < PH_COUNT ? names[phase] : "?";
}

const char *end_name(int end)
{
    static const char *const names[END_COUNT] = { NULL, "rule", "no-moves", "blocked", "must",
        "repetition", "match", "max-rounds" };
    return (unsigned)end < END_COUNT ? names[end] : NULL;
}
