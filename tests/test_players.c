/* test_players: games of more than two players (`players`): the turn
 * going round in number order, a player without a move passed over, the
 * hole owners of `board.owner` (`player(k)`), the receivers `mover`,
 * `opponent` (the next player) and `owner`, the winner among three (the
 * most seeds; a tie for the most is a draw), JSON positions of three
 * players, and the loader's refusals. The board is 2x3 of six holes,
 * counterclockwise 1 -> 6 -> 1; by default Player 1 owns 1-2, Player 2
 * 3-4, Player 3 5-6. Expected boards are worked out by hand in the
 * comments; every case runs in the planned and the reference mode; and
 * `eliminate`, players out of the game. */
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

/* A last seed making 2 takes its hole, for the mover (or, with the
 * option, for the next player); the game ends when the board is empty. */
static const char three[] =
    "game: three\n"
    "options:\n"
    "  give: {type: bool, default: false}\n"
    "players: 3\n"
    "board: {rows: 2, holes: 3, seeds: 1, stores: off-track}\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 0\n"
    "  direction: ccw\n"
    "captures:\n"
    "  - when: not give and last.count == 2\n"
    "    take: last\n"
    "    to: mover\n"
    "  - when: give and last.count == 2\n"
    "    take: last\n"
    "    to: opponent\n"
    "no-moves: {pass: true}\n"
    "end:\n"
    "  - when: seeds(board) == 0\n"
    "    seeds: owner\n";

static void test_players_turns(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        char buf[64];
        game_start(&g, three, mode);
        /* each player's two holes, Player 1 first */
        assert_int_equal(g.p.to_move, 0);
        assert_string_equal(tokens(&g, buf, sizeof buf), "1 2");
        /* 2 -> 3 (2 seeds): taken by Player 1; Player 2 is next */
        play(&g.vm, &g.p, &g.h, "2");
        static const int w1[] = { 1, 0, 0, 1, 1, 1 };
        counts_are(&g.p, w1, 6);
        assert_int_equal(g.p.store[0], 2);
        assert_int_equal(g.p.to_move, 1);
        assert_string_equal(tokens(&g, buf, sizeof buf), "4");
        /* 4 -> 5 (2): taken by Player 2; Player 3 is next */
        play(&g.vm, &g.p, &g.h, "4");
        assert_int_equal(g.p.store[1], 2);
        assert_int_equal(g.p.to_move, 2);
        assert_string_equal(tokens(&g, buf, sizeof buf), "6");
        /* 6 -> 1 (2): taken by Player 3; the board is empty: the end
         * rule; 2 seeds each, a tie for the most: a draw */
        play(&g.vm, &g.p, &g.h, "6");
        assert_int_equal(g.p.store[2], 2);
        assert_true(g.p.over);
        assert_int_equal(g.p.winner, WIN_DRAW);
        game_end(&g);
    }
}

/* The receiver `opponent` is the player whose turn comes next: Player
 * 3's capture goes to Player 1, Player 1's to Player 2. */
static void test_players_opponent(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at_opts(&g, three, (const char *[]){ "give=true" }, 1, mode,
                     "{\"board\":[1,0,0,0,1,1],\"stores\":[0,0,0],\"to_move\":\"p3\"}");
        /* 6 -> 1 (2): to Player 1, the next after Player 3 */
        play(&g.vm, &g.p, &g.h, "6");
        assert_int_equal(g.p.store[0], 2);
        assert_int_equal(g.p.store[2], 0);
        /* Player 1 has no seeds: he passes; so does Player 2; Player 3
         * moves again */
        assert_int_equal(g.p.to_move, 2);
        /* 5 -> 6 (1): nothing taken; Player 1 and 2 pass again, Player 3
         * sows 6 -> 1: 1 seed, no capture; Player 1 is next */
        play(&g.vm, &g.p, &g.h, "5 6");
        static const int w[] = { 1, 0, 0, 0, 0, 0 };
        counts_are(&g.p, w, 6);
        assert_int_equal(g.p.to_move, 0);
        assert_false(g.p.over);
        game_end(&g);
        /* Player 3 takes 2 (6 -> 1) and the board is empty: 2 seeds
         * against Player 1's 1 and Player 2's 0: Player 3 wins */
        game_at(&g, three, mode, "{\"board\":[1,0,0,0,0,1],\"stores\":[1,0,0],\"to_move\":\"p3\"}");
        play(&g.vm, &g.p, &g.h, "6");
        assert_true(g.p.over);
        assert_int_equal(g.p.store[2], 2);
        assert_int_equal(g.p.winner, 2);
        game_end(&g);
    }
}

