/* engine.h: what the VM's stages share, and nothing outside the VM
 * includes. The stages, in the order a move runs through them:
 *
 *   board.c     geometry: the sowing track, steps along the board
 *   sow.c       sowing kernels (plain, general), one sowing move
 *   cycle.c     exact detection of endless relay sowings
 *   capture.c   seeds received: each-seed effects, captures
 *   movegen.c   the legal decisions (trial sowings, must filters)
 *   flow.c      a decision applied, passes, game ends, advancing
 *   round.c     game and round ends, the next round's setup
 *   history.c   positions seen, for the repetition rule
 *   run.c       the Vm object: poll, limits, failures
 *   event.c     events and names
 *   token.c     move tokens; perft.c: counting move sequences */
#ifndef MANCALA_ENGINE_H
#define MANCALA_ENGINE_H

#include <string.h>
#include "vm.h"

/* A function kept out of line: a rare path with a large frame. */
#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif
/* A function compiled into each caller: a kernel specialised by its
 * constant arguments. */
#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* ---- bits and the board --------------------------------------------------- */

/* The hole after h on a ring of nh holes, counterclockwise (ccw) or not. */
static inline int ring_next(int h, int nh, int ccw)
{
    return ccw ? (h + 1 == nh ? 0 : h + 1) : (h == 0 ? nh - 1 : h - 1);
}

/* The hole after h on `player`'s track when it is a ring of numbers
 * (Geometry.ring_len > 0), counterclockwise (ccw) or not. */
static inline int ring_step(const Geometry *g, int player, int h, int ccw)
{
    const int lo = g->ring_base[player], hi = lo + g->ring_len[player] - 1;
    return ccw ? (h == hi ? lo : h + 1) : (h == lo ? hi : h - 1);
}

static inline int is_hole(const Rules *r, int h)
{
    return h >= 0 && h < r->nholes;
}

/* The board row of hole h (0: South's edge). */
static inline int row_of(const Rules *r, int h)
{
    return r->geo.rank[h];
}

/* The holes of the first nh (at most 64) with at least `least` seeds, as
 * a mask. (A count at a time: the counts were written a moment ago, one
 * by one, and reading them four at a time would wait for those writes.) */
static inline uint64_t at_least64(const uint16_t *count, int nh, int least)
{
    uint64_t m = 0;
    for (int i = 0; i < nh; i++)
        m |= (uint64_t)(count[i] >= least) << i;
    return m;
}

/* The same for any number of holes. */
static inline Mask at_least(const uint16_t *count, int nh, int least)
{
    if (nh <= 64)
        return at_least64(count, nh, least);
    return (Mask)at_least64(count + 64, nh - 64, least) << 64 | at_least64(count, 64, least);
}

/* The holes `player` fills between the rounds of a match: his own but
 * those whose seeds stay from round to round (match.keep). */
static inline Mask fill_mask(const Rules *r, const Position *p, int player)
{
    return owned_mask(r, p, player) & ~(r->match ? r->keep : 0);
}

/* An evaluation context for `mover` at `p`, no hole named. */
static inline void ctx_init(ExCtx *cx, const Rules *r, const Position *p, int mover)
{
    ex_ctx_init(cx, r, p, mover);
}

/* The context after a sowing: what `last`, `captured`, `reached` are. */
static inline void ctx_after(ExCtx *cx, const Rules *r, const Position *p, const SowInfo *si)
{
    ctx_init(cx, r, p, si->mover);
    cx->start = si->start;
    cx->origin = si->origin;
    cx->last = si->last;
    cx->dir = si->dir;
    cx->captured = si->captured;
    cx->reached = si->reached;
    cx->step = si->step;
    cx->dropped = si->dropped;
    cx->heading = si->heading;
}

/* A move of `mover` begins (not the sowing of a hand that resumes one):
 * what Position.last_move remembers of the last, where the rules read
 * it, starts afresh (`how`: LM_PLACED, LM_STORED(k) or 0); whether it
 * is an extra turn (LM_EXTRA) stays until it is over. */
static inline void move_begins(const Rules *r, Position *p, int mover, unsigned how)
{
    if (__builtin_expect(!r->keeps_last_move, 1))
        return;
    if (r->uses_took)
        p->last_move &= (uint16_t)~(1u << mover);
    p->last_move = (uint16_t)((p->last_move & (LM_TOOK | LM_EXTRA)) | how);
}

