/* gamelib.h: games played move by move in the unit tests (include it
 * after cmocka.h and testlib.h): a variant's text loaded in a mode, its
 * machine and history, a position from the start or from JSON, moves
 * played by their tokens, the board checked hole by hole, and variant
 * texts the loader must refuse. */
#ifndef MANCALA_GAMELIB_H
#define MANCALA_GAMELIB_H

#include "json.h"

/* Plays the moves `toks` (space-separated) from the start; fails on a
 * move that is not legal. */
static inline void play(Vm *vm, Position *p, History *h, const char *toks)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", toks);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        Move moves[MAX_MOVES];
        int n = gen_moves(vm, p, moves);
        int k = tok_find(vm->r, moves, n, t);
        if (k < 0)
            fail_msg("move %s is not legal", t);
        assert_int_equal(flow_play(vm, p, &moves[k], h, NULL), MC_OK);
    }
}

/* A game of one variant from its start: rules, machine, history. */
typedef struct Game {
    Rules *r;
    Vm vm;
    History h;
    Position p;
} Game;

static inline void game_start(Game *g, const char *text, unsigned mode)
{
    g->r = test_load_mode(text, NULL, 0, mode);
    assert_non_null(g->r);
    vm_init(&g->vm, g->r);
    hist_init(&g->h);
    assert_int_equal(flow_start(&g->vm, &g->p, &g->h), MC_OK);
}

static inline void game_end(Game *g)
{
    hist_free(&g->h);
    rules_free(g->r);
}

/* The variant `text` with the options opts[0..nopts) in `mode` at the
 * JSON position `pos`. */
static inline void game_at_opts(Game *g, const char *text, const char *const *opts, int nopts, unsigned mode,
                                const char *pos)
{
    g->r = test_load_mode(text, opts, nopts, mode);
    assert_non_null(g->r);
    vm_init(&g->vm, g->r);
    hist_init(&g->h);
    char err[256];
    if (!pos_from_json(g->r, pos, strlen(pos), &g->p, err, sizeof err))
        fail_msg("%s", err);
}

/* The variant `text` in `mode` at the JSON position `pos`. */
static inline void game_at(Game *g, const char *text, unsigned mode, const char *pos)
{
    game_at_opts(g, text, NULL, 0, mode, pos);
}

/* The first n holes of `p` hold want[]. */
static inline void counts_are(const Position *p, const int *want, int n)
{
    for (int i = 0; i < n; i++)
        if (p->count[i] != want[i])
            fail_msg("hole %d has %d, expected %d", i + 1, p->count[i], want[i]);
}

/* The tokens of the moves at `g`, space-separated, into buf. */
static inline const char *tokens(Game *g, char *buf, size_t n)
{
    Move m[MAX_MOVES];
    int k = gen_moves(&g->vm, &g->p, m);
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < k && len < n; i++) {
        char tok[32];
        tok_write(g->r, &m[i], tok, sizeof tok);
        len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? " " : "", tok);
    }
    return buf;
}

/* The variant `base` cut before `cut`, then each bad[i][0]: refused,
 * its first message containing bad[i][1]. */
static inline void refused_files(const char *base, const char *cut, const char *const bad[][2], size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char text[1024];
        snprintf(text, sizeof text, "%.*s%s", (int)(strstr(base, cut) - base), base, bad[i][0]);
        Diags dg;
        dg_init(&dg, "t.yaml", text, strlen(text));
        Rules *r = rules_open("t.yaml", text, strlen(text), NULL, 0, MC_LOAD_DEFAULT, &dg);
        assert_null(r);
        if (dg.count == 0 || !strstr(dg.items[0].msg, bad[i][1]))
            fail_msg("%s: got \"%s\"", bad[i][0], dg.count ? dg.items[0].msg : "(loaded)");
        dg_free(&dg);
    }
}

#endif