/* `board.owner` with `player(k)`: holes dealt round in number order
 * (1, 4: Player 1; 2, 5: Player 2; 3, 6: Player 3); a rule's `set`
 * gives a hole to a player of three; `owner` receives for the hole's
 * owner; `other(mover)` is the next player. */
static const char dealt[] =
    "game: dealt\n"
    "players: 3\n"
    "board:\n"
    "  rows: 2\n"
    "  holes: 3\n"
    "  seeds: 1\n"
    "  stores: off-track\n"
    "  owner: player((hole.number - 1) % 3 + 1)\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 0\n"
    "  direction: ccw\n"
    "sowing:\n"
    "  each-seed:\n"
    "    - when: hole.count == 2 and hole.owner == other(mover)\n"
    "      take: hole\n"
    "      to: owner\n"
    "      set: {owner: mover}\n";

static void test_players_owner(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        char buf[64];
        game_start(&g, dealt, mode);
        assert_string_equal(tokens(&g, buf, sizeof buf), "1 4");
        /* 1 -> 2 (2 seeds, Player 2's, the next player's): taken by its
         * owner, Player 2, and the hole becomes Player 1's */
        play(&g.vm, &g.p, &g.h, "1");
        assert_int_equal(g.p.store[1], 2);
        assert_int_equal(pos_owner(&g.p, 1), 0);
        /* Player 2 now owns 5 alone; the JSON lists the owners */
        assert_int_equal(g.p.to_move, 1);
        assert_string_equal(tokens(&g, buf, sizeof buf), "5");
        char *js = pos_to_json(&g.vm, &g.p);
        assert_non_null(strstr(js, "\"owners\":[\"p1\",\"p1\",\"p3\",\"p1\",\"p2\",\"p3\"]"));
        assert_non_null(strstr(js, "\"stores\":[0,2,0]"));
        assert_non_null(strstr(js, "\"to_move\":\"p2\""));
        /* read back: the same position */
        Position q;
        char err[256];
        assert_true(pos_from_json(g.r, js, strlen(js), &q, err, sizeof err));
        assert_true(q.owner[0] == g.p.owner[0] && q.owner[1] == g.p.owner[1]);
        assert_int_equal(q.to_move, 1);
        assert_int_equal(q.last_mover, 0);
        free(js);
        game_end(&g);
    }
}

/* A rule's `set` of an owner that names no player (player(9)) leaves the
 * owner of a game of three as it is; `player(3)` gives the hole to
 * Player 3. */
static void test_players_set_owner(void **state)
{
    (void)state;
    static const char *const owner[2] = { "player(9)", "player(3)" };
    for (int i = 0; i < 2; i++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "game: t\nplayers: 3\nboard: {rows: 2, holes: 3, seeds: 1, stores: off-track}\n"
                 "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
                 "sowing:\n  each-seed:\n    - {when: true, set: {owner: %s}}\n", owner[i]);
        for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
            Game g;
            game_start(&g, text, mode);
            play(&g.vm, &g.p, &g.h, "2");   /* its seed into 3, Player 2's */
            assert_int_equal(pos_owner(&g.p, 2), i ? 2 : 1);
            game_end(&g);
        }
    }
}

