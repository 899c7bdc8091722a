/* test_tracks: a track for each sowing direction (`board.track: {ccw:,
 * cw:}`, `mirror`), seeds taken into a hole (`into`), and steps that are
 * offered besides the sowings and sow on (`moves.step.also`, `sow-on`,
 * `direction`, the name `step`): the rules Katro needs. Every expected
 * board is worked out by hand in the comments, from the numbering of
 * docs/variant-format.md ("The board"): on six rows of six, South owns
 * 1-6 (his outer row, left to right), 12-7 (middle row, left to right),
 * 13-18 (inner row); North 36-31 (his inner row, left to right as South
 * sees it), 25-30 (middle), 24-19 (outer). */
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

/* Six rows of six, each player round his own three rows, the clockwise
 * track the mirror image of the counterclockwise one, a relay while the
 * opponent has seeds, Katro's capture into the landing hole, and the
 * lone seed's steps. */
static const char katro[] =
    "game: k\n"
    "board:\n"
    "  rows: 6\n"
    "  holes: 6\n"
    "  seeds: 2\n"
    "  stores: none\n"
    "  track: {ccw: own, cw: mirror}\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 0\n"
    "  direction: {cw: true, ccw: true}\n"
    "  step:\n"
    "    when: seeds(row(mover)) == 1\n"
    "    also: true\n"
    "    sow-on: true\n"
    "    from: >\n"
    "      hole.row == mover and (hole.depth == 3 or hole.depth == 2 and opposite(inner(hole)).count\n"
    "      + outer(opposite(inner(hole))).count + outer(outer(opposite(inner(hole)))).count > 0)\n"
    "    to: inner(hole)\n"
    "    direction: {cw: hole.depth == 2, ccw: true}\n"
    "sowing:\n"
    "  laps: relay\n"
    "  relay-while: last.count > 1 and seeds(row(opponent)) > 0\n"
    "  each-seed:\n"
    "    - when: hand == 0 and hole.row == mover and hole.depth == 1 and (hole.count > 1 or step)\n"
    "      take: >\n"
    "        if opposite(hole).count > 0 then opposite(hole)\n"
    "        else if outer(opposite(hole)).count > 0 then outer(opposite(hole))\n"
    "        else outer(outer(opposite(hole)))\n"
    "      into: hole\n"
    "end:\n"
    "  - when: seeds(row(opponent)) == 0\n"
    "    seeds: stay\n"
    "    winner: mover\n";

/* hole numbers (1-based) to indexes */
#define H(n) ((n) - 1)

/* The hole after (or before) hole number n on `player`'s track sowing
 * `dir`, as a hole number. */
static int after(const Rules *r, int player, int dir, int n)
{
    return r->geo.next[player][dir][H(n)] + 1;
}

static int before(const Rules *r, int player, int dir, int n)
{
    return r->geo.back[player][dir][H(n)] + 1;
}

