/* test_board: boards of any number of rows (interpreter/board.c,
 * loadboard.c): the numbering of every layout, the sides, the tracks and
 * the geometry that expressions read, and sowings and captures on four
 * rows and on a track given as a list. Every expected value is worked out
 * by hand from the numbering of docs/variant-format.md ("The board"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "json.h"
#include "rules.h"
#include "vm.h"
#include "testlib.h"
#include "gamelib.h"

/* A variant of `rows` x `holes` with `extra` lines added to its board
 * section and `rest` after it (both may be ""). */
static Rules *board_variant(int rows, int holes, const char *extra, const char *rest)
{
    char text[2048];
    snprintf(text, sizeof text,
             "game: t\n"
             "board:\n"
             "  rows: %d\n"
             "  holes: %d\n"
             "  seeds: 2\n"
             "  stores: none\n"
             "%s"
             "moves:\n"
             "  from: hole.owner == mover and hole.count > 0\n"
             "  direction: ccw\n"
             "%s",
             rows, holes, extra, rest);
    return test_load_text(text, NULL, 0);
}

/* The hole numbers of a board, row by row from the top (North's edge),
 * each row from South's left. */
static void numbers_are(const Rules *r, const int *want)
{
    for (int y = r->rows - 1, i = 0; y >= 0; y--)
        for (int x = 0; x < r->width; x++, i++)
            if (r->geo.at[y][x] + 1 != want[i])
                fail_msg("row %d column %d: hole %d, expected %d", y + 1, x + 1, r->geo.at[y][x] + 1, want[i]);
}

static void test_board_numbering(void **state)
{
    (void)state;
    static const int two[] = { 12, 11, 10, 9, 8, 7, 1, 2, 3, 4, 5, 6 };
    static const int four[] = { 24, 23, 22, 21, 20, 19, 18, 17, 25, 26, 27, 28, 29, 30, 31, 32,
                                16, 15, 14, 13, 12, 11, 10, 9,  1,  2,  3,  4,  5,  6,  7,  8 };
    static const int three[] = { 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 1, 2, 3, 4, 5, 6 };
    static const int six[] = { 8, 7, 9, 10, 12, 11, 5, 6, 4, 3, 1, 2 };
    static const int one[] = { 1, 2, 3, 4 };
    static const struct { int rows, holes; const int *want; } cases[] = {
        { 2, 6, two }, { 4, 8, four }, { 3, 6, three }, { 6, 2, six }, { 1, 4, one },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Rules *r = board_variant(cases[i].rows, cases[i].holes, "", "");
        assert_non_null(r);
        numbers_are(r, cases[i].want);
        /* the default sides: the first half of the numbers is South's */
        assert_int_equal(r->geo.side_mask[SOUTH], (UINT64_C(1) << (r->nholes / 2)) - 1);
        rules_free(r);
    }
}

/* The value of expression `e` for hole number `n` of a board, read
 * through `board.seeds` (evaluated once a hole at load time). */
static int hole_value(int rows, int holes, const char *e, int n)
{
    char text[1024];
    snprintf(text, sizeof text,
             "game: t\nboard:\n  rows: %d\n  holes: %d\n  seeds: %s\n  stores: none\n"
             "moves:\n  from: hole.owner == mover\n  direction: ccw\n",
             rows, holes, e);
    Rules *r = test_load_text(text, NULL, 0);
    assert_non_null(r);
    int v = r->initial[n - 1];
    rules_free(r);
    return v;
}

static void test_board_hole_properties(void **state)
{
    (void)state;
    /* 4 x 8: hole 12 is in row 2 (16..9 from the left), column 5, an
     * inner row; hole 20 in row 4 (24..17), column 5, 4th from North's
     * left (the board's right) */
    assert_int_equal(hole_value(4, 8, "hole.rank", 12), 2);
    assert_int_equal(hole_value(4, 8, "hole.column", 12), 5);
    assert_int_equal(hole_value(4, 8, "hole.depth", 12), 1);
    assert_int_equal(hole_value(4, 8, "hole.index", 12), 5);
    assert_int_equal(hole_value(4, 8, "opposite(hole).number", 12), 29);
    assert_int_equal(hole_value(4, 8, "hole.rank", 20), 4);
    assert_int_equal(hole_value(4, 8, "hole.column", 20), 5);
    assert_int_equal(hole_value(4, 8, "hole.depth", 20), 2);
    assert_int_equal(hole_value(4, 8, "hole.index", 20), 4);
    assert_int_equal(hole_value(4, 8, "opposite(hole).number", 20), 5);
    assert_int_equal(hole_value(4, 8, "if hole.row == north then 1 else 0", 20), 1);
    assert_int_equal(hole_value(4, 8, "if hole.row == north then 1 else 0", 16), 0);
    /* hole(row, column) */
    assert_int_equal(hole_value(4, 8, "hole(3, 1).number", 1), 25);
    assert_int_equal(hole_value(4, 8, "hole(4, 8).number", 1), 17);
    assert_int_equal(hole_value(4, 8, "hole(5, 1).number", 1), 0);
    assert_int_equal(hole_value(4, 8, "hole(1, 9).number", 1), 0);
    assert_int_equal(hole_value(4, 8, "hole(0, 1).number", 1), 0);
    /* inner() and outer(): a row nearer the middle, or farther, on the
     * same half and column (12: row 2, column 5; 29: row 3, column 5) */
    assert_int_equal(hole_value(4, 8, "outer(hole).number", 12), 5);
    assert_int_equal(hole_value(4, 8, "inner(hole).number", 5), 12);
    assert_int_equal(hole_value(4, 8, "inner(hole).number", 12), 0);
    assert_int_equal(hole_value(4, 8, "outer(hole).number", 5), 0);
    assert_int_equal(hole_value(4, 8, "outer(hole).number", 29), 20);
    assert_int_equal(hole_value(4, 8, "inner(hole).number", 20), 29);
    assert_int_equal(hole_value(4, 8, "outer(opposite(hole)).number", 9), 17);
    assert_int_equal(hole_value(3, 6, "inner(hole).number", 1), 12);
    assert_int_equal(hole_value(3, 6, "outer(hole).number", 9) + hole_value(3, 6, "inner(hole).number", 9), 0);
    assert_int_equal(hole_value(2, 6, "outer(hole).number + inner(hole).number", 3), 0);
    /* 3 x 6: the middle row is row 2 for both players (depth 1), the
     * outer rows depth 2; the middle row faces itself */
    assert_int_equal(hole_value(3, 6, "hole.depth", 9), 1);
    assert_int_equal(hole_value(3, 6, "hole.depth", 1), 2);
    assert_int_equal(hole_value(3, 6, "hole.depth", 15), 2);
    assert_int_equal(hole_value(3, 6, "opposite(hole).number", 9), 9);
    assert_int_equal(hole_value(3, 6, "opposite(hole).number", 1), 18);
    /* two rows: as always (number 2N+1-n, index from the owner's left) */
    assert_int_equal(hole_value(2, 6, "opposite(hole).number", 3), 10);
    assert_int_equal(hole_value(2, 6, "hole.index", 8), 2);
    assert_int_equal(hole_value(2, 6, "hole.column", 8), 5);
    assert_int_equal(hole_value(2, 6, "hole.rank", 8), 2);
}

/* `p` written as JSON contains `part` and reads back the same. */
static void json_round_trip(Vm *vm, const Position *p, const char *part)
{
    char *js = pos_to_json(vm, p);
    assert_non_null(js);
    if (!strstr(js, part))
        fail_msg("%s lacks %s", js, part);
    Position back;
    char err[256];
    assert_true(pos_from_json(vm->r, js, strlen(js), &back, err, sizeof err));
    assert_memory_equal(&back, p, sizeof back);
    free(js);
}

