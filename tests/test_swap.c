/* test_swap: the pie rule during the play (`moves.swap`, token `swap`):
 * where it is offered, what a swap turns round (holes, owners, flags,
 * stores, who has sown, who began), that it is offered once, the JSON
 * field `swapped`, the loader's refusals, perft on both VM paths.
 * Expected positions are worked out by hand in the comments. */
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

/* 2x3 Kalah-like (South 1-3, his store, North 4-6, hers): hole 4 is at
 * the right end of North's row, facing 3, so turning the board round
 * sends 1 to 4, 2 to 5, 3 to 6 and back. The second player may swap at
 * his first turn. */
#define BASE                                                              \
    "game: pie\n"                                                         \
    "board: {rows: 2, holes: 3, seeds: 2, stores: on-track}\n"            \
    "sowing: {stores: own}\n"                                             \
    "extra-turn: last == store(mover)\n"                                  \
    "moves:\n"                                                            \
    "  from: hole.owner == mover and hole.count > 0\n"                    \
    "  direction: ccw\n"

static const char pie[] = BASE "  swap: not mover.sowed and opponent.sowed\n";

/* South opens with 1: 2 (3), 3 (3): [0,3,3, 2,2,2], North to move. His
 * moves are his holes, then swap (South had none: North had not sown).
 * After the swap the board is turned round: [2,2,2, 0,3,3]; South moves
 * next; what each player did stays his: South began and has sown (bit 0
 * of `sowed`), North not; the swap is a decision (plies 2).
 * South 1 (2): 2, 3: [0,3,3, 0,3,3]; North's moves are 5 and 6, with no
 * swap: it is offered once. */
static void test_swap_pie(void **state)
{
    (void)state;
    char buf[128];
    static const int after1[] = { 0, 3, 3, 2, 2, 2 };
    static const int turned[] = { 2, 2, 2, 0, 3, 3 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, pie, mode);
        assert_string_equal(tokens(&g, buf, sizeof buf), "1 2 3");
        play(&g.vm, &g.p, &g.h, "1");
        counts_are(&g.p, after1, 6);
        assert_string_equal(tokens(&g, buf, sizeof buf), "4 5 6 swap");
        play(&g.vm, &g.p, &g.h, "swap");
        counts_are(&g.p, turned, 6);
        assert_int_equal(g.p.to_move, SOUTH);
        assert_int_equal(g.p.starter, SOUTH);
        assert_int_equal(g.p.last_mover, NORTH);
        assert_int_equal(g.p.plies, 2);
        assert_int_equal(g.p.sowed & 1, 1);          /* South has sown */
        assert_int_equal((g.p.sowed >> 2) & 1, 0);   /* North has not */
        assert_true(g.p.sowed & SW_SWAPPED);
        assert_string_equal(tokens(&g, buf, sizeof buf), "1 2 3");
        play(&g.vm, &g.p, &g.h, "1");
        assert_string_equal(tokens(&g, buf, sizeof buf), "5 6");
        game_end(&g);
    }
}

/* With `swap: true` it is offered at once, and once only. South [1,0,3],
 * North [0,2,0], stores [3,5], match totals [7,9]: after South's swap
 * the board is [0,2,0, 1,0,3], the stores [5,3], the totals still [7,9]
 * (each player's own), and North moves: 4 or 6 (the swap is not offered
 * again). */
static void test_swap_stores_once(void **state)
{
    (void)state;
    char buf[128];
    static const int turned[] = { 0, 2, 0, 1, 0, 3 };
    static const char text[] = BASE "  swap: true\n";
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, "{\"board\": [1,0,3, 0,2,0], \"stores\": [3,5], \"to_move\": \"south\"}");
        g.p.total[SOUTH] = 7;
        g.p.total[NORTH] = 9;
        assert_string_equal(tokens(&g, buf, sizeof buf), "1 3 swap");
        play(&g.vm, &g.p, &g.h, "swap");
        counts_are(&g.p, turned, 6);
        assert_int_equal(g.p.store[SOUTH], 5);
        assert_int_equal(g.p.store[NORTH], 3);
        assert_int_equal(g.p.total[SOUTH], 7);
        assert_int_equal(g.p.total[NORTH], 9);
        assert_int_equal(g.p.to_move, NORTH);
        assert_string_equal(tokens(&g, buf, sizeof buf), "4 6");
        game_end(&g);
    }
}

/* A hole's owner and its flags go with it. 2x3 where South owns 1, 2
 * and 6, North 3, 4, 5, the flag `f` on 1 and 5, [1,2,3, 4,5,6]: the
 * board turned round is [4,5,6, 1,2,3]; 3, 4, 5 (North's) went to 6, 1,
 * 2, now South's (the players swapped sides), and 6, 1, 2 to 3, 4, 5,
 * now North's; the flag is on 4 and 2. */
