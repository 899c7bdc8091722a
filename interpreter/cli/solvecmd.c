/* solvecmd.c: `mancala solve`: the value of a position under perfect play
 * (solve.c), the value of each of its moves and a best line, with a
 * progress line on a terminal. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "endgame.h"
#include "solve.h"

#define DEFAULT_MEMORY_MB 4096

static const char *const side[2] = { "South", "North" };

/* "South wins by 4", "a draw", ...: the value `v` in words. */
static void value_words(SolveValue v, char *buf, size_t n)
{
    if (v.winner == WIN_DRAW)
        snprintf(buf, n, v.margin ? "a draw (South's seeds less North's: %d)" : "a draw", v.margin);
    else if ((v.winner == WIN_SOUTH ? v.margin : -v.margin) > 0)
        snprintf(buf, n, "%s wins by %d", side[v.winner], v.winner == WIN_SOUTH ? v.margin : -v.margin);
    else
        snprintf(buf, n, "%s wins (South's seeds less North's: %d)", side[v.winner], v.margin);
}

static const char *winner_name(int w)
{
    return w == WIN_SOUTH ? "south" : w == WIN_NORTH ? "north" : "draw";
}

typedef struct Meter {
    int stage;
    double stage_t0;
    int shown;
} Meter;

static void meter(void *arg, const SolveProgress *pr)
{
    Meter *m = arg;
    if (pr->stage != m->stage) {
        m->stage = pr->stage;
        m->stage_t0 = pr->seconds;
    }
    double t = pr->seconds - m->stage_t0;
    if (pr->stage == SOLVE_SEARCHING) {
        fprintf(stderr, "\rsearching: %llu positions, %.0f a second, pass %llu   ", (unsigned long long)pr->done,
                pr->seconds > 0 ? (double)pr->done / pr->seconds : 0.0, (unsigned long long)pr->total);
    } else if (pr->stage == SOLVE_LISTING) {
        fprintf(stderr, "\rlisting: %llu positions, %.0f a second, %zu MB   ", (unsigned long long)pr->done,
                pr->seconds > 0 ? (double)pr->done / pr->seconds : 0.0, pr->bytes >> 20);
    } else {
        double share = pr->total ? (double)pr->done / (double)pr->total : 1;
        fprintf(stderr, "\rvaluing: %.0f%% of %llu positions", 100 * share, (unsigned long long)pr->total);
        if (t > 0 && share > 0)
            fprintf(stderr, ", %.0f s left", t * (1 - share) / share);
        fprintf(stderr, ", %zu MB   ", pr->bytes >> 20);
    }
    m->shown = 1;
}

static void print_text(const Rules *r, const Position *p, const SolveResult *res, int bound)
{
    char w[120], tok[64];
    printf("%s, %d x %d holes, %ld seeds: %s to move", r->title ? r->title : r->name, r->rows, r->width,
           pos_seed_total(r, p), p->over ? "nobody" : side[res->to_move]);
    if (r->match)
        printf(", round %d (a match is solved round by round: the value is the round's)", p->round);
    printf("\n");
    value_words(res->value, w, sizeof w);
    if (bound == SOLVE_LOWER)
        printf("endless play counted as South's worst end: the values are the most South can force\n");
    else if (bound == SOLVE_UPPER)
        printf("endless play counted as North's worst end: the values are the least North can force\n");
    printf("%s: %s%s\n", bound ? solve_bound_name(bound) : "value", w, p->over ? " (the game is over)" : "");
    if (p->over)
        return;
    printf("moves:\n");
    for (int k = 0; k < res->nmoves; k++) {
        tok_write(r, &res->moves[k], tok, sizeof tok);
        value_words(res->move_value[k], w, sizeof w);
        int best = !res->move_bound[k] && res->move_value[k].winner == res->value.winner &&
                   res->move_value[k].margin == res->value.margin;
        if (res->move_bound[k])
            printf("  %-10s worse: at %s %s\n", tok, res->move_bound[k] > 0 ? "most" : "least", w);
        else
            printf("  %-10s %s%s\n", tok, w, best ? "  (best)" : "");
    }
    printf("line:");
    for (int k = 0; k < res->nline; k++) {
        tok_write(r, &res->line[k], tok, sizeof tok);
        printf(" %c:%s", res->line_mover[k] == SOUTH ? 'S' : 'N', tok);
    }
    static const char *const end[3] = { "the game ends", "a position of the line comes back",
                                        "cut at 200 moves" };
    printf(" (%s)\n", end[res->line_end]);
    if (res->searched)
        printf("searched: %llu positions; table and stacks %.1f MB, %.2f s\n", (unsigned long long)res->positions,
               (double)res->bytes / 1048576.0, res->seconds);
    else
        printf("positions: %llu, decisions %llu; on cycles %llu (in %llu cycles); %.1f MB, %.2f s%s\n",
               (unsigned long long)res->positions, (unsigned long long)res->edges, (unsigned long long)res->cyclic,
               (unsigned long long)res->components, (double)res->bytes / 1048576.0, res->seconds,
               res->resumed ? " (going on from the checkpoint)" : "");
}

static json_t *value_json(SolveValue v)
{
    return json_pack("{s:s,s:i}", "winner", winner_name(v.winner), "margin", v.margin);
}