/* The JSON position `pos` is refused with a message containing `part`. */
static void json_refused(const Rules *r, const char *pos, const char *part)
{
    Position p;
    char err[256] = "";
    assert_false(pos_from_json(r, pos, strlen(pos), &p, err, sizeof err));
    if (!strstr(err, part))
        fail_msg("refused with \"%s\", not \"...%s...\"", err, part);
}

/* Plays `toks` from the start of the variant `text` in both modes and
 * checks the board (hole 1 first) and the stores. */
static void board_after(const char *text, const char *toks, const int *want, int s0, int s1)
{
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, text, mode);
        play(&g.vm, &g.p, &g.h, toks);
        for (int i = 0; i < g.r->nholes; i++)
            if (g.p.count[i] != want[i])
                fail_msg("after %s (mode %u): hole %d has %d, expected %d", toks, mode, i + 1, g.p.count[i],
                         want[i]);
        assert_int_equal(g.p.store[0], s0);
        assert_int_equal(g.p.store[1], s1);
        game_end(&g);
    }
}

/* Four rows of 8, two seeds a hole, each player round his own rows; the
 * last seed in an empty hole of one's inner row takes the opposite hole. */
static const char four_rows[] =
    "game: four\n"
    "board: {rows: 4, holes: 8, seeds: 2, stores: none}\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 0\n"
    "  direction: {ccw: true, cw: hole.number == 1}\n"
    "captures:\n"
    "  - when: last.owner == mover and last.depth == 1 and last.count == 1 and opposite(last).count > 0\n"
    "    take: opposite(last)\n"
    "    to: mover\n";

static void test_board_four_rows_sowing(void **state)
{
    (void)state;
    /* South sows 16 (his inner row's left end): its 2 seeds go round the
     * corner into 1 and 2; North sows 32 (his inner row's right end) into
     * 17 and 18 */
    static const int a[] = { 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0,
                             3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0 };
    board_after(four_rows, "16 32", a, 0, 0);
    /* hole 1 clockwise: 16, 15 */
    static const int b[] = { 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3,
                             2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2 };
    board_after(four_rows, "1cw", b, 0, 0);
    /* South 9 (into 10, 11); North 17 (into 18, 19); South 7 (into 8 and
     * the emptied 9, his inner row): he takes the 2 seeds of 32, across
     * the middle */
    static const int c[] = { 2, 2, 2, 2, 2, 2, 0, 3, 1, 3, 3, 2, 2, 2, 2, 2,
                             0, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0 };
    board_after(four_rows, "9 17 7", c, 2, 0);
}

static void test_board_moves_on_own_track(void **state)
{
    (void)state;
    /* `from` allows any hole with seeds, but a player sows only from his
     * own track: South's are 1..6 */
    static const char text[] =
        "game: t\n"
        "board:\n"
        "  rows: 2\n"
        "  holes: 6\n"
        "  seeds: 2\n"
        "  stores: none\n"
        "  track: {south: [1-6], north: [7-12]}\n"
        "moves: {from: hole.count > 0, direction: ccw}\n";
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, text, mode);
        Move moves[MAX_MOVES];
        int n = gen_moves(&g.vm, &g.p, moves);
        assert_int_equal(n, 6);
        for (int i = 0; i < n; i++)
            assert_int_equal(moves[i].hole, i);
        /* 6 sows round his own row: into 1 and 2 */
        play(&g.vm, &g.p, &g.h, "6");
        assert_int_equal(g.p.count[0], 3);
        assert_int_equal(g.p.count[1], 3);
        assert_int_equal(g.p.count[5], 0);
        assert_int_equal(g.p.count[6], 2);
        game_end(&g);
    }
}

static void test_board_track_list(void **state)
{
    (void)state;
    /* Selus's circuit: 1-9, 13-18, 12-10. South 8 (3 seeds): 9, 13, 14;
     * North 18: 12, 11, 10; South 7: 8, 9, 13 */
    static const char selus[] =
        "game: selus\n"
        "board:\n"
        "  rows: 3\n"
        "  holes: 6\n"
        "  seeds: 3\n"
        "  stores: none\n"
        "  track: [1-9, 13-18, 12-10]\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n";
    static const int a[] = { 3, 3, 3, 3, 3, 3, 0, 1, 5, 4, 4, 4, 5, 4, 3, 3, 3, 0 };
    board_after(selus, "8 18 7", a, 0, 0);
    /* South 1 (into 2, 3, 4); North's 10 goes on to 1, 2, 3: the
     * circuit closes */
    static const int b[] = { 1, 5, 5, 4, 3, 3, 3, 3, 3, 0, 3, 3, 3, 3, 3, 3, 3, 3 };
    board_after(selus, "1 10", b, 0, 0);
    /* the same circuit written with runs that follow an option (w = 6:
     * 1-9, 13-18, 12-10): the same boards */
    static const char runs[] =
        "game: selus-runs\n"
        "options: {w: {type: int, default: 6, min: 2, max: 10}}\n"
        "board:\n"
        "  rows: 3\n"
        "  holes: w\n"
        "  seeds: 3\n"
        "  stores: none\n"
        "  track: [{from: 1, to: w + w / 2}, {from: 2 * w + 1, to: 3 * w}, {from: 2 * w, to: w + w / 2 + 1}]\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n";
    board_after(runs, "8 18 7", a, 0, 0);
    board_after(runs, "1 10", b, 0, 0);
}

/* Seeds taken to the hand are sown next, from `sow-from` (its first seed
 * into that hole), and the relay goes on from where they end. */
static void test_board_sow_from_hand(void **state)
{
    (void)state;
    static const char text[] =
        "game: hand\n"
        "board: {rows: 2, holes: 4, seeds: 2, stores: none}\n"
        "moves: {from: hole.owner == mover and hole.count > 1, direction: ccw}\n"
        "sowing:\n"
        "  laps: relay\n"
        "  each-seed:\n"
        "    - when: hand == 0 and hole.owner == mover and hole.count > 1 and opposite(hole).count > 0\n"
        "      take: opposite(hole)\n"
        "      to: hand\n"
        "      sow-from: start\n";
    /* South 1: 2 and 3 (3 seeds, the last: 6 facing it gives its 2 to the
     * hand); the hand from 1: 1 (0->1), 2 (3->4, the last: 7 gives 2);
     * again from 1: 1 (2), 2 (5); 7 is empty now: 2 is lifted (relay):
     * 3 (4), 4 (3), 5 (3), 6 (1), 7 (1), the last alone: the end */
    static const int want[] = { 2, 0, 4, 3, 3, 1, 1, 2 };
    board_after(text, "1", want, 0, 0);
}

/* `sow-from` as a choice: the move stops with the seeds in the mover's
 * hand (phase "hand") and his next decision says where they are sown. */
static const char hand_choice[] =
    "game: choice\n"
    "board: {rows: 2, holes: 4, seeds: 2, stores: none}\n"
    "moves: {from: hole.owner == mover and hole.count > 1, direction: ccw}\n"
    "sowing:\n"
    "  laps: relay\n"
    "  each-seed:\n"
    "    - when: hand == 0 and hole.owner == mover and hole.count > 1 and opposite(hole).count > 0\n"
    "      take: opposite(hole)\n"
    "      to: hand\n"
    "      sow-from:\n"
    "        cw: \"{first(row(mover))}\"\n"
    "        ccw: row(mover)\n";

/* The events of the hand choice test: the `hand` events in order. */
typedef struct Held {
    int n, seeds[4];
    Mask holes[4];
    int player[4];
} Held;

