/* test_turnstart: captures made as a turn begins, before the decision
 * (`turn-start`), and after the decision before the sowing
 * (`before-sowing`): after a move, at the start of the game, before an
 * extra turn, after a pass, at the start of a new round; a position read
 * from JSON is not captured again; both VM paths give the same perft;
 * what the loader refuses. Expected boards are worked out by hand in the
 * comments. */
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

/* 2x4 (South 1-4 from his left, North 5-8; hole h faces 9-h): as his
 * turn begins, a player takes the holes facing his single seeds. */
#define SINGLES                                                          \
    "game: singles\n"                                                    \
    "board: {rows: 2, holes: 4, seeds: 2, stores: off-track}\n"          \
    "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n" \
    "turn-start:\n"                                                      \
    "  - for: row(mover) where hole.count == 1\n"                        \
    "    take: opposite(hole)\n"                                         \
    "    to: mover\n"
static const char singles[] = SINGLES;

/* After South's move North's turn begins: his single in 6 faces South's
 * single in 3, which he takes. */
static void test_turn_after_move(void **state)
{
    (void)state;
    char buf[64];
    /* South 4 (2 seeds) into 5 and 6: [0,0,1,0, 2,1,0,0]; North's 6
     * holds 1 and faces 3 (1 seed): North takes it */
    static const int want[] = { 0, 0, 0, 0, 2, 1, 0, 0 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, singles, mode, "{\"board\": [0,0,1,2, 1,0,0,0], \"stores\": [0,0], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "4");
        assert_int_equal(g.p.to_move, NORTH);
        assert_false(g.p.over);
        assert_int_equal(g.p.store[NORTH], 1);
        assert_int_equal(g.p.store[SOUTH], 0);
        counts_are(&g.p, want, 8);
        /* his moves are listed on the board after the capture */
        assert_string_equal(tokens(&g, buf, sizeof buf), "5 6");
        game_end(&g);
    }
}

/* A position read from JSON is where the decision is due, its turn
 * begun: settling it takes nothing (South's single in 1 faces 8). */
static void test_turn_json_begun(void **state)
{
    (void)state;
    static const int want[] = { 1, 2, 0, 0, 0, 0, 0, 3 };
    Game g;
    game_at(&g, singles, MC_LOAD_DEFAULT, "{\"board\": [1,2,0,0, 0,0,0,3], \"stores\": [0,0], \"to_move\": \"south\"}");
    assert_int_equal(flow_settle(&g.vm, &g.p, &g.h), MC_OK);
    counts_are(&g.p, want, 8);
    assert_int_equal(g.p.store[SOUTH], 0);
    game_end(&g);
}

/* The first turn of the game begins too: with a single in South's 1
 * (the other holes 2 each), South takes the 2 of North's 8 before his
 * first move. */
static void test_turn_at_start(void **state)
{
    (void)state;
    static const char text[] =
        "game: singles\n"
        "board: {rows: 2, holes: 4, seeds: 'if hole.number == 1 then 1 else 2', stores: off-track}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "turn-start:\n"
        "  - for: row(mover) where hole.count == 1\n"
        "    take: opposite(hole)\n"
        "    to: mover\n";
    static const int want[] = { 1, 2, 2, 2, 2, 2, 2, 0 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, text, mode);
        assert_int_equal(g.p.to_move, SOUTH);
        assert_int_equal(g.p.store[SOUTH], 2);
        counts_are(&g.p, want, 8);
        game_end(&g);
    }
}