/* The seeds a step carries (moves.step.seeds; Move.holes, 0 for one). */
static inline int step_seeds(const Move *m)
{
    return m->holes ? (int)m->holes : 1;
}

/* board.c */
int bd_track_next(const Rules *r, const SowRules *s, int h, int dir, int mover, int via);
int bd_target(const Rules *r, const SowRules *s, const SowPlan *sp, ExCtx *cx, int h, int dir, int *via);
/* The next hole in play after h in the table `along` (a player's track,
 * Geometry.next or .back, one way; no stores), for capture chains;
 * NO_HOLE if there is none. */
static inline int bd_step(const Rules *r, const Position *p, const int8_t *along, int h)
{
    for (int tries = 0; tries < r->nholes; tries++) {
        h = along[h];
        if (h == NO_HOLE || !((p->out_of_play >> h) & 1))
            return h;
    }
    return NO_HOLE;
}

/* ---- the machine (run.c) --------------------------------------------------- */

/* Records a failure (the first one stays); returns the status. */
int vm_fail(Vm *vm, int status);
/* The poll function is asked each time a sowing has dropped this many
 * more seeds: often enough to stop within milliseconds, rarely enough to
 * cost nothing. */
#define POLL_SEEDS ((uint64_t)1 << 14)

/* A sowing begins: its seeds are counted from here (the polls go on
 * counting across sowings). */
static inline void vm_sowing(Vm *vm)
{
    vm->sow_base = vm->sown;
}

/* Seeds the current sowing has dropped. */
static inline uint64_t vm_sown(const Vm *vm)
{
    return vm->sown - vm->sow_base;
}
/* Counts `seeds` more seeds dropped by the current sowing (every kernel
 * calls this once a lap, with the lap's seeds); 1 if the work must stop
 * (the limit, the poll function, or an earlier failure). */
int vm_count_slow(Vm *vm);
static inline int vm_count(Vm *vm, int seeds)
{
    vm->sown += (unsigned)seeds;
    return vm->sown >= vm->poll_at ? vm_count_slow(vm) : vm->status != MC_OK;
}

/* ---- events (event.c) ------------------------------------------------------ */

void ev_send(Vm *vm, const McEvent *ev);
static inline int ev_on(const Vm *vm)
{
    return vm->sink && !vm->quiet;
}
/* Events are on and the caller asked for each seed (MC_EVENTS_SEEDS). */
static inline int ev_seeds_on(const Vm *vm)
{
    return (vm->ev_flags & MC_EVENTS_SEEDS) && ev_on(vm);
}
/* One event of `kind` with the most common fields; the others zero. */
void ev_basic(Vm *vm, int kind, int player, int hole, int n, int seeds);
/* Holes changed owner: `north` is North's holes now; `hole` the one a
 * rule gave (else NO_HOLE: a round's redistribution, player 0). */
void ev_owners(Vm *vm, int player, const Position *p, int hole);

/* ---- cycles (cycle.c) ------------------------------------------------------- */

/* The state at the start of a lap: all a relay lap depends on. */
typedef struct LapState {
    uint16_t count[MAX_HOLES];
    int32_t store[MAX_PLAYERS], removed;
    uint8_t store_stones[MAX_PLAYERS];   /* board.store-stones */
    int origin;
    int hand;          /* seeds in hand to sow from origin (`to: hand`), or 0:
                          the lap lifts origin */
    int dir;           /* the lap's direction (`relay-reverse` changes it) */
    Mask owner[2], flags[MAX_FLAGS];   /* a rule's `set` may change them */
} LapState;

/* Brent's detection over lap states, plus a comparison with the first. */
typedef struct Cycle {
    LapState first, tortoise;
    unsigned long power, lam;
} Cycle;

/* Cycle detection starts at this lap: an endless sowing is found at most
 * this many laps later; shorter sowings save nothing. */
#define CYCLE_FROM 16

void cyc_init(const Rules *r, const Position *p, int origin, int hand, int dir, Cycle *c);
/* 1 if the state at the start of this lap was seen before. */
int cyc_seen(const Rules *r, const Position *p, int origin, int hand, int dir, Cycle *c);

/* ---- sowing (sow.c) --------------------------------------------------------- */

/* Everything a sowing move does to the board (not turn or game end):
 * the mark, the sowing, and (with `captures`) the captures. `spill`: the
 * spill rule's value if the caller knows it, else -1. */
void sow_move(Vm *vm, Position *p, const Move *m, int mover, int spill, int captures, SowInfo *si);
/* The same for a sowing of the seeds in the mover's hand (PH_HAND), the
 * first into the hole of `m`. */
