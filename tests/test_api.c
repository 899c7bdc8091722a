/* test_api: the public interface (include/mancala.h) as a program that
 * includes nothing else sees it.
 * - loading: built-in names, a file, a string (not NUL-terminated),
 *   options, and the errors text of each kind of failure;
 * - perft against tests/perft.txt in both modes, with no event sent; a
 *   negative depth refused;
 * - whole games through mc_start/mc_moves/mc_play: tokens found again,
 *   seeds conserved, events in order (a move event first, an end event
 *   last), every position written as JSON, read, settled and written
 *   again the same;
 * - positions: JSON written, read back and written again the same; a
 *   position read from JSON settled (a player without moves);
 * - the poll: MC_EINTR, every call failing until mc_vm_reset;
 * - computer players: bad descriptions, a choice in range, the same
 *   choice for the same seed, MC_EINVAL on a finished game. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <mancala.h>

static McRules *builtin(const char *name)
{
    char *errors = NULL;
    McRules *r = mc_load_builtin(name, NULL, 0, MC_LOAD_DEFAULT, &errors);
    if (!r)
        fail_msg("%s: %s", name, errors ? errors : "(no errors text)");
    assert_null(errors);
    return r;
}

/* ---- loading ------------------------------------------------------------ */

static void test_api_load(void **state)
{
    (void)state;
    int kalah = 0, n = 0;
    for (const char *name; (name = mc_builtin_name(n)) != NULL; n++)
        kalah |= !strcmp(name, "kalah");
    assert_true(n >= 8 && kalah);
    assert_null(mc_builtin_name(-1));

    McRules *r = builtin("kalah");
    assert_string_equal(mc_rules_name(r), "kalah");
    assert_string_equal(mc_rules_title(r), "Kalah (6 holes, 4 seeds)");
    assert_int_equal(mc_rules_rows(r), 2);
    assert_int_equal(mc_rules_width(r), 6);
    assert_int_equal(mc_rules_seeds(r), 48);
    mc_rules_free(r);

    char *errors = NULL;
    assert_null(mc_load_builtin("nope", NULL, 0, 0, &errors));
    assert_string_equal(errors, "no built-in variant nope\n");
    free(errors);

    r = mc_load_file("variants/oware.yaml", NULL, 0, 0, &errors);
    assert_non_null(r);
    assert_null(errors);
    assert_string_equal(mc_rules_name(r), "oware");
    mc_rules_free(r);
    assert_null(mc_load_file("tests/no-such-file.yaml", NULL, 0, 0, &errors));
    assert_non_null(strstr(errors, "tests/no-such-file.yaml: "));
    assert_int_equal(errors[strlen(errors) - 1], '\n');
    free(errors);

    /* options */
    const char *good[] = { "capture-empty-opposite=true" }, *bad[] = { "no-such-option=1" };
    r = mc_load_builtin("kalah", good, 1, 0, &errors);
    assert_non_null(r);
    mc_rules_free(r);
    assert_null(mc_load_builtin("kalah", bad, 1, 0, &errors));
    assert_non_null(strstr(errors, ": error: "));
    assert_non_null(strstr(errors, "no-such-option"));
    assert_int_equal(errors[strlen(errors) - 1], '\n');
    free(errors);
    /* errors may be NULL */
    assert_null(mc_load_builtin("kalah", bad, 1, 0, NULL));

    /* a string: only `len` bytes are read; errors NAME:LINE:COLUMN */
    static const char text[] = "game: tiny\n"
                               "board: {rows: 2, holes: 1, seeds: 1, stores: off-track}\n"
                               "moves: {from: hole.owner == mover, direction: ccw}\n"
                               "no-moves: {pass: true}\n"
                               "GARBAGE";
    r = mc_load_string("tiny.yaml", text, sizeof text - 1 - strlen("GARBAGE"), NULL, 0, 0, &errors);
    assert_non_null(r);
    assert_null(errors);
    assert_int_equal(mc_rules_seeds(r), 2);
    mc_rules_free(r);
    assert_null(mc_load_string("tiny.yaml", text, sizeof text - 1, NULL, 0, 0, &errors));
    assert_non_null(errors);
    assert_memory_equal(errors, "tiny.yaml:", 10);
    assert_non_null(strstr(errors, ": error: "));
    free(errors);
}

