/* movegen.c: the legal decisions of a position: sowing moves (candidates
 * from `moves.from` and `direction`, then trial sowings where a move could
 * be endless or a `must` rule looks at results; with the steps,
 * placements, store sowings and selections of moveother.c), opening
 * moves, first player choices and fill choices. */
#include <stddef.h>
#include <stdlib.h>

#include "engine.h"

/* ---- candidates ------------------------------------------------------------ */

/* A sowing move. On a little-endian machine as two words: writing a
 * Move field by field costs more (move lists are written every ply). */
static inline void put_sow(Move *out, int h, int dir, int show_dir)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    _Static_assert(offsetof(Move, hole) == 1 && offsetof(Move, dir) == 2 && offsetof(Move, show_dir) == 3 &&
                   offsetof(Move, holes) == 8 && sizeof(Move) == 16, "the layout put_sow writes");
    uint64_t w = (uint64_t)MV_SOW | (uint64_t)h << 8 | (uint64_t)dir << 16 | (uint64_t)show_dir << 24, z = 0;
    memcpy(out, &w, sizeof w);
    memcpy((char *)out + sizeof w, &z, sizeof z);
#else
    *out = (Move){ MV_SOW, (uint8_t)h, (uint8_t)dir, (uint8_t)show_dir, 0, 0 };
#endif
}

/* The sowing moves from the holes of m, in the plan's directions. */
#define PUT_SOWS(M, CTZ)                                            \
    do {                                                            \
        switch (pl->dirs) {                                         \
        case 1 << DIR_CCW:                                          \
            for (; M; M &= M - 1)                                   \
                put_sow(&out[n++], CTZ(M), DIR_CCW, 0);             \
            break;                                                  \
        case 1 << DIR_CW:                                           \
            for (; M; M &= M - 1)                                   \
                put_sow(&out[n++], CTZ(M), DIR_CW, 0);              \
            break;                                                  \
        case (1 << DIR_CW) | (1 << DIR_CCW):                        \
            for (; M; M &= M - 1) {                                 \
                put_sow(&out[n++], CTZ(M), DIR_CW, 1);              \
                put_sow(&out[n++], CTZ(M), DIR_CCW, 1);             \
            }                                                       \
            break;                                                  \
        default:                                                    \
            break;                                                  \
        }                                                           \
    } while (0)

/* gen_by_mask on a board of more than 64 holes: 128-bit masks, kept out
 * of the usual case's way. */
static NOINLINE int gen_by_mask_wide(const Rules *r, const Position *p, int mover, Move *out)
{
    const Plan *pl = &r->plan;
    const int least = pl->from_min > 1 ? pl->from_min : 1;
    const Geometry *g = &r->geo;
    int n = 0;
    const Mask own = owned_mask(r, p, mover) & ~p->out_of_play & g->track_mask[mover];
    Mask m = own == g->side_run[mover]
                 ? at_least(p->count + g->side_first[mover], g->side_len[mover], least) << g->side_first[mover]
                 : at_least(p->count, r->nholes, least) & own;
    PUT_SOWS(m, ctz_mask);
    return n;
}

/* Own holes in play with at least from_min seeds (and one), in both
 * constant directions (Plan.moves_by_mask). Boards of up to 64 holes (all
 * but a few) in 64-bit masks. */
int gen_by_mask(const Rules *r, const Position *p, int mover, Move *out)
{
    if (r->nholes > 64)
        return gen_by_mask_wide(r, p, mover, out);
    const Plan *pl = &r->plan;
    const int least = pl->from_min > 1 ? pl->from_min : 1;
    const Geometry *g = &r->geo;
    int n = 0;
    /* the holes owned, in play and on the mover's track (a subset of the
     * board); where that is the mover's own side, a run of numbers, as
     * holes are owned at the start: only its counts */
    const uint64_t lo = (uint64_t)p->owner[0], hi = (uint64_t)p->owner[1];   /* hi: 0 of two players */
    const uint64_t own = (mover & 1 ? lo : ~lo) & (mover & 2 ? hi : ~hi) & ~(uint64_t)p->out_of_play &
                         (uint64_t)g->track_mask[mover];
    uint64_t m = own == (uint64_t)g->side_run[mover]
                     ? at_least64(p->count + g->side_first[mover], g->side_len[mover], least) << g->side_first[mover]
                     : at_least64(p->count, r->nholes, least) & own;
    PUT_SOWS(m, __builtin_ctzll);
    return n;
}
#undef PUT_SOWS