void sow_hand(Vm *vm, Position *p, const Move *m, int mover, int captures, SowInfo *si);
/* A step that sows on (moves.step.sow-on): a seed from m->hole sown into
 * m->dir as a lap from the hand, relays and each-seed rules as in any
 * sowing, that way (m->arg - 1); then the captures if `captures`. */
void sow_step(Vm *vm, Position *p, const Move *m, int mover, int captures, SowInfo *si);
/* A placement that sows on (moves.place.sow-on): a seed of the mover's
 * reserve sown into m->hole as a lap, the sowing going on way m->dir. */
void sow_place(Vm *vm, Position *p, const Move *m, int mover, int captures, SowInfo *si);
/* A sowing from the store (moves.store): m->holes seeds of the mover's
 * store sown as a lap from the hand, the first into m->hole, way m->dir. */
void sow_store(Vm *vm, Position *p, const Move *m, int mover, int captures, SowInfo *si);
/* PH_PICK: the mover picks hole h (its seeds go to the picking rule's
 * `to`); the count of picks left and the holes left are updated. */
void cap_pick(Vm *vm, Position *p, int h);
/* PH_PUT: the seeds in the mover's hand go into hole h. */
void cap_put(Vm *vm, Position *p, int h);
/* The opening sowing (no captures); si->endless if it never ends. */
void sow_opening(Vm *vm, Position *p, int hole, int mover, SowInfo *si);

/* ---- receiving seeds (capture.c) -------------------------------------------- */

/* `mover`/`opponent` as South or North (who `mover` is depends on the
 * place: the player who moved for `end`, the player to move for `must`,
 * `no-moves` and `repetition`). */
Receiver cap_resolve(const Rules *r, const Position *p, Receiver to, int mover);
/* Gives `n` seeds taken from hole `h` to `to` (the caller empties the
 * hole) and reports the capture (`during`: by an each-seed rule). */
void cap_receive(Vm *vm, Position *p, Receiver to, int h, int n, int mover, int during);
/* The each-seed rules after a seed dropped into `h` with `hand` left. */
void cap_drop(Vm *vm, const SowRules *s, const SowPlan *sp, Position *p, ExCtx *cx, int h, int hand,
              SowInfo *si);
/* A large stone of flag f taken by, or sown into the store of, `player`:
 * he counts it in his counter of its name, if there is one. */
void cap_count_stone(Vm *vm, Position *p, int player, int f);
/* The capture rules after a sowing. */
void cap_after(Vm *vm, Position *p, SowInfo *si);
/* The turn-start rules, for the player to move at `p` as his turn begins. */
void cap_turn_start(Vm *vm, Position *p);
/* The before-sowing rules of the sowing si, its decision made, before
 * its seeds are lifted (what they take counts in si->captured). */
void cap_before_sowing(Vm *vm, Position *p, SowInfo *si);

/* ---- moves (movegen.c) -------------------------------------------------------- */

/* What a trial sows (try_sow): a sowing move, the sowing of the hand, a
 * step that sows on, a placement that does. */
enum { TRY_SOW, TRY_HAND, TRY_STEP, TRY_PLACE };
/* The n moves of out[] (of a kind TRY_*) whose sowing ends, kept in
 * order; returns how many. */
int drop_endless(Vm *vm, const Position *p, Move *out, int n, int kind);
/* The legal sowings; *mustend: the `must` rule that ended the game for
 * lack of a move (or NULL). `first_only`: any legal move will do. */
int gen_sow(Vm *vm, const Position *p, Move *out, const MustRule **mustend, int first_only);
int gen_opening(Vm *vm, const Position *p, Move *out);
int gen_fill(Vm *vm, const Position *p, Move *out);
/* Where the mover may sow the seeds in his hand (PH_HAND): the holes of
 * hand_from, each way, but those whose sowing never ends. */
int gen_hand(Vm *vm, const Position *p, Move *out);
/* Where the player to move may place a seed of his reserve (PH_PLACE):
 * holes in play where `setup.where` holds (by default his own). */
int gen_place(Vm *vm, const Position *p, Move *out);
/* The holes the player to move may mark (PH_MARK): where setup.mark's
 * `where` holds, in play and not marked yet. */
int gen_mark(Vm *vm, const Position *p, Move *out);
/* The `must` rules that apply where `cx` stands (bit m: rule m). */
unsigned gen_musts(const Rules *r, const ExCtx *cx);
/* Own holes in play with at least Plan.from_min seeds, in the constant
 * directions (Plan.moves_by_mask): the candidates, by masks. */
