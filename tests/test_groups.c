/* test_groups: seeds sown in groups (`sowing.per-hole`, or a number the
 * mover chooses: `moves.per-hole`, tokens 1by2), steps that carry several
 * seeds to a hole of the mover's choice (`moves.step.seeds`,
 * `moves.step.to-any`), and capture rules that let the rules after them be
 * tried too (`continue`). Expected boards are worked out by hand in the
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

/* 2x3 (South 1-3, North 4-6), four seeds a hole. Each player's first move
 * carries a whole hole of his to any other hole but the one facing it;
 * then sowings drop four seeds at each place. */
static const char groups[] =
    "game: groups\n"
    "board: {rows: 2, holes: 3, seeds: 4, stores: off-track}\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 0\n"
    "  direction: ccw\n"
    "  step:\n"
    "    when: plies < 2\n"
    "    from: hole.owner == mover and hole.count > 0\n"
    "    seeds: hole.count\n"
    "    to-any: let h = hole in board where hole != opposite(h)\n"
    "sowing:\n"
    "  per-hole: 4\n";

/* The first moves: from each of South's holes to the five other holes
 * but the one facing it (1 faces 6, 2 faces 5, 3 faces 4), in hole
 * order. 1>2 carries the four seeds of 1 into 2: [0,8,4, 4,4,4]. North
 * then carries 4 into 1: [4,8,4, 0,4,4]. South's 2 (8) is sown in groups
 * of four: 3 gets four (8), 4 gets four (4): [4,0,8, 4,4,4]. */
static void test_groups_opening_and_sowing(void **state)
{
    (void)state;
    char buf[256];
    static const int after_step[] = { 0, 8, 4, 4, 4, 4 };
    static const int after_sow[] = { 4, 0, 8, 4, 4, 4 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, groups, mode);
        assert_string_equal(tokens(&g, buf, sizeof buf),
                            "1>2 1>3 1>4 1>5 2>1 2>3 2>4 2>6 3>1 3>2 3>5 3>6");
        play(&g.vm, &g.p, &g.h, "1>2");
        counts_are(&g.p, after_step, 6);
        play(&g.vm, &g.p, &g.h, "4>1");
        assert_string_equal(tokens(&g, buf, sizeof buf), "1 2 3");
        play(&g.vm, &g.p, &g.h, "2");
        counts_are(&g.p, after_sow, 6);
        game_end(&g);
    }
}

/* A lap whose seeds are not a multiple of the group: the last place takes
 * what is left. South's 1 (6 seeds) puts four into 2 and two into 3:
 * [0,4,2, 0,0,1]. */
static void test_groups_remainder(void **state)
{
    (void)state;
    static const int want[] = { 0, 4, 2, 0, 0, 1 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, groups, mode, "{\"board\": [6,0,0, 0,0,1], \"stores\": [0,0], \"to_move\": \"south\", \"plies\": 4}");
        play(&g.vm, &g.p, &g.h, "1");
        counts_are(&g.p, want, 6);
        game_end(&g);
    }
}

/* The each-seed rules still see every seed: a rule that takes a hole
 * reaching 3 seeds fires on the third seed of a group of four into an
 * empty hole, and the fourth then falls into the emptied hole. South's 1
 * (4 seeds) into 2 (empty): 1, 2, 3 (taken: 0), 4th: 1. [0,1,0, 1,1,1],
 * South's store 3. */
static void test_groups_each_seed(void **state)
{
    (void)state;
    static const char text[] =
        "game: groups\n"
        "board: {rows: 2, holes: 3, seeds: 1, stores: off-track}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "sowing:\n"
        "  per-hole: 4\n"
        "  each-seed:\n"
        "    - when: hole.count == 3\n"
        "      take: hole\n"
        "      to: mover\n";
    static const int want[] = { 0, 1, 0, 1, 1, 1 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, "{\"board\": [4,0,0, 1,1,1], \"stores\": [0,0], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "1");
        counts_are(&g.p, want, 6);
        assert_int_equal(g.p.store[SOUTH], 3);
        game_end(&g);
    }
}