static void held(void *arg, const McEvent *ev)
{
    Held *s = arg;
    if (ev->kind != MC_EV_HAND || s->n >= 4)
        return;
    s->seeds[s->n] = ev->seeds;
    s->holes[s->n] = ev->mask;
    s->player[s->n++] = ev->player;
}

static void test_board_hand_choice(void **state)
{
    (void)state;
    /* South 1: 2 and 3 (3 seeds, the last: 6 gives its 2 to the hand):
     * he stops and chooses. 3: into 3 (4) and 4 (3, the last: 5 gives 2):
     * he stops again. 1cw: into 1 (1) and 8 (3), North's, occupied: the
     * relay lifts 8's 3 and sows on clockwise: 7 (3), 6 (1), 5 (1), alone */
    static const int want[] = { 1, 3, 4, 3, 1, 1, 3, 0 };
    board_after(hand_choice, "1 3 1cw", want, 0, 0);
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, hand_choice, mode);
        play(&g.vm, &g.p, &g.h, "1");
        assert_int_equal(g.p.phase, PH_HAND);
        assert_int_equal(g.p.to_move, SOUTH);
        assert_int_equal(g.p.hand, 2);
        assert_int_equal(g.p.hand_from[DIR_CW], 0x1);   /* hole 1 */
        assert_int_equal(g.p.hand_from[DIR_CCW], 0xf);  /* holes 1..4 */
        Move m[MAX_MOVES];
        int n = gen_moves(&g.vm, &g.p, m);
        assert_int_equal(n, 5);   /* 1cw 1ccw 2 3 4 */
        char tok[16];
        tok_write(g.r, &m[0], tok, sizeof tok);
        assert_string_equal(tok, "1cw");
        tok_write(g.r, &m[2], tok, sizeof tok);
        assert_string_equal(tok, "2");
        Held ev = { 0 };
        vm_set_events(&g.vm, held, &ev, 0);
        play(&g.vm, &g.p, &g.h, "3 1cw");
        assert_int_equal(g.p.phase, PH_PLAY);
        assert_int_equal(g.p.to_move, NORTH);
        assert_int_equal(g.p.hand, 0);
        /* one `hand` event: after 3, South holds 5's 2 seeds, for 1..4 */
        assert_int_equal(ev.n, 1);
        assert_int_equal(ev.seeds[0], 2);
        assert_int_equal(ev.holes[0], 0xf);
        assert_int_equal(ev.player[0], SOUTH);
        game_end(&g);
    }
}

/* perft counts a move and the choices that complete it as one move:
 * from South 0 2 0 1, North 3 0 0 1 his only move is 2 (into 3, and 4,
 * the last: 5 gives 3 to the hand), then the hand goes from 1 either way,
 * or from 2, 3 or 4: five moves. */
static void test_board_hand_choice_perft(void **state)
{
    (void)state;
    static const char pos[] = "{\"board\": [0, 2, 0, 1, 3, 0, 0, 1], \"stores\": [0, 0], \"to_move\": \"south\"}";
    Game g;
    game_at(&g, hand_choice, MC_LOAD_DEFAULT, pos);
    Vm *vm = &g.vm;
    uint64_t nodes = 0;
    assert_int_equal(perft_count(vm, &g.p, NULL, 1, &nodes), MC_OK);
    assert_int_equal(nodes, 5);
    /* 1ccw: 1, 2, 3 (2: 6 is empty, no capture; the relay lifts 3): 4 (3),
     * 5 (1), alone: South 1 1 0 3, North 1 0 0 1. North has no hole of
     * two: the game ends, each takes his own holes: 5 and 2 */
    Position q = g.p;
    play(vm, &q, NULL, "2 1ccw");
    assert_true(q.over);
    assert_int_equal(q.store[0], 5);
    assert_int_equal(q.store[1], 2);
    /* in phase "hand" the JSON position says what is in hand and where
     * it may go; one that says seeds are in hand in another phase is
     * refused */
    static const char mid[] = "{\"board\": [0, 0, 1, 2, 0, 0, 0, 1], \"stores\": [0, 0], \"to_move\": \"south\", "
                              "\"phase\": \"hand\", \"hand\": 3, \"hand_from\": {\"cw\": [1], \"ccw\": [1, 2, 3, 4]}}";
    char err[256];
    assert_true(pos_from_json(g.r, mid, strlen(mid), &q, err, sizeof err));
    assert_int_equal(perft_count(vm, &q, NULL, 1, &nodes), MC_OK);
    assert_int_equal(nodes, 5);
    json_round_trip(vm, &q, "\"hand\":3,\"hand_from\":{\"cw\":[1],\"ccw\":[1,2,3,4]}");
    json_refused(g.r, "{\"board\": [0, 0, 1, 2, 0, 0, 0, 1], \"stores\": [0, 0], \"to_move\": \"south\", \"hand\": 3}",
                 "only in phase");
    game_end(&g);
}

/* A direction chosen once: each player's first move may go either way,
 * his later ones only the way he went (`sowed`, `cw`). */
static const char kept_direction[] =
    "game: once\n"
    "board: {rows: 2, holes: 4, seeds: 3, stores: off-track}\n"
    "moves:\n"
    "  from: hole.owner == mover\n"
    "  direction:\n"
    "    cw: not mover.sowed or mover.cw\n"
    "    ccw: not mover.sowed or not mover.cw\n";

static void test_board_direction_kept(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, kept_direction, mode);
        Move m[MAX_MOVES];
        assert_int_equal(gen_moves(&g.vm, &g.p, m), 8);   /* 1cw 1ccw ... 4ccw */
        /* South 2cw: 1 (4), 8 (4), 7 (4); North 5ccw: 6, 7, 8 */
        play(&g.vm, &g.p, &g.h, "2cw 5ccw");
        assert_int_equal(g.p.sowed, 1 | 2 | 4);   /* South cw, North ccw */
        /* South: 1, 3, 4, clockwise only, written without a suffix */
        int n = gen_moves(&g.vm, &g.p, m);
        assert_int_equal(n, 3);
        for (int i = 0; i < n; i++) {
            assert_int_equal(m[i].dir, DIR_CW);
            assert_int_equal(m[i].show_dir, 0);
        }
        play(&g.vm, &g.p, &g.h, "1");
        n = gen_moves(&g.vm, &g.p, m);   /* North: counterclockwise only */
        assert_true(n > 0);
        for (int i = 0; i < n; i++)
            assert_int_equal(m[i].dir, DIR_CCW);
        game_end(&g);
    }
    /* the JSON position says who went which way, and reads it back */
    Game g;
    game_at(&g, kept_direction, MC_LOAD_DEFAULT,
            "{\"board\": [3, 3, 3, 3, 3, 3, 3, 3], \"stores\": [0, 0], \"to_move\": \"north\", "
            "\"sowed\": {\"south\": \"ccw\", \"north\": null}}");
    assert_int_equal(g.p.sowed, 1);
    json_round_trip(&g.vm, &g.p, "\"sowed\":{\"south\":\"ccw\",\"north\":null}");
    json_refused(g.r, "{\"board\": [3, 3, 3, 3, 3, 3, 3, 3], \"stores\": [0, 0], \"to_move\": \"north\", "
                      "\"sowed\": {\"east\": \"cw\"}}", "field `sowed`");
    game_end(&g);
}

/* `match.fill-seeds` per hole: each player fills from his right, each
 * hole only if he can pay all of it, and stops at the first he cannot. */