static void test_tracks_mirror(void **state)
{
    (void)state;
    Rules *r = test_load_text(katro, NULL, 0);
    assert_non_null(r);
    assert_int_equal(r->geo.split, 1);
    /* counterclockwise: South's own holes in number order, 18 back to 1 */
    assert_int_equal(after(r, SOUTH, DIR_CCW, 6), 7);
    assert_int_equal(after(r, SOUTH, DIR_CCW, 18), 1);
    /* clockwise, in the mirror: 6-1, then 12-7 (the middle row from
     * the left), 18-13, then 6 again */
    assert_int_equal(after(r, SOUTH, DIR_CW, 6), 5);
    assert_int_equal(after(r, SOUTH, DIR_CW, 1), 12);
    assert_int_equal(after(r, SOUTH, DIR_CW, 7), 18);
    assert_int_equal(after(r, SOUTH, DIR_CW, 13), 6);
    assert_int_equal(before(r, SOUTH, DIR_CW, 12), 1);
    assert_int_equal(before(r, SOUTH, DIR_CW, 6), 13);
    assert_int_equal(before(r, SOUTH, DIR_CCW, 1), 18);
    /* North: 24-19, 30-25, 36-31 */
    assert_int_equal(after(r, NORTH, DIR_CW, 19), 30);
    assert_int_equal(after(r, NORTH, DIR_CW, 25), 36);
    assert_int_equal(after(r, NORTH, DIR_CW, 31), 24);
    assert_int_equal(after(r, NORTH, DIR_CCW, 36), 19);
    /* not a ring both ways: the general kernel */
    assert_int_equal(r->geo.ring_len[SOUTH], 0);
    rules_free(r);

    /* the same tracks written as lists give the same tables */
    char text[sizeof katro + 128];
    const char *at = strstr(katro, "  track:");
    const char *eol = strchr(at, '\n');
    snprintf(text, sizeof text, "%.*s  track: {ccw: own, cw: {south: [6-1, 12-7, 18-13], north: [24-19, 30-25, 36-31]}}%s",
             (int)(at - katro), katro, eol);
    Rules *q = test_load_text(text, NULL, 0);
    assert_non_null(q);
    r = test_load_text(katro, NULL, 0);
    assert_memory_equal(q->geo.next, r->geo.next, sizeof q->geo.next);
    assert_memory_equal(q->geo.back, r->geo.back, sizeof q->geo.back);
    rules_free(q);
    rules_free(r);

    /* two rows: the mirror of the circuit is the circuit the other way,
     * and the fast ring kernels stay */
    q = test_load_text("game: t\nboard: {rows: 2, holes: 6, seeds: 4, stores: off-track, track: {ccw: board, cw: mirror}}\n"
                       "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n",
                       NULL, 0);
    assert_non_null(q);
    assert_int_equal(q->geo.board_track, 1);
    assert_int_equal(after(q, SOUTH, DIR_CW, 1), 12);
    assert_int_equal(after(q, NORTH, DIR_CW, 7), 6);
    rules_free(q);
}

/* prev() and next() follow the track of the direction being sown. */
static void test_tracks_next_prev(void **state)
{
    (void)state;
    static const char src[] = "game: n\nboard: {rows: 6, holes: 6, seeds: 2, stores: none, track: {ccw: own, cw: mirror}}\n"
                              "moves: {from: hole.owner == mover, direction: ccw}\n"
                              "captures: [{when: true, take: next(last), to: mover},\n"
                              "           {when: true, take: prev(last), to: mover}]\n";
    Rules *r = test_load_text(src, NULL, 0);
    assert_non_null(r);
    Position p;
    memset(&p, 0, sizeof p);
    p.owner[0] = r->geo.side_mask[NORTH];
    const Expr *nx = &r->captures[0].take[0], *pv = &r->captures[1].take[0];
    ExCtx cx;
    ex_ctx_init(&cx, r, &p, SOUTH);
    cx.last = H(12);
    cx.dir = DIR_CW;   /* clockwise 1 comes before 12, 11 after it */
    assert_int_equal(ex_eval(nx, &cx), H(11));
    assert_int_equal(ex_eval(pv, &cx), H(1));
    cx.dir = DIR_CCW;  /* counterclockwise 11, 12, 13 */
    assert_int_equal(ex_eval(nx, &cx), H(13));
    assert_int_equal(ex_eval(pv, &cx), H(11));
    rules_free(r);
}

/* A sowing each way from the start (two seeds a hole). */
static void test_tracks_sow_both_ways(void **state)
{
    (void)state;
    /* 6cw: 5, 4 (each 3); 4 held seeds: the relay lifts its 3: 3, 2, 1
     * (3 each); 1 held seeds: its 3 go to 12, 11, 10 (3 each); 10:
     * 9, 8, 7; 7: 18, 17, 16; 16 is in South's inner row and was
     * occupied: North's 33 (its inner row, same column) comes in: 16
     * holds 3 + 2 = 5 and is lifted: 15, 14, 13, 6, 5; 5 (4 seeds now)
     * goes on: 4, 3, 2, 1: 1 held 0 -> the lap ends there */
    static const int want[] = { 1, 4, 4, 1, 0, 1, 0, 3, 3, 0, 3, 3, 3, 3, 3, 0, 3, 3,
                                2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 2, 2, 2 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, katro, mode);
        play(&g.vm, &g.p, &g.h, "6cw");
        counts_are(&g.p, want, 36);
        assert_int_equal(g.p.to_move, NORTH);
        game_end(&g);
    }
}