/* ---- perft -------------------------------------------------------------- */

static void count_event(void *arg, const McEvent *ev)
{
    (void)ev;
    ++*(int *)arg;
}

static void test_api_perft(void **state)
{
    (void)state;
    int events = 0;
    static const uint64_t kalah[] = { 1, 6, 35, 185, 942 };
    static const unsigned mode[] = { MC_LOAD_GENERAL, MC_LOAD_PLANNED };
    for (int m = 0; m < 2; m++) {
        McRules *r = mc_load_builtin("kalah", NULL, 0, mode[m], NULL);
        assert_non_null(r);
        McVm *vm = mc_vm_new(r);
        McPosition p;
        assert_int_equal(mc_start(vm, &p, NULL), MC_OK);
        mc_vm_set_events(vm, count_event, &events, MC_EVENTS_SEEDS);
        for (int d = 0; d < 5; d++) {
            uint64_t nodes = 0;
            assert_int_equal(mc_perft(vm, &p, d, &nodes), MC_OK);
            assert_int_equal(nodes, kalah[d]);
        }
        uint64_t nodes = 7;
        assert_int_equal(mc_perft(vm, &p, -1, &nodes), MC_EINVAL);
        assert_int_equal(nodes, 0);
        /* perft sends no event, and leaves the sink in place */
        assert_int_equal(events, 0);
        McMove moves[MC_MAX_MOVES];
        assert_true(mc_moves(vm, &p, moves) > 0);
        assert_int_equal(mc_play(vm, &p, &moves[0], NULL), MC_OK);
        assert_true(events > 0);
        events = 0;
        mc_vm_free(vm);
        mc_rules_free(r);
    }
}

/* ---- games and events ------------------------------------------------------ */

typedef struct Log {
    const McRules *r;
    int n, moves, ends, last_kind, first_kind;
    McMove last_move;
} Log;

static void log_event(void *arg, const McEvent *ev)
{
    Log *l = arg;
    if (l->n++ == 0)
        l->first_kind = ev->kind;
    l->last_kind = ev->kind;
    if (ev->kind == MC_EV_MOVE) {
        l->moves++;
        l->last_move = ev->move;
    }
    l->ends += ev->kind == MC_EV_END && ev->match_over;
    char buf[1024];
    int len = mc_event_json(l->r, ev, buf, sizeof buf);
    assert_true(len > 0 && len < (int)sizeof buf);
    assert_int_equal(strlen(buf), len);
    assert_memory_equal(buf, "{\"event\":\"", 10);
}

/* Plays a game of `name` choosing the (ply * 7)-th legal move; checks the
 * tokens of every position and, for the first 2000 plies, its JSON. */
static void play_game(const char *name)
{
    McRules *r = builtin(name);
    McVm *vm = mc_vm_new(r);
    McHistory *h = mc_history_new();
    assert_non_null(vm);
    assert_non_null(h);
    Log log = { r, 0, 0, 0, 0, 0, { 0, 0, 0, 0, 0, 0 } };
    mc_vm_set_events(vm, log_event, &log, 0);
    McPosition p;
    McMove moves[MC_MAX_MOVES];
    assert_int_equal(mc_start(vm, &p, h), MC_OK);
    long total = mc_seed_total(r, &p);
    assert_int_equal(total, mc_rules_seeds(r));
    int ply = 0;
    while (!p.over) {
        int n = mc_moves(vm, &p, moves);
        assert_true(n > 0);
        for (int k = 0; k < n; k++) {
            char tok[256];
            int len = mc_move_token(r, &moves[k], tok, sizeof tok);
            assert_int_equal(len, (int)strlen(tok));
            assert_int_equal(mc_find_move(r, moves, n, tok), k);
        }
        assert_int_equal(mc_find_move(r, moves, n, "no-such-move"), -1);
        /* written, read, settled: the same JSON (the first 2000 plies:
         * a few games run to the limit of 65535) */
        if (ply < 2000) {
            char *a = mc_position_to_json(vm, &p), *b, err[200];
            McPosition q;
            assert_non_null(a);
            assert_int_equal(mc_position_from_json(r, a, strlen(a), &q, err, sizeof err), MC_OK);
            assert_int_equal(mc_settle(vm, &q, NULL), MC_OK);
            b = mc_position_to_json(vm, &q);
            assert_string_equal(a, b);
            free(a);
            free(b);
        }
        int k = (ply * 7) % n;
        log.n = 0;
        assert_int_equal(mc_play(vm, &p, &moves[k], h), MC_OK);
        assert_int_equal(log.first_kind, MC_EV_MOVE);
        assert_memory_equal(&log.last_move, &moves[k], sizeof moves[k]);
        assert_int_equal(mc_seed_total(r, &p), total);
        assert_true(++ply < 100000);
    }
    assert_int_equal(log.moves, ply);
    assert_int_equal(log.ends, 1);
    assert_int_equal(log.last_kind, MC_EV_END);
    assert_true(p.winner <= MC_WIN_DRAW);
    assert_int_equal(mc_moves(vm, &p, moves), 0);
    assert_int_equal(mc_vm_status(vm), MC_OK);
    mc_history_free(h);
    mc_vm_free(vm);
    mc_rules_free(r);
}