/* Every hole with seeds (or a large stone), in play, where `from` holds,
 * in each direction its condition allows. */
static int candidates(const Rules *r, const Position *p, ExCtx *cx, Move *out)
{
    int n = 0;
    /* a steered lap goes anywhere on the board, off the mover's track too */
    Mask skip = p->out_of_play | (r->sow.steer.code ? 0 : ~r->geo.track_mask[cx->mover]);
    if (r->plan.from_owned)   /* `from` needs the mover's hole */
        skip |= ~owned_mask(r, p, cx->mover);
    cx->dir = r->from_dir;   /* for next() and prev() in `from` */
    for (int h = 0; h < r->nholes; h++) {
        if ((!p->count[h] && !hole_stones(r, p, h)) || has_hole(skip, h))
            continue;
        cx->hole = h;
        if (!ex_true(&r->from, cx))
            continue;
        int cw = r->dir_cw.code && ex_true(&r->dir_cw, cx);
        int ccw = r->dir_ccw.code && ex_true(&r->dir_ccw, cx);
        if (cw)
            put_sow(&out[n++], h, DIR_CW, ccw);
        if (ccw)
            put_sow(&out[n++], h, DIR_CCW, cw);
    }
    cx->hole = NO_HOLE;
    return n;
}

/* ---- trials ------------------------------------------------------------------ */

/* `p` as a decision made there is played: flow_play counts the decision
 * (`plies`) before it sows, and a trial must see what the move will. */
static inline Position as_played(const Position *p)
{
    Position q = *p;
    if (q.plies < UINT16_MAX)
        q.plies++;
    return q;
}

/* Keeps only the moves whose results the `must` rules in `musts` (bit m:
 * rule m applies) accept; *mustend: the rule that ends the game for lack
 * of a move. Returns how many are left. */
