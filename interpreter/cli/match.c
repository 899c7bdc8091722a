/* match.c: `mancala match`, a series of computer games, sides alternating. */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai.h"
#include "cli.h"


/* Plays one game (a whole match, where the variant plays matches); returns
 * the winner (WIN_*), or a negative status (MC_EINTR if interrupted). */
static int play_one(Vm *vm, Ai *side[2], long *decisions)
{
    History h;
    hist_init(&h);
    h.compact = 1;
    Position p;
    long n = 0;
    int rc = flow_start(vm, &p, &h);
    while (rc >= 0 && !p.over && !cli_stop) {
        Move moves[MAX_MOVES];
        int k = gen_moves(vm, &p, moves);
        if (k <= 0) {
            rc = k;
            break;
        }
        AiStats st;
        int i = ai_choose(side[p.to_move], &p, &st, &cli_stop);
        if (cli_stop || i < 0) {
            rc = i < 0 ? i : MC_EINTR;
            break;
        }
        if (i >= k)
            i = 0;
        rc = flow_play(vm, &p, &moves[i], &h, NULL);
        n++;
    }
    hist_free(&h);
    *decisions += n;
    if (rc < 0)
        return rc;
    return p.over ? p.winner : MC_EINTR;
}

int cli_match(const char *variant, const char *const *opts, int nopts, const char *first,
              const char *second, int games, unsigned long seed, int json)
{
    AiSpec spec[2];
    char err[300];
    const char *names[2] = { first, second };
    for (int i = 0; i < 2; i++) {
        if (!names[i]) {
            fprintf(stderr, "mancala: match needs --south WHO and --north WHO\n");
            return 1;
        }
        if (!ai_parse(names[i], &spec[i], err, sizeof err)) {
            fprintf(stderr, "mancala: %s\n", err);
            return 1;
        }
        if (spec[i].kind == AI_HUMAN) {
            fprintf(stderr, "mancala: match is for computer players, not '%s'\n", names[i]);
            return 1;
        }
    }
    if (games < 1 || games > 1000000) {
        fprintf(stderr, "mancala: --games takes 1..1000000\n");
        return 1;
    }
    Rules *r = cli_load(variant, opts, nopts);
    if (!r)
        return 1;
    Ai *ai[2];
    for (int i = 0; i < 2; i++)
        ai[i] = ai_new(r, &spec[i], seed * 2 + (unsigned long)i + 1);
    if (!ai[0] || !ai[1]) {
        fprintf(stderr, "mancala: out of memory\n");
        ai_free(ai[0]);
        ai_free(ai[1]);
        rules_free(r);
        return 1;
    }
    cli_catch_sigint();
    Vm vm;
    cli_vm(&vm, r);
    int tty = isatty(2);
    long wins[2] = { 0, 0 }, draws = 0, played = 0, decisions = 0;
    for (int g = 0; g < games && !cli_stop; g++) {
        /* the first player sits South in even games, North in odd ones */
        int first_side = g % 2 ? NORTH : SOUTH;
        Ai *side[2];
        side[first_side] = ai[0];
        side[!first_side] = ai[1];
        int w = play_one(&vm, side, &decisions);
        if (w < 0 && w != MC_EINTR && !cli_ok(w)) {
            ai_free(ai[0]);
            ai_free(ai[1]);
            rules_free(r);
            return 1;
        }
        if (w < 0)
            break;
        if (w == WIN_DRAW || w == WIN_NONE)
            draws++;
        else if (w == first_side)
            wins[0]++;
        else
            wins[1]++;
        played++;
        if (tty)
            fprintf(stderr, "\rgame %ld/%d: %s %ld, %s %ld, draws %ld ", played, games, first,
                    wins[0], second, wins[1], draws);
    }
    if (tty)
        fprintf(stderr, "\n");
    if (cli_stop)
        fprintf(stderr, "mancala: interrupted after %ld game%s; the summary counts those\n", played,
                played == 1 ? "" : "s");
    double score = played ? (wins[0] + 0.5 * draws) / played : 0.5;
    /* Wilson's score interval: honest at 100-0 too, where the normal
     * approximation would claim certainty */
    double lo, hi;
    cli_wilson(score, played, &lo, &hi);
    double s = score, eps = played ? 0.5 / played : 0.5;
    if (s < eps)
        s = eps;
    if (s > 1 - eps)
        s = 1 - eps;
    double elo = -400.0 * log10(1.0 / s - 1.0);
    if (fabs(elo) < 0.05)
        elo = 0;   /* no "-0" */
    if (json)
        printf("{\"variant\":\"%s\",\"first\":\"%s\",\"second\":\"%s\",\"games\":%ld,\"first_wins\":%ld,"
               "\"second_wins\":%ld,\"draws\":%ld,\"score\":%.4f,\"ci95\":[%.4f,%.4f],\"elo\":%.1f,"
               "\"decisions_per_game\":%.1f}\n",
               r->name, first, second, played, wins[0], wins[1], draws, score, lo, hi, elo,
               played ? (double)decisions / played : 0.0);
    else
        printf("variant: %s\ngames: %ld\nfirst: %s, wins %ld\nsecond: %s, wins %ld\ndraws: %ld\n"
               "score: %.3f (95%% interval %.3f..%.3f)\nelo: %+.0f\n",
               r->name, played, first, wins[0], second, wins[1], draws, score, lo, hi, elo);
    ai_free(ai[0]);
    ai_free(ai[1]);
    rules_free(r);
    return cli_stop ? 130 : 0;
}