/* JSON positions of three players: three stores, players p1..p3. */
static void test_players_json(void **state)
{
    (void)state;
    Rules *r = test_load_mode(three, NULL, 0, MC_LOAD_DEFAULT);
    assert_non_null(r);
    static const struct { const char *pos, *msg; } bad[] = {
        { "{\"board\":[1,1,1,1,1,1],\"stores\":[0,0],\"to_move\":\"p1\"}", "expected three counts" },
        { "{\"board\":[1,1,1,1,1,1],\"stores\":[0,0,0],\"to_move\":\"south\"}", "\"p1\", \"p2\" or \"p3\"" },
        { "{\"board\":[1,1,1,1,1,1],\"stores\":[0,0,0],\"to_move\":\"p4\"}", "\"p1\", \"p2\" or \"p3\"" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        Position p;
        char err[256];
        assert_false(pos_from_json(r, bad[i].pos, strlen(bad[i].pos), &p, err, sizeof err));
        if (!strstr(err, bad[i].msg))
            fail_msg("%s: got \"%s\"", bad[i].pos, err);
    }
    rules_free(r);
}

/* What is written for two players is refused with more. */
static void test_players_refused(void **state)
{
    (void)state;
    static const char base[] =
        "game: t\n"
        "board: {rows: 2, holes: 3, seeds: 1, stores: off-track}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "CUT";
    static const char *const bad[][2] = {
        { "players: 5\n", "players" },
        { "players: 1\n", "players" },
        { "players: 3\nmatch: {max-rounds: 3, next: reset, over: round == 3, score: player.total}\n", "`match` is written for two players" },
        { "players: 3\nno-moves: {loses: true}\n", "`no-moves.loses` is written for two players" },
        { "players: 4\nfirst-player: {begins: north}\n", "`first-player` is written for two players" },
        { "players: 3\nboard: {rows: 2, holes: 3, seeds: 1, stores: off-track, owner: player(4)}\n",
          "gives hole 1 to no player of the 3" },
        { "players: 3\nboard: {rows: 2, holes: 3, seeds: 1, stores: off-track, "
          "track: {south: [1, 2, 3, 4, 5, 6], north: [1, 2, 3, 4, 5, 6]}}\n", "a track for each player" },
    };
    /* the variant's own board and moves go first, the cases after: a
     * second `board` replaces nothing, so those cases are whole files */
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char text[1024];
        if (strstr(bad[i][0], "board:"))
            snprintf(text, sizeof text, "game: t\n%smoves: {from: hole.count > 0, direction: ccw}\n", bad[i][0]);
        else
            snprintf(text, sizeof text, "%.*s%s", (int)(strstr(base, "CUT") - base), base, bad[i][0]);
        Diags dg;
        dg_init(&dg, "t.yaml", text, strlen(text));
        Rules *r = rules_open("t.yaml", text, strlen(text), NULL, 0, MC_LOAD_DEFAULT, &dg);
        assert_null(r);
        int found = 0;
        for (int k = 0; k < dg.count; k++)
            found |= strstr(dg.items[k].msg, bad[i][1]) != NULL;
        if (!found)
            fail_msg("%s: got \"%s\"", bad[i][0], dg.count ? dg.items[0].msg : "(loaded)");
        dg_free(&dg);
    }
}

/* `eliminate`: a player other than the mover left without seeds is out;
 * his turns are passed over; the last one left wins. */
static const char *const elim_text =
    "game: elim\n"
    "players: 3\n"
    "board: {rows: 2, holes: 3, seeds: 1, stores: off-track}\n"
    "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
    "captures:\n"
    "  - {when: last.count == 2, take: last, to: mover}\n"
    "no-moves: {pass: true}\n"
    "eliminate: seeds(owned(player)) == 0 and player != mover\n";

/* The MC_EV_OUT events of a move (their players), the end (-1). */
typedef struct Outs {
    int who[8], n;
} Outs;

static void count_outs(void *arg, const McEvent *e)
{
    Outs *o = arg;
    if ((e->kind == MC_EV_OUT || (e->kind == MC_EV_END && e->reason == MC_END_LAST_PLAYER)) && o->n < 8)
        o->who[o->n++] = e->kind == MC_EV_OUT ? e->player : -1;
}

static void test_players_eliminate(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        /* 2 -> 3 (2): taken by Player 1; Player 2 (3, 4) has no seed
         * and did not move: out. Player 3 moves next, then Player 1:
         * 5 -> 6 (1), nothing taken */
        game_at(&g, elim_text, mode, "{\"board\":[1,1,1,0,1,0],\"stores\":[0,0,0],\"to_move\":\"p1\"}");
        play(&g.vm, &g.p, &g.h, "2");
        assert_int_equal(g.p.eliminated, 2);
        assert_int_equal(g.p.to_move, 2);
        play(&g.vm, &g.p, &g.h, "5");
        assert_int_equal(g.p.to_move, 0);
        assert_false(g.p.over);
        game_end(&g);
        /* from the start: 2 -> 3 (Player 1 takes 2), 4 -> 5 (Player 2
         * takes 2; he has no seed left, but he moved), 6 -> 1 (Player 3
         * takes 2): Players 1 and 2 have no seeds and did not move: both
         * out, Player 3 is left and wins, though the stores are 2-2-2 */
        game_start(&g, elim_text, mode);
        play(&g.vm, &g.p, &g.h, "2 4");
        assert_int_equal(g.p.eliminated, 0);
        Outs outs = { 0 };
        vm_set_events(&g.vm, count_outs, &outs, 0);
        play(&g.vm, &g.p, &g.h, "6");
        vm_set_events(&g.vm, NULL, NULL, 0);
        /* the events: Player 1 out, Player 2 out, then the end */
        assert_int_equal(outs.n, 3);
        assert_int_equal(outs.who[0], 0);
        assert_int_equal(outs.who[1], 1);
        assert_int_equal(outs.who[2], -1);
        assert_true(g.p.over);
        assert_int_equal(g.p.eliminated, 3);
        assert_int_equal(g.p.winner, 2);
        assert_int_equal(g.p.end, END_LAST_PLAYER);
        game_end(&g);
    }
    /* with two players an end rule says it */
    static const char two[] = "game: t\n"
                              "board: {rows: 2, holes: 3, seeds: 1, stores: off-track}\n"
                              "moves: {from: hole.count > 0, direction: ccw}\n"
                              "eliminate: seeds(owned(player)) == 0\n";
    Diags dg;
    dg_init(&dg, "t.yaml", two, strlen(two));
    assert_null(rules_open("t.yaml", two, strlen(two), NULL, 0, MC_LOAD_DEFAULT, &dg));
    assert_true(dg.count > 0 && strstr(dg.items[0].msg, "with two, an `end` rule ends the game"));
    dg_free(&dg);
}