/* The capture into the landing hole: from the middle row when the inner
 * hole facing is empty; the relay lifts the seeds brought in; no relay
 * once the opponent has nothing left, and then the mover has won. */
static void test_tracks_into(void **state)
{
    (void)state;
    /* South 11 (3 seeds), 14 (1); North 26 (3, his middle row, column
     * 2), 20 (4). 11ccw: 12, 13, 14; 14 is South's inner row, column 2,
     * and held a seed: North's 35 (inner, column 2) is empty, so 26's 3
     * come into 14 (now 5); the relay lifts 14: 15, 16, 17, 18, 1; 1 was
     * empty: the move ends */
    static const char pos[] =
        "{\"board\": [0,0,0,0,0,0, 0,0,0,0,3,0, 0,1,0,0,0,0, 0,4,0,0,0,0, 0,3,0,0,0,0, 0,0,0,0,0,0],"
        " \"stores\": [0, 0], \"to_move\": \"south\"}";
    static const int want[] = { 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1,
                                0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    /* North has only 26: after it comes into 14 he has nothing, the
     * relay stops (14 keeps 5) and South has won */
    static const char last[] =
        "{\"board\": [0,0,0,0,0,0, 0,0,0,0,3,0, 0,1,0,0,0,0, 0,0,0,0,0,0, 0,3,0,0,0,0, 0,0,0,0,0,0],"
        " \"stores\": [0, 0], \"to_move\": \"south\"}";
    static const int won[] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 5, 0, 0, 0, 0,
                               0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, katro, mode, pos);
        play(&g.vm, &g.p, &g.h, "11ccw");
        counts_are(&g.p, want, 36);
        assert_false(g.p.over);
        game_end(&g);
        game_at(&g, katro, mode, last);
        play(&g.vm, &g.p, &g.h, "11ccw");
        counts_are(&g.p, won, 36);
        assert_true(g.p.over);
        assert_int_equal(g.p.winner, MC_WIN_SOUTH);
        game_end(&g);
    }
}

/* `into` in a capture rule after the sowing, and cancel-if taking the
 * seeds back out of the hole. */
static void test_tracks_into_after(void **state)
{
    (void)state;
    static const char text[] =
        "game: t\n"
        "board: {rows: 2, holes: 6, seeds: 0, stores: off-track}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "captures:\n"
        "  - when: last.owner == opponent and last.count == 2\n"
        "    take: last\n"
        "    into: opposite(last)\n"
        "    cancel-if: captured > 2\n";
    /* South 5 (3 seeds): 6, 7, 8; 8 held 1, now 2: its 2 go into
     * opposite(8) = 5 (emptied by the move): 5 holds 2, 8 none */
    static const char pos[] = "{\"board\": [0,0,0,0,3,0, 0,1,0,0,0,0], \"stores\": [0, 0], \"to_move\": \"south\"}";
    static const int want[] = { 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 0 };
    /* South 4 (4 seeds): 5, 6, 7, 8; 8 holds 2 again: they go into 5,
     * which the move left with 1: 3. With `cancel-if: captured > 1`
     * instead, the capture is undone: 8 keeps its 2, 5 its 1 */
    static const char pos2[] = "{\"board\": [0,0,0,4,0,0, 0,1,0,0,0,0], \"stores\": [0, 0], \"to_move\": \"south\"}";
    static const int want2[] = { 0, 0, 0, 0, 3, 1, 1, 0, 0, 0, 0, 0 };
    char undo[sizeof text];
    snprintf(undo, sizeof undo, "%s", text);
    memcpy(strstr(undo, "captured > 2"), "captured > 1", 12);
    static const int undone[] = { 0, 0, 0, 0, 1, 1, 1, 2, 0, 0, 0, 0 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, pos);
        play(&g.vm, &g.p, &g.h, "5");
        counts_are(&g.p, want, 12);
        assert_int_equal(g.p.store[0] + g.p.store[1], 0);
        game_end(&g);
        game_at(&g, text, mode, pos2);
        play(&g.vm, &g.p, &g.h, "4");
        counts_are(&g.p, want2, 12);
        game_end(&g);
        game_at(&g, undo, mode, pos2);
        play(&g.vm, &g.p, &g.h, "4");
        counts_are(&g.p, undone, 12);
        game_end(&g);
    }
}