static void test_swap_owners_flags(void **state)
{
    (void)state;
    static const char text[] =
        "game: pie-owners\n"
        "board: {rows: 2, holes: 3, seeds: 2, stores: off-track, flags: [f]}\n"
        "moves:\n"
        "  from: hole.owner == mover and hole.count > 0\n"
        "  direction: ccw\n"
        "  swap: true\n";
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode,
                "{\"board\": [1,2,3, 4,5,6], \"stores\": [0,0], \"to_move\": \"south\", "
                "\"owners\": [\"south\",\"south\",\"north\",\"north\",\"north\",\"south\"], \"f\": [1,5]}");
        play(&g.vm, &g.p, &g.h, "swap");
        static const int turned[] = { 4, 5, 6, 1, 2, 3 };
        counts_are(&g.p, turned, 6);
        static const int north[] = { 0, 0, 1, 1, 1, 0 };
        for (int h = 0; h < 6; h++)
            assert_int_equal(has_hole(g.p.owner[0], h), north[h]);
        static const int flag[] = { 0, 1, 0, 1, 0, 0 };
        for (int h = 0; h < 6; h++)
            assert_int_equal(has_hole(g.p.flags[0], h), flag[h]);
        game_end(&g);
    }
}

/* `swapped` in the JSON position: read (then no swap is offered) and
 * written; a player with no move is not offered the swap: North [0,0,0]
 * has no move (the no-moves rule ends the game), although `swap: true`. */
static void test_swap_json(void **state)
{
    (void)state;
    char buf[128];
    static const char text[] = BASE "  swap: true\n";
    Game g;
    game_at(&g, text, MC_LOAD_PLANNED,
            "{\"board\": [1,0,3, 0,2,0], \"stores\": [3,5], \"to_move\": \"south\", \"swapped\": true}");
    assert_string_equal(tokens(&g, buf, sizeof buf), "1 3");
    char *js = pos_to_json(&g.vm, &g.p);
    assert_non_null(strstr(js, "\"swapped\":true"));
    free(js);
    game_end(&g);

    Position p;
    char err[256];
    static const char bad[] = "{\"board\": [1,0,3, 0,2,0], \"stores\": [3,5], \"to_move\": \"south\", \"swapped\": 1}";
    Rules *r = test_load_text(text, NULL, 0);
    assert_int_equal(pos_from_json(r, bad, strlen(bad), &p, err, sizeof err), 0);
    assert_non_null(strstr(err, "field `swapped`: expected true or false"));
    rules_free(r);

    game_at(&g, text, MC_LOAD_PLANNED, "{\"board\": [2,0,0, 0,0,0], \"stores\": [10,12], \"to_move\": \"north\"}");
    assert_string_equal(tokens(&g, buf, sizeof buf), "");
    game_end(&g);
}

/* perft of the pie game: South's 1 and 3 leave North his three holes
 * and the swap (4 each); 2 (2) ends in South's store: he moves again,
 * from 1 or 3, with no swap (he has sown, North not): 3 moves, then 4 +
 * 2 + 4 = 10; the same on both paths, deeper too. */
static void test_swap_perft(void **state)
{
    (void)state;
    uint64_t nodes[2][5] = { { 0 } };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        for (int d = 1; d <= 5; d++) {
            Game g;
            game_start(&g, pie, mode);
            assert_int_equal(perft_count(&g.vm, &g.p, &g.h, d, &nodes[mode == MC_LOAD_GENERAL][d - 1]), MC_OK);
            game_end(&g);
        }
    }
    assert_int_equal(nodes[0][0], 3);
    assert_int_equal(nodes[0][1], 10);
    for (int d = 0; d < 5; d++)
        assert_int_equal(nodes[0][d], nodes[1][d]);
}

/* What the loader refuses in moves.swap. */
static void test_swap_refused_files(void **state)
{
    (void)state;
    static const char *const bad[][2] = {
        { "  swap: 3\n", "expected a boolean" },
        { "  swap: hole.count > 0\n", "hole" },
        { "  swap: [true]\n", "swap" },
    };
    refused_files(BASE "#\n", "#\n", bad, sizeof bad / sizeof *bad);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_swap_pie),
        cmocka_unit_test(test_swap_stores_once),
        cmocka_unit_test(test_swap_owners_flags),
        cmocka_unit_test(test_swap_json),
        cmocka_unit_test(test_swap_perft),
        cmocka_unit_test(test_swap_refused_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