static void test_board_fill_per_hole(void **state)
{
    (void)state;
    static const char text[] =
        "game: fillx\n"
        "board: {rows: 2, holes: 3, seeds: \"if hole.index == 3 then 5 else 4\", stores: off-track}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "end: [{when: seeds(board) < 3, seeds: owners}]\n"
        "match:\n"
        "  max-rounds: 5\n"
        "  next: fill\n"
        "  fill-seeds: if hole.index == 3 then 5 else 4\n"
        "  choose: right\n"
        "  over: south.store < 4 or north.store < 4\n"
        "  score: player.store\n";
    /* South sows 3's seed into 4: one seed left on the board, the round
     * ends, North takes 4's: holdings 12 and 14. South fills 3 (5), 2 (4),
     * has 3 left, not 4 for hole 1: out of play. North fills 6 (5), 5, 4
     * (4 each) and keeps 1. North begins round 2. */
    static const char pos[] = "{\"board\": [0, 0, 1, 0, 0, 0], \"stores\": [12, 13], \"to_move\": \"south\"}";
    static const int want[] = { 0, 4, 5, 4, 4, 5 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, pos);
        assert_int_equal(g.r->fill_seeds, 0);
        play(&g.vm, &g.p, NULL, "3");
        counts_are(&g.p, want, 6);
        assert_int_equal(g.p.out_of_play, 1);
        assert_int_equal(g.p.store[SOUTH], 3);
        assert_int_equal(g.p.store[NORTH], 1);
        assert_int_equal(g.p.round, 2);
        assert_int_equal(g.p.to_move, NORTH);
        game_end(&g);
    }
}

/* The detection of endless sowings compares flags too: a lone seed
 * relays round 16 holes; on hole 1 it sets f, then clears f and sets g,
 * then sets f, and the relay stops (f and g). The counts repeat each
 * circuit, the flags do not: the move ends, it is not endless. */
static void test_board_cycle_sees_flags(void **state)
{
    (void)state;
    static const char text[] =
        "game: cyc\n"
        "board:\n"
        "  rows: 2\n"
        "  holes: 8\n"
        "  seeds: if hole.number == 1 then 1 else 0\n"
        "  stores: none\n"
        "  flags: [f, g]\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "sowing:\n"
        "  laps: relay\n"
        "  relay-while: not (hole(1).f and hole(1).g)\n"
        "  each-seed:\n"
        "    - when: hole.number == 1 and not hole.f\n"
        "      set: {flag: f}\n"
        "    - when: hole.number == 1 and hole.f and not hole.g\n"
        "      set: [{clear: f}, {flag: g}]\n";
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, text, mode);
        Move m[MAX_MOVES];
        assert_int_equal(gen_moves(&g.vm, &g.p, m), 1);
        play(&g.vm, &g.p, &g.h, "1");
        assert_int_equal(g.p.flags[0], 1);
        assert_int_equal(g.p.flags[1], 1);
        game_end(&g);
    }
}

/* `hand` in `skip`: the seeds left once the next one is dropped. The
 * opponent's holes are passed over but by a lap's last seed. */
static void test_board_skip_reads_hand(void **state)
{
    (void)state;
    static const char text[] =
        "game: t\n"
        "board: {rows: 2, holes: 3, seeds: 1, stores: none}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "sowing: {skip: hole.owner == opponent and hand > 0}\n";
    static const char a[] = "{\"board\": [3, 0, 0, 1, 1, 1], \"stores\": [0, 0], \"to_move\": \"south\"}";
    static const char b[] = "{\"board\": [0, 0, 3, 1, 1, 1], \"stores\": [0, 0], \"to_move\": \"south\"}";
    /* 1's 3: 2, 3, and the last into North's 4 */
    static const int wa[] = { 0, 1, 1, 2, 1, 1 };
    /* 3's 3: 4, 5, 6 passed over (seeds follow), 1, 2, and the last into 3 */
    static const int wb[] = { 1, 1, 1, 1, 1, 1 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, a);
        play(&g.vm, &g.p, NULL, "1");
        counts_are(&g.p, wa, 6);
        game_end(&g);
        game_at(&g, text, mode, b);
        play(&g.vm, &g.p, NULL, "3");
        counts_are(&g.p, wb, 6);
        game_end(&g);
    }
}

/* A setup: South places 8 seeds one a decision, never leaving too few
 * to fill every empty hole (Li'b al-'Aqil's rule: every hole gets one);
 * then North keeps the board and moves first, or swaps and moves second. */
static const char setup_text[] =
    "game: libt\n"
    "board: {rows: 2, holes: 3, seeds: 0, stores: off-track}\n"
    "setup:\n"
    "  by: south\n"
    "  seeds: if player == south then 8 else 0\n"
    "  where: hole.count == 0 or south.reserve > size(board) - nonempty(board)\n"
    "  swap: north\n"
    "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n";

typedef struct Placed {
    int places, left, swaps;
} Placed;

static void placed(void *arg, const McEvent *ev)
{
    Placed *s = arg;
    if (ev->kind == MC_EV_PLACE) {
        s->places += ev->seeds;
        s->left = ev->n;
    }
    s->swaps += ev->kind == MC_EV_SWAP && ev->n;
}

static void test_board_setup(void **state)
{
    (void)state;
    /* perft: 6 holes, 6 of them each time while the reserve exceeds the
     * empty holes; after three seeds in one hole (6 sequences) the 5 left
     * must go to the 5 empty holes: 6, 36, 216, 30 + 210 x 6 = 1290 */
    static const uint64_t want[] = { 6, 36, 216, 1290 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, setup_text, mode);
        assert_int_equal(g.p.phase, PH_PLACE);
        assert_int_equal(g.p.reserve[SOUTH], 8);
        assert_int_equal(g.r->total_seeds, 8);
        for (int d = 1; d <= 4; d++) {
            uint64_t nodes = 0;
            assert_int_equal(perft_count(&g.vm, &g.p, NULL, d, &nodes), MC_OK);
            assert_int_equal(nodes, want[d - 1]);
        }
        Position keep;
        Placed ev = { 0 };
        vm_set_events(&g.vm, placed, &ev, 0);
        play(&g.vm, &g.p, &g.h, "place:1 place:1 place:1");
        assert_int_equal(ev.places, 3);
        assert_int_equal(ev.left, 5);
        Move m[MAX_MOVES];
        assert_int_equal(gen_moves(&g.vm, &g.p, m), 5);   /* only the empty 2..6 */
        play(&g.vm, &g.p, &g.h, "place:2 place:3 place:4 place:5 place:6");
        assert_int_equal(g.p.phase, PH_SWAP);
        assert_int_equal(g.p.to_move, NORTH);
        keep = g.p;
        /* keep: North moves first on 3 1 1 | 1 1 1 */
        play(&g.vm, &keep, NULL, "keep");
        assert_int_equal(keep.phase, PH_PLAY);
        assert_int_equal(keep.to_move, NORTH);
        assert_int_equal(keep.count[0], 3);
        /* swap: the board turned round (hole 1's 3 seeds to hole 4, the
         * hole facing it diagonally), South moves first */
        play(&g.vm, &g.p, &g.h, "swap");
        assert_int_equal(ev.places, 8);
        assert_int_equal(ev.swaps, 1);
        static const int turned[] = { 1, 1, 1, 3, 1, 1 };
        for (int i = 0; i < 6; i++)
            assert_int_equal(g.p.count[i], turned[i]);
        assert_int_equal(g.p.to_move, SOUTH);
        assert_int_equal(g.p.starter, SOUTH);
        game_end(&g);
    }
    /* the JSON position carries the reserves */
    Game g;
    game_at(&g, setup_text, MC_LOAD_DEFAULT,
            "{\"board\": [2, 0, 0, 0, 0, 0], \"stores\": [0, 0], \"to_move\": \"south\", "
            "\"phase\": \"place\", \"reserve\": [6, 0]}");
    uint64_t nodes = 0;
    assert_int_equal(perft_count(&g.vm, &g.p, NULL, 1, &nodes), MC_OK);
    assert_int_equal(nodes, 6);   /* reserve 6 > 5 empty holes */
    json_round_trip(&g.vm, &g.p, "\"phase\":\"place\",\"round\":1,\"reserve\":[6,0]");
    json_refused(g.r, "{\"board\": [2, 0, 0, 0, 0, 0], \"stores\": [0, 0], \"to_move\": \"south\", \"reserve\": [6, 0]}",
                 "only in phase \"place\"");
    game_end(&g);
}