static void test_api_games(void **state)
{
    (void)state;
    for (int i = 0; mc_builtin_name(i); i++)
        play_game(mc_builtin_name(i));
}

/* One event as JSON: snprintf's contract (the length it needs, the buffer
 * cut and NUL-terminated). */
static void test_api_event_json(void **state)
{
    (void)state;
    McRules *r = builtin("kalah");
    McEvent ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = MC_EV_EXTRA_TURN;
    ev.player = MC_NORTH;
    ev.hole = MC_NO_HOLE;
    char buf[128];
    const char *want = "{\"event\":\"extra-turn\",\"player\":\"north\"}";
    assert_int_equal(mc_event_json(r, &ev, buf, sizeof buf), (int)strlen(want));
    assert_string_equal(buf, want);
    assert_int_equal(mc_event_json(r, &ev, buf, 5), (int)strlen(want));
    assert_string_equal(buf, "{\"ev");
    mc_rules_free(r);
}

/* ---- positions ------------------------------------------------------------- */

static void test_api_json(void **state)
{
    (void)state;
    McRules *r = builtin("kalah");
    McVm *vm = mc_vm_new(r);
    McPosition p, q;
    McMove moves[MC_MAX_MOVES];
    assert_int_equal(mc_start(vm, &p, NULL), MC_OK);
    assert_true(mc_moves(vm, &p, moves) > 2);
    assert_int_equal(mc_play(vm, &p, &moves[2], NULL), MC_OK);
    char *a = mc_position_to_json(vm, &p);
    assert_non_null(a);
    char err[200];
    assert_int_equal(mc_position_from_json(r, a, strlen(a), &q, err, sizeof err), MC_OK);
    assert_int_equal(mc_settle(vm, &q, NULL), MC_OK);
    char *b = mc_position_to_json(vm, &q);
    assert_string_equal(a, b);
    free(a);
    free(b);

    /* refused: MC_EINVAL, a message, the position untouched */
    q = p;
    static const char bad[] = "{\"board\":[1,2,3]}";
    assert_int_equal(mc_position_from_json(r, bad, strlen(bad), &q, err, sizeof err), MC_EINVAL);
    assert_true(err[0] != 0);
    assert_memory_equal(&q, &p, sizeof p);

    /* South has no seeds: read, the game is not over and has no move;
     * settled, it ended (no-moves: North takes his row) */
    static const char empty[] = "{\"board\":[0,0,0,0,0,0,4,4,4,4,4,4],\"stores\":[10,14],\"to_move\":\"south\"}";
    assert_int_equal(mc_position_from_json(r, empty, strlen(empty), &q, err, sizeof err), MC_OK);
    assert_false(q.over);
    McHistory *h = mc_history_new();
    assert_int_equal(mc_settle(vm, &q, h), MC_OK);
    assert_true(q.over);
    assert_int_equal(q.winner, MC_WIN_NORTH);
    assert_int_equal(q.end, MC_END_NO_MOVES);
    assert_int_equal(q.store[MC_NORTH], 38);
    assert_int_equal(mc_moves(vm, &q, moves), 0);
    mc_history_free(h);
    mc_vm_free(vm);
    mc_rules_free(r);
}