/* A lone seed in the middle row: besides its sowings, a step into the
 * inner row that captures though the hole was empty and sows on either
 * way; `step` no longer holds in the relay laps after it. */
static void test_tracks_steps(void **state)
{
    (void)state;
    /* South: 9 only (middle row, column 4); North: 1 seed in each hole */
    static const char pos[] =
        "{\"board\": [0,0,0,0,0,0, 0,0,1,0,0,0, 0,0,0,0,0,0, 1,1,1,1,1,1, 1,1,1,1,1,1, 1,1,1,1,1,1],"
        " \"stores\": [0, 0], \"to_move\": \"south\"}";
    /* 9>16ccw: the seed into 16 (inner row, column 4): North's 33 (1)
     * comes in, 16 holds 2 and is lifted counterclockwise: 17, 18; 18
     * was empty: the relay ends, and 18's facing hole 31 keeps its seed
     * (`step` is false in that lap) */
    static const int ccw[] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1,
                               1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1 };
    /* 9>16cw: 16 lifted clockwise: 15, 14 */
    static const int cw[] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0,
                              1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1 };
    /* a lone seed in the outer row: 3>10 (no direction: nothing follows) */
    static const char outer[] =
        "{\"board\": [0,0,1,0,0,0, 0,0,0,0,0,0, 0,0,0,0,0,0, 1,1,1,1,1,1, 1,1,1,1,1,1, 1,1,1,1,1,1],"
        " \"stores\": [0, 0], \"to_move\": \"south\"}";
    static const int moved[] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0,
                                 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
    char buf[256];
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, katro, mode, pos);
        assert_string_equal(tokens(&g, buf, sizeof buf), "9cw 9ccw 9>16cw 9>16ccw");
        play(&g.vm, &g.p, &g.h, "9>16ccw");
        counts_are(&g.p, ccw, 36);
        assert_int_equal(g.p.to_move, NORTH);
        game_end(&g);
        game_at(&g, katro, mode, pos);
        play(&g.vm, &g.p, &g.h, "9>16cw");
        counts_are(&g.p, cw, 36);
        game_end(&g);
        game_at(&g, katro, mode, outer);
        assert_string_equal(tokens(&g, buf, sizeof buf), "3cw 3ccw 3>10");
        play(&g.vm, &g.p, &g.h, "3>10");
        counts_are(&g.p, moved, 36);
        game_end(&g);
    }
}

/* The middle-row step needs seeds in the column: none facing column 4,
 * no step. */
static void test_tracks_step_condition(void **state)
{
    (void)state;
    static const char pos[] =
        "{\"board\": [0,0,0,0,0,0, 0,0,1,0,0,0, 0,0,0,0,0,0, 1,1,0,1,1,1, 1,1,1,0,1,1, 1,1,0,1,1,1],"
        " \"stores\": [0, 0], \"to_move\": \"south\"}";
    char buf[256];
    Game g;
    game_at(&g, katro, MC_LOAD_DEFAULT, pos);
    assert_string_equal(tokens(&g, buf, sizeof buf), "9cw 9ccw");
    game_end(&g);
}

/* Stores on a track round each player's own row: South's store after
 * his hole 3, North's after 6, each on its player's track only. 2x3,
 * `stores: both`. South [0,0,5]: 3 drops into his store, 1, 2, 3 and his
 * store again: [1,1,1], store 2, the last in his store (an extra turn
 * here). North [0,0,7] then: 6 drops into his store, 4, 5, 6, his store,
 * 4, 5 (South's store is not on his track): [2,2,1], store 2. Clockwise
 * the store comes before the last hole: South [2,0,0] sowing 1 clockwise
 * drops into his store (the place after 1 that way) and 3: [0,0,1]. */