/* An extra turn begins a turn: the rules apply before it as well. */
static void test_turn_extra(void **state)
{
    (void)state;
    static const char text[] = SINGLES "extra-turn: last == hole(4)\n";
    /* South 3 (1 seed) into 4: [0,1,0,2, 0,0,2,0], another turn for
     * South; it begins with his single in 2 taking North's 7 (2) */
    static const int want[] = { 0, 1, 0, 2, 0, 0, 0, 0 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        char buf[64];
        game_at(&g, text, mode, "{\"board\": [0,1,1,1, 0,0,2,0], \"stores\": [0,0], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "3");
        assert_int_equal(g.p.to_move, SOUTH);
        assert_int_equal(g.p.store[SOUTH], 2);
        counts_are(&g.p, want, 8);
        assert_string_equal(tokens(&g, buf, sizeof buf), "2 4");
        game_end(&g);
    }
}

/* When a player passes, the other's turn begins: South's rule moves his
 * hole 1 into his hole 3 as each of his turns begins. */
static void test_turn_after_pass(void **state)
{
    (void)state;
    static const char text[] =
        "game: pass\n"
        "board: {rows: 2, holes: 4, seeds: 2, stores: off-track}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "no-moves: {pass: true}\n"
        "turn-start:\n"
        "  - when: mover == south\n"
        "    take: hole(1)\n"
        "    into: hole(3)\n";
    /* South 3 (1 seed) into 4: [1,0,0,1, 0,0,0,0]; North cannot move and
     * passes; South's turn begins: 1 into 3: [0,0,1,1, ...] */
    static const int want[] = { 0, 0, 1, 1, 0, 0, 0, 0 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        char buf[64];
        game_at(&g, text, mode, "{\"board\": [1,0,1,0, 0,0,0,0], \"stores\": [0,0], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "3");
        assert_false(g.p.over);
        assert_int_equal(g.p.to_move, SOUTH);
        counts_are(&g.p, want, 8);
        assert_string_equal(tokens(&g, buf, sizeof buf), "3 4");
        game_end(&g);
    }
}

/* A turn start that leaves the player no move after the other passed
 * ends the game: neither can move. Each turn begins with the mover's
 * seeds put into the holes facing them: South's 2s go to North (4 each),
 * South cannot move and passes; North's turn begins with his 4s put into
 * South's holes, and North cannot move either: blocked, the board to its
 * owners (South 16). */
static void test_turn_blocked(void **state)
{
    (void)state;
    static const char text[] =
        "game: cycle\n"
        "board: {rows: 2, holes: 4, seeds: 2, stores: off-track}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "no-moves: {pass: true}\n"
        "turn-start:\n"
        "  - for: row(mover)\n"
        "    take: hole\n"
        "    into: opposite(hole)\n";
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, text, mode);
        assert_true(g.p.over);
        assert_int_equal(g.p.end, MC_END_BLOCKED);
        assert_int_equal(g.p.winner, MC_WIN_SOUTH);
        assert_int_equal(g.p.store[SOUTH], 16);
        assert_int_equal(g.p.store[NORTH], 0);
        game_end(&g);
    }
}

/* A new round's first turn begins: a match of two rounds reset to two
 * seeds a hole, its starter alternating; in round 2 the player whose
 * turn begins takes hole 1. */
static void test_turn_new_round(void **state)
{
    (void)state;
    static const char text[] =
        "game: rounds\n"
        "board: {rows: 2, holes: 4, seeds: 2, stores: off-track}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "turn-start:\n"
        "  - when: round == 2\n"
        "    take: hole(1)\n"
        "    to: mover\n"
        "end:\n"
        "  - when: seeds(row(north)) == 0\n"
        "    seeds: owners\n"
        "match: {enabled: true, max-rounds: 2, next: reset, over: round == 2, score: player.total}\n";
    /* round 1 from [0,0,0,1, 0,0,0,0]: South 4 (1 seed) into 5; North 5
     * into 6; South cannot move: the round ends, the board to its owners
     * (North 1). Round 2: 2 a hole, North begins; his turn begins with
     * hole 1 (2) taken: North's store 2 */
    static const int want[] = { 0, 2, 2, 2, 2, 2, 2, 2 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, "{\"board\": [0,0,0,1, 0,0,0,0], \"stores\": [0,0], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "4 5");
        assert_false(g.p.over);
        assert_int_equal(g.p.round, 2);
        assert_int_equal(g.p.to_move, NORTH);
        assert_int_equal(g.p.store[NORTH], 2);
        assert_int_equal(g.p.store[SOUTH], 0);
        counts_are(&g.p, want, 8);
        game_end(&g);
    }
}