/* ---- the poll and failures ----------------------------------------------------- */

static int polls;
static int poll_stop(void *arg)
{
    polls++;
    return *(int *)arg;
}

/* Hufesay, South to move: sowing hole 2 is a relay of 3,824,688 laps that
 * comes back to its start (test_vm), so listing the moves sows long. */
static void test_api_poll(void **state)
{
    (void)state;
    McRules *r = builtin("hufesay");
    McVm *vm = mc_vm_new(r);
    static const char pos[] = "{\"board\":[1,2,4,1,2,8,2,10,0,2,1,13],\"stores\":[0,0],\"to_move\":\"south\"}";
    McPosition p, q;
    char err[200];
    assert_int_equal(mc_position_from_json(r, pos, strlen(pos), &p, err, sizeof err), MC_OK);
    McMove moves[MC_MAX_MOVES];
    int stop = 1;
    polls = 0;
    mc_vm_set_poll(vm, poll_stop, &stop);
    assert_int_equal(mc_moves(vm, &p, moves), MC_EINTR);
    assert_int_equal(polls, 1);
    assert_int_equal(mc_vm_status(vm), MC_EINTR);
    assert_string_equal(mc_status_text(MC_EINTR), "interrupted");
    /* failed: every call fails at once */
    mc_vm_set_poll(vm, NULL, NULL);
    assert_int_equal(mc_moves(vm, &p, moves), MC_EINTR);
    assert_null(mc_position_to_json(vm, &p));
    q = p;
    assert_int_equal(mc_settle(vm, &q, NULL), MC_EINTR);
    uint64_t nodes;
    assert_int_equal(mc_perft(vm, &p, 1, &nodes), MC_EINTR);
    assert_int_equal(mc_perft(vm, &p, 0, &nodes), MC_EINTR);
    mc_vm_reset(vm);
    assert_int_equal(mc_vm_status(vm), MC_OK);
    int n = mc_moves(vm, &p, moves);
    assert_true(n > 0);
    assert_int_equal(mc_play(vm, &p, &moves[0], NULL), MC_OK);
    mc_vm_free(vm);
    mc_rules_free(r);
}

static void test_api_status_text(void **state)
{
    (void)state;
    const int st[] = { MC_OK, MC_EINTR, MC_ETOOLONG, MC_ENOMEM, MC_EINVAL };
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < i; j++)
            assert_string_not_equal(mc_status_text(st[i]), mc_status_text(st[j]));
    assert_string_equal(mc_version(), MANCALA_VERSION);
}

/* ---- players ---------------------------------------------------------------- */

static void test_api_players(void **state)
{
    (void)state;
    McRules *r = builtin("oware");
    char err[200] = "";
    assert_null(mc_player_new(r, "alphabeta:depth=x", 1, err, sizeof err));
    assert_true(err[0] != 0);
    err[0] = 0;
    assert_null(mc_player_new(r, "human", 1, err, sizeof err));
    assert_true(err[0] != 0);

    McVm *vm = mc_vm_new(r);
    McPosition p;
    McMove moves[MC_MAX_MOVES];
    assert_int_equal(mc_start(vm, &p, NULL), MC_OK);
    int n = mc_moves(vm, &p, moves);
    static const char *const specs[] = { "random", "greedy", "alphabeta:depth=3", "mcts:playouts=100" };
    for (int i = 0; i < 4; i++) {
        McPlayer *a = mc_player_new(r, specs[i], 42, err, sizeof err);
        McPlayer *b = mc_player_new(r, specs[i], 42, err, sizeof err);
        assert_non_null(a);
        assert_non_null(b);
        int k = mc_player_choose(a, &p, NULL);
        assert_true(k >= 0 && k < n);
        /* the game's history changes nothing for a player without
         * databases */
        McHistory *h = mc_history_new();
        McPosition q;
        assert_int_equal(mc_start(vm, &q, h), MC_OK);
        mc_player_set_history(b, h);
        assert_int_equal(mc_player_choose(b, &q, NULL), k);
        mc_player_set_history(b, NULL);
        mc_history_free(h);
        mc_player_free(a);
        mc_player_free(b);
    }
    /* a finished game: no choice */
    static const char over[] = "{\"board\":[0,0,0,0,0,0,0,0,0,0,0,0],\"stores\":[24,24],\"to_move\":\"south\"}";
    char e2[200];
    assert_int_equal(mc_position_from_json(r, over, strlen(over), &p, e2, sizeof e2), MC_OK);
    assert_int_equal(mc_settle(vm, &p, NULL), MC_OK);
    assert_true(p.over);
    McPlayer *a = mc_player_new(r, "greedy", 1, err, sizeof err);
    assert_int_equal(mc_player_choose(a, &p, NULL), MC_EINVAL);
    mc_player_free(a);
    mc_player_free(NULL);
    mc_vm_free(vm);
    mc_rules_free(r);
}