static void test_tracks_own_with_stores(void **state)
{
    (void)state;
    static const char text[] =
        "game: t\n"
        "board: {rows: 2, holes: 3, seeds: 1, stores: on-track, track: own}\n"
        "moves:\n"
        "  from: hole.owner == mover and hole.count > 0\n"
        "  direction: {cw: true, ccw: true}\n"
        "sowing: {stores: both}\n"
        "extra-turn: last == store(mover)\n";
    static const int want_south[] = { 1, 1, 1, 0, 0, 7 };
    static const int want_north[] = { 1, 1, 1, 2, 2, 1 };
    static const int want_cw[] = { 0, 0, 1, 1, 1, 1 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, "{\"board\": [0,0,5, 0,0,7], \"stores\": [0,0], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "3ccw");
        counts_are(&g.p, want_south, 6);
        assert_int_equal(g.p.store[SOUTH], 2);
        assert_int_equal(g.p.to_move, SOUTH);   /* his store: again */
        g.p.to_move = NORTH;
        play(&g.vm, &g.p, &g.h, "6ccw");
        counts_are(&g.p, want_north, 6);
        assert_int_equal(g.p.store[NORTH], 2);
        assert_int_equal(g.p.store[SOUTH], 2);
        game_end(&g);
        game_at(&g, text, mode, "{\"board\": [2,0,0, 1,1,1], \"stores\": [0,0], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "1cw");
        counts_are(&g.p, want_cw, 6);
        assert_int_equal(g.p.store[SOUTH], 1);
        game_end(&g);
    }
}

/* A track that crosses itself: on 2x3 (South 1 2 3, North 6 5 4 above
 * them) the circuit 1 2 5 3 4 5 2 6 passes holes 2 and 5 twice. */
static void test_tracks_crossing(void **state)
{
    (void)state;
    static const char text[] =
        "game: t\n"
        "board: {rows: 2, holes: 3, seeds: 0, stores: none, track: [1, 2, 5, 3, 4, 5, 2, 6]}\n"
        "moves:\n"
        "  from: hole.count > 0\n"
        "  direction: ccw\n"
        "sowing:\n"
        "  skip: hole.count == 9\n";
    /* 8 seeds from 1: 2, 5, 3, 4, then 5 reached from 4 (its second
     * listing) goes on to 2, and 2 reached from 5 to 6, then 1 */
    static const int want[] = { 1, 2, 1, 1, 2, 1 };
    /* 4 holds 9 and is passed over (a place of the lap all the same): 7
     * seeds from 1 go 2, 5, 3, (4), 5, 2, 6, 1: the 5 after 4 is the
     * second listing, though the seed before fell into 3 (taken as the
     * first, the lap would go 5, 3, 5, 3) */
    static const int want_skip[] = { 1, 2, 1, 9, 2, 1 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, "{\"board\": [8,0,0, 0,0,0], \"stores\": [0,0], \"to_move\": \"south\"}");
        assert_int_equal(g.r->geo.twice[SOUTH], (1u << H(2)) | (1u << H(5)));
        /* next() and prev() know the first listing only */
        assert_int_equal(after(g.r, SOUTH, DIR_CCW, 2), 5);
        assert_int_equal(before(g.r, SOUTH, DIR_CCW, 2), 1);
        assert_int_equal(after(g.r, SOUTH, DIR_CCW, 5), 3);
        /* clockwise the list runs backwards, 6 2 5 4 3 5 2 1: there the
         * first listing of 2 is the one after 6 */
        assert_int_equal(after(g.r, SOUTH, DIR_CW, 2), 5);
        assert_int_equal(before(g.r, SOUTH, DIR_CW, 2), 6);
        assert_int_equal(g.r->geo.ring_len[SOUTH], 0);   /* no fast kernel */
        play(&g.vm, &g.p, &g.h, "1");
        counts_are(&g.p, want, 6);
        game_end(&g);
        game_at(&g, text, mode, "{\"board\": [7,0,0, 9,0,0], \"stores\": [0,0], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "1");
        counts_are(&g.p, want_skip, 6);
        game_end(&g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tracks_mirror),
        cmocka_unit_test(test_tracks_next_prev),
        cmocka_unit_test(test_tracks_sow_both_ways),
        cmocka_unit_test(test_tracks_into),
        cmocka_unit_test(test_tracks_into_after),
        cmocka_unit_test(test_tracks_steps),
        cmocka_unit_test(test_tracks_step_condition),
        cmocka_unit_test(test_tracks_own_with_stores),
        cmocka_unit_test(test_tracks_crossing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