/* South's rows are 1-3 (outer, left to right) and 6-4 (inner, left to
 * right: 4 is behind 3); North's inner row 10-12 from South's left, outer
 * 9-7. At the start the outer holes hold 2, the inner holes of the first
 * column (6 and 10) 1, the other inner holes nothing: South's 6 faces 10
 * (1) with 9 (2) behind it, both go into 1, behind 6: 2 + 3 = 5. */
static void test_turn_four_rows(void **state)
{
    (void)state;
    static const char text[] =
        "game: four\n"
        "board:\n"
        "  rows: 4\n"
        "  holes: 3\n"
        "  seeds: 'if hole.depth == 2 then 2 else if hole.column == 1 then 1 else 0'\n"
        "  stores: none\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "turn-start:\n"
        "  - for: row(mover) where hole.depth == 1 and hole.count > 0 and opposite(hole).count > 0\n"
        "    take: [opposite(hole), outer(opposite(hole))]\n"
        "    into: outer(hole)\n";
    static const int want[] = { 5, 2, 2, 0, 0, 1, 2, 2, 0, 0, 0, 0 };
    uint64_t nodes[2] = { 0, 0 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, text, mode);
        counts_are(&g.p, want, 12);
        assert_int_equal(g.p.store[SOUTH] + g.p.store[NORTH], 0);
        /* the same tree on both paths */
        assert_int_equal(perft_count(&g.vm, &g.p, &g.h, 4, &nodes[mode == MC_LOAD_GENERAL]), MC_OK);
        game_end(&g);
    }
    assert_true(nodes[0] > 0);
    assert_int_equal(nodes[0], nodes[1]);
}

/* perft from the first position: the same counts on both paths. */
static void test_turn_perft(void **state)
{
    (void)state;
    uint64_t nodes[2][5] = { { 0 } };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        for (int d = 1; d <= 5; d++) {
            Game g;
            game_start(&g, singles, mode);
            assert_int_equal(perft_count(&g.vm, &g.p, &g.h, d, &nodes[mode == MC_LOAD_GENERAL][d - 1]), MC_OK);
            game_end(&g);
        }
    }
    assert_int_equal(nodes[0][0], 4);   /* South's four holes */
    for (int d = 0; d < 5; d++)
        assert_int_equal(nodes[0][d], nodes[1][d]);
}

/* before-sowing: after the decision, before the seeds are lifted, on the
 * board as the move began (the hole sown counts as a single too). */
#define BEFORE                                                           \
    "game: before\n"                                                     \
    "board: {rows: 2, holes: 4, seeds: 2, stores: off-track}\n"          \
    "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n" \
    "before-sowing:\n"                                                   \
    "  - for: row(mover) where hole.count == 1\n"                        \
    "    take: opposite(hole)\n"                                         \
    "    to: mover\n"

/* South [1,0,1,2], North [0,3,1,0]: his moves are listed before any
 * capture (1, 3, 4). Playing 1: his singles 1 and 3 face 8 (empty) and
 * 6 (3): he takes 3; then 1's seed goes into 2: [0,1,1,2, 0,0,1,0]. */
static void test_before_sowing(void **state)
{
    (void)state;
    char buf[64];
    static const int want[] = { 0, 1, 1, 2, 0, 0, 1, 0 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, BEFORE, mode, "{\"board\": [1,0,1,2, 0,3,1,0], \"stores\": [0,0], \"to_move\": \"south\"}");
        assert_string_equal(tokens(&g, buf, sizeof buf), "1 3 4");
        play(&g.vm, &g.p, &g.h, "1");
        assert_int_equal(g.p.store[SOUTH], 3);
        counts_are(&g.p, want, 8);
        assert_int_equal(g.p.to_move, NORTH);
        game_end(&g);
    }
}

/* What the rules take counts as the move's (`captured`: another turn
 * here); a rule that takes the hole sown leaves nothing to sow. */