/* perft from the start: 12 first steps; after each, North has 12 too
 * (each of his holes holds seeds): 144. Deeper: the same on both paths. */
static void test_groups_perft(void **state)
{
    (void)state;
    uint64_t nodes[2][3] = { { 0 } };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        for (int d = 1; d <= 3; d++) {
            Game g;
            game_start(&g, groups, mode);
            assert_int_equal(perft_count(&g.vm, &g.p, &g.h, d, &nodes[mode == MC_LOAD_GENERAL][d - 1]), MC_OK);
            game_end(&g);
        }
    }
    assert_int_equal(nodes[0][0], 12);
    assert_int_equal(nodes[0][1], 144);
    for (int d = 0; d < 3; d++)
        assert_int_equal(nodes[0][d], nodes[1][d]);
}

/* The loader: a step needs `to` or `to-any`, not both; per-hole is a
 * number. */
static void test_groups_refused(void **state)
{
    (void)state;
    static const char base[] =
        "game: groups\n"
        "board: {rows: 2, holes: 3, seeds: 4, stores: off-track}\n"
        "moves:\n"
        "  from: hole.owner == mover and hole.count > 0\n"
        "  direction: ccw\n"
        "  step:\n";
    static const char *const bad[][2] = {
        { "  step: {when: true, from: true}\n", "needs `to` (the hole a step goes to) or `to-any`" },
        { "  step: {when: true, from: true, to: hole, to-any: board}\n", "not both" },
        { "  step: {when: true, from: true, to-any: hole}\n", "hole set" },
        { "  step: {when: true, from: true, to: hole, seeds: true}\n", "number" },
        { "sowing: {per-hole: true}\n", "number" },
    };
    refused_files(base, "  step:\n", bad, sizeof bad / sizeof *bad);
}

/* 2x3, four seeds a hole; the mover drops two or three seeds a hole, as
 * he chooses (`moves.per-hole`), on a single lap. */
static const char chosen[] =
    "game: chosen\n"
    "board: {rows: 2, holes: 3, seeds: 4, stores: off-track}\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 0\n"
    "  direction: ccw\n"
    "  per-hole: {min: 2, max: hole.count - 1}\n";

/* Each hole of four gives k = 2 or 3 (max 4 - 1): six moves, hole by
 * hole. 1by3: 2 gets three (7), 3 the one left (5): [0,7,5, 4,4,4].
 * North's 4 (4) by 2: 5 and 6 get two each: [0,7,5, 0,6,6]. A token with
 * a number not offered is refused. */
static void test_groups_chosen(void **state)
{
    (void)state;
    char buf[256];
    static const int w1[] = { 0, 7, 5, 4, 4, 4 }, w2[] = { 0, 7, 5, 0, 6, 6 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, chosen, mode);
        assert_string_equal(tokens(&g, buf, sizeof buf), "1by2 1by3 2by2 2by3 3by2 3by3");
        Move ms[MAX_MOVES];
        int n = gen_moves(&g.vm, &g.p, ms);
        assert_true(n == 6 && MOVE_GROUP(ms[1].arg) == 3 && ms[1].hole == 0);
        assert_int_equal(tok_find(g.r, ms, n, "1by4"), -1);
        assert_int_equal(tok_find(g.r, ms, n, "1"), -1);
        play(&g.vm, &g.p, &g.h, "1by3");
        counts_are(&g.p, w1, 6);
        play(&g.vm, &g.p, &g.h, "4by2");
        counts_are(&g.p, w2, 6);
        game_end(&g);
    }
}

/* `divides`, with `moves.lift`: the numbers offered divide the seeds the
 * move lifts. A hole of 6 lifting all: 1, 2, 3 (not 4, 5); lifting 4: 1,
 * 2, 4 (3 does not divide 4). 1x4by2 puts two into 2 and two into 3:
 * [2,2,2, 4,4,4] (North, four a hole, has moves: the game goes on). */