/* An Oware position from JSON, settled. */
static McPosition oware_json(McRules *r, McVm *vm, const char *json)
{
    McPosition p;
    char err[200] = "";
    if (mc_position_from_json(r, json, strlen(json), &p, err, sizeof err) != MC_OK)
        fail_msg("%s", err);
    assert_int_equal(mc_settle(vm, &p, NULL), MC_OK);
    return p;
}

/* mc_solve on Oware endings worked out by hand. */
static void test_api_solve(void **state)
{
    (void)state;
    McRules *r = builtin("oware");
    McVm *vm = mc_vm_new(r);
    McSolution *sol = malloc(sizeof *sol);
    assert_non_null(sol);
    char err[200] = "";
    /* South's one seed in his last hole makes 2 in North's first, but
     * taking them would leave North none (a grand slam takes nothing);
     * North cannot reach South's row with those 2 and takes them: 22 to
     * 26, North by 4. No position comes back: listing and search agree. */
    McPosition p = oware_json(r, vm, "{\"board\":[0,0,0,0,0,1,1,0,0,0,0,0],\"stores\":[22,24],\"to_move\":\"south\"}");
    for (unsigned flags = 0; flags <= MC_SOLVE_SEARCH; flags++) {
        assert_int_equal(mc_solve(r, &p, (size_t)64 << 20, flags, NULL, sol, err, sizeof err), MC_OK);
        assert_int_equal(sol->value.winner, MC_WIN_NORTH);
        assert_int_equal(sol->value.margin, -4);
        assert_int_equal(sol->nmoves, 1);
        assert_int_equal(sol->move_value[0].margin, -4);
        assert_true(sol->positions >= 1);
    }
    /* One seed each, in South's last hole and North's last: every move is
     * forced (North must feed South from 12), the two seeds go round, and
     * the position comes back: the game ends there, each player taking
     * the seed of his row, 24 to 24. The move's own value is that of a
     * game beginning after it, which comes back there with both seeds in
     * North's row: 23 to 25. */
    p = oware_json(r, vm, "{\"board\":[0,0,0,0,0,1,0,0,0,0,0,1],\"stores\":[23,23],\"to_move\":\"south\"}");
    assert_int_equal(mc_solve(r, &p, (size_t)64 << 20, 0, NULL, sol, err, sizeof err), MC_OK);
    assert_int_equal(sol->value.winner, MC_WIN_DRAW);
    assert_int_equal(sol->value.margin, 0);
    assert_int_equal(sol->move_value[0].winner, MC_WIN_NORTH);
    assert_int_equal(sol->move_value[0].margin, -2);
    /* a stop, and too little memory */
    volatile sig_atomic_t stop = 1;
    assert_int_equal(mc_solve(r, &p, (size_t)64 << 20, 0, &stop, sol, err, sizeof err), MC_EINTR);
    assert_int_equal(mc_solve(r, &p, 1, 0, NULL, sol, err, sizeof err), MC_ENOMEM);
    assert_true(err[0] != 0);
    free(sol);
    mc_vm_free(vm);
    mc_rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_api_load),
        cmocka_unit_test(test_api_perft),
        cmocka_unit_test(test_api_games),
        cmocka_unit_test(test_api_event_json),
        cmocka_unit_test(test_api_json),
        cmocka_unit_test(test_api_poll),
        cmocka_unit_test(test_api_status_text),
        cmocka_unit_test(test_api_players),
        cmocka_unit_test(test_api_solve),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
