/* round.c: the end of a game or of a round of a match (the seeds left on
 * the board, the winner, match totals and whether the match is decided),
 * and the next round's setup: a reset, holes filled from holdings (by
 * choice or not), or holes redistributed by holdings. */
#include "engine.h"

/* match.share: what each player takes of the seeds of the kept holes as
 * a round ends, every amount worked out on the board as the play left
 * it, then taken (South's first; North's at most what South leaves). */
static void share(Vm *vm, Position *p)
{
    const Rules *r = vm->r;
    if (!r->match || !r->share.code)
        return;
    int64_t want[MAX_HOLES][2];
    ExCtx cx;
    ctx_init(&cx, r, p, p->last_mover);
    for (int h = 0; h < r->nholes; h++)
        for (int pl = 0; pl < 2 && has_hole(r->keep, h); pl++) {
            cx.hole = h;
            cx.player = pl;
            want[h][pl] = ex_eval(&r->share, &cx);
        }
    for (int h = 0; h < r->nholes; h++)
        for (int pl = 0; pl < 2 && has_hole(r->keep, h); pl++) {
            int64_t n = want[h][pl];
            n = n < 0 ? 0 : n > p->count[h] ? p->count[h] : n;
            p->count[h] = (uint16_t)(p->count[h] - n);
            cap_receive(vm, p, pl ? RCV_NORTH : RCV_SOUTH, h, (int)n, p->last_mover, 0);
        }
}

/* `to` takes the seeds left on the board (but the kept holes'); took[] gets what each player
 * took, *other what went elsewhere (removed). */
static void sweep(Vm *vm, Position *p, Receiver to, int32_t took[MAX_PLAYERS], int32_t *other)
{
    const Rules *r = vm->r;
    const Mask kept = r->match ? r->keep : 0;
    int32_t before[MAX_PLAYERS], rm = p->removed;
    memcpy(before, p->store, sizeof before);
    share(vm, p);
    if (to != RCV_STAY)
        for (int h = 0; h < r->nholes; h++) {
            int n = p->count[h];
            if (!n || has_hole(kept, h))
                continue;
            p->count[h] = 0;
            cap_receive(vm, p, to, h, n, p->last_mover, 0);
        }
    for (int pl = 0; pl < MAX_PLAYERS; pl++)
        took[pl] = p->store[pl] - before[pl];
    *other = p->removed - rm;
}

/* The player with the most seeds in his store, or a draw (WIN_DRAW)
 * where two or more have the most. */
static int most_seeds(const Rules *r, const Position *p)
{
    int best = 0, tie = 0;
    for (int pl = 1; pl < r->players; pl++) {
        if (p->store[pl] > p->store[best]) {
            best = pl;
            tie = 0;
        } else if (p->store[pl] == p->store[best]) {
            tie = 1;
        }
    }
    return tie ? WIN_DRAW : best;
}

/* A player's value of `e` (`match.score`, `match.points`). */
static int64_t score(const Rules *r, const Position *p, const Expr *e, int player)
{
    ExCtx cx;
    ctx_init(&cx, r, p, p->to_move);
    cx.player = player;
    return ex_eval(e, &cx);
}

/* What a finished round adds to each match total: the store, or the
 * round's `match.points`, within -MAX_SEEDS..MAX_SEEDS. */
static void add_totals(const Rules *r, Position *p)
{
    int64_t add[2] = { p->store[0], p->store[1] };
    if (r->match_points.code)
        for (int pl = 0; pl < 2; pl++) {
            add[pl] = score(r, p, &r->match_points, pl);
            add[pl] = add[pl] < -MAX_SEEDS ? -MAX_SEEDS : add[pl] > MAX_SEEDS ? MAX_SEEDS : add[pl];
        }
    p->total[0] += (int32_t)add[0];
    p->total[1] += (int32_t)add[1];
}