/* The computer players of more than two: Player 1 can take 2 (1 -> 2)
 * or sow 2 -> 3 and take nothing; each takes. The paranoid alphabeta
 * sees the others as one side and still takes; then Player 2 moves. */
static void test_players_computer(void **state)
{
    (void)state;
    static const char *const who[] = { "greedy", "alphabeta:depth=1", "alphabeta:depth=4", "mcts:playouts=300",
                                       "random" };
    for (size_t i = 0; i < sizeof who / sizeof *who; i++) {
        Game g;
        game_at(&g, three, MC_LOAD_DEFAULT, "{\"board\":[1,1,0,1,0,1],\"stores\":[0,0,0],\"to_move\":\"p1\"}");
        AiSpec spec;
        char err[256];
        assert_true(ai_parse(who[i], &spec, err, sizeof err));
        Ai *ai = ai_new_err(g.r, &spec, 7, err, sizeof err);
        if (!ai)
            fail_msg("%s: %s", who[i], err);
        Move moves[MAX_MOVES];
        int n = gen_moves(&g.vm, &g.p, moves);
        assert_int_equal(n, 2);
        AiStats st;
        int k = ai_choose(ai, &g.p, &st, NULL);
        assert_true(k >= 0 && k < n);
        if (strcmp(who[i], "random") != 0 && moves[k].hole != 0)
            fail_msg("%s sowed hole %d, not 1 (which takes 2)", who[i], moves[k].hole + 1);
        ai_free(ai);
        game_end(&g);
    }
}

/* The turn-start rules take the seeds of Players 2 and 3 as their turns
 * begin. Player 1 sows 1 (2 seeds) into 2 and 3: [0,1,1, 0,1,0]. Player
 * 2's turn begins: his 3 is emptied, he has no move and passes to Player
 * 3, who holds 5; Player 3's turn begins: 5 is emptied (2 seeds removed
 * in all), he has no move either; but Player 1 still has 2: the game
 * goes on with his turn (it is blocked only once every other player
 * still in has passed, not after one pass as of two players). */
static void test_players_pass_chain(void **state)
{
    (void)state;
    static const char chain[] =
        "game: chain\n"
        "players: 3\n"
        "board: {rows: 2, holes: 3, seeds: 1, stores: off-track}\n"
        "moves:\n"
        "  from: hole.owner == mover and hole.count > 0\n"
        "  direction: ccw\n"
        "turn-start:\n"
        "  - when: mover != player(1)\n"
        "    for: owned(mover)\n"
        "    take: hole\n"
        "    to: removed\n"
        "no-moves: {pass: true}\n";
    static const int want[] = { 0, 1, 0, 0, 0, 0 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, chain, mode, "{\"board\": [2,0,0, 0,1,0], \"stores\": [0,0,0], \"to_move\": \"p1\"}");
        play(&g.vm, &g.p, &g.h, "1");
        counts_are(&g.p, want, 6);
        assert_int_equal(g.p.removed, 2);
        assert_false(g.p.over);
        assert_int_equal(g.p.to_move, 0);
        game_end(&g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_players_pass_chain),
        cmocka_unit_test(test_players_turns),
        cmocka_unit_test(test_players_opponent),
        cmocka_unit_test(test_players_owner),
        cmocka_unit_test(test_players_json),
        cmocka_unit_test(test_players_set_owner),
        cmocka_unit_test(test_players_refused),
        cmocka_unit_test(test_players_computer),
        cmocka_unit_test(test_players_eliminate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