/* setup.first: chooser: North, who may turn the board, moves first
 * whether he keeps it or turns it. South places 8 seeds as above
 * (3 1 1 | 1 1 1); turned, 1's three go to 4: 1 1 1 | 3 1 1. */
static void test_board_setup_chooser_first(void **state)
{
    (void)state;
    char text[1024];
    snprintf(text, sizeof text, "%.*s  first: chooser\n%s",
             (int)(strstr(setup_text, "moves:") - setup_text), setup_text, strstr(setup_text, "moves:"));
    static const int turned[] = { 1, 1, 1, 3, 1, 1 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, text, mode);
        play(&g.vm, &g.p, &g.h, "place:1 place:1 place:1 place:2 place:3 place:4 place:5 place:6");
        assert_int_equal(g.p.phase, PH_SWAP);
        Position keep = g.p;
        play(&g.vm, &keep, NULL, "keep");
        assert_int_equal(keep.to_move, NORTH);
        assert_int_equal(keep.starter, NORTH);
        play(&g.vm, &g.p, &g.h, "swap");
        counts_are(&g.p, turned, 6);
        assert_int_equal(g.p.phase, PH_PLAY);
        assert_int_equal(g.p.to_move, NORTH);
        assert_int_equal(g.p.starter, NORTH);
        game_end(&g);
    }
}

/* moves.step: when the opponent has no seeds, the mover's move carries
 * one seed of his to the opponent's first hole (Li'b al-'Aqil). */
static void test_board_steps(void **state)
{
    (void)state;
    static const char text[] =
        "game: give\n"
        "board: {rows: 2, holes: 3, seeds: 1, stores: off-track}\n"
        "moves:\n"
        "  from: hole.owner == mover and hole.count > 0\n"
        "  direction: ccw\n"
        "  step:\n"
        "    when: seeds(row(opponent)) == 0\n"
        "    from: hole.owner == mover and hole.count > 0\n"
        "    to: first(row(opponent))\n"
        "captures: [{when: last.owner == opponent and last.count == 2, take: last, to: mover}]\n";
    /* North's row is empty: South's moves are 1>4 and 2>4 (a seed each
     * to North's first hole, no capture though 4 then holds 1); North
     * then sows his single seed */
    static const char pos[] = "{\"board\": [2, 1, 0, 0, 0, 0], \"stores\": [2, 1], \"to_move\": \"south\"}";
    static const int want[] = { 1, 1, 0, 1, 0, 0 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, pos);
        Move m[MAX_MOVES];
        assert_int_equal(gen_moves(&g.vm, &g.p, m), 2);
        char tok[16];
        tok_write(g.r, &m[0], tok, sizeof tok);
        assert_string_equal(tok, "1>4");
        tok_write(g.r, &m[1], tok, sizeof tok);
        assert_string_equal(tok, "2>4");
        play(&g.vm, &g.p, NULL, "1>4");
        counts_are(&g.p, want, 6);
        assert_int_equal(g.p.to_move, NORTH);
        assert_int_equal(gen_moves(&g.vm, &g.p, m), 1);   /* North sows 4 */
        game_end(&g);
    }
}

/* match.next: copy, from the left, the last round's loser beginning. */
static void test_board_copy_layout(void **state)
{
    (void)state;
    static const char text[] =
        "game: cp\n"
        "board: {rows: 2, holes: 6, seeds: 3, stores: off-track}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "match: {max-rounds: 9, next: copy, fill-seeds: 3, choose: left, starter: loser,\n"
        "        over: south.store < 2 or north.store < 2, score: player.store}\n";
    /* South sows 6's seed into 7, North 7's into 8; South cannot move:
     * the round ends, each takes his row: South 13, North 23. South, who has
     * fewer, lays out from his left: 3, 3, 3, 3, then 1 into 5; North
     * puts the same into his holes of the same index (his left is 7) and
     * keeps 10; South, the loser, begins */
    static const char pos[] = "{\"board\": [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], \"stores\": [13, 22], "
                              "\"to_move\": \"south\"}";
    static const int want[] = { 3, 3, 3, 3, 1, 0, 3, 3, 3, 3, 1, 0 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, pos);
        play(&g.vm, &g.p, NULL, "6 7");
        counts_are(&g.p, want, 12);
        assert_int_equal(g.p.store[SOUTH], 0);
        assert_int_equal(g.p.store[NORTH], 10);
        assert_int_equal(g.p.round, 2);
        assert_int_equal(g.p.to_move, SOUTH);
        game_end(&g);
    }
}

/* sowing.endless-after: a relay that has dropped N seeds when another
 * lap is due counts as endless. South 1: 2 seeds (2, 3), 3 is lifted
 * (4, 5, 6: 5 seeds so far), 6 is lifted (1, 2, 3) and the move ends on
 * the empty 3: legal with a bound of 6, endless with 5. */
static int legal_from_1(int bound)
{
    char text[512];
    snprintf(text, sizeof text,
             "game: t\n"
             "board: {rows: 2, holes: 3, seeds: 2, stores: none}\n"
             "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
             "sowing: {laps: relay, endless-after: %d}\n", bound);
    Rules *r = test_load_text(text, NULL, 0);
    assert_non_null(r);
    Vm vm;
    vm_init(&vm, r);
    Position p;
    assert_int_equal(flow_start(&vm, &p, NULL), MC_OK);
    Move m[MAX_MOVES];
    int n = gen_moves(&vm, &p, m), found = 0;
    for (int i = 0; i < n; i++)
        found |= m[i].hole == 0;
    rules_free(r);
    return found;
}

static void test_board_endless_after(void **state)
{
    (void)state;
    assert_true(legal_from_1(6));
    assert_false(legal_from_1(5));
}

/* Omweso from every hole holding two (no setup): perft as an independent
 * implementation of its rules text gives it (captures sown back, chained
 * captures restarting where the last sowing started, clockwise moves only
 * into a capture). Regression numbers, checked once against it. */
static void test_board_omweso_perft(void **state)
{
    (void)state;
    static const uint64_t want[] = { 20, 195, 2046 };
    Rules *r = test_builtin("omweso", NULL, 0);
    assert_non_null(r);
    Vm vm;
    vm_init(&vm, r);
    char pos[512];
    int n = snprintf(pos, sizeof pos, "{\"board\": [2");
    for (int i = 1; i < 32; i++)
        n += snprintf(pos + n, sizeof pos - (size_t)n, ", 2");
    snprintf(pos + n, sizeof pos - (size_t)n, "], \"stores\": [0, 0], \"to_move\": \"south\"}");
    Position p;
    char err[256];
    assert_true(pos_from_json(r, pos, strlen(pos), &p, err, sizeof err));
    for (int d = 1; d <= 3; d++) {
        uint64_t nodes = 0;
        assert_int_equal(perft_count(&vm, &p, NULL, d, &nodes), MC_OK);
        assert_int_equal(nodes, want[d - 1]);
    }
    rules_free(r);
}