static void print_json(const Rules *r, const Position *p, const SolveResult *res, int bound)
{
    char tok[64];
    json_t *o = json_object();
    json_object_set_new(o, "variant", json_string(r->name));
    json_object_set_new(o, "to_move", p->over ? json_null() : json_string(res->to_move ? "north" : "south"));
    if (r->match)
        json_object_set_new(o, "round", json_integer(p->round));
    json_object_set_new(o, "value", value_json(res->value));
    if (bound)
        json_object_set_new(o, "bound", json_string(solve_bound_name(bound)));
    json_t *mv = json_array(), *line = json_array();
    for (int k = 0; k < res->nmoves; k++) {
        tok_write(r, &res->moves[k], tok, sizeof tok);
        json_t *m = value_json(res->move_value[k]);
        json_object_set_new(m, "move", json_string(tok));
        json_object_set_new(m, "best", json_boolean(!res->move_bound[k] && res->move_value[k].winner == res->value.winner &&
                                                    res->move_value[k].margin == res->value.margin));
        json_object_set_new(m, "bound", json_string(!res->move_bound[k] ? "exact" : res->move_bound[k] > 0 ? "at-most" : "at-least"));
        json_array_append_new(mv, m);
    }
    for (int k = 0; k < res->nline; k++) {
        tok_write(r, &res->line[k], tok, sizeof tok);
        json_array_append_new(line, json_pack("{s:s,s:s}", "player", res->line_mover[k] ? "north" : "south",
                                              "move", tok));
    }
    static const char *const end[3] = { "game-over", "repeats", "cut" };
    json_object_set_new(o, "moves", mv);
    json_object_set_new(o, "line", line);
    json_object_set_new(o, "line_end", p->over ? json_null() : json_string(end[res->line_end]));
    json_object_set_new(o, "method", json_string(res->searched ? "search" : "retrograde"));
    json_object_set_new(o, "positions", json_integer((json_int_t)res->positions));
    if (!res->searched) {   /* what only the listing counts */
        json_object_set_new(o, "decisions", json_integer((json_int_t)res->edges));
        json_object_set_new(o, "cyclic", json_integer((json_int_t)res->cyclic));
        json_object_set_new(o, "cycles", json_integer((json_int_t)res->components));
    }
    json_object_set_new(o, "bytes", json_integer((json_int_t)res->bytes));
    json_object_set_new(o, "seconds", json_real(res->seconds));
    char *s = json_dumps(o, JSON_COMPACT);
    if (s)
        puts(s);
    free(s);
    json_decref(o);
}

int cli_solve(const char *variant, const Args *a)
{
    Rules *r = cli_load(variant, a->opts, a->nopts);
    if (!r || !cli_two_players(r, "solve")) {
        rules_free(r);
        return 1;
    }
    Vm vm;
    cli_vm(&vm, r);
    Position p;
    int rc = 1;
    EgDb *db = NULL;
    SolveResult *res = malloc(sizeof *res);
    if (!res) {
        fprintf(stderr, "mancala: out of memory\n");
        goto out;
    }
    if (!cli_start(&vm, a->from, &p, NULL))
        goto out;
    if (a->endgame) {
        rc = cli_endgame(r, &p, a);
        goto out;
    }
    Meter m = { -1, 0, 0 };
    SolveOpts o = { (size_t)(a->memory ? a->memory : DEFAULT_MEMORY_MB) << 20, NULL, &m, &cli_stop,
                    a->search ? cli_jobs(a->jobs) : 1, a->stores_apart, a->checkpoint, NULL, a->bound };
    if ((a->stores_apart || a->jobs || a->db) && !a->search) {
        fprintf(stderr, "mancala: solve: %s goes with --search (or --endgame)\n",
                a->jobs ? "--jobs" : a->db ? "--db" : "--stores-apart");
        goto out;
    }
    if (a->checkpoint && a->search) {
        fprintf(stderr, "mancala: solve: --checkpoint goes with the listing method, not --search\n");
        goto out;
    }
    if (a->db && !a->stores_apart) {
        fprintf(stderr, "mancala: solve: --db goes with --stores-apart (the databases hold margins)\n");
        goto out;
    }
    char err[4400] = "";
    if (a->db && eg_open(r, &p, a->db, a->bound, &db, err, sizeof err)) {
        fprintf(stderr, "mancala: solve: %s\n", err);
        goto out;
    }
    o.db = db;
    if (isatty(2))
        o.progress = meter;
    cli_catch_sigint();
    int st = a->search ? solve_search(r, &p, &o, res, err, sizeof err) : solve_position(r, &p, &o, res, err, sizeof err);
    if (m.shown)
        fprintf(stderr, "\r%*s\r", 70, "");
    if (st == MC_EINTR || cli_stop) {
        fprintf(stderr, "mancala: interrupted\n");
        if (res->saved)
            fprintf(stderr, "mancala: solve: the listing so far is in %s: the same command goes on from it\n",
                    a->checkpoint);
        rc = 130;
        goto out;
    }
    if (st != MC_OK) {
        fprintf(stderr, "mancala: solve: %s\n", err[0] ? err : mc_status_text(st));
        if (st == MC_ENOMEM && !a->search)
            fprintf(stderr, "mancala: solve: --memory MB allows more; --search needs far less memory "
                            "where positions never come back\n");
        if (res->saved)
            fprintf(stderr, "mancala: solve: the listing so far is in %s: the same command with more --memory "
                            "goes on from it\n", a->checkpoint);
        goto out;
    }
    if (a->json)
        print_json(r, &p, res, a->bound);
    else
        print_text(r, &p, res, a->bound);
    rc = 0;
out:
    eg_close(db);
    free(res);
    rules_free(r);
    return rc;
}
