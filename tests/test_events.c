/* test_events: move events (mancala.h, "events"; docs/events.md).
 *
 * Every expected event below is worked out by hand from the rules
 * (docs/rules.md, the files in variants/) and the meaning of each field in
 * mancala.h, never copied from the program's output: the derivation is
 * the comment above each case, seeds hole by hole. Holes are written as
 * the rules number them (1..2N); the helpers turn them into indices.
 *
 * - Kalah: a capture (two captures, no extra turn), an extra turn (the
 *   lap's last place is the store), a last move that ends the game (no
 *   extra turn, the rows swept, the end);
 * - Oware: a grand slam under `grand-slam=nothing` (captures, then a
 *   cancel) and `grand-slam=capture` (the captures stand, the opponent
 *   cannot move, the end);
 * - Bechi: a pass, a round end (the sweep, the round's end, the next
 *   round, the automatic fill, then the poorer player's fill decision),
 *   a match end (two end events);
 * - Andada: the opening (eight relay laps), the choice of the first
 *   player; singletons spilled at a row's end;
 * - Ba-awa: captures during the sowing (to the hole's owner, to the
 *   mover) and a relay lap;
 * - seed events (MC_EVENTS_SEEDS): one a seed, in order, the same
 *   positions;
 * - random play of every built-in variant: the same positions and moves
 *   with no sink, a sink, and a sink with seed events; no event while
 *   moves are listed; the laps the same whichever kernel sows;
 * - ev_json / mc_event_json: exact text, and a buffer too small.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "builtin.h"
#include "json.h"
#include "rng.h"
#include "rules.h"
#include "vm.h"
#include "testlib.h"

#define N_OF(a) ((int)(sizeof(a) / sizeof(a)[0]))

/* ---- recording events ------------------------------------------------------ */

#define MAX_REC 256

typedef struct Rec {
    McEvent ev[MAX_REC];
    int n;
    int overflow;
} Rec;

static void rec_sink(void *arg, const McEvent *ev)
{
    Rec *rec = arg;
    if (rec->n < MAX_REC)
        rec->ev[rec->n++] = *ev;
    else
        rec->overflow = 1;
}

/* ---- expected events, with holes numbered as the rules number them ---------- */

/* Places: a hole number 1..2N, a store, or nowhere. */
#define SSTORE 1000   /* South's store */
#define NSTORE 1001   /* North's store */
#define NOWHERE 0

static int16_t place(int h)
{
    if (h == SSTORE)
        return MC_STORE(MC_SOUTH);
    if (h == NSTORE)
        return MC_STORE(MC_NORTH);
    if (h == NOWHERE)
        return MC_NO_HOLE;
    return (int16_t)(h - 1);
}

/* A set of hole numbers, ended by 0. */
static uint64_t holes_of(const int *hs)
{
    uint64_t m = 0;
    for (; *hs; hs++)
        m |= (uint64_t)1 << (*hs - 1);
    return m;
}
#define HOLES(...) holes_of((const int[]){ __VA_ARGS__, 0 })

static McEvent blank(int kind, int player)
{
    McEvent e;
    memset(&e, 0, sizeof e);
    e.kind = (uint8_t)kind;
    e.player = (uint8_t)player;
    e.hole = MC_NO_HOLE;
    return e;
}

/* A sowing from hole h; show_dir: the token names the direction. */
static McEvent e_sow(int player, int h, int dir, int show_dir)
{
    McEvent e = blank(MC_EV_MOVE, player);
    e.hole = place(h);
    e.move.kind = MC_MOVE_SOW;
    e.move.hole = (uint8_t)(h - 1);
    e.move.dir = (uint8_t)dir;
    e.move.show_dir = (uint8_t)show_dir;
    return e;
}

static McEvent e_first(int player, int chosen)
{
    McEvent e = blank(MC_EV_MOVE, player);
    e.move.kind = MC_MOVE_FIRST;
    e.move.dir = (uint8_t)chosen;
    return e;
}

static McEvent e_fill_move(int player, uint64_t holes)
{
    McEvent e = blank(MC_EV_MOVE, player);
    e.move.kind = MC_MOVE_FILL;
    e.move.holes = holes;
    return e;
}

static McEvent e_lap(int player, int n, int from, int seeds, int last)
{
    McEvent e = blank(MC_EV_LAP, player);
    e.n = n;
    e.hole = place(from);
    e.seeds = seeds;
    e.last = place(last);
    return e;
}

/* `player` names who moved (mancala.h: "who moved"), `seeds` the seeds
 * concerned: one. */
static McEvent e_seed(int player, int h)
{
    McEvent e = blank(MC_EV_SEED, player);
    e.hole = place(h);
    e.seeds = 1;
    return e;
}

static McEvent e_spill(int player, int after, int seeds)
{
    McEvent e = blank(MC_EV_SPILL, player);
    e.hole = place(after);
    e.seeds = seeds;
    return e;
}

/* during: 1 by an each-seed rule during the sowing, 0 after it. */
static McEvent e_capture(int player, int h, int seeds, int to, int during)
{
    McEvent e = blank(MC_EV_CAPTURE, player);
    e.hole = place(h);
    e.seeds = seeds;
    e.receiver = (uint8_t)to;
    e.n = during;
    return e;
}

static McEvent e_flag(int player, int flag, int h)
{
    McEvent e = blank(MC_EV_FLAG, player);
    e.n = flag;
    e.hole = place(h);
    return e;
}

/* `player`: who made the last decision (who moved). */
static McEvent e_end(int player, int reason, int round, int winner, int took_s, int took_n, int removed,
                     int over)
{
    McEvent e = blank(MC_EV_END, player);
    e.reason = (uint8_t)reason;
    e.round = (uint16_t)round;
    e.winner = (uint8_t)winner;
    e.took[0] = took_s;
    e.took[1] = took_n;
    e.seeds = removed;
    e.match_over = (uint8_t)over;
    return e;
}

/* The end by the `end` rule number `rule` (1 + its index: McEvent.n,
 * 3.5.0). */
static McEvent e_by_rule(int rule, McEvent e)
{
    e.n = rule;
    return e;
}

static McEvent e_round(int round, int starter)
{
    McEvent e = blank(MC_EV_ROUND, starter);
    e.round = (uint16_t)round;
    return e;
}

/* `seeds`: the seeds concerned, n a hole times the holes. */
static McEvent e_fill(int player, uint64_t holes, int n, int seeds)
{
    McEvent e = blank(MC_EV_FILL, player);
    e.mask = holes;
    e.n = n;
    e.seeds = seeds;
    return e;
}

static McEvent e_owners(uint64_t north)
{
    McEvent e = blank(MC_EV_OWNERS, MC_SOUTH);
    e.mask = north;
    return e;
}

/* ---- comparing ------------------------------------------------------------------ */

static const char *kind_name(int k)
{
    static const char *const names[MC_EV_COUNT] = { "MOVE", "LAP", "SEED", "SPILL", "CAPTURE", "CANCEL",
        "FLAG", "EXTRA_TURN", "PASS", "END", "OWNERS", "ROUND", "FILL", "UNFLAG", "HAND", "PLACE", "SWAP", "STEP",
        "SETTLE", "UNSTORE", "COUNTER", "OUT" };
    return k >= 0 && k < MC_EV_COUNT ? names[k] : "?";
}

/* Compares every field of the recorded events with the expected ones;
 * prints every difference (event, field, expected, got), then fails. */