/* Reports the end of a game, round or match. */
static void ev_end(Vm *vm, const Position *p, EndReason why, const int32_t took[MAX_PLAYERS], int32_t other, int over)
{
    McEvent ev = { 0 };
    ev.kind = MC_EV_END;
    ev.player = p->last_mover;
    ev.reason = (uint8_t)why;
    ev.winner = p->winner;
    ev.match_over = (uint8_t)over;
    memcpy(ev.took, took, sizeof ev.took);
    ev.seeds = other;
    ev.n = why == END_RULE ? vm->end_rule : 0;
    ev.round = p->round;
    ev.hole = NO_HOLE;
    ev_send(vm, &ev);
}

/* ---- fills ------------------------------------------------------------------ */

void rnd_fill(Vm *vm, Position *p, int player, Mask chosen)
{
    const Rules *r = vm->r;
    Mask own = fill_mask(r, p, player), filled = 0;
    int paid = 0;
    for (int h = 0; h < r->nholes; h++) {
        if (!has_hole(own, h))
            continue;
        if (has_hole(chosen, h)) {
            p->count[h] = r->fill[h];
            filled |= bit(h);
            paid += r->fill[h];
        } else {
            p->count[h] = 0;
            p->out_of_play |= bit(h);
        }
    }
    if (r->fill_rest) {   /* what pays for no full hole goes into the next one, in play */
        int rest = p->store[player] - paid;
        for (int i = 0; i < r->nholes && rest > 0; i++) {
            int h = r->choose == CHOOSE_RIGHT ? r->nholes - 1 - i : i;
            if (has_hole(own, h) && !has_hole(filled, h)) {
                p->count[h] = (uint16_t)rest;
                p->out_of_play &= ~bit(h);
                filled |= bit(h);
                paid += rest;
                break;
            }
        }
    }
    p->store[player] -= paid;
    if (ev_on(vm)) {
        McEvent ev = { 0 };
        ev.kind = MC_EV_FILL;
        ev.player = (uint8_t)player;
        ev.mask = filled;
        ev.n = r->fill_seeds;
        ev.seeds = paid;
        ev.hole = NO_HOLE;
        ev_send(vm, &ev);
    }
}

/* Has `player` filled his holes for this round (some hold seeds or are
 * out of play)? */
static int has_filled(const Rules *r, const Position *p, int player)
{
    Mask m = fill_mask(r, p, player);
    if (m & p->out_of_play)
        return 1;
    for (int h = 0; h < r->nholes; h++)
        if (has_hole(m, h) && p->count[h])
            return 1;
    return 0;
}

/* The holes `player` can pay for (`fill-seeds` the same for all). */
static int can_fill(const Rules *r, const Position *p, int player, int own)
{
    int k = r->fill_seeds > 0 ? p->store[player] / r->fill_seeds : own;
    return k > own ? own : k < 0 ? 0 : k;
}

int rnd_fill_count(const Rules *r, const Position *p, int player, int *own)
{
    /* (a player chooses only where every hole takes fill_seeds) */
    *own = popcount_mask(fill_mask(r, p, player));
    int k = can_fill(r, p, player, *own);
    if (r->fill_even) {   /* no more than the other fills, or can fill */
        const int other = !player;
        Mask om = fill_mask(r, p, other);
        int ko = has_filled(r, p, other) ? popcount_mask(om & ~p->out_of_play)
               : can_fill(r, p, other, popcount_mask(om));
        if (ko < k)
            k = ko;
    }
    return k;
}

/* Does `player` still have to choose which holes to fill? (Before his
 * fill none of his holes is out of play; after a partial fill some are.) */
static int must_choose(const Rules *r, const Position *p, int player)
{
    int own, k = rnd_fill_count(r, p, player, &own);
    return r->choose == CHOOSE_PLAYER && k < own && !has_filled(r, p, player);
}

/* Fills without a choice: his holes from one end (the right with
 * `choose: right`), each while he can pay it, up to the first he cannot. */