/* next() and prev() pass over holes out of play, as the sowing does. */
static void test_board_next_passes_out_of_play(void **state)
{
    (void)state;
    static const char text[] =
        "game: t\n"
        "board: {rows: 2, holes: 4, seeds: 2, stores: none}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "captures: [{when: true, take: next(last), to: mover}]\n";
    /* holes 2 and 3 out of play; North sows 8's seed into 1 (3): the hole
     * after 1 is 4 (2 and 3 passed over), whose 3 seeds he takes */
    static const char pos[] = "{\"board\": [2, 0, 0, 3, 1, 1, 1, 1], \"stores\": [0, 0], \"to_move\": \"north\", "
                              "\"out_of_play\": [2, 3]}";
    static const int want[] = { 3, 0, 0, 0, 1, 1, 1, 0 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, pos);
        play(&g.vm, &g.p, NULL, "8");
        counts_are(&g.p, want, 8);
        assert_int_equal(g.p.store[1], 3);
        game_end(&g);
    }
}

/* Part of a hole: a lap lifts `lift` seeds, a rule takes at most
 * `amount` from each hole. */
static void test_board_lift_and_amount(void **state)
{
    (void)state;
    static const char text[] =
        "game: am\n"
        "board: {rows: 2, holes: 3, seeds: 3, stores: none}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "sowing:\n"
        "  lift: if origin.count > 2 then 2 else origin.count\n"
        "  each-seed:\n"
        "    - when: hole.owner == opponent and hole.count == 5\n"
        "      take: [hole, opposite(hole)]\n"
        "      amount: 2\n"
        "      to: mover\n"
        "captures:\n"
        "  - when: last.owner == opponent\n"
        "    take: last\n"
        "    amount: 1\n"
        "    to: mover\n";
    /* South 2 lifts 2 of its 3: 3 (4), 4 (4, North's): 1 of 4 taken */
    static const int a[] = { 3, 1, 4, 3, 3, 3 };
    board_after(text, "2", a, 1, 0);
    /* then North 5 lifts 2: 6 (4), 1 (4, South's): 1 taken; South 3
     * lifts 2 of 4: 4 (4), 5 (2): 1 taken from 5 */
    static const int b[] = { 3, 1, 2, 4, 1, 4 };
    board_after(text, "2 5 3", b, 2, 1);
    /* after South 2, North 4 lifts 2: 5 (4), 6 (4); South 3 lifts 2 of
     * 4: 4 (2), 5 (5): the each-seed rule takes 2 of 5 and the single
     * seed of 2 facing it (3), then the capture 1 more of 5 (1) */
    static const int c[] = { 3, 0, 2, 2, 2, 4 };
    board_after(text, "2 4 3", c, 5, 0);
}

/* A chain that takes each chain hole's opposite too (`also`). */
static void test_board_chain_also(void **state)
{
    (void)state;
    static const char text[] =
        "game: also\n"
        "board: {rows: 2, holes: 4, seeds: \"if hole.number == 1 then 2 else 1\", stores: none}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "captures:\n"
        "  - when: last.count > 0 and last.count % 2 == 0\n"
        "    take: [opposite(last), last]\n"
        "    chain: backward\n"
        "    while: hole.count > 0 and hole.count % 2 == 0\n"
        "    also: opposite(hole)\n"
        "    to: mover\n";
    /* South 1 (2 seeds): 2 (2), 3 (2): 3 is even: 6 facing it (1) and 3
     * (2) taken; back along the chain 2 (2, even) with 7 facing it (1);
     * 1 is empty: the chain ends. 6 seeds. */
    static const int want[] = { 0, 0, 0, 1, 1, 0, 0, 1 };
    board_after(text, "1", want, 6, 0);
}

/* A sweep over the holes the move sowed (`sown`). */
static void test_board_sweep_sown(void **state)
{
    (void)state;
    static const char text[] =
        "game: sweep\n"
        "board: {rows: 2, holes: 4, seeds: \"if hole.number == 1 then 5 else 1\", stores: none}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "captures:\n"
        "  - when: last.owner == opponent\n"
        "    sweep: sown\n"
        "    where: hole.owner == opponent and hole.count in {2, 4}\n"
        "    to: mover\n";
    /* South 1 (5 seeds): 2..6 hold 2 each; of those sown, 5 and 6 are
     * North's and even: taken (4); 7 and 8 were not sown */
    static const int want[] = { 0, 2, 2, 2, 0, 0, 1, 1 };
    board_after(text, "1", want, 4, 0);
}

/* Relay variants: a lap that reverses the next one's direction, a relay
 * source that depends on where the lap ended. */
static void test_board_relay_variants(void **state)
{
    (void)state;
    static const char reverse[] =
        "game: rv\n"
        "board: {rows: 2, holes: 3, seeds: 2, stores: none}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "sowing: {laps: relay, relay-reverse: last.count == 3}\n";
    /* South 1: 2 (3), 3 (3): a 3, so 3 is lifted and sown clockwise: 2
     * (4), 1 (1), 6 (3): a 3 again, counterclockwise from 6: 1 (2), 2
     * (5), 3 (1), alone: the end */
    static const int a[] = { 2, 5, 1, 2, 2, 0 };
    board_after(reverse, "1", a, 0, 0);
    static const char from[] =
        "game: rf\n"
        "board: {rows: 2, holes: 3, seeds: 2, stores: none}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "sowing:\n"
        "  laps: relay\n"
        "  relay-from: {next: last.owner == mover}\n";
    /* South 1: 2 (3), 3 (3), his own: the hole after it, 4, is lifted:
     * 5 (3), 6 (3), North's: 6 itself: 1 (1), 2 (4), 3 (4), his own: 4
     * is empty, the sowing ends */
    static const int b[] = { 1, 4, 4, 0, 3, 0 };
    board_after(from, "1", b, 0, 0);
}

/* Stores that start with seeds (Bay Khom's 5 each). */
static void test_board_store_seeds(void **state)
{
    (void)state;
    static const char text[] =
        "game: ss\n"
        "board: {rows: 2, holes: 4, seeds: 4, stores: on-track, store-seeds: 5}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "sowing: {stores: both}\n";
    Rules *r = test_load_text(text, NULL, 0);
    assert_non_null(r);
    assert_int_equal(r->total_seeds, 42);
    rules_free(r);
    /* South 4: his store (6), 5, 6, 7 */
    static const int want[] = { 4, 4, 4, 0, 5, 5, 5, 4 };
    board_after(text, "4", want, 6, 5);
}

/* A match scored by points: each round adds the winner's margin. */
static void test_board_match_points(void **state)
{
    (void)state;
    static const char text[] =
        "game: pts\n"
        "board: {rows: 2, holes: 2, seeds: 2, stores: none}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "captures:\n"
        "  - when: last.owner == opponent and last.count in {2, 3}\n"
        "    take: last\n"
        "    to: mover\n"
        "end:\n"
        "  - when: seeds(row(south)) == 0 or seeds(row(north)) == 0\n"
        "    seeds: owners\n"
        "match:\n"
        "  enabled: true\n"
        "  max-rounds: 50\n"
        "  next: reset\n"
        "  points: max(player.store - player.opponent.store, 0)\n"
        "  over: south.total >= 6 or north.total >= 6\n"
        "  score: player.total\n";
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, text, mode);
        /* 2: 3 (3), 4 (3): taken (3); North 3: 4, 1, 2; South 1: 2, 3, 4
         * (2): taken (5); North 3: 4; South 2: 3, 4 (2): taken (7).
         * South's row is empty: North takes his 1. 7-1: South scores 6,
         * North 0, and the match is over */
        play(&g.vm, &g.p, &g.h, "2 3 1 3 2");
        assert_true(g.p.over);
        assert_int_equal(g.p.total[0], 6);
        assert_int_equal(g.p.total[1], 0);
        assert_int_equal(g.p.winner, WIN_SOUTH);
        assert_int_equal(g.p.end, END_MATCH);
        game_end(&g);
    }
}