int gen_by_mask(const Rules *r, const Position *p, int mover, Move *out);
/* Sows move `m` at `p` from the kept trials; 0 if they do not hold it. */
int gen_kept(Vm *vm, Position *p, const Move *m, SowInfo *si);

/* ---- steered sowing (steer.c) -------------------------------------------------- */

/* A sowing move of a variant with `sowing.steer`: the move's hole lifted,
 * the position in phase steer (the mover drops each seed). */
void steer_begin(Vm *vm, Position *p, const Move *m, int mover);
/* PH_STEER: the holes the next seed may go into, by number. */
int gen_steer(Vm *vm, const Position *p, Move *out);
/* PH_STEER: the next seed into hole h. 1 when the sowing is over (si
 * then says how it ended, for the captures); 0 while seeds are left to
 * steer (a relay lap lifted too). */
int steer_drop(Vm *vm, Position *p, int h, SowInfo *si);
/* PH_STEER with no hole for the next seed: the hand falls into the hole
 * of the last seed and the sowing is over (no relay, no capture). */
void steer_stuck(Vm *vm, Position *p, SowInfo *si);

/* ---- the other decisions of the play (moveother.c) ---------------------------- */

/* Is hole h in play with `where` holding there (cx->hole is left at h)?
 * The holes a placement of moves.place or a selection may take. */
int hole_allows(const Position *p, ExCtx *cx, const Expr *where, int h);
/* The steps of moves.step (its `when` holds), at most `room`. */
int gen_steps(Vm *vm, const Position *p, ExCtx *cx, Move *out, int room);
/* The placements of moves.place (it applies), at most `room`. */
int gen_places(Vm *vm, const Position *p, ExCtx *cx, Move *out, int room);
/* Does entry `e` of moves.store apply to the player to move? */
int stores_now(const Rules *r, const Position *p, const ExCtx *cx, int e);
/* The sowings of entry `e` of moves.store, at most `room` (endless relays
 * and `must` rules are left to the caller's trials). */
int gen_stores(const Rules *r, const Position *p, ExCtx *cx, int e, Move *out, int room);
/* The selections of moves.select (it applies), at most `room`. */
int gen_selects(const Rules *r, const Position *p, ExCtx *cx, Move *out, int room);

/* ---- rounds (round.c) ---------------------------------------------------------- */

/* The game (round) is over: `to` takes the seeds left on the board. */
int rnd_end(Vm *vm, Position *p, Receiver to, EndReason why, int winner, History *h);
/* The lot (PH_LOT) falls to `to`. */
int rnd_lot(Vm *vm, Position *p, int to, History *h);
/* Fills `player`'s chosen holes (a fill decision). */
void rnd_fill(Vm *vm, Position *p, int player, Mask chosen);
/* After a fill: the next player who must choose, or the first move. */
void rnd_after_fill(const Rules *r, Position *p);
/* A game (round) with a setup begins: the reserves, and who places first
 * (or the swap, or the play, when there is nothing to place). */
void rnd_setup(const Rules *r, Position *p);
/* The large stones board.store-stones puts into the stores as a round
 * begins: taken from wherever they lie. */
void rnd_store_stones(const Rules *r, Position *p);
/* The player to move places a seed into `hole` (NO_HOLE: he has nowhere
 * to place, and his reserve goes to his store). */
void rnd_place(Vm *vm, Position *p, int hole);
/* The player to move marks `hole` (NO_HOLE: nowhere left, the marking
 * ends); then the next marker, or the swap, or the play. */
void rnd_mark(Vm *vm, Position *p, int hole);
/* The player to move keeps the board (0) or swaps sides (1). */
void rnd_swap(Vm *vm, Position *p, int swap);
/* moves.swap, in the play: the players swap sides (the board turns round:
 * holes, owners, flags, stores and reserves; totals, debts and what each
 * has done stay) and the other moves next. */
void rnd_swap_play(Vm *vm, Position *p);
/* How many holes `player` fills, and how many he owns (*own). */
int rnd_fill_count(const Rules *r, const Position *p, int player, int *own);

/* ---- history (history.c) ---------------------------------------------------------- */

/* Records `p`; returns how often it has now occurred this round, or
 * MC_ENOMEM. */
int hist_push(const Rules *r, History *h, const Position *p);
/* A new round: earlier positions cannot recur. */
void hist_new_round(History *h);

#endif