static void fill_auto(Vm *vm, Position *p, int player)
{
    const Rules *r = vm->r;
    Mask m = fill_mask(r, p, player), chosen = 0;
    int left = p->store[player], own, most = rnd_fill_count(r, p, player, &own);
    for (int i = 0; i < r->nholes && most > 0; i++) {
        int h = r->choose == CHOOSE_RIGHT ? r->nholes - 1 - i : i;
        if (!has_hole(m, h))
            continue;
        if (r->fill[h] > left)
            break;
        most--;
        chosen |= bit(h);
        left -= r->fill[h];
    }
    rnd_fill(vm, p, player, chosen);
}

void rnd_after_fill(const Rules *r, Position *p)
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

/* ---- setups ------------------------------------------------------------------ */

/* Who places next once `p` has placed (or, p < 0, as the setup begins),
 * or -1 when every reserve is placed. */
static int next_placer(const Rules *r, const Position *p, int last)
{
    const int s = p->reserve[SOUTH] > 0, n = p->reserve[NORTH] > 0;
    switch (r->setup_by) {
    case SETUP_SOUTH: return s ? SOUTH : -1;
    case SETUP_NORTH: return n ? NORTH : -1;
    case SETUP_EACH: return s ? SOUTH : n ? NORTH : -1;
    default:   /* alternately, South first; one whose reserve is out is passed over */
        if (last < 0)
            return s ? SOUTH : n ? NORTH : -1;
        return (last ? s : n) ? !last : (last ? n : s) ? last : -1;
    }
}

/* Who marks the next hole (setup.mark) once `done` holes are marked, or
 * -1 when the marking is over: alternately South first, each (South's
 * then North's), or one player. */
int rnd_marker(const Rules *r, int done)
{
    const int n = r->setup_mark_n;
    switch (r->setup_mark_by) {
    case SETUP_SOUTH: return done < n ? SOUTH : -1;
    case SETUP_NORTH: return done < n ? NORTH : -1;
    case SETUP_EACH: return done < n ? SOUTH : done < 2 * n ? NORTH : -1;
    default: return done < 2 * n ? done % 2 : -1;
    }
}

/* The setup is done: the swap, or the play, begins. */
static void setup_done(const Rules *r, Position *p)
{
    if (r->setup_swap >= 0) {
        p->phase = PH_SWAP;
        p->to_move = (uint8_t)r->setup_swap;
    } else {
        p->phase = PH_PLAY;
        p->to_move = p->starter;
    }
}

/* The setup's next decision is `who`'s, in `phase`: returns 0 (and
 * changes nothing) if there is none (who < 0). */
static int setup_turn(Position *p, int who, int phase)
{
    if (who < 0)
        return 0;
    p->phase = (uint8_t)phase;
    p->to_move = (uint8_t)who;
    return 1;
}

/* The seeds are placed: the marking (setup.mark), or what follows it. */
static void setup_placed(const Rules *r, Position *p)
{
    if (!setup_turn(p, r->setup_mark_flag >= 0 ? rnd_marker(r, 0) : -1, PH_MARK))
        setup_done(r, p);
}

void rnd_mark(Vm *vm, Position *p, int hole)
{
    const Rules *r = vm->r;
    const int who = p->to_move;
    int next = -1;
    if (hole >= 0) {
        const int f = rnd_mark_flag(r, who);
        p->flags[f] |= bit(hole);
        if (ev_on(vm))
            ev_basic(vm, MC_EV_FLAG, who, hole, f, 0);
        next = rnd_marker(r, popcount_mask(rnd_marked(r, p)));
    }
    if (!setup_turn(p, next, PH_MARK))   /* all marked, or nowhere left for this player */
        setup_done(r, p);
}

void rnd_store_stones(const Rules *r, Position *p)
{
    for (int pl = 0, f; r->stores_hold && pl < 2; pl++) {
        p->store_stones[pl] = (f = r->store_stone[pl]) >= 0 ? (uint8_t)(1u << f) : 0;
        if (f >= 0)
            p->flags[f] = 0;
    }
}