static void test_before_sowing_captured(void **state)
{
    (void)state;
    static const char text[] = BEFORE "extra-turn: captured > 0\n";
    static const int want[] = { 0, 1, 1, 2, 0, 0, 1, 0 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, "{\"board\": [1,0,1,2, 0,3,1,0], \"stores\": [0,0], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "1");
        counts_are(&g.p, want, 8);
        assert_int_equal(g.p.to_move, SOUTH);   /* he took 3: he moves again */
        game_end(&g);
    }
    /* a single seed sown goes to the opponent instead: South 4 (1) is
     * taken, nothing is sown, North moves */
    static const char gone[] =
        "game: gone\n"
        "board: {rows: 2, holes: 4, seeds: 2, stores: off-track}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "before-sowing:\n"
        "  - when: start.count == 1\n"
        "    take: start\n"
        "    to: opponent\n";
    static const int after[] = { 2, 0, 0, 0, 2, 2, 2, 2 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, gone, mode, "{\"board\": [2,0,0,1, 2,2,2,2], \"stores\": [0,0], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "4");
        counts_are(&g.p, after, 8);
        assert_int_equal(g.p.store[NORTH], 1);
        assert_int_equal(g.p.to_move, NORTH);
        game_end(&g);
    }
}

/* perft from the start with before-sowing: the same on both paths */
static void test_before_sowing_perft(void **state)
{
    (void)state;
    uint64_t nodes[2] = { 0, 0 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, BEFORE, mode);
        assert_int_equal(perft_count(&g.vm, &g.p, &g.h, 6, &nodes[mode == MC_LOAD_GENERAL]), MC_OK);
        game_end(&g);
    }
    assert_true(nodes[0] > 0);
    assert_int_equal(nodes[0], nodes[1]);
}

static void test_turn_refused(void **state)
{
    (void)state;
    static const char *const bad[][2] = {
        { "turn-start:\n  - for: row(mover)\n    to: mover\n", "needs the key `take`" },
        { "turn-start:\n  - take: hole(1)\n", "`to` a player or puts them `into` a hole" },
        { "turn-start:\n  - take: hole(1)\n    to: mover\n    into: hole(2)\n", "one of them" },
        { "turn-start:\n  - take: hole(1)\n    to: hand\n", "go to mover, opponent" },
        { "turn-start:\n  - take: opposite(hole)\n    to: mover\n", "add `for`" },
        { "turn-start:\n  - when: last.count > 0\n    take: hole(1)\n    to: mover\n", "`last` is not available" },
        { "turn-start:\n  - for: hole(1)\n    take: hole(1)\n    to: mover\n", "hole set" },
        { "turn-start:\n  - take: hole(1)\n    to: mover\n    chain: forward\n", "unknown key `chain`" },
        { "turn-start:\n  - take: [hole(1), hole(2), hole(3), hole(4), hole(5)]\n    to: mover\n", "at most 4" },
        { "turn-start: 3\n", "turn-start" },
        { "before-sowing:\n  - take: last\n    to: mover\n", "`last` is not available" },
        { "before-sowing:\n  - take: opposite(hole)\n    to: mover\n", "rule of `before-sowing` is each hole of `for`" },
        { "before-sowing:\n  - take: start\n    to: hand\n", "taken before the sowing go to" },
    };
    refused_files(singles, "turn-start:", bad, sizeof bad / sizeof *bad);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_turn_after_move),
        cmocka_unit_test(test_turn_json_begun),
        cmocka_unit_test(test_turn_at_start),
        cmocka_unit_test(test_turn_extra),
        cmocka_unit_test(test_turn_after_pass),
        cmocka_unit_test(test_turn_blocked),
        cmocka_unit_test(test_turn_new_round),
        cmocka_unit_test(test_turn_four_rows),
        cmocka_unit_test(test_turn_perft),
        cmocka_unit_test(test_before_sowing),
        cmocka_unit_test(test_before_sowing_captured),
        cmocka_unit_test(test_before_sowing_perft),
        cmocka_unit_test(test_turn_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