static int must_filter(const Rules *r, unsigned musts, Move *out, Position *after, SowInfo *info, int n,
                       const MustRule **mustend)
{
    for (int m = 0; m < r->nmust && n > 0; m++) {
        const MustRule *mr = &r->must[m];
        if (!((musts >> m) & 1))
            continue;
        int keep[MAX_MOVES], kept = 0;
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
        int k = 0;
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


/* Sows m from p into *q, a copy as played, without the captures: a
 * sowing move, the sowing of the hand (TRY_HAND) or a step that sows on
 * (TRY_STEP). */
static void try_sow(Vm *vm, const Position *p, const Move *m, int kind, Position *q, SowInfo *si)
{
    *q = as_played(p);
    if (kind == TRY_HAND)
        sow_hand(vm, q, m, p->to_move, 0, si);
    else if (kind == TRY_STEP)
        sow_step(vm, q, m, p->to_move, 0, si);
    else if (kind == TRY_PLACE)
        sow_place(vm, q, m, p->to_move, 0, si);
    else
        sow_move(vm, q, m, p->to_move, -1, 0, si);
}

/* The n moves of out[] (of a kind TRY_*) whose sowing ends, kept in
 * order; returns how many. */
int drop_endless(Vm *vm, const Position *p, Move *out, int n, int kind)
{
    int k = 0;
    vm->quiet++;
    for (int i = 0; i < n; i++) {
        Position q;
        SowInfo si;
        try_sow(vm, p, &out[i], kind, &q, &si);
        if (!si.endless)
            out[k++] = out[i];
    }
    vm->quiet--;
    return k;
}

/* The stopped versions of an endless move m (stops chances met before
 * the repeat was found) whose results differ from the position it starts
 * from and from those of the earlier ones, appended at out[k]: the
 * chances before the relay first repeats (coming back to where it began
 * is a repeat too: such a stop would change nothing). */
static int stop_distinct(Vm *vm, const Position *p, const Move *m, int stops, Move *out, int k, int room,
                         int hand)
{
    Position seen[MAX_RELAY_STOPS + 1];
    seen[0] = as_played(p);
    int nseen = 1;
    for (int s = 1; s <= stops && s <= MAX_RELAY_STOPS && k < room; s++) {
        Move v = *m;
        v.arg = (uint32_t)s;
        Position q;
        SowInfo si;
        try_sow(vm, p, &v, hand ? TRY_HAND : TRY_SOW, &q, &si);
        int dup = 0;
        for (int j = 0; j < nseen && !dup; j++)
            dup = !memcmp(&seen[j], &q, sizeof q);
        if (dup)
            break;   /* the relay has come round: every later chance repeats one */
        seen[nseen++] = q;
        out[k++] = v;
    }
    return k;
}

/* relay-stop: each of the n moves in out[] (sowings, or sowings of the
 * hand if `hand`) followed by one move for each chance its relay gives to
 * stop (Move.arg 1, 2, ..., at most MAX_RELAY_STOPS), found by sowing it
 * once without stopping; at most `room` moves in all. Returns how many. */
static int stop_variants(Vm *vm, const Position *p, Move *out, int n, int room, int hand)
{
    Move base[MAX_MOVES];
    memcpy(base, out, (size_t)n * sizeof *out);
    int k = 0;
    vm->quiet++;
    for (int i = 0; i < n && k < room; i++) {
        Position q;
        SowInfo si;
        try_sow(vm, p, &base[i], hand ? TRY_HAND : TRY_SOW, &q, &si);
        out[k++] = base[i];
        if (si.endless) {   /* chances met once the relay repeats give positions already offered */
            k = stop_distinct(vm, p, &base[i], si.stops, out, k, room, hand);
            continue;
        }
        for (int s = 1; s <= si.stops && s <= MAX_RELAY_STOPS && k < room; s++) {
            out[k] = base[i];
            out[k++].arg = (uint32_t)s;
        }
    }
    vm->quiet--;
    return k;
}

/* moves.lift (`group` 0) and moves.per-hole (`group` 1): each of the n
 * candidates in out[] once for each number the mover may choose, `min`
 * to `max` cut to 1..the seeds there (per-hole: the seeds the move lifts;
 * with `divides` only numbers that divide them; none if min > max): the
 * seeds lifted in Move.holes, the seeds a place in Move.arg; at most
 * `room` moves in all. Returns how many. */
static int number_variants(const Rules *r, const Position *p, ExCtx *cx, Move *out, int n, int room, int group)
{
    const Expr *min = group ? &r->group_min : &r->lift_min, *max = group ? &r->group_max : &r->lift_max;
    Move base[MAX_MOVES];
    memcpy(base, out, (size_t)n * sizeof *out);
    int k = 0;
    for (int i = 0; i < n && k < room; i++) {
        const int most = group && base[i].holes ? (int)base[i].holes : p->count[base[i].hole];
        cx->hole = base[i].hole;
        int64_t lo = ex_eval(min, cx), hi = ex_eval(max, cx);
        lo = lo < 1 ? 1 : lo;
        hi = hi > most ? most : hi;
        for (int64_t a = lo; a <= hi && k < room; a++) {
            if (group && r->group_divides && most % a)
                continue;
            out[k] = base[i];
            if (group)
                out[k++].arg |= (uint32_t)a << MC_MOVE_GROUP_SHIFT;
            else
                out[k++].holes = (uint64_t)a;
        }
    }
    cx->hole = NO_HOLE;
    return k;
}

/* moves.choice: each of the n candidates in out[] followed by the same
 * move made with the choice (Move.arg MOVE_CHOICE) where `where` holds
 * for its hole; at most `room` moves in all. Returns how many. */
static int choice_variants(const Rules *r, ExCtx *cx, Move *out, int n, int room)
{
    Move base[MAX_MOVES];
    memcpy(base, out, (size_t)n * sizeof *out);
    int k = 0;
    for (int i = 0; i < n && k < room; i++) {
        out[k++] = base[i];
        cx->hole = base[i].hole;
        if (k < room && ex_true(&r->choice_where, cx)) {
            out[k] = base[i];
            out[k++].arg |= MOVE_CHOICE;
        }
    }
    cx->hole = NO_HOLE;
    return k;
}

/* Sows each candidate on a copy: drops the endless ones, keeps the
 * results for the `must` rules, and (keep) the sowings for the move
 * played next. Returns how many candidates are left. */
static int trials(Vm *vm, const Position *p, Move *out, int n, unsigned musts, int spill, int first_only,
                  int keep, Position *after, SowInfo *info)
{
    const Rules *r = vm->r;
    Trials *t = &vm->trials;
    const Position src = as_played(p);
    if (keep) {
        t->src = src;
        t->n = 0;
    }
    int k = 0;
    vm->quiet++;
    for (int i = 0; i < n; i++) {
        Position tmp, *q = keep ? &t->after[i] : &tmp;
        *q = src;
        SowInfo si;
        if (out[i].kind == MV_STORE)   /* a sowing from the store (moves.store) */
            sow_store(vm, q, &out[i], p->to_move, musts != 0, &si);
        else
            sow_move(vm, q, &out[i], p->to_move, spill, musts != 0, &si);
        if (keep) {
            t->mv[i] = out[i];
            t->info[i] = si;
            t->n = i + 1;
        }
        if (si.endless)
            continue;
        if (first_only && !r->nmust) {
            out[0] = out[i];
            k = 1;
            break;
        }
        if (musts) {
            after[k] = *q;
            info[k] = si;
        }
        out[k++] = out[i];
    }
    vm->quiet--;
    if (vm->status != MC_OK)
        t->n = 0;   /* cut short: not real sowings */
    return k;
}

unsigned gen_musts(const Rules *r, const ExCtx *cx)
{
    unsigned musts = 0;
    for (int m = 0; m < r->nmust; m++)
        if (!r->must[m].when.code || ex_true(&r->must[m].when, cx))
            musts |= 1u << m;
    return musts;
}

/* The trials and the `must` filters of a list of `n` candidates, out of
 * line: their arrays (tens of kilobytes) stay off the stack of the usual
 * move generation. */
static NOINLINE int filter(Vm *vm, const Position *p, Move *out, int n, unsigned musts, int spill,
                           int first_only, const MustRule **mustend)
{
    Position after_here[MAX_MOVES / 8];
    SowInfo info_here[MAX_MOVES / 8];
    Position *after = after_here;
    SowInfo *info = info_here;
    if (musts && n > MAX_MOVES / 8) {
        /* more results to keep than the stack holds (a number of seeds
         * chosen, moves.lift or moves.store: up to MAX_MOVES moves) */
        after = malloc((size_t)n * sizeof *after);
        info = malloc((size_t)n * sizeof *info);
        if (!after || !info) {
            free(after);
            free(info);
            vm_fail(vm, MC_ENOMEM);
            return 0;
        }
    }
    int keep = vm->r->plan.keep_trials && !musts && !first_only && n <= TRIAL_KEEP;
    n = trials(vm, p, out, n, musts, spill, first_only, keep, after, info);
    n = must_filter(vm->r, musts, out, after, info, n, mustend);
    if (after != after_here) {
        free(after);
        free(info);
    }
    return n;
}

/* Does moves.place apply to the player to move? (He has seeds in
 * reserve, and `when` holds if given.) */
static int places_now(const Rules *r, const Position *p, const ExCtx *cx)
{
    return r->has_place && p->reserve[p->to_move] > 0 && (!r->place_when.code || ex_true(&r->place_when, cx));
}

int gen_sow(Vm *vm, const Position *p, Move *out, const MustRule **mustend, int first_only)
{
    const Rules *r = vm->r;
    const Plan *pl = &r->plan;
    *mustend = NULL;
    first_only &= pl->first_only;
    ExCtx cx;
    ctx_init(&cx, r, p, p->to_move);
    int places = places_now(r, p, &cx);
    if (places && !r->place_also) {
        int n = gen_places(vm, p, &cx, out, MAX_MOVES);
        return first_only && n ? 1 : n;
    }
    int selects = r->has_select && ex_true(&r->select_when, &cx);
    if (selects && !r->select_also) {
        int n = gen_selects(r, p, &cx, out, MAX_MOVES);
        return first_only && n ? 1 : n;
    }
    /* moves.store: the first entry that applies without `also` gives the
     * only moves; those with `also` come after the sowings */
    unsigned stores = 0;   /* bit e: entry e of moves.store applies here */
    int only = -1;
    for (int e = 0; e < r->nstore_moves && only < 0; e++)
        if (stores_now(r, p, &cx, e)) {
            if (!r->store_moves[e].also)
                only = e;
            stores |= 1u << e;
        }
    int steps = only < 0 && r->has_steps && ex_true(&r->step_when, &cx);
    if (steps && !r->step_also) {
        int n = gen_steps(vm, p, &cx, out, MAX_MOVES);
        return first_only && n ? 1 : n;
    }
    unsigned musts = r->nmust ? gen_musts(r, &cx) : 0;   /* bit m: must rule m applies here */
    int n = 0;
    if (only < 0) {
        n = pl->moves_by_mask ? gen_by_mask(r, p, p->to_move, out) : candidates(r, p, &cx, out);
        if (n && r->lift_min.code)   /* the seeds lifted, chosen */
            n = number_variants(r, p, &cx, out, n, MAX_MOVES, 0);
        if (n && r->group_min.code)   /* the seeds dropped a place, chosen */
            n = number_variants(r, p, &cx, out, n, MAX_MOVES, 1);
        if (n && r->has_choice)   /* each also made with the mover's choice */
            n = choice_variants(r, &cx, out, n, MAX_MOVES);
        if (n && r->sow.relay_stop.code)
            n = stop_variants(vm, p, out, n, MAX_MOVES, 0);
    }
    for (int e = 0; e < r->nstore_moves; e++)   /* the sowings from the store */
        if ((stores >> e & 1) && (only < 0 || e == only))
            n += gen_stores(r, p, &cx, e, out + n, MAX_MOVES - n);
    /* Only relay sowings can be endless; only `must` rules that apply here
     * look at results. Otherwise no move needs a trial. */
    if (n && ((r->sow.laps == LAPS_RELAY && !r->sow.steer.code) || musts)) {
        /* a spill rule that reads neither the move nor a mark it sets is
         * the same for every move: decided once */
        int spill = pl->spill_once && r->sow.spill.code ? ex_true(&r->sow.spill, &cx) : -1;
        n = filter(vm, p, out, n, musts, spill, first_only && !steps, mustend);
    }
    if (only >= 0)
        return first_only && n ? 1 : n;
    if (steps)   /* the steps besides the sowings (step.also) */
        n += gen_steps(vm, p, &cx, out + n, MAX_MOVES - n);
    if (places)   /* the placements besides them (place.also) */
        n += gen_places(vm, p, &cx, out + n, MAX_MOVES - n);
    if (selects)   /* the selections besides them (select.also) */
        n += gen_selects(r, p, &cx, out + n, MAX_MOVES - n);
    return first_only && n ? 1 : n;
}

int gen_kept(Vm *vm, Position *p, const Move *m, SowInfo *si)
{
    const Trials *t = &vm->trials;
    if (!t->n || memcmp(&t->src, p, sizeof *p) != 0)
        return 0;
    for (int i = 0; i < t->n; i++)
        if (t->mv[i].kind == m->kind && t->mv[i].hole == m->hole && t->mv[i].dir == m->dir &&
            t->mv[i].arg == m->arg && t->mv[i].holes == m->holes && !t->info[i].endless) {
            *p = t->after[i];
            *si = t->info[i];
            return 1;
        }
    return 0;
}

/* ---- other decisions ------------------------------------------------------------ */

/* A decision of `kind` for each hole in play outside `skip` where `where`
 * holds (`hole`, `mover` the player to move; absent: his own holes). */
static int holes_where(const Rules *r, const Position *p, Mask skip, const Expr *where, int kind, Move *out)
{
    ExCtx cx;
    ctx_init(&cx, r, p, p->to_move);
    int n = 0;
    for (int h = 0; h < r->nholes; h++) {
        if (has_hole((p->out_of_play | skip), h))
            continue;
        cx.hole = h;
        if (!where->code ? pos_owner(p, h) == p->to_move : ex_true(where, &cx))
            out[n++] = (Move){ (uint8_t)kind, (uint8_t)h, 0, 0, 0, 0 };
    }
    return n;
}

int gen_place(Vm *vm, const Position *p, Move *out)
{
    return holes_where(vm->r, p, 0, &vm->r->setup_where, MV_PLACE, out);
}

int gen_mark(Vm *vm, const Position *p, Move *out)
{
    return holes_where(vm->r, p, rnd_marked(vm->r, p), &vm->r->setup_mark_where, MV_MARK, out);
}

int gen_hand(Vm *vm, const Position *p, Move *out)
{
    const Rules *r = vm->r;
    const Mask cw = p->hand_from[DIR_CW], ccw = p->hand_from[DIR_CCW];
    int n = 0;
    for (int h = 0; h < r->nholes; h++) {
        int a = (int)has_hole(cw, h), b = (int)has_hole(ccw, h);
        if (a)
            put_sow(&out[n++], h, DIR_CW, b);
        if (b)
            put_sow(&out[n++], h, DIR_CCW, a);
    }
    if (r->sow.laps != LAPS_RELAY)
        return n;
    if (r->sow.relay_stop.code)
        n = stop_variants(vm, p, out, n, MAX_MOVES, 1);
    return drop_endless(vm, p, out, n, TRY_HAND);   /* a relay from the hand may never end */
}

int gen_opening(Vm *vm, const Position *p, Move *out)
{
    const Rules *r = vm->r;
    int n = 0;
    ExCtx cx;
    ctx_init(&cx, r, p, p->to_move);
    vm->quiet++;
    for (int h = 0; h < r->nholes; h++) {
        if ((!p->count[h] && !hole_stones(r, p, h)) || !has_hole(r->geo.track_mask[p->to_move], h))
            continue;
        cx.hole = h;
        if (!ex_true(&r->opening_from, &cx))
            continue;
        Position q = as_played(p);
        SowInfo si;
        sow_opening(vm, &q, h, p->to_move, &si);
        if (!si.endless)
            out[n++] = (Move){ MV_SOW, (uint8_t)h, (uint8_t)r->opening_dir, 0, 0, 0 };
    }
    vm->quiet--;
    return n;
}

/* The choices of holes to fill: every set of k of the player's holes, in
 * lexicographic order. */
int gen_fill(Vm *vm, const Position *p, Move *out)
{
    const Rules *r = vm->r;
    int player = p->to_move, own;
    int k = rnd_fill_count(r, p, player, &own);
    Mask m = fill_mask(r, p, player);
    int idx[MAX_HOLES], ni = 0;
    for (int h = 0; h < r->nholes; h++)
        if (has_hole(m, h))
            idx[ni++] = h;
    int c[MAX_HOLES], n = 0;
    for (int i = 0; i < k; i++)
        c[i] = i;
    while (n < MAX_MOVES) {
        Mask set = 0;
        for (int i = 0; i < k; i++)
            set |= bit(idx[c[i]]);
        out[n++] = (Move){ .kind = MV_FILL, .holes = (uint64_t)set };   /* at most 24 holes */
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

/* moves.swap: the player to move may swap sides here (once a round). */
int swap_now(const Rules *r, const Position *p)
{
    if (!r->swap_when.code || p->phase != PH_PLAY || (p->sowed & SW_SWAPPED))
        return 0;
    ExCtx cx;
    ctx_init(&cx, r, p, p->to_move);
    return ex_true(&r->swap_when, &cx);
}

int with_swap(const Rules *r, const Position *p, Move *out, int n)
{
    if (n > 0 && n < MAX_MOVES && swap_now(r, p))   /* the pie rule, after the moves */
        out[n++] = (Move){ MV_SWAP, 0, 1, 0, 0, 0 };
    return n;
}

int gen_moves(Vm *vm, const Position *p, Move *out)
{
    if (vm->status != MC_OK)
        return vm->status;
    int n;
    const MustRule *me;
    if (p->over)
        return 0;
    switch (p->phase) {
    case PH_OPENING:
        n = gen_opening(vm, p, out);
        break;
    case PH_FIRST:
        out[0] = (Move){ MV_FIRST, 0, SOUTH, 0, 0, 0 };
        out[1] = (Move){ MV_FIRST, 0, NORTH, 0, 0, 0 };
        n = 2;
        break;
    case PH_FILL:
        n = gen_fill(vm, p, out);
        break;
    case PH_HAND:
        n = gen_hand(vm, p, out);
        break;
    case PH_STEER:
        n = gen_steer(vm, p, out);
        break;
    case PH_MARK:
        n = gen_mark(vm, p, out);
        break;
    case PH_PICK:   /* the holes he may pick, by number */
    case PH_PUT:    /* the holes he may put his hand into */
        n = 0;
        for (int h = 0; h < vm->r->nholes; h++)
            if (has_hole(p->hand_from[0], h))
                out[n++] = (Move){ p->phase == PH_PICK ? MV_PICK : MV_PUT, (uint8_t)h, 0, 0, 0, 0 };
        break;
    case PH_PLACE:
        n = gen_place(vm, p, out);
        break;
    case PH_LOT:   /* the lot falls to South, or to North */
        out[0] = (Move){ MV_LOT, 0, SOUTH, 0, 0, 0 };
        out[1] = (Move){ MV_LOT, 0, NORTH, 0, 0, 0 };
        n = 2;
        break;
    case PH_SWAP:
        out[0] = (Move){ MV_SWAP, 0, 0, 0, 0, 0 };   /* keep */
        out[1] = (Move){ MV_SWAP, 0, 1, 0, 0, 0 };   /* swap */
        n = 2;
        break;
    default:
        n = with_swap(vm->r, p, out, gen_sow(vm, p, out, &me, 0));
        break;
    }
    return vm->status != MC_OK ? vm->status : n;
}