void rnd_setup(const Rules *r, Position *p)
{
    if (!r->has_setup) {   /* moves.place: the reserves are placed during the play */
        p->reserve[SOUTH] = p->reserve[NORTH] = (uint16_t)r->place_reserve;
        return;
    }
    p->reserve[SOUTH] = r->setup_reserve[SOUTH];
    p->reserve[NORTH] = r->setup_reserve[NORTH];
    if (!setup_turn(p, next_placer(r, p, -1), PH_PLACE))
        setup_placed(r, p);
}

void rnd_place(Vm *vm, Position *p, int hole)
{
    const Rules *r = vm->r;
    const int who = p->to_move, moved = hole >= 0 ? 1 : p->reserve[who];
    if (hole >= 0) {
        p->count[hole]++;
        p->reserve[who]--;
    } else {   /* nowhere to place: the reserve goes to his store */
        p->store[who] += p->reserve[who];
        p->reserve[who] = 0;
    }
    if (ev_on(vm))
        ev_basic(vm, MC_EV_PLACE, who, hole, p->reserve[who], moved);
    if (!setup_turn(p, next_placer(r, p, who), PH_PLACE))
        setup_placed(r, p);
}

/* The hole facing h diagonally: row r, column c to row rows+1-r, column
 * width+1-c (the board turned round). */
static int turned(const Rules *r, int h)
{
    return r->geo.at[r->rows - 1 - r->geo.rank[h]][r->width - 1 - r->geo.column[h]];
}

/* A set of holes with the board turned round. */
static Mask turn_mask(const Rules *r, Mask m)
{
    Mask t = 0;
    for (int h = 0; h < r->nholes; h++)
        if (has_hole(m, h))
            t |= bit(turned(r, h));
    return t;
}

/* The seeds of every hole moved to the hole facing it diagonally. */
static void turn_counts(const Rules *r, Position *p)
{
    uint16_t c[MAX_HOLES];
    for (int h = 0; h < r->nholes; h++)
        c[turned(r, h)] = p->count[h];
    memcpy(p->count, c, (size_t)r->nholes * sizeof *c);
}

void rnd_swap_play(Vm *vm, Position *p)
{
    const Rules *r = vm->r;
    const int who = p->to_move;
    /* the players keep their seats and the board turns round: each takes
     * the other's holes, with their seeds, flags and owner (the hole South
     * owned is now North's), the other's store and reserve; what is the
     * player's own (match totals, debts, whether he has sown or took
     * seeds, who began) stays with him */
    turn_counts(r, p);
    p->owner[0] = turn_mask(r, p->owner[0]) ^ mask_n(r->nholes);
    for (int f = 0; f < r->nflags; f++)
        p->flags[f] = turn_mask(r, p->flags[f]);
    p->out_of_play = turn_mask(r, p->out_of_play);
    const int32_t s = p->store[0];
    p->store[0] = p->store[1];
    p->store[1] = s;
    const uint8_t st = p->store_stones[0];
    p->store_stones[0] = p->store_stones[1];
    p->store_stones[1] = st;
    const uint16_t v = p->reserve[0];
    p->reserve[0] = p->reserve[1];
    p->reserve[1] = v;
    p->sowed = (uint16_t)(p->sowed | SW_SWAPPED);
    if (ev_on(vm))
        ev_basic(vm, MC_EV_SWAP, who, NO_HOLE, 1, 0);
    p->to_move = (uint8_t)!who;
}

void rnd_swap(Vm *vm, Position *p, int swap)
{
    const Rules *r = vm->r;
    const int who = p->to_move;
    if (swap)   /* the board turned round: each hole's seeds to the hole facing it diagonally */
        turn_counts(r, p);
    if (ev_on(vm))
        ev_basic(vm, MC_EV_SWAP, who, NO_HOLE, swap, 0);
    /* keeping the board, he moves first; swapping costs him the first
     * move, unless he moves first either way (setup.first: chooser) */
    p->starter = (uint8_t)(swap && !r->setup_swapper_first ? !who : who);
    p->phase = PH_PLAY;
    p->to_move = p->starter;
}