/* next() and prev() follow the mover's track. */
static void test_board_next_follows_track(void **state)
{
    (void)state;
    static const char src[] = "game: n\nboard: {rows: 4, holes: 8, seeds: 2, stores: none}\n"
                              "moves: {from: hole.owner == mover, direction: ccw}\n"
                              "captures: [{when: true, take: next(last), to: mover}]\n";
    Rules *q = test_load_text(src, NULL, 0);
    assert_non_null(q);
    Position p;
    memset(&p, 0, sizeof p);
    p.owner[0] = q->geo.side_mask[NORTH];
    const Expr *e = &q->captures[0].take[0];
    ExCtx cx;
    ex_ctx_init(&cx, q, &p, SOUTH);
    cx.dir = DIR_CCW;
    cx.last = 15;   /* hole 16: the end of South's track */
    assert_int_equal(ex_eval(e, &cx), 0);
    cx.dir = DIR_CW;
    cx.last = 0;    /* hole 1 clockwise: 16 */
    assert_int_equal(ex_eval(e, &cx), 15);
    ex_ctx_init(&cx, q, &p, NORTH);
    cx.dir = DIR_CCW;
    cx.last = 31;   /* hole 32: North's track goes on at 17 */
    assert_int_equal(ex_eval(e, &cx), 16);
    cx.last = 0;    /* hole 1 is not on North's track */
    assert_int_equal(ex_eval(e, &cx), NO_HOLE);
    rules_free(q);
}

/* What the loader refuses, with where and why. */
static void bad_board(const char *extra, int rows, int holes, const char *want)
{
    char text[1024];
    snprintf(text, sizeof text,
             "game: t\nboard:\n  rows: %d\n  holes: %d\n  seeds: 1\n  stores: none\n%s"
             "moves:\n  from: hole.owner == mover\n  direction: ccw\n",
             rows, holes, extra);
    Diags dg;
    dg_init(&dg, "t.yaml", text, strlen(text));
    Rules *r = rules_open("t.yaml", text, strlen(text), NULL, 0, MC_LOAD_DEFAULT, &dg);
    if (r || dg.count == 0 || !strstr(dg.items[0].msg, want))
        fail_msg("%s: expected \"%s\", got \"%s\"", extra, want, dg.count ? dg.items[0].msg : "(loaded)");
    dg_free(&dg);
}

static void test_board_refused(void **state)
{
    (void)state;
    bad_board("  track: [1-6, 3, 7, 3]\n", 2, 6, "hole 3 is on South's track more than twice, or twice in a row");
    bad_board("  track: [1-6, 6]\n", 2, 6, "hole 6 is on South's track more than twice, or twice in a row");
    bad_board("  track: [1-3, 1, 2, 4]\n", 2, 6, "hole 2 is twice on South's track after the same hole");
    bad_board("  track: [4]\n", 2, 6, "South's track has 1 hole; a track needs at least 2");
    bad_board("  track: [1-13]\n", 2, 6, "lists hole numbers 1..12, runs of them");
    bad_board("  track: [{from: 1, to: 13}]\n", 2, 6, "`board.track: a run's end` is 13; it must lie in 1..12");
    bad_board("  track: [{from: 1}]\n", 2, 6, "a run of `board.track` is `{from: A, to: B}` (both hole numbers)");
    bad_board("  track: [{from: 1, to: 3, by: 1}]\n", 2, 6, "a run of `board.track` is `{from: A, to: B}` (each once)");
    bad_board("  track: [{from: 1, to: hole.count}]\n", 2, 6, "not available here");
    bad_board("  track: [0-3]\n", 2, 6, "lists hole numbers 1..12");
    bad_board("  track: [1-3x]\n", 2, 6, "lists hole numbers 1..12");
    bad_board("  track: [-]\n", 2, 6, "lists hole numbers 1..12");
    bad_board("  track: {south: [1-6]}\n", 2, 6, "needs a list for `south` and one for `north`");
    bad_board("  track: {south: [1-6], south: [1-6]}\n", 2, 6, "`board.track.south` is given twice");
    bad_board("  track: {east: [1-6]}\n", 2, 6, "must be one of: south, north");
    bad_board("  track: round\n", 2, 6, "must be one of: board, own");
    bad_board("  track: [[1, 2]]\n", 2, 6, "`board.track` must be a scalar, not a list");
    bad_board("", 3, 5, "a board of 15 holes cannot be shared in halves: give `board.owner`");
    bad_board("  owner: hole.count\n", 2, 6, "`count` is not available here");
    bad_board("  owner: mover\n", 2, 6, "not available here");
    bad_board("", 8, 17, "a board of 8 rows of 17 holes has 136 holes; at most 128 are played");
    bad_board("", 9, 2, "`board.rows` is 9; it must lie in 1..8");
    bad_board("", 2, 51, "`board.holes` is 51; it must lie in 1..50");
}

static void test_board_stores_on_track_need_two_rows(void **state)
{
    (void)state;
    static const char text[] =
        "game: t\nboard: {rows: 4, holes: 4, seeds: 1, stores: on-track}\n"
        "moves: {from: hole.owner == mover, direction: ccw}\n";
    Diags dg;
    dg_init(&dg, "t.yaml", text, strlen(text));
    assert_null(rules_open("t.yaml", text, strlen(text), NULL, 0, MC_LOAD_DEFAULT, &dg));
    assert_true(dg.count > 0);
    assert_non_null(strstr(dg.items[0].msg, "stores on the track need a board of 2 rows"));
    dg_free(&dg);
}

/* Holes that change role and owner: `set` on an each-seed rule and on a
 * capture rule, worked by hand on 2 x 4. */
static const char roles[] =
    "game: roles\n"
    "board: {rows: 2, holes: 4, seeds: 2, stores: none, flags: [nedf, hot]}\n"
    "moves: {from: hole.owner == mover and hole.count > 0 and not hole.nedf, direction: ccw}\n"
    "sowing:\n"
    "  each-seed:\n"
    "    - when: hole.owner == opponent and hole.count == 3 and not hole.nedf\n"
    "      set: {flag: nedf, owner: mover}\n"
    "captures:\n"
    "  - when: last.hot\n"
    "    set: [{clear: hot}, {at: opposite(last), flag: hot}]\n";

typedef struct Seen {
    int flags, unflags, owners;
} Seen;

static void seen(void *arg, const McEvent *ev)
{
    Seen *s = arg;
    s->flags += ev->kind == MC_EV_FLAG;
    s->unflags += ev->kind == MC_EV_UNFLAG;
    s->owners += ev->kind == MC_EV_OWNERS;
}