static void check_events(const Rec *rec, const McEvent *want, int n, const char *what)
{
    int bad = 0;
    assert_false(rec->overflow);
    if (rec->n != n) {
        print_error("%s: %d events, expected %d\n", what, rec->n, n);
        bad++;
    }
    for (int i = 0; i < n && i < rec->n; i++) {
        const McEvent *g = &rec->ev[i], *w = &want[i];
#define FIELD(f)                                                                                     \
    if ((long long)g->f != (long long)w->f) {                                                        \
        print_error("%s: event %d (%s, expected %s): %s is %lld, expected %lld\n", what, i + 1,      \
                    kind_name(g->kind), kind_name(w->kind), #f, (long long)g->f, (long long)w->f); \
        bad++;                                                                                       \
    }
        FIELD(kind) FIELD(player) FIELD(receiver) FIELD(reason) FIELD(winner) FIELD(match_over)
        FIELD(hole) FIELD(last) FIELD(n) FIELD(seeds) FIELD(took[0]) FIELD(took[1]) FIELD(round)
        FIELD(mask) FIELD(move.kind) FIELD(move.hole) FIELD(move.dir) FIELD(move.show_dir)
        FIELD(move.holes)
#undef FIELD
    }
    if (bad)
        fail_msg("%s: %d difference(s) from the rules (listed above)", what, bad);
}

/* ---- setting up ------------------------------------------------------------------ */

/* What a test allocates, freed by its teardown even when it fails (a
 * failed assertion leaves the test at once). */
#define MAX_LOADED 512   /* every built-in game, some twice: the catalogue grows */
static Rules *loaded[MAX_LOADED];
static int nloaded;
static History hist[3];

static int teardown(void **state)
{
    (void)state;
    for (int i = 0; i < nloaded; i++)
        rules_free(loaded[i]);
    nloaded = 0;
    for (int i = 0; i < N_OF(hist); i++)
        hist_free(&hist[i]);
    return 0;
}

/* A built-in variant with at most one option (freed by the teardown). */
static Rules *load(const char *name, const char *opt)
{
    const char *opts[1] = { opt };
    assert_true(nloaded < MAX_LOADED);
    Rules *r = test_builtin(name, opts, opt ? 1 : 0);
    assert_non_null(r);
    loaded[nloaded++] = r;
    return r;
}

/* A position read from JSON and settled (no sink yet). */
static void from_json(Vm *vm, const char *json, Position *p)
{
    char err[256];
    if (!pos_from_json(vm->r, json, strlen(json), p, err, sizeof err))
        fail_msg("position: %s", err);
    assert_int_equal(flow_settle(vm, p, NULL), 0);
}

/* Loads a built-in variant (at most one option), starts a Vm on it and
 * reads the position `json` into p. */
static Rules *setup(Vm *vm, Position *p, const char *name, const char *opt, const char *json)
{
    Rules *r = load(name, opt);
    vm_init(vm, r);
    from_json(vm, json, p);
    return r;
}

/* Plays the move written `tok` (it must be legal). */
static void play(Vm *vm, Position *p, const char *tok)
{
    Move moves[MAX_MOVES];
    int n = gen_moves(vm, p, moves);
    assert_true(n > 0);
    int k = tok_find(vm->r, moves, n, tok);
    if (k < 0)
        fail_msg("move %s is not legal", tok);
    assert_true(flow_play(vm, p, &moves[k], NULL, NULL) >= 0);
}

/* Plays `tok` with a fresh record of its events (flags: MC_EVENTS_*). */
static void play_rec(Vm *vm, Position *p, const char *tok, Rec *rec, unsigned flags)
{
    memset(rec, 0, sizeof *rec);
    vm_set_events(vm, rec_sink, rec, flags);
    play(vm, p, tok);
    vm_set_events(vm, NULL, NULL, 0);
}

static void assert_board(const Rules *r, const Position *p, const int *want)
{
    for (int h = 0; h < r->nholes; h++)
        if (p->count[h] != want[h])
            fail_msg("hole %d holds %d, expected %d", h + 1, p->count[h], want[h]);
}

/* ---- Kalah -------------------------------------------------------------------- */

/* Kalah: South sows hole 3 (3 seeds), counterclockwise from the next
 * hole: hole 4 (1 -> 2), hole 5 (0 -> 1), hole 6 (0 -> 1). One lap, its
 * last seed in hole 6, of South's row, which now holds 1 (it was empty);
 * the opposite hole 13 - 6 = 7 holds 5: the capture rule takes
 * [opposite(last), last] in that order, to the mover: 5 seeds from hole 7,
 * then 1 from hole 6, both to South (after the sowing: during = 0).
 * South's store 10 -> 16. The last seed is not in a store: no extra turn.
 * Rows after: South 2,0,0,2,1,0, North 0,2,2,2,2,2: neither empty, so the
 * game goes on and North moves. */
static void test_events_kalah_capture(void **state)
{
    (void)state;
    Vm vm;
    Position p;
    Rules *r = setup(&vm, &p, "kalah", NULL, "{\"board\":[2,0,3,1,0,0,5,2,2,2,2,2],\"stores\":[10,10],\"to_move\":\"south\"}");
    Rec rec;
    play_rec(&vm, &p, "3", &rec, 0);
    const McEvent want[] = {
        e_sow(MC_SOUTH, 3, MC_CCW, 0),
        e_lap(MC_SOUTH, 1, 3, 3, 6),
        e_capture(MC_SOUTH, 7, 5, MC_TO_SOUTH, 0),
        e_capture(MC_SOUTH, 6, 1, MC_TO_SOUTH, 0),
    };
    check_events(&rec, want, N_OF(want), "kalah capture");
    const int board[] = { 2, 0, 0, 2, 1, 0, 0, 2, 2, 2, 2, 2 };
    assert_board(r, &p, board);
    assert_int_equal(p.store[0], 16);
    assert_int_equal(p.store[1], 10);
    assert_int_equal(p.to_move, MC_NORTH);
    assert_false(p.over);
}

/* Kalah from the start (4 seeds a hole): South sows hole 3: hole 4, hole
 * 5, hole 6, then his store (on the track after hole 6): the last seed
 * is in the mover's own store, so the lap's last place is South's store
 * and he moves again (EXTRA_TURN after the lap). No capture (the last
 * seed is not in a hole). Board 4,4,0,5,5,5 / 4 x 6, store 1, South to
 * move. */
static void test_events_kalah_extra_turn(void **state)
{
    (void)state;
    Rules *r = load("kalah", NULL);
    Vm vm;
    vm_init(&vm, r);
    Position p;
    assert_int_equal(flow_start(&vm, &p, NULL), 0);
    Rec rec;
    play_rec(&vm, &p, "3", &rec, 0);
    McEvent extra = blank(MC_EV_EXTRA_TURN, MC_SOUTH);
    const McEvent want[] = {
        e_sow(MC_SOUTH, 3, MC_CCW, 0),
        e_lap(MC_SOUTH, 1, 3, 4, SSTORE),
        extra,
    };
    check_events(&rec, want, N_OF(want), "kalah extra turn");
    const int board[] = { 4, 4, 0, 5, 5, 5, 4, 4, 4, 4, 4, 4 };
    assert_board(r, &p, board);
    assert_int_equal(p.store[0], 1);
    assert_int_equal(p.to_move, MC_SOUTH);
}

/* Kalah: South's last seed, from hole 6 (1 seed), goes into his store:
 * the lap's last place is the store, which would give another turn, but
 * South's row is now empty, so the end rule ends the game first ("after
 * any move, if either row is empty, the game ends and each player takes
 * the seeds left in his own row"): no EXTRA_TURN. North takes his row,
 * hole by hole: hole 7 (2 seeds), hole 12 (1 seed), to North; took:
 * South 0, North 3; nothing removed. Stores 20 + 1 = 21 and 10 + 3 = 13:
 * South wins. The game is over (no match). The row is taken after the
 * sowing, not by an each-seed rule: the captures have during = 0.
 */
static void test_events_kalah_last_move(void **state)
{
    (void)state;
    Vm vm;
    Position p;
    setup(&vm, &p, "kalah", NULL, "{\"board\":[0,0,0,0,0,1,2,0,0,0,0,1],\"stores\":[20,10],\"to_move\":\"south\"}");
    Rec rec;
    play_rec(&vm, &p, "6", &rec, 0);
    const McEvent want[] = {
        e_sow(MC_SOUTH, 6, MC_CCW, 0),
        e_lap(MC_SOUTH, 1, 6, 1, SSTORE),
        e_capture(MC_SOUTH, 7, 2, MC_TO_NORTH, 0),
        e_capture(MC_SOUTH, 12, 1, MC_TO_NORTH, 0),
        /* Kalah's one end rule (its row empty) held */
        e_by_rule(1, e_end(MC_SOUTH, MC_END_RULE, 1, MC_WIN_SOUTH, 0, 3, 0, 1)),
    };
    /* the position first: it must not depend on the events */
    assert_true(p.over);
    assert_int_equal(p.store[0], 21);
    assert_int_equal(p.store[1], 13);
    assert_int_equal(p.winner, MC_WIN_SOUTH);
    assert_int_equal(p.end, MC_END_RULE);
    check_events(&rec, want, N_OF(want), "kalah last move");
}

/* ---- Oware: the grand slam ---------------------------------------------------- */

/* Oware, South to move at: South 3,0,0,0,0,2; North 1,1,0,0,0,0; stores
 * 10, 10. South sows hole 6 (2 seeds, fewer than 12: nothing skipped):
 * hole 7 (1 -> 2), hole 8 (1 -> 2). Last seed in hole 8, North's, now 2:
 * captured (2 seeds), then the chain backward (clockwise): hole 7,
 * North's, 2: captured (2 seeds); hole 6 is South's: the chain stops.
 * Both captures to South, after the sowing. North's row is then empty:
 * a grand slam. */
#define OWARE_SLAM "{\"board\":[3,0,0,0,0,2,1,1,0,0,0,0],\"stores\":[10,10],\"to_move\":\"south\"}"

/* grand-slam=nothing: `cancel-if` holds (North's row is empty), so the
 * captures are undone: CANCEL after the two captures. Board after the
 * sowing: 3,0,0,0,0,0 / 2,2,0,0,0,0, stores 10, 10; North (who has
 * seeds) moves. Nothing else happens. */
static void test_events_oware_grand_slam_nothing(void **state)
{
    (void)state;
    Vm vm;
    Position p;
    Rules *r = setup(&vm, &p, "oware", "grand-slam=nothing", OWARE_SLAM);
    Rec rec;
    play_rec(&vm, &p, "6", &rec, 0);
    const McEvent want[] = {
        e_sow(MC_SOUTH, 6, MC_CCW, 0),
        e_lap(MC_SOUTH, 1, 6, 2, 8),
        e_capture(MC_SOUTH, 8, 2, MC_TO_SOUTH, 0),
        e_capture(MC_SOUTH, 7, 2, MC_TO_SOUTH, 0),
        blank(MC_EV_CANCEL, MC_SOUTH),
    };
    check_events(&rec, want, N_OF(want), "oware grand slam, nothing");
    const int board[] = { 3, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0 };
    assert_board(r, &p, board);
    assert_int_equal(p.store[0], 10);
    assert_int_equal(p.store[1], 10);
    assert_int_equal(p.to_move, MC_NORTH);
    assert_false(p.over);
}

/* grand-slam=capture: the captures stand (South 10 + 4 = 14). No end
 * rule (14 and 10 are not over 24). North is to move with an empty row:
 * the must-feed rule is about South's row (3 seeds), so it does not
 * apply; North has no legal move and `no-moves: pass: false, seeds:
 * owners` ends the game, each taking his own row: South's hole 1 (3
 * seeds) to South; took: South 3, North 0. Stores 17, 10: South wins;
 * reason no-moves, round 1, over. The row is taken after the sowing:
 * during = 0; `player` of those captures and of the end: South, who made
 * the last decision.
 */
static void test_events_oware_grand_slam_capture(void **state)
{
    (void)state;
    Vm vm;
    Position p;
    setup(&vm, &p, "oware", "grand-slam=capture", OWARE_SLAM);
    Rec rec;
    play_rec(&vm, &p, "6", &rec, 0);
    const McEvent want[] = {
        e_sow(MC_SOUTH, 6, MC_CCW, 0),
        e_lap(MC_SOUTH, 1, 6, 2, 8),
        e_capture(MC_SOUTH, 8, 2, MC_TO_SOUTH, 0),
        e_capture(MC_SOUTH, 7, 2, MC_TO_SOUTH, 0),
        e_capture(MC_SOUTH, 1, 3, MC_TO_SOUTH, 0),
        e_end(MC_SOUTH, MC_END_NO_MOVES, 1, MC_WIN_SOUTH, 3, 0, 0, 1),
    };
    assert_true(p.over);
    assert_int_equal(p.store[0], 17);
    assert_int_equal(p.store[1], 10);
    assert_int_equal(p.winner, MC_WIN_SOUTH);
    assert_int_equal(p.end, MC_END_NO_MOVES);
    check_events(&rec, want, N_OF(want), "oware grand slam, capture");
}

/* ---- Bechi ----------------------------------------------------------------------- */

/* Bechi (2x4): South 0,0,2,3; North 1,0,0,0; holdings 20, 22; nothing
 * opened. South plays hole 3 (his third from the left: a right-hand hole,
 * counterclockwise; 2 seeds, enough). The hole is opened first (FLAG
 * `opened`, flag number 0, on hole 3), then the sowing: the first seed
 * back into the origin, hole 3 (0 -> 1), the second into hole 4
 * (3 -> 4). Last seed in hole 4, 4 seeds, even, but hole 4 is not
 * opened: no capture. North to move: his only seeds are 1 in hole 5 (a
 * move needs 2): no move. South could move (hole 4 holds 4), so North
 * passes (PASS, North) and South moves again. */
static void test_events_bechi_pass(void **state)
{
    (void)state;
    Vm vm;
    Position p;
    Rules *r = setup(&vm, &p, "bechi", NULL, "{\"board\":[0,0,2,3,1,0,0,0],\"stores\":[20,22],\"to_move\":\"south\"}");
    Rec rec;
    play_rec(&vm, &p, "3", &rec, 0);
    const McEvent want[] = {
        e_sow(MC_SOUTH, 3, MC_CCW, 0),
        e_flag(MC_SOUTH, 0, 3),
        e_lap(MC_SOUTH, 1, 3, 2, 4),
        blank(MC_EV_PASS, MC_NORTH),
    };
    check_events(&rec, want, N_OF(want), "bechi pass");
    const int board[] = { 0, 0, 1, 4, 1, 0, 0, 0 };
    assert_board(r, &p, board);
    assert_int_equal(p.to_move, MC_SOUTH);
    assert_int_equal(p.flags[0], HOLES(3));
}

/* Bechi, round 1: South 0,0,2,0; North 1,0,1,0; holdings 24, 20. South
 * plays hole 3 (counterclockwise): FLAG opened on 3; hole 3 (0 -> 1),
 * hole 4 (0 -> 1); last in hole 4, 1 seed, odd: no capture. North: 1 seed
 * in holes 5 and 7, no move; South: 1 seed in holes 3 and 4, no move
 * either: neither can move, the round ends (reason blocked) and each
 * takes the seeds in his own row, hole by hole: hole 3 (1) and hole 4 (1)
 * to South, hole 5 (1) and hole 7 (1) to North (after the sowing: during
 * = 0; player: South, who moved). took: 2, 2. Holdings 26, 22: South wins
 * the round; not over (both hold 6 or more). Round 2: the starter
 * alternates (South began round 1): North. The richer player, South,
 * fills every hole of his: holes 1-4, 6 seeds each, 24 seeds; holdings
 * 26 - 24 = 2. North, poorer, fills floor(22 / 6) = 3 of his 4 holes,
 * by his choice: no automatic fill for him; he is to choose (phase fill).
 *
 * Then North's choice `fill:5,6,7`: MOVE (no hole) then FILL of holes
 * 5, 6, 7, 6 seeds each, 18 seeds; holdings 22 - 18 = 4; hole 8 out of
 * play; the round's starter, North, makes the first move.
 */
static void test_events_bechi_round_end(void **state)
{
    (void)state;
    Vm vm;
    Position p;
    Rules *r = setup(&vm, &p, "bechi", NULL, "{\"board\":[0,0,2,0,1,0,1,0],\"stores\":[24,20],\"to_move\":\"south\"}");
    Rec rec;
    play_rec(&vm, &p, "3", &rec, 0);
    /* the position first: it must not depend on the events */
    const int board[] = { 6, 6, 6, 6, 0, 0, 0, 0 };
    assert_board(r, &p, board);
    assert_int_equal(p.store[0], 2);
    assert_int_equal(p.store[1], 22);
    assert_int_equal(p.total[0], 26);
    assert_int_equal(p.total[1], 22);
    assert_int_equal(p.round, 2);
    assert_int_equal(p.starter, MC_NORTH);
    assert_int_equal(p.phase, MC_PHASE_FILL);
    assert_int_equal(p.to_move, MC_NORTH);
    assert_int_equal(p.flags[0], 0);
    assert_false(p.over);
    const McEvent want[] = {
        e_sow(MC_SOUTH, 3, MC_CCW, 0),
        e_flag(MC_SOUTH, 0, 3),
        e_lap(MC_SOUTH, 1, 3, 2, 4),
        e_capture(MC_SOUTH, 3, 1, MC_TO_SOUTH, 0),
        e_capture(MC_SOUTH, 4, 1, MC_TO_SOUTH, 0),
        e_capture(MC_SOUTH, 5, 1, MC_TO_NORTH, 0),
        e_capture(MC_SOUTH, 7, 1, MC_TO_NORTH, 0),
        e_end(MC_SOUTH, MC_END_BLOCKED, 1, MC_WIN_SOUTH, 2, 2, 0, 0),
        e_round(2, MC_NORTH),
        e_fill(MC_SOUTH, HOLES(1, 2, 3, 4), 6, 24),
    };
    Rec fill;
    play_rec(&vm, &p, "fill:5,6,7", &fill, 0);
    const McEvent want_fill[] = {
        e_fill_move(MC_NORTH, HOLES(5, 6, 7)),
        e_fill(MC_NORTH, HOLES(5, 6, 7), 6, 18),
    };
    check_events(&fill, want_fill, N_OF(want_fill), "bechi fill decision");
    const int board2[] = { 6, 6, 6, 6, 6, 6, 6, 0 };
    assert_board(r, &p, board2);
    assert_int_equal(p.store[1], 4);
    assert_int_equal(p.out_of_play, HOLES(8));
    assert_int_equal(p.phase, MC_PHASE_PLAY);
    assert_int_equal(p.to_move, MC_NORTH);
    check_events(&rec, want, N_OF(want), "bechi round end");
}

/* Bechi, as in the round end above but with holdings 40 and 2: after the
 * sweep (2 and 2) they are 42 and 4. END of round 1 (blocked, South wins
 * it, took 2, 2, not over), then the match: North holds fewer than 6
 * (`over: south.store < 6 or north.store < 6`), scores (`player.store`)
 * 42 and 4: South wins the match; a second END, reason match, with the
 * match totals 42, 4 (nothing before this round), over. No new round.
 */
static void test_events_bechi_match_end(void **state)
{
    (void)state;
    Vm vm;
    Position p;
    setup(&vm, &p, "bechi", NULL, "{\"board\":[0,0,2,0,1,0,1,0],\"stores\":[40,2],\"to_move\":\"south\"}");
    Rec rec;
    play_rec(&vm, &p, "3", &rec, 0);
    assert_true(p.over);
    assert_int_equal(p.winner, MC_WIN_SOUTH);
    assert_int_equal(p.end, MC_END_MATCH);
    assert_int_equal(p.round, 1);
    const McEvent want[] = {
        e_sow(MC_SOUTH, 3, MC_CCW, 0),
        e_flag(MC_SOUTH, 0, 3),
        e_lap(MC_SOUTH, 1, 3, 2, 4),
        e_capture(MC_SOUTH, 3, 1, MC_TO_SOUTH, 0),
        e_capture(MC_SOUTH, 4, 1, MC_TO_SOUTH, 0),
        e_capture(MC_SOUTH, 5, 1, MC_TO_NORTH, 0),
        e_capture(MC_SOUTH, 7, 1, MC_TO_NORTH, 0),
        e_end(MC_SOUTH, MC_END_BLOCKED, 1, MC_WIN_SOUTH, 2, 2, 0, 0),
        e_end(MC_SOUTH, MC_END_MATCH, 1, MC_WIN_SOUTH, 42, 4, 0, 1),
    };
    check_events(&rec, want, N_OF(want), "bechi match end");
}

/* ---- Andada ------------------------------------------------------------------------ */

/* Andada (12 holes a row, 2 seeds a hole, 24 holes). South opens from hole
 * 1: lift its 2 seeds, drop them into holes 2 and 3 (now 3 each): lap 1
 * from 1, last 3. next(3) = 4 is not the start: the relay goes on from
 * the next hole, 4: its 2 seeds into 5, 6 (lap 2, from 4, last 6); and so
 * on, three holes a lap: from 7 (last 9), 10 (12), 13 (15), 16 (18), 19
 * (21), 22 (last 24). next(24) = 1 is the start: the opening ends after 8
 * laps. No capture in an opening. Holes 1, 4, ..., 22 are empty, the
 * others hold 3. North then chooses who moves first: `first:north` is a
 * MOVE by North (no hole, kind first, the player chosen North), and North
 * makes the first regular move. */
static void test_events_andada_opening(void **state)
{
    (void)state;
    Rules *r = load("andada", NULL);
    Vm vm;
    vm_init(&vm, r);
    Position p;
    assert_int_equal(flow_start(&vm, &p, NULL), 0);
    assert_int_equal(p.phase, MC_PHASE_OPENING);
    Rec rec;
    play_rec(&vm, &p, "1", &rec, 0);
    McEvent want[9];
    want[0] = e_sow(MC_SOUTH, 1, MC_CCW, 0);
    for (int lap = 1; lap <= 8; lap++)
        want[lap] = e_lap(MC_SOUTH, lap, 3 * lap - 2, 2, 3 * lap);
    check_events(&rec, want, 9, "andada opening");
    for (int h = 0; h < 24; h++)
        assert_int_equal(p.count[h], h % 3 == 0 ? 0 : 3);
    assert_int_equal(p.phase, MC_PHASE_FIRST);
    assert_int_equal(p.to_move, MC_NORTH);

    Rec first;
    play_rec(&vm, &p, "first:north", &first, 0);
    const McEvent want_first[] = { e_first(MC_NORTH, MC_NORTH) };
    check_events(&first, want_first, 1, "andada first player");
    char tok[64];
    tok_write(r, &first.ev[0].move, tok, sizeof tok);
    assert_string_equal(tok, "first:north");
    assert_int_equal(p.phase, MC_PHASE_PLAY);
    assert_int_equal(p.to_move, MC_NORTH);
}

/* Andada: South 0 x 10, 1, 1 (holes 11, 12); North one seed in hole 20.
 * Every non-empty hole holds 1: the singleton rule is on for this move.
 * South sows hole 11: its seed into hole 12 (1 -> 2): lap 1 from 11, last
 * 12; it was occupied: relay from 12 (2 seeds). The next hole, 13, is on
 * North's row: the seed would pass a row's end, so it and the one still
 * in hand (2 seeds) leave the game: SPILL after hole 12, 2 seeds, then
 * lap 2 from 12 with no last place. No landing hole: no capture. 2 seeds
 * removed; North to move (hole 20). mancala.h names `hole` (after which
 * the seeds left) for a spill, `seeds` the seeds concerned, `player` who
 * moved; `n` is not named for it, so it is zero.
 */
static void test_events_andada_spill(void **state)
{
    (void)state;
    Vm vm;
    Position p;
    setup(&vm, &p, "andada", NULL,
               "{\"board\":[0,0,0,0,0,0,0,0,0,0,1,1,0,0,0,0,0,0,0,1,0,0,0,0],"
               "\"stores\":[0,0],\"to_move\":\"south\"}");
    Rec rec;
    play_rec(&vm, &p, "11", &rec, 0);
    const McEvent want[] = {
        e_sow(MC_SOUTH, 11, MC_CCW, 0),
        e_lap(MC_SOUTH, 1, 11, 1, 12),
        e_spill(MC_SOUTH, 12, 2),
        e_lap(MC_SOUTH, 2, 12, 2, NOWHERE),
    };
    assert_int_equal(p.removed, 2);
    assert_int_equal(p.count[10] + p.count[11], 0);
    assert_int_equal(p.to_move, MC_NORTH);
    check_events(&rec, want, N_OF(want), "andada spill");
}

/* ---- Ba-awa: captures during the sowing ------------------------------------------- */

/* Ba-awa: South 2,2,2,2,2,3; North 3,0,1,0,3,0; stores 0, 0. South sows
 * hole 6 (3 seeds): hole 7 (3 -> 4) with 2 seeds still in hand: the first
 * each-seed rule takes it for its owner, North (4 seeds, during); hole 8
 * (0 -> 1); hole 9 (1 -> 2), the last: lap 1 from 6, last 9. Hole 9 was
 * occupied (it holds 2): relay from 9 (2 seeds): hole 10 (0 -> 1), hole 11
 * (3 -> 4) with none in hand: the second rule takes it for the mover,
 * South (4 seeds, during); lap 2 from 9, last 11, which is now empty: the
 * move ends. 12 seeds stay on the board (more than 8): no end. Stores 4,
 * 4. */
static void test_events_baawa_each_seed(void **state)
{
    (void)state;
    Vm vm;
    Position p;
    Rules *r = setup(&vm, &p, "ba-awa", NULL, "{\"board\":[2,2,2,2,2,3,3,0,1,0,3,0],\"stores\":[0,0],\"to_move\":\"south\"}");
    Rec rec;
    play_rec(&vm, &p, "6", &rec, 0);
    const McEvent want[] = {
        e_sow(MC_SOUTH, 6, MC_CCW, 0),
        e_capture(MC_SOUTH, 7, 4, MC_TO_NORTH, 1),
        e_lap(MC_SOUTH, 1, 6, 3, 9),
        e_capture(MC_SOUTH, 11, 4, MC_TO_SOUTH, 1),
        e_lap(MC_SOUTH, 2, 9, 2, 11),
    };
    check_events(&rec, want, N_OF(want), "ba-awa each seed");
    const int board[] = { 2, 2, 2, 2, 2, 0, 0, 1, 0, 1, 0, 0 };
    assert_board(r, &p, board);
    assert_int_equal(p.store[0], 4);
    assert_int_equal(p.store[1], 4);
    assert_int_equal(p.to_move, MC_NORTH);
}

/* ---- seed events ---------------------------------------------------------------------- */

/* Plays `tok` from the position `json` (NULL: the start) with seed events
 * and without: both positions must be the same, the events without the
 * flag must be those with it less the seeds, and those with it `want`. */
static void seeds_case(const char *variant, const char *opt, const char *json, const char *tok,
                       const McEvent *want, int n, const char *what)
{
    Rules *r = load(variant, opt);
    Vm vm;
    vm_init(&vm, r);
    Position p, q;
    if (json)
        from_json(&vm, json, &p);
    else
        assert_int_equal(flow_start(&vm, &p, NULL), 0);
    q = p;
    static Rec seeds_rec, plain_rec;
    Rec *seeds = &seeds_rec, *plain = &plain_rec;
    play_rec(&vm, &p, tok, seeds, MC_EVENTS_SEEDS);
    play_rec(&vm, &q, tok, plain, 0);
    assert_memory_equal(&p, &q, sizeof p);
    McEvent less[MAX_REC];
    int k = 0, dropped = 0;
    for (int i = 0; i < seeds->n; i++) {
        if (seeds->ev[i].kind != MC_EV_SEED)
            less[k++] = seeds->ev[i];
        else
            dropped++;
    }
    assert_true(dropped > 0);
    check_events(plain, less, k, what);
    check_events(seeds, want, n, what);
}

/* Kalah from the start, South sows hole 3: one seed each into hole 4,
 * hole 5, hole 6 and South's store, in that order, then the lap (its last
 * place the store) and the extra turn. */
static void test_events_seeds_kalah(void **state)
{
    (void)state;
    McEvent extra = blank(MC_EV_EXTRA_TURN, MC_SOUTH);
    const McEvent want[] = {
        e_sow(MC_SOUTH, 3, MC_CCW, 0),
        e_seed(MC_SOUTH, 4), e_seed(MC_SOUTH, 5), e_seed(MC_SOUTH, 6), e_seed(MC_SOUTH, SSTORE),
        e_lap(MC_SOUTH, 1, 3, 4, SSTORE),
        extra,
    };
    seeds_case("kalah", NULL, NULL, "3", want, N_OF(want), "seeds, kalah");
}

/* Oware: South sows hole 1 with 12 seeds (12 or more: the origin is
 * skipped): holes 2, 3, ..., 12 (11 seeds), hole 1 skipped, then hole 2:
 * last seed in hole 2, South's own: no capture. */
static void test_events_seeds_oware_skip(void **state)
{
    (void)state;
    McEvent want[14];
    want[0] = e_sow(MC_SOUTH, 1, MC_CCW, 0);
    for (int h = 2; h <= 12; h++)
        want[h - 1] = e_seed(MC_SOUTH, h);
    want[12] = e_seed(MC_SOUTH, 2);
    want[13] = e_lap(MC_SOUTH, 1, 1, 12, 2);
    seeds_case("oware", NULL, "{\"board\":[12,0,0,0,0,0,1,1,1,1,1,1],\"stores\":[0,0],\"to_move\":\"south\"}",
               "1", want, 14, "seeds, oware skip");
}

/* Bechi, the pass position of test_events_bechi_pass: the hole opened,
 * then the first seed into the origin, hole 3, the second into hole 4;
 * the lap; North passes. */
static void test_events_seeds_bechi_origin(void **state)
{
    (void)state;
    const McEvent want[] = {
        e_sow(MC_SOUTH, 3, MC_CCW, 0),
        e_flag(MC_SOUTH, 0, 3),
        e_seed(MC_SOUTH, 3), e_seed(MC_SOUTH, 4),
        e_lap(MC_SOUTH, 1, 3, 2, 4),
        blank(MC_EV_PASS, MC_NORTH),
    };
    seeds_case("bechi", NULL, "{\"board\":[0,0,2,3,1,0,0,0],\"stores\":[20,22],\"to_move\":\"south\"}", "3",
               want, N_OF(want), "seeds, bechi");
}

/* Ba-awa, the position of test_events_baawa_each_seed: the seed into hole
 * 7 is dropped, and then (it made 4) the hole is captured: SEED 7 before
 * CAPTURE 7. Then SEED 8, SEED 9, lap 1; SEED 10, SEED 11, CAPTURE 11,
 * lap 2.
 */
static void test_events_seeds_baawa_order(void **state)
{
    (void)state;
    const McEvent want[] = {
        e_sow(MC_SOUTH, 6, MC_CCW, 0),
        e_seed(MC_SOUTH, 7),
        e_capture(MC_SOUTH, 7, 4, MC_TO_NORTH, 1),
        e_seed(MC_SOUTH, 8),
        e_seed(MC_SOUTH, 9),
        e_lap(MC_SOUTH, 1, 6, 3, 9),
        e_seed(MC_SOUTH, 10),
        e_seed(MC_SOUTH, 11),
        e_capture(MC_SOUTH, 11, 4, MC_TO_SOUTH, 1),
        e_lap(MC_SOUTH, 2, 9, 2, 11),
    };
    seeds_case("ba-awa", NULL, "{\"board\":[2,2,2,2,2,3,3,0,1,0,3,0],\"stores\":[0,0],\"to_move\":\"south\"}",
               "6", want, N_OF(want), "seeds, ba-awa");
}

/* Andada, the singletons of test_events_andada_spill: the seed into hole
 * 12 is dropped; the two spilled seeds are not (no SEED for them).
 */
static void test_events_seeds_andada_spill(void **state)
{
    (void)state;
    const McEvent want[] = {
        e_sow(MC_SOUTH, 11, MC_CCW, 0),
        e_seed(MC_SOUTH, 12),
        e_lap(MC_SOUTH, 1, 11, 1, 12),
        e_spill(MC_SOUTH, 12, 2),
        e_lap(MC_SOUTH, 2, 12, 2, NOWHERE),
    };
    seeds_case("andada", NULL,
               "{\"board\":[0,0,0,0,0,0,0,0,0,0,1,1,0,0,0,0,0,0,0,1,0,0,0,0],"
               "\"stores\":[0,0],\"to_move\":\"south\"}",
               "11", want, N_OF(want), "seeds, andada spill");
}

/* ---- random play: events never change a result ----------------------------------- */

/* A running summary of an event stream: a hash of every event but the
 * seeds, how many, and a check of the seeds against the laps. */
typedef struct Stream {
    uint64_t hash;
    long events, seeds;
    long lap_seeds, lap_spilled;   /* in the current lap */
    int with_seeds;                /* MC_EVENTS_SEEDS asked for */
    int bad;                       /* a lap whose seeds do not add up */
    char why[160];
    long kinds[MC_EV_COUNT];       /* events of each kind */
} Stream;

static uint64_t mix(uint64_t h, long long v)
{
    h ^= (uint64_t)v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    return h * 0x100000001B3ull;
}

static void stream_sink(void *arg, const McEvent *ev)
{
    Stream *s = arg;
    if (ev->kind < MC_EV_COUNT)
        s->kinds[ev->kind]++;
    if (ev->kind == MC_EV_SEED) {
        s->seeds++;
        s->lap_seeds++;
        return;
    }
    if (ev->kind == MC_EV_MOVE)
        s->lap_seeds = s->lap_spilled = 0;
    if (ev->kind == MC_EV_SPILL)
        s->lap_spilled += ev->seeds;
    if (ev->kind == MC_EV_LAP) {
        /* with seed events: every seed lifted is dropped or spilled */
        if (s->with_seeds && s->lap_seeds + s->lap_spilled != ev->seeds && !s->bad) {
            s->bad = 1;
            snprintf(s->why, sizeof s->why, "lap %d from %d: %d seeds lifted, %ld dropped, %ld spilled",
                     ev->n, ev->hole + 1, ev->seeds, s->lap_seeds, s->lap_spilled);
        }
        s->lap_seeds = s->lap_spilled = 0;
    }
    s->events++;
    long long f[] = { ev->kind, ev->player, ev->receiver, ev->reason, ev->winner, ev->match_over, ev->hole,
        ev->last, ev->n, ev->seeds, ev->took[0], ev->took[1], ev->round, (long long)ev->mask,
        ev->move.kind, ev->move.hole, ev->move.dir, ev->move.show_dir, (long long)ev->move.holes };
    for (int i = 0; i < N_OF(f); i++)
        s->hash = mix(s->hash, f[i]);
}

/* `moves` random decisions (games restarted as they end) by three
 * machines: no sink (a), a sink (b), a sink with seed events (c). The
 * positions and move lists must be the same after every decision (and
 * the moves flow_play lists those gen_moves lists); the sinks get nothing
 * while moves are listed; every decision sends events; b's events are
 * c's without the seeds (the plain kernel, where it runs without seed
 * events, reports the laps the general one does), and c's seeds add up,
 * lap by lap. */
static void random_same(const char *name, const char *opt, int moves, unsigned seed, long *kinds)
{
    Rules *r = load(name, opt);
    Vm a, b, c;
    vm_init(&a, r);
    vm_init(&b, r);
    vm_init(&c, r);
    Stream sb, sc;
    memset(&sb, 0, sizeof sb);
    memset(&sc, 0, sizeof sc);
    sc.with_seeds = 1;
    vm_set_events(&b, stream_sink, &sb, 0);
    vm_set_events(&c, stream_sink, &sc, MC_EVENTS_SEEDS);
    History *ha = &hist[0], *hb = &hist[1], *hc = &hist[2];
    ha->compact = hb->compact = hc->compact = 1;
    Rng g;
    rng_seed(&g, seed);
    Position pa, pb, pc;
    Move ma[MAX_MOVES], mb[MAX_MOVES], mc[MAX_MOVES];
    int na = 0, games = 0, ends = 0;
    for (int ply = 0; ply < moves; ply++) {
        if (ply == 0 || pa.over) {
            ha->n = ha->base = hb->n = hb->base = hc->n = hc->base = 0;
            assert_int_equal(flow_start(&a, &pa, ha), 0);
            assert_int_equal(flow_start(&b, &pb, hb), 0);
            assert_int_equal(flow_start(&c, &pc, hc), 0);
            na = gen_moves(&a, &pa, ma);
            games++;
        }
        long eb = sb.events, ec = sc.events + sc.seeds;
        int nb = gen_moves(&b, &pb, mb);
        int nc = gen_moves(&c, &pc, mc);
        if (sb.events != eb || sc.events + sc.seeds != ec)
            fail_msg("%s ply %d: events sent while listing moves", name, ply);
        assert_true(na > 0);
        if (na != nb || na != nc || memcmp(ma, mb, (size_t)na * sizeof *ma) ||
            memcmp(ma, mc, (size_t)na * sizeof *ma))
            fail_msg("%s ply %d: the moves differ (%d, %d, %d)", name, ply, na, nb, nc);
        int k = rng_below(&g, na);
        Move m = ma[k];
        long before = sb.events;
        na = flow_play(&a, &pa, &m, ha, ma);
        assert_true(na >= 0);
        assert_true(flow_play(&b, &pb, &mb[k], hb, NULL) >= 0);
        assert_true(flow_play(&c, &pc, &mc[k], hc, NULL) >= 0);
        if (memcmp(&pa, &pb, sizeof pa) || memcmp(&pa, &pc, sizeof pa))
            fail_msg("%s ply %d: the positions differ with a sink", name, ply);
        if (na != (pa.over ? 0 : gen_moves(&a, &pa, mb)))
            fail_msg("%s ply %d: flow_play listed %d moves", name, ply, na);
        if (sb.events == before)
            fail_msg("%s ply %d: no event for a decision", name, ply);
        if (sb.hash != sc.hash || sb.events != sc.events)
            fail_msg("%s ply %d: the events differ with seed events (%ld, %ld)", name, ply, sb.events,
                     sc.events);
        if (sc.bad)
            fail_msg("%s ply %d: %s", name, ply, sc.why);
        ends += pa.over;
    }
    assert_int_equal(sb.seeds, 0);
    assert_true(sc.seeds > 0);
    for (int i = 0; i < MC_EV_COUNT; i++)
        kinds[i] += sc.kinds[i];
    print_message("%-12s %-20s %d decisions, %d games (%d ended), %ld events, %ld seeds\n", name,
                  opt ? opt : "", moves, games, ends, sb.events, sc.seeds);
    for (int i = 0; i < N_OF(hist); i++)
        hist_free(&hist[i]);
}

/* Every built-in variant (and a few options) in random play; between
 * them, every kind of event must have been sent (but UNFLAG, see below). */
static void test_events_random_no_change(void **state)
{
    (void)state;
    long kinds[MC_EV_COUNT] = { 0 };
    int k = 0;
    /* 1000 decisions a variant in `make test-slow` (MANCALA_TEST_FULL
     * set), 250 in `make test` */
    const int decisions = getenv("MANCALA_TEST_FULL") ? 1000 : 250;
    for (const BuiltinVariant *v = builtin_variants; v->name; v++, k++) {
        unsigned seed = 11;   /* from the name: the same when variants are added */
        for (const char *c = v->name; *c; c++)
            seed = seed * 31u + (unsigned char)*c;
        random_same(v->name, NULL, decisions, seed, kinds);
    }
    random_same("oware", NULL, 3000, 29, kinds);   /* grand slams (CANCEL) are rare */
    random_same("oware", "grand-slam=capture", 1500, 5, kinds);
    random_same("oware", "grand-slam=illegal", 1500, 6, kinds);
    random_same("andada", "direction=cw", 1500, 7, kinds);
    random_same("bechi", "capture-opened-only=false", 1500, 8, kinds);
    random_same("bechi-2x3", "match=false", 1500, 9, kinds);
    random_same("ba-awa", "target=7", 1500, 10, kinds);
    random_same("bohnenspiel", "partie=true", 1500, 12, kinds);
    assert_true(k >= 8);
    for (int i = 0; i < MC_EV_COUNT; i++) {
        print_message("%-10s %ld\n", kind_name(i), kinds[i]);
        /* no shipped game lets the mover choose where his hand is sown,
         * nor puts a player out (`eliminate`): test_board's hand choice
         * test and test_players's elimination test send and check those
         * events */
        if (!kinds[i] && i != MC_EV_HAND && i != MC_EV_OUT)
            fail_msg("no %s event in random play", kind_name(i));
    }
}

/* The first event of each decision is its MOVE, by the player to move,
 * with the decision played; no other MOVE follows. */
static void test_events_move_first(void **state)
{
    (void)state;
    for (const BuiltinVariant *v = builtin_variants; v->name; v++) {
        Rules *r = load(v->name, NULL);
        Vm vm;
        vm_init(&vm, r);
        Rng g;
        rng_seed(&g, 3);
        Position p;
        assert_int_equal(flow_start(&vm, &p, NULL), 0);
        for (int ply = 0; ply < 100 && !p.over; ply++) {
            Move moves[MAX_MOVES];
            int n = gen_moves(&vm, &p, moves);
            assert_true(n > 0);
            Move m = moves[rng_below(&g, n)];
            int mover = p.to_move;
            static Rec recbuf;
            Rec *rec = &recbuf;
            memset(rec, 0, sizeof *rec);
            vm_set_events(&vm, rec_sink, rec, 0);
            assert_true(flow_play(&vm, &p, &m, NULL, NULL) >= 0);
            vm_set_events(&vm, NULL, NULL, 0);
            assert_true(rec->n >= 1);
            const McEvent *e = &rec->ev[0];
            assert_int_equal(e->kind, MC_EV_MOVE);
            assert_int_equal(e->player, mover);
            assert_memory_equal(&e->move, &m, sizeof m);
            assert_int_equal(e->hole, m.kind == MC_MOVE_SOW ? m.hole : MC_NO_HOLE);
            for (int i = 1; i < rec->n; i++)
                assert_int_not_equal(rec->ev[i].kind, MC_EV_MOVE);
        }
    }
}

/* ---- JSON ------------------------------------------------------------------------------- */

static void json_is(const Rules *r, McEvent e, const char *want)
{
    char buf[512];
    int n = ev_json(r, &e, buf, sizeof buf);
    assert_string_equal(buf, want);
    assert_int_equal(n, (int)strlen(want));
    /* the public function writes the same */
    char pub[512];
    assert_int_equal(mc_event_json(r, &e, pub, sizeof pub), n);
    assert_string_equal(pub, want);
}

/* The format (docs/events.md): {"event":KIND, then the fields of the
 * kind}; holes numbered from 1, stores "south-store"/"north-store",
 * nowhere null; players "south"/"north". */
static void test_events_json_text(void **state)
{
    (void)state;
    Rules *kalah = load("kalah", NULL), *bechi = load("bechi", NULL), *baawa = load("ba-awa", NULL);
    Rules *andada = load("andada", NULL);
    json_is(kalah, e_sow(MC_SOUTH, 1, MC_CCW, 0), "{\"event\":\"move\",\"player\":\"south\",\"move\":\"1\"}");
    json_is(kalah, e_lap(MC_SOUTH, 1, 3, 4, SSTORE),
            "{\"event\":\"lap\",\"player\":\"south\",\"lap\":1,\"from\":3,\"seeds\":4,\"last\":\"south-store\"}");
    json_is(kalah, e_capture(MC_SOUTH, 8, 6, MC_TO_SOUTH, 0),
            "{\"event\":\"capture\",\"player\":\"south\",\"hole\":8,\"seeds\":6,\"to\":\"south\",\"during\":false}");
    json_is(baawa, e_capture(MC_SOUTH, 7, 4, MC_TO_NORTH, 1),
            "{\"event\":\"capture\",\"player\":\"south\",\"hole\":7,\"seeds\":4,\"to\":\"north\",\"during\":true}");
    json_is(andada, e_capture(MC_NORTH, 3, 2, MC_TO_REMOVED, 0),
            "{\"event\":\"capture\",\"player\":\"north\",\"hole\":3,\"seeds\":2,\"to\":\"removed\",\"during\":false}");
    json_is(kalah, e_seed(MC_NORTH, NSTORE), "{\"event\":\"seed\",\"hole\":\"north-store\"}");
    json_is(andada, e_lap(MC_SOUTH, 2, 12, 2, NOWHERE),
            "{\"event\":\"lap\",\"player\":\"south\",\"lap\":2,\"from\":12,\"seeds\":2,\"last\":null}");
    json_is(andada, e_spill(MC_SOUTH, 12, 2), "{\"event\":\"spill\",\"player\":\"south\",\"seeds\":2,\"after\":12}");
    json_is(kalah, blank(MC_EV_EXTRA_TURN, MC_SOUTH), "{\"event\":\"extra-turn\",\"player\":\"south\"}");
    json_is(kalah, blank(MC_EV_PASS, MC_NORTH), "{\"event\":\"pass\",\"player\":\"north\"}");
    json_is(kalah, blank(MC_EV_CANCEL, MC_SOUTH), "{\"event\":\"cancel\",\"player\":\"south\"}");
    json_is(bechi, e_flag(MC_NORTH, 0, 6), "{\"event\":\"flag\",\"flag\":\"opened\",\"hole\":6}");
    json_is(bechi, e_end(MC_SOUTH, MC_END_BLOCKED, 1, MC_WIN_SOUTH, 2, 2, 0, 0),
            "{\"event\":\"end\",\"reason\":\"blocked\",\"round\":1,\"winner\":\"south\","
            "\"took\":{\"south\":2,\"north\":2},\"removed\":0,\"over\":false}");
    json_is(bechi, e_end(MC_SOUTH, MC_END_MATCH, 3, MC_WIN_NORTH, 40, 56, 0, 1),
            "{\"event\":\"end\",\"reason\":\"match\",\"round\":3,\"winner\":\"north\","
            "\"totals\":{\"south\":40,\"north\":56},\"over\":true}");
    json_is(kalah, e_end(MC_NORTH, MC_END_REPETITION, 1, MC_WIN_DRAW, 5, 7, 0, 1),
            "{\"event\":\"end\",\"reason\":\"repetition\",\"round\":1,\"winner\":\"draw\","
            "\"took\":{\"south\":5,\"north\":7},\"removed\":0,\"over\":true}");
    json_is(bechi, e_round(2, MC_NORTH), "{\"event\":\"round\",\"round\":2,\"starter\":\"north\"}");
    json_is(bechi, e_fill(MC_SOUTH, HOLES(1, 2, 3, 4), 6, 24),
            "{\"event\":\"fill\",\"player\":\"south\",\"holes\":[1,2,3,4],\"seeds\":6,\"paid\":24}");
    json_is(bechi, e_fill(MC_NORTH, 0, 6, 0), "{\"event\":\"fill\",\"player\":\"north\",\"holes\":[],\"seeds\":6,\"paid\":0}");
    json_is(bechi, e_fill_move(MC_NORTH, HOLES(5, 6, 7)),
            "{\"event\":\"move\",\"player\":\"north\",\"move\":\"fill:5,6,7\"}");
    json_is(andada, e_first(MC_NORTH, MC_SOUTH), "{\"event\":\"move\",\"player\":\"north\",\"move\":\"first:south\"}");
    json_is(baawa, e_owners(HOLES(1, 7, 8, 9, 10, 11, 12)),
            "{\"event\":\"owners\",\"north\":[1,7,8,9,10,11,12]}");
}

/* A buffer too small: the length the whole text needs is returned, as
 * snprintf; what is written is the text's beginning, NUL-terminated. */
static void test_events_json_small_buffer(void **state)
{
    (void)state;
    Rules *r = load("kalah", NULL);
    const McEvent e = e_capture(MC_SOUTH, 8, 6, MC_TO_SOUTH, 0);
    const char *full = "{\"event\":\"capture\",\"player\":\"south\",\"hole\":8,\"seeds\":6,\"to\":\"south\",\"during\":false}";
    const int len = (int)strlen(full);
    char buf[128];
    /* no room at all: nothing written */
    memset(buf, 'x', sizeof buf);
    assert_int_equal(ev_json(r, &e, buf, 0), len);
    assert_int_equal(buf[0], 'x');
    assert_int_equal(ev_json(r, &e, NULL, 0), len);
    /* room for the NUL only */
    memset(buf, 'x', sizeof buf);
    assert_int_equal(ev_json(r, &e, buf, 1), len);
    assert_int_equal(buf[0], '\0');
    /* cut in the first piece, in a later piece, one short, exact */
    const int sizes[] = { 5, 10, 40, len - 1, len, len + 1 };
    for (int i = 0; i < N_OF(sizes); i++) {
        int n = sizes[i];
        memset(buf, 'x', sizeof buf);
        assert_int_equal(ev_json(r, &e, buf, (size_t)n), len);
        int kept = n - 1 < len ? n - 1 : len;
        assert_int_equal((int)strlen(buf), kept);
        assert_memory_equal(buf, full, (size_t)kept);
        assert_int_equal(buf[n], 'x');   /* nothing written past the buffer */
        memset(buf, 'x', sizeof buf);
        assert_int_equal(mc_event_json(r, &e, buf, (size_t)n), len);
        assert_int_equal((int)strlen(buf), kept);
    }
    /* a FILL of many holes, cut inside the list */
    Rules *b = load("bechi", NULL);
    const McEvent f = e_fill(MC_SOUTH, HOLES(1, 2, 3, 4), 6, 24);
    const char *ftext = "{\"event\":\"fill\",\"player\":\"south\",\"holes\":[1,2,3,4],\"seeds\":6,\"paid\":24}";
    memset(buf, 'x', sizeof buf);
    assert_int_equal(ev_json(b, &f, buf, 45), (int)strlen(ftext));
    assert_int_equal((int)strlen(buf), 44);
    assert_memory_equal(buf, ftext, 44);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_events_kalah_capture, teardown),
        cmocka_unit_test_teardown(test_events_kalah_extra_turn, teardown),
        cmocka_unit_test_teardown(test_events_kalah_last_move, teardown),
        cmocka_unit_test_teardown(test_events_oware_grand_slam_nothing, teardown),
        cmocka_unit_test_teardown(test_events_oware_grand_slam_capture, teardown),
        cmocka_unit_test_teardown(test_events_bechi_pass, teardown),
        cmocka_unit_test_teardown(test_events_bechi_round_end, teardown),
        cmocka_unit_test_teardown(test_events_bechi_match_end, teardown),
        cmocka_unit_test_teardown(test_events_andada_opening, teardown),
        cmocka_unit_test_teardown(test_events_andada_spill, teardown),
        cmocka_unit_test_teardown(test_events_baawa_each_seed, teardown),
        cmocka_unit_test_teardown(test_events_seeds_kalah, teardown),
        cmocka_unit_test_teardown(test_events_seeds_oware_skip, teardown),
        cmocka_unit_test_teardown(test_events_seeds_bechi_origin, teardown),
        cmocka_unit_test_teardown(test_events_seeds_baawa_order, teardown),
        cmocka_unit_test_teardown(test_events_seeds_andada_spill, teardown),
        cmocka_unit_test_teardown(test_events_random_no_change, teardown),
        cmocka_unit_test_teardown(test_events_move_first, teardown),
        cmocka_unit_test_teardown(test_events_json_text, teardown),
        cmocka_unit_test_teardown(test_events_json_small_buffer, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