/* ---- the next round ---------------------------------------------------------- */

/* Where a copying layer who filled every hole of his row in full puts
 * the rest (`fill-rest`): the first kept hole that is empty, else the
 * first kept hole; NO_HOLE without kept holes (he keeps it). */
static int copy_rest(const Rules *r, const Position *p)
{
    int first = NO_HOLE;
    for (int h = 0; h < r->nholes; h++) {
        if (!has_hole(r->keep, h))
            continue;
        if (!p->count[h])
            return h;
        if (first == NO_HOLE)
            first = h;
    }
    return first;
}

/* match.next: copy. The player holding fewer seeds (South if equal) lays
 * his holes out in `choose` order, `fill-seeds` each while he can pay a
 * hole in full, then a seed each while seeds are left; the other puts the
 * same seeds in his hole of the same index (from his own left; or, with
 * `copy-opposite`, in the hole facing it), keeping the rest. Both pay
 * from their holdings (stores). Kept holes (`keep`) keep their seeds and
 * take no part; with `fill-rest`, a layer who filled a hole in full puts
 * the rest into the next one (every hole full: into copy_rest's kept
 * hole), and the holes left empty are out of play. */
static void copy_layout(Vm *vm, Position *p)
{
    const Rules *r = vm->r;
    const int n = r->width, lay = p->store[NORTH] < p->store[SOUTH], other = !lay;
    for (int h = 0; h < r->nholes; h++)
        if (!has_hole(r->keep, h))   /* kept holes keep their seeds */
            p->count[h] = 0;
    int left = p->store[lay], paid = 0, full = 0, rest = NO_HOLE, kept_rest = 0;
    for (int i = 0; i < n && left > 0; i++) {   /* full holes */
        int idx = r->choose == CHOOSE_RIGHT ? n - 1 - i : i, h = lay * n + idx;
        if (has_hole(r->keep, h))
            continue;
        if (r->fill[h] > left) {
            rest = h;
            break;
        }
        p->count[h] = r->fill[h];
        left -= r->fill[h];
        full++;
    }
    if (r->fill_rest && full && left > 0) {   /* the rest into the next hole, or a kept one */
        if (rest == NO_HOLE)
            rest = copy_rest(r, p);
        if (rest != NO_HOLE) {
            p->count[rest] = (uint16_t)(p->count[rest] + left);
            if (has_hole(r->keep, rest)) {
                p->store[lay] -= left;   /* not copied */
                kept_rest = left;
            }
            left = 0;
        }
    }
    for (int i = 0; i < n && left > 0; i++) {   /* a seed each for the rest */
        int idx = r->choose == CHOOSE_RIGHT ? n - 1 - i : i, h = lay * n + idx;
        if (!p->count[h] && !has_hole(r->keep, h)) {
            p->count[h] = 1;
            left--;
        }
    }
    for (int i = 0; i < n; i++) {
        const int a = lay * n + i, b = r->copy_opposite ? r->geo.opposite[a] : other * n + i;
        if (has_hole(r->keep, a) || has_hole(r->keep, b))
            continue;
        p->count[b] = p->count[a];
        paid += p->count[a];
        if (r->fill_rest && !p->count[a])
            p->out_of_play |= bit(a) | bit(b);
    }
    p->store[lay] -= paid;
    p->store[other] -= paid;
    if (ev_on(vm)) {
        for (int pl = 0; pl < 2; pl++) {
            const int who = pl ? other : lay;
            McEvent ev = { 0 };
            ev.kind = MC_EV_FILL;
            ev.player = (uint8_t)who;
            for (int i = 0; i < n; i++)
                if (p->count[who * n + i] && !has_hole(r->keep, who * n + i))
                    ev.mask |= bit(who * n + i);
            if (!pl && kept_rest)
                ev.mask |= bit(rest);
            ev.seeds = paid + (pl ? 0 : kept_rest);
            ev.hole = NO_HOLE;
            ev_send(vm, &ev);
        }
    }
}

