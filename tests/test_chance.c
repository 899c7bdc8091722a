/* test_chance: a setup whose seeds fall by chance (`setup.chance`): the
 * placements are listed as moves (place:H) but are nobody's choice,
 * every computer player draws them among all the holes allowed, perft
 * counts each hole, and the play begins once they are placed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ai.h"
#include "json.h"
#include "rules.h"
#include "vm.h"
#include "testlib.h"
#include "gamelib.h"

/* 2x2, one seed a hole; South's reserve of two seeds falls anywhere. */
static const char chance[] =
    "game: chance\n"
    "board: {rows: 2, holes: 2, seeds: 1, stores: off-track}\n"
    "setup:\n"
    "  by: south\n"
    "  seeds: if player == south then 2 else 0\n"
    "  where: true\n"
    "  chance: true\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 0\n"
    "  direction: ccw\n";

/* The game begins in phase place, South's reserve 2: four holes allowed,
 * nobody's decision. place:4 then place:4 leave [1,1, 1,3]; the play
 * begins with South (his holes 1 and 2), no longer by chance. */
static void test_chance_placements(void **state)
{
    (void)state;
    char buf[128];
    static const int want[] = { 1, 1, 1, 3 };
    Game g;
    game_start(&g, chance, MC_LOAD_DEFAULT);
    assert_int_equal(g.p.phase, PH_PLACE);
    assert_true(pos_chance(g.r, &g.p));
    assert_true(mc_is_chance(g.r, &g.p));
    assert_string_equal(tokens(&g, buf, sizeof buf), "place:1 place:2 place:3 place:4");
    play(&g.vm, &g.p, &g.h, "place:4 place:4");
    counts_are(&g.p, want, 4);
    assert_int_equal(g.p.phase, PH_PLAY);
    assert_int_equal(g.p.to_move, SOUTH);
    assert_false(pos_chance(g.r, &g.p));
    assert_string_equal(tokens(&g, buf, sizeof buf), "1 2");
    game_end(&g);
}

/* perft counts each hole a seed may fall into: 4, then 4 x 4 = 16. */
static void test_chance_perft(void **state)
{
    (void)state;
    uint64_t n1 = 0, n2 = 0;
    Game g;
    game_start(&g, chance, MC_LOAD_DEFAULT);
    assert_int_equal(perft_count(&g.vm, &g.p, &g.h, 1, &n1), MC_OK);
    assert_int_equal(perft_count(&g.vm, &g.p, &g.h, 2, &n2), MC_OK);
    assert_int_equal(n1, 4);
    assert_int_equal(n2, 16);
    game_end(&g);
}

/* Every kind of player draws a seed's hole: over 200 draws of one
 * player (a fresh generator state each time) every hole comes up, as
 * it would not if a search chose (it would always choose the same). */
static void test_chance_drawn_by_every_player(void **state)
{
    (void)state;
    static const char *const specs[] = { "greedy", "alphabeta:depth=2", "mcts:playouts=20", "random" };
    Game g;
    game_start(&g, chance, MC_LOAD_DEFAULT);
    for (size_t s = 0; s < sizeof specs / sizeof *specs; s++) {
        AiSpec spec;
        char err[200];
        assert_true(ai_parse(specs[s], &spec, err, sizeof err));
        Ai *ai = ai_new(g.r, &spec, 5);
        assert_non_null(ai);
        int seen[4] = { 0 };
        for (int i = 0; i < 200; i++) {
            AiStats st;
            int k = ai_choose(ai, &g.p, &st, NULL);
            assert_true(k >= 0 && k < 4);
            seen[k]++;
        }
        for (int h = 0; h < 4; h++)
            if (!seen[h])
                fail_msg("%s never drew hole %d", specs[s], h + 1);
        ai_free(ai);
    }
    game_end(&g);
}

/* `chance` needs seeds to place. */
static void test_chance_refused(void **state)
{
    (void)state;
    static const char base[] =
        "game: chance\n"
        "board: {rows: 2, holes: 2, seeds: 1, stores: off-track, flags: [m]}\n"
        "moves:\n"
        "  from: hole.owner == mover and hole.count > 0\n"
        "  direction: ccw\n"
        "setup:\n";
    static const char *const bad[][2] = {
        { "setup:\n  chance: true\n  mark: {flag: m, holes: 1, by: south, where: true}\n",
          "`setup.chance` places the reserves' seeds by chance: give `seeds` (and `by`)" },
        { "setup:\n  by: south\n  seeds: 2\n  chance: 1\n", "chance" },
    };
    refused_files(base, "setup:\n", bad, sizeof bad / sizeof *bad);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chance_placements),
        cmocka_unit_test(test_chance_perft),
        cmocka_unit_test(test_chance_drawn_by_every_player),
        cmocka_unit_test(test_chance_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