static void test_groups_divides(void **state)
{
    (void)state;
    static const char text[] =
        "game: chosen\n"
        "board: {rows: 2, holes: 3, seeds: 1, stores: off-track}\n"
        "moves:\n"
        "  from: hole.owner == mover and hole.count > 0\n"
        "  direction: ccw\n"
        "  lift: {min: 4, max: hole.count}\n"
        "  per-hole: {min: 1, max: 5, divides: true}\n";
    char buf[256];
    static const int want[] = { 2, 2, 2, 4, 4, 4 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, "{\"board\": [6,0,0, 4,4,4], \"stores\": [0,0], \"to_move\": \"south\"}");
        assert_string_equal(tokens(&g, buf, sizeof buf),
                            "1x4by1 1x4by2 1x4by4 1x5by1 1x5by5 1x6by1 1x6by2 1x6by3");
        play(&g.vm, &g.p, &g.h, "1x4by2");
        counts_are(&g.p, want, 6);
        game_end(&g);
    }
}

/* `continue`: a rule that takes the last hole lets the next one take the
 * hole facing it too; the third rule is not tried after the second. South
 * 1 (1 seed) into 2: South takes 2 (2), North takes 5 (3); 6 keeps 4. */
static void test_groups_continue(void **state)
{
    (void)state;
    static const char text[] =
        "game: cont\n"
        "board: {rows: 2, holes: 3, seeds: 1, stores: off-track}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "captures:\n"
        "  - when: true\n"
        "    take: last\n"
        "    to: mover\n"
        "    continue: true\n"
        "  - when: true\n"
        "    take: opposite(last)\n"
        "    to: opponent\n"
        "  - when: true\n"
        "    take: hole(6)\n"
        "    to: mover\n";
    static const int want[] = { 0, 0, 0, 5, 0, 4 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, "{\"board\": [1,1,0, 5,3,4], \"stores\": [0,0], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "1");
        counts_are(&g.p, want, 6);
        assert_int_equal(g.p.store[SOUTH], 2);
        assert_int_equal(g.p.store[NORTH], 3);
        game_end(&g);
    }
}

/* The loader: moves.per-hole needs `min` and `max`; `divides` is fixed;
 * `continue` belongs to `captures` and ends with a pick. */
static void test_groups_chosen_refused(void **state)
{
    (void)state;
    static const char base[] =
        "game: chosen\n"
        "board: {rows: 2, holes: 3, seeds: 4, stores: off-track}\n"
        "moves:\n"
        "  from: hole.owner == mover and hole.count > 0\n"
        "  direction: ccw\n"
        "  per-hole: {min: 1, max: 2}\n";
    static const char *const bad[][2] = {
        { "  per-hole: {min: 1}\n", "needs the key `max`" },
        { "  per-hole: {min: 1, max: true}\n", "number" },
        { "  per-hole: {min: 1, max: 2, divides: hole.count > 2}\n", "not available here" },
        { "  per-hole: {min: 1, max: 2}\nsowing:\n  each-seed:\n    - {when: true, take: hole, to: mover, continue: true}\n",
          "`continue` belongs to `captures`" },
        { "  per-hole: {min: 1, max: 2}\ncaptures:\n    - {when: true, take: last, to: mover, continue: true, "
          "pick: {holes: 1, from: board}}\n", "it cannot `continue`" },
        { "  per-hole: {min: 1, max: 2}\ncaptures:\n    - {when: true, take: last, to: mover, continue: 1}\n",
          "`continue` must be" },
    };
    refused_files(base, "  per-hole: {min: 1, max: 2}\n", bad, sizeof bad / sizeof *bad);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_groups_opening_and_sowing),
        cmocka_unit_test(test_groups_remainder),
        cmocka_unit_test(test_groups_each_seed),
        cmocka_unit_test(test_groups_perft),
        cmocka_unit_test(test_groups_refused),
        cmocka_unit_test(test_groups_chosen),
        cmocka_unit_test(test_groups_divides),
        cmocka_unit_test(test_groups_continue),
        cmocka_unit_test(test_groups_chosen_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