/* Who gets a hole left over in owners_after: with `leftover:
 * fewer-seeds(-empty)` the player with fewer seeds; else, or with equal
 * seeds, the larger remainder (`rem`, -1 once a hole went to it); equal:
 * `tie` if it is a player, else more seeds, then South. */
static int leftover_to(const Rules *r, const Position *p, const int rem[2], int tie)
{
    if (r->leftover != LEFTOVER_REMAINDER && p->store[0] != p->store[1])
        return p->store[1] < p->store[0];
    if (rem[0] != rem[1])
        return rem[1] > rem[0];
    return tie >= 0 ? tie : p->store[1] > p->store[0];
}

/* Hole ownership for the next game: a hole per `seeds` seeds held; a hole
 * left over goes as leftover_to says. Each owns his own row first; one
 * entitled to more takes the opponent's holes in sowing order from the
 * opponent's first hole. Returns North's holes. */
static Mask owners_after(const Rules *r, const Position *p, int tie)
{
    int S = r->seeds > 0 ? r->seeds : 1;
    int e[2], rem[2];
    for (int i = 0; i < 2; i++) {
        e[i] = p->store[i] / S;
        rem[i] = p->store[i] % S;
    }
    for (int left = r->nholes - e[0] - e[1]; left > 0; left--) {
        int to = leftover_to(r, p, rem, tie);
        e[to]++;
        rem[to] = -1;
    }
    int w = r->width;
    Mask north = rules_north_holes(r);
    for (int i = 0; i < e[0] - w && i < w; i++)
        north &= ~bit(w + i);
    for (int i = 0; i < e[1] - w && i < w; i++)
        north |= bit(i);
    return north;
}

/* `leftover: fewer-seeds-empty`, once the holes hold their starting
 * seeds: each player fills as many of his holes as his seeds pay for
 * (`board.seeds` each) and keeps the rest in his store; the holes he
 * cannot fill (the ones left over) are the first of his run in sowing
 * order, the holes just after the other player's, and start empty. */
static void fill_keep_remainder(const Rules *r, Position *p)
{
    const int n = r->nholes, S = r->seeds > 0 ? r->seeds : 1;
    for (int pl = 0; pl < 2; pl++) {
        const Mask mine = owned_mask(r, p, pl);
        int owned = 0, start = pl * r->width;
        for (int h = 0; h < n; h++)
            if (has_hole(mine, h)) {
                owned++;
                if (!has_hole(mine, (h + n - 1) % n))
                    start = h;   /* his run begins after the other's */
            }
        int filled = p->store[pl] / S < owned ? p->store[pl] / S : owned;
        for (int i = 0; i < owned - filled; i++)
            p->count[(start + i) % n] = 0;
        p->store[pl] -= filled * S;
    }
}

/* The owners for the next round (owners_after), with the event. */
static void redistribute(Vm *vm, Position *p, int tie)
{
    Mask north = owners_after(vm->r, p, tie);
    const int changed = north != p->owner[0];
    p->owner[0] = north;
    if (changed && ev_on(vm))
        ev_owners(vm, SOUTH, p, NO_HOLE);
}