static void test_board_roles(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, roles, mode);
        Seen ev = { 0, 0, 0 };
        vm_set_events(&g.vm, seen, &ev, 0);
        /* South 4: 5 and 6 (North's) each reach 3: both become South's nedf */
        play(&g.vm, &g.p, &g.h, "4");
        assert_int_equal(g.p.flags[0], (1u << 4) | (1u << 5));
        assert_int_equal(g.p.owner[0], (1u << 6) | (1u << 7));
        assert_int_equal(ev.flags, 2);
        assert_int_equal(ev.owners, 2);
        /* North may sow 7 and 8 only */
        Move moves[MAX_MOVES];
        assert_int_equal(gen_moves(&g.vm, &g.p, moves), 2);
        /* North 7: 8 (3, his own), 1 (3, South's): 1 becomes North's nedf */
        play(&g.vm, &g.p, &g.h, "7");
        assert_int_equal(g.p.flags[0], (1u << 0) | (1u << 4) | (1u << 5));
        assert_int_equal(g.p.owner[0], (1u << 0) | (1u << 6) | (1u << 7));
        /* South's holes now: 2, 3 (4 is empty; 5 and 6 are nedf) */
        int n = gen_moves(&g.vm, &g.p, moves);
        assert_int_equal(n, 2);
        assert_int_equal(moves[0].hole, 1);
        assert_int_equal(moves[1].hole, 2);
        /* hole 4 hot: South 2 (2 seeds) ends in 4 (0 -> 1): the capture
         * rule takes nothing, clears hot there and sets it on 5 */
        g.p.flags[1] = 1u << 3;
        ev = (Seen){ 0, 0, 0 };
        play(&g.vm, &g.p, &g.h, "2");
        assert_int_equal(g.p.flags[1], 1u << 4);
        assert_int_equal(ev.unflags, 1);
        assert_int_equal(ev.flags, 1);
        assert_int_equal(g.p.count[3], 1);
        game_end(&g);
    }
}

/* `plies` counts the decisions of a game; a game with no repetition rule
 * that never ends stops at MAX_PLIES decisions; with the rule, at the
 * third occurrence. */
static void test_board_plies_and_repetition(void **state)
{
    (void)state;
    /* one seed a side on 2 x 1: South's seed goes to North's hole and
     * back, for ever */
    static const char off[] =
        "game: loop\n"
        "board: {rows: 2, holes: 1, seeds: 1, stores: none}\n"
        "moves: {from: hole.count > 0 and hole.owner == mover, direction: ccw}\n"
        "no-moves: {pass: true}\n"
        "repetition: off\n";
    static const unsigned mode = MC_LOAD_DEFAULT;
    Game g;
    game_start(&g, off, mode);
    assert_int_equal(g.r->repetition, 0);
    long n = 0;
    Move moves[MAX_MOVES];
    while (!g.p.over && n < 100000) {
        assert_true(gen_moves(&g.vm, &g.p, moves) > 0);
        assert_int_equal(flow_play(&g.vm, &g.p, &moves[0], &g.h, NULL), MC_OK);
        n++;
    }
    assert_int_equal(n, MAX_PLIES);
    assert_int_equal(g.p.plies, MAX_PLIES);
    assert_int_equal(g.p.end, END_MAX_PLIES);
    game_end(&g);
    /* the same game with the rule: [1,1] comes back at decision 4 (the
     * start, then after 2 and 4 decisions: South 1 -> [0,2], North 2 ->
     * [1,1]...), a draw by `draw: true` though each takes one seed */
    char on[512];
    snprintf(on, sizeof on, "%.*srepetition: {count: 3, seeds: owners, draw: true}\n",
             (int)(strstr(off, "repetition") - off), off);
    game_start(&g, on, mode);
    for (n = 0; !g.p.over && n < 100; n++) {
        assert_true(gen_moves(&g.vm, &g.p, moves) > 0);
        assert_int_equal(flow_play(&g.vm, &g.p, &moves[0], &g.h, NULL), MC_OK);
    }
    assert_int_equal(n, 4);
    assert_int_equal(g.p.end, END_REPETITION);
    assert_int_equal(g.p.winner, WIN_DRAW);
    game_end(&g);
}

static void test_board_plies_rules(void **state)
{
    (void)state;
    static const char text[] =
        "game: pl\n"
        "board: {rows: 2, holes: 3, seeds: 2, stores: none}\n"
        "moves:\n"
        "  from: hole.owner == mover and hole.count > 0 and (plies > 0 or hole.number == 2)\n"
        "  direction: ccw\n"
        "end:\n"
        "  - when: plies >= 6\n"
        "    seeds: owners\n"
        "    winner: north\n";
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, text, mode);
        assert_true(g.r->uses_plies);
        Move moves[MAX_MOVES];
        assert_int_equal(gen_moves(&g.vm, &g.p, moves), 1);
        assert_int_equal(moves[0].hole, 1);
        /* 2: 3 (3), 4 (3); 5: 6 (3), 1 (3); 1: 2 (1), 3 (4); 4: 5 (1), 6 (4);
         * 3: 4..6 +1, 1 (1); 6: 1 (2), 2, 3 (1 each)... six decisions:
         * the game ends and North wins, whatever the stores */
        play(&g.vm, &g.p, &g.h, "2 5 1 4 3 6");
        assert_true(g.p.over);
        assert_int_equal(g.p.plies, 6);
        assert_int_equal(g.p.winner, WIN_NORTH);
        assert_int_equal(g.p.end, END_RULE);
        game_end(&g);
    }
    /* the trial sowings of `must` see `plies` as the move will (it counts
     * the sowing): on the first decision only 1 lands on 2 and captures,
     * so only 1 is kept */
    static const char must[] =
        "game: pm\n"
        "board: {rows: 2, holes: 3, seeds: 1, stores: off-track}\n"
        "moves:\n"
        "  from: hole.owner == mover and hole.count > 0\n"
        "  direction: ccw\n"
        "  must: [{keep: captured > 0, otherwise: all}]\n"
        "captures: [{when: plies == 1 and last.number == 2, take: last, to: mover}]\n";
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, must, mode);
        Move moves[MAX_MOVES];
        assert_int_equal(gen_moves(&g.vm, &g.p, moves), 1);
        assert_int_equal(moves[0].hole, 0);
        play(&g.vm, &g.p, &g.h, "1");
        assert_int_equal(g.p.store[SOUTH], 2);
        game_end(&g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board_numbering),
        cmocka_unit_test(test_board_hole_properties),
        cmocka_unit_test(test_board_four_rows_sowing),
        cmocka_unit_test(test_board_moves_on_own_track),
        cmocka_unit_test(test_board_track_list),
        cmocka_unit_test(test_board_next_follows_track),
        cmocka_unit_test(test_board_sow_from_hand),
        cmocka_unit_test(test_board_hand_choice),
        cmocka_unit_test(test_board_hand_choice_perft),
        cmocka_unit_test(test_board_direction_kept),
        cmocka_unit_test(test_board_next_passes_out_of_play),
        cmocka_unit_test(test_board_fill_per_hole),
        cmocka_unit_test(test_board_cycle_sees_flags),
        cmocka_unit_test(test_board_skip_reads_hand),
        cmocka_unit_test(test_board_setup),
        cmocka_unit_test(test_board_setup_chooser_first),
        cmocka_unit_test(test_board_steps),
        cmocka_unit_test(test_board_copy_layout),
        cmocka_unit_test(test_board_endless_after),
        cmocka_unit_test(test_board_omweso_perft),
        cmocka_unit_test(test_board_lift_and_amount),
        cmocka_unit_test(test_board_chain_also),
        cmocka_unit_test(test_board_sweep_sown),
        cmocka_unit_test(test_board_relay_variants),
        cmocka_unit_test(test_board_store_seeds),
        cmocka_unit_test(test_board_match_points),
        cmocka_unit_test(test_board_refused),
        cmocka_unit_test(test_board_stores_on_track_need_two_rows),
        cmocka_unit_test(test_board_roles),
        cmocka_unit_test(test_board_plies_and_repetition),
        cmocka_unit_test(test_board_plies_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