/* Sets up the next round of a match (`won`: the last round's result). */
static void next_round(Vm *vm, Position *p, History *hist, int won)
{
    const Rules *r = vm->r;
    p->round++;
    p->plies = 0;
    p->sowed = 0;   /* nobody has sown in this game yet */
    p->end = END_NONE;   /* `end` says why a finished game ended */
    if (r->starter_result && (won == WIN_SOUTH || won == WIN_NORTH))
        p->starter = (uint8_t)(r->starter_result == 1 ? won : !won);   /* the last round's */
    else if (r->first_lot && !r->has_opening && (r->starter_alternates || r->starter_result))
        p->starter = (uint8_t)!p->starter;   /* alternately from the player the lot chose */
    else if (r->starter_alternates || r->starter_result)
        p->starter = (uint8_t)(((r->has_opening ? r->opening_by : r->first_begins >= 0 ? r->first_begins : SOUTH) +
                                p->round - 1) % 2);
    memset(p->flags, 0, sizeof p->flags);
    memset(p->counter, 0, sizeof p->counter);   /* board.counters start afresh */
    rnd_store_stones(r, p);
    p->out_of_play = 0;
    if (r->next != NEXT_REDISTRIBUTE && p->owner[0] != rules_north_holes(r)) {
        p->owner[0] = rules_north_holes(r);   /* holes a rule gave away are their row's again */
        if (ev_on(vm))
            ev_owners(vm, SOUTH, p, NO_HOLE);
    }
    p->to_move = p->starter;
    p->phase = PH_PLAY;
    if (ev_on(vm)) {
        McEvent ev = { 0 };
        ev.kind = MC_EV_ROUND;
        ev.player = p->starter;
        ev.round = p->round;
        ev.hole = NO_HOLE;
        ev_send(vm, &ev);
    }
    switch (r->next) {
    case NEXT_RESET:
    case NEXT_REDISTRIBUTE:
        memcpy(p->count, r->initial, sizeof p->count);
        if (r->next == NEXT_REDISTRIBUTE && r->leftover == LEFTOVER_FEWER_EMPTY) {
            fill_keep_remainder(r, p);
            break;
        }
        p->store[0] = p->store[1] = r->store_seeds;
        if (r->has_reserves)
            rnd_setup(r, p);
        break;
    case NEXT_COPY:
        copy_layout(vm, p);
        break;
    case NEXT_FILL:
        for (int h = 0; h < r->nholes; h++)
            if (!has_hole(r->keep, h))   /* kept holes keep their seeds */
                p->count[h] = 0;
        for (int pl = 0; pl < 2; pl++)
            if (!must_choose(r, p, pl))
                fill_auto(vm, p, pl);
        rnd_after_fill(r, p);
        break;
    }
    if (hist)
        hist_new_round(hist);
}

/* A round of a match is over (its winner set, totals and owners
 * updated): is the match decided? */
static int match_decided(const Rules *r, Position *p)
{
    ExCtx cx;
    ctx_init(&cx, r, p, p->last_mover);
    if (ex_true(&r->match_over, &cx)) {
        int64_t a = score(r, p, &r->match_score, SOUTH), b = score(r, p, &r->match_score, NORTH);
        if (a != b) {
            p->winner = a > b ? WIN_SOUTH : WIN_NORTH;
            p->end = END_MATCH;
            return 1;
        }
    }
    if (p->round >= r->max_rounds) {
        int64_t a = score(r, p, &r->match_score, SOUTH), b = score(r, p, &r->match_score, NORTH);
        p->winner = a > b ? WIN_SOUTH : b > a ? WIN_NORTH : WIN_DRAW;
        p->end = END_MAX_ROUNDS;
        return 1;
    }
    return 0;
}

static int round_over(Vm *vm, Position *p, History *hist);

/* match.settle: each rule in turn, for South then North, passes the
 * seeds it gives (at most what the payer holds; a repayment at most the
 * debt) from one holding to the other, and keeps the debts. */
static void settle(Vm *vm, Position *p)
{
    const Rules *r = vm->r;
    ExCtx cx;
    ctx_init(&cx, r, p, p->last_mover);
    for (int i = 0; i < r->nsettle; i++) {
        const SettleRule *s = &r->settle[i];
        for (int pl = 0; pl < 2; pl++) {
            cx.player = pl;
            int64_t v = ex_eval(&s->seeds[s->kind], &cx);
            const int payer = s->kind == SETTLE_BORROW ? !pl : pl;
            if (v > p->store[payer])
                v = p->store[payer];
            if (s->kind == SETTLE_REPAY && v > p->debt[pl])
                v = p->debt[pl];
            if (v <= 0)
                continue;
            p->store[payer] -= (int32_t)v;
            p->store[!payer] += (int32_t)v;
            if (s->kind == SETTLE_LEND || s->kind == SETTLE_BORROW) {   /* the receiver owes them */
                long d = p->debt[!payer] + v;
                p->debt[!payer] = (uint16_t)(d > MAX_SEEDS ? MAX_SEEDS : d);
            } else if (s->kind == SETTLE_REPAY) {
                p->debt[pl] = (uint16_t)(p->debt[pl] - v);
            }
            if (ev_on(vm)) {
                McEvent ev = { 0 };
                ev.kind = MC_EV_SETTLE;
                ev.player = (uint8_t)payer;
                ev.seeds = (int32_t)v;
                ev.n = s->kind;
                ev.hole = NO_HOLE;
                ev_send(vm, &ev);
            }
        }
    }
}

int rnd_end(Vm *vm, Position *p, Receiver to, EndReason why, int winner, History *hist)
{
    const Rules *r = vm->r;
    int32_t took[MAX_PLAYERS], other;
    sweep(vm, p, to, took, &other);
    p->end = (uint8_t)why;
    p->last_move &= (uint16_t)~LM_EXTRA;   /* no extra turn after the end */
    /* a finished game shows the next player after the last mover to move */
    p->to_move = (uint8_t)next_player(r, p, p->last_mover);
    if (winner == WIN_NONE)
        p->winner = (uint8_t)most_seeds(r, p);
    else
        p->winner = (uint8_t)winner;
    if (!r->match || vm->round_only) {
        p->over = 1;
        if (ev_on(vm))
            ev_end(vm, p, why, took, other, 1);
        return 0;
    }
    /* a round of a match: its result, then the match's */
    if (ev_on(vm))
        ev_end(vm, p, why, took, other, 0);
    add_totals(r, p);
    if (r->nsettle)
        settle(vm, p);
    if (r->next == NEXT_REDISTRIBUTE) {
        /* a lot for the hole left over, only where it changes the owners */
        if (r->leftover_lot && owners_after(r, p, SOUTH) != owners_after(r, p, NORTH)) {
            p->phase = PH_LOT;
            p->lot = (uint8_t)(MC_LOT_HOLE | p->winner << 2);
            p->winner = WIN_NONE;
            return 0;
        }
        redistribute(vm, p, -1);
    }
    return round_over(vm, p, hist);
}

/* The lot (PH_LOT) falls to `to`: he begins, or owns the hole left over
 * (and the round that ended goes on to the match's decision). */
int rnd_lot(Vm *vm, Position *p, int to, History *hist)
{
    const Rules *r = vm->r;
    const int what = p->lot & 3;
    if (what == MC_LOT_FIRST) {
        p->lot = 0;
        p->phase = PH_PLAY;
        p->to_move = (uint8_t)to;
        if (!r->has_opening) {   /* the game's first decision: he begins it */
            p->starter = (uint8_t)to;
            if (r->has_setup)
                rnd_setup(r, p);
        }
        return 0;
    }
    p->winner = (uint8_t)(p->lot >> 2 & 7);
    p->lot = 0;
    p->phase = PH_PLAY;
    redistribute(vm, p, to);
    return round_over(vm, p, hist);
}

/* The round's results are counted (and the owners computed): the match
 * is decided, or the next round set up. */
static int round_over(Vm *vm, Position *p, History *hist)
{
    if (match_decided(vm->r, p)) {
        p->over = 1;
        if (ev_on(vm))
            ev_end(vm, p, (EndReason)p->end, p->total, 0, 1);
        return 0;
    }
    const int won = p->winner;   /* the round's */
    p->winner = WIN_NONE;
    next_round(vm, p, hist, won);
    /* rounds can follow each other without a decision (no legal move
     * anywhere): a round is work the poll function may stop */
    if (vm->poll && vm->poll(vm->poll_arg))
        return vm_fail(vm, MC_EINTR);
    return 0;
}
