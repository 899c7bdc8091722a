/* play.c: `mancala play`, a game at the terminal. */
#define _XOPEN_SOURCE 700   /* realpath */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ai.h"
#include "cli.h"
#include "json.h"
#include "record.h"
#include "show.h"
#ifdef HAVE_LIBEDIT
#include <editline/readline.h>
#endif

/* ---- drawing ---------------------------------------------------------- */

typedef struct Style {
    int color;
} Style;

static const char *C(const Style *st, const char *code)
{
    return st->color ? code : "";
}
#define RESET "\033[0m"
#define BOLD "\033[1m"
#define DIM "\033[2m"
#define GREEN "\033[32m"
#define YELLOW "\033[33m"
#define CYAN "\033[36m"

static void cell(const Rules *r, const Position *p, const Position *prev, int h, const Style *st)
{
    (void)r;
    if ((p->out_of_play >> h) & 1) {
        printf("%s   - %s", C(st, DIM), C(st, RESET));
        return;
    }
    int changed = prev && prev->count[h] != p->count[h];
    int foreign = pos_owner(p, h) != h / r->width;
    printf("%s%4d%s%s", changed ? C(st, YELLOW) : "", p->count[h], changed ? C(st, RESET) : "",
           foreign ? "*" : "");
    if (!foreign)
        printf(" ");
}

static void draw(const Rules *r, const Position *p, const Position *prev, const Style *st)
{
    int w = r->width;
    printf("\n");
    if (r->match)
        printf(" %s%s%s, round %d (began: %s); match totals South %d, North %d\n", C(st, BOLD),
               r->title ? r->title : r->name, C(st, RESET), p->round, p->starter ? "North" : "South",
               p->total[0], p->total[1]);
    printf("        ");
    for (int i = r->nholes - 1; i >= w; i--)
        printf("%s%4d %s", C(st, DIM), i + 1, C(st, RESET));
    printf("\n North  ");
    for (int i = r->nholes - 1; i >= w; i--)
        cell(r, p, prev, i, st);
    printf("   %sstore %d%s\n South  ", C(st, GREEN), p->store[1], C(st, RESET));
    for (int i = 0; i < w; i++)
        cell(r, p, prev, i, st);
    printf("   %sstore %d%s\n        ", C(st, GREEN), p->store[0], C(st, RESET));
    for (int i = 0; i < w; i++)
        printf("%s%4d %s", C(st, DIM), i + 1, C(st, RESET));
    printf("\n");
    if (p->removed)
        printf(" out of the game: %d\n", p->removed);
    int foreign = 0;
    for (int h = 0; h < r->nholes; h++)
        foreign |= pos_owner(p, h) != h / w;
    if (foreign)
        printf(" * owned by the player across the board\n");
    for (int f = 0; f < r->nflags; f++) {
        printf(" %s:", r->flags[f]);
        for (int h = 0; h < r->nholes; h++)
            if ((p->flags[f] >> h) & 1)
                printf(" %d", h + 1);
        printf("\n");
    }
}

/* What the last decision did, from the positions before and after. */
static void describe(const Rules *r, const Position *a, const Position *b, const char *tok, int who,
                     const Style *st)
{
    printf(" %s%s played %s%s", C(st, CYAN), who ? "North" : "South", tok, C(st, RESET));
    int took[2] = { b->store[0] - a->store[0], b->store[1] - a->store[1] };
    if (b->round != a->round || b->over) {
        printf(".\n");
        return;
    }
    int any = 0;
    for (int h = 0; h < r->nholes; h++)
        if (b->count[h] < a->count[h] && b->count[h] == 0 && a->count[h] &&
            !((b->out_of_play >> h) & 1) && tok[0] != 'f') {
            printf("%s%d", any ? "," : "; emptied ", h + 1);
            any = 1;
        }
    for (int pl = 0; pl < 2; pl++)
        if (took[pl] > 0)
            printf("; %s took %d", pl ? "North" : "South", took[pl]);
    if (b->removed > a->removed)
        printf("; %d left the game", b->removed - a->removed);
    printf(".\n");
}

static void show_result(const Rules *r, const Position *p, const Style *st)
{
    const char *who = p->winner == WIN_DRAW ? "a draw" : p->winner == WIN_SOUTH ? "South wins" : "North wins";
    if (r->match)
        printf("\n %sMatch over: %s%s after %d round%s (totals %d-%d, last round %d-%d, end: %s).\n",
               C(st, BOLD), who, C(st, RESET), p->round, p->round == 1 ? "" : "s", p->total[0],
               p->total[1], p->store[0], p->store[1], end_name(p->end) ? end_name(p->end) : "?");
    else
        printf("\n %sGame over: %s%s (%d-%d; end: %s).\n", C(st, BOLD), who, C(st, RESET), p->store[0],
               p->store[1], end_name(p->end) ? end_name(p->end) : "?");
}

/* ---- the prompt loop ---------------------------------------------------- */

typedef struct Game {
    const Rules *r;
    Vm vm;
    Position *stack;     /* stack[i]: the position before moves[i] */
    Move *moves;
    int n, cap;
    Position cur;
    History h;
} Game;

/* Plays `m` and remembers it; a status (MC_ENOMEM when out of memory). */
static int game_push(Game *g, const Move *m)
{
    if (g->n == g->cap) {
        int cap = g->cap ? g->cap * 2 : 256;
        Position *s = realloc(g->stack, (size_t)cap * sizeof *s);
        if (!s)
            return MC_ENOMEM;
        g->stack = s;
        Move *mv = realloc(g->moves, (size_t)cap * sizeof *mv);
        if (!mv)
            return MC_ENOMEM;
        g->moves = mv;
        g->cap = cap;
    }
    g->stack[g->n] = g->cur;
    g->moves[g->n++] = *m;
    return flow_play(&g->vm, &g->cur, m, &g->h, NULL);
}

/* Back to before move k, the repetition history rebuilt by replaying;
 * a status. */
static int game_truncate(Game *g, int k)
{
    g->h.n = g->h.base = 0;
    int rc = flow_start(&g->vm, &g->cur, &g->h);
    g->n = 0;
    for (int i = 0; i < k && rc >= 0; i++) {
        Move m = g->moves[i];
        rc = game_push(g, &m);
    }
    return rc;
}

static char *read_line(const char *prompt, int tty)
{
#ifdef HAVE_LIBEDIT
    if (tty) {
        char *l = readline(prompt);
        if (l && *l)
            add_history(l);
        return l;
    }
#endif
    (void)tty;
    fputs(prompt, stdout);
    fflush(stdout);
    /* a whole line, however long: a long one is one bad entry, never
     * several commands */
    char *l = NULL;
    size_t cap = 0;
    if (getline(&l, &cap, stdin) < 0) {
        free(l);
        return NULL;
    }
    l[strcspn(l, "\r\n")] = 0;
    return l;
}

static void list_moves(const Rules *r, const Move *moves, int n)
{
    printf(" Legal moves:");
    for (int i = 0; i < n; i++) {
        char tok[256];
        tok_write(r, &moves[i], tok, sizeof tok);
        printf(" %s", tok);
    }
    printf("\n");
}

int cli_play(const char *variant, const char *const *opts, int nopts,
             const char *south, const char *north, unsigned long seed, const char *load)
{
    Record rec;
    int have_rec = 0;
    char err[512];
    if (load) {
        if (!rec_read(load, &rec, err, sizeof err)) {
            fprintf(stderr, "mancala: %s\n", err);
            return 1;
        }
        have_rec = 1;
        variant = rec.variant;
        opts = (const char *const *)rec.opts;
        nopts = rec.nopts;
        if (rec.have_seed)
            seed = rec.seed;
    }
    AiSpec spec[2];
    const char *who[2] = { south ? south : "human", north ? north : "alphabeta:time=1" };
    int rc = 1;
    Rules *r = NULL;
    Ai *ai[2] = { NULL, NULL }, *helper = NULL;
    Game g;
    memset(&g, 0, sizeof g);
    for (int i = 0; i < 2; i++)
        if (!ai_parse(who[i], &spec[i], err, sizeof err)) {
            fprintf(stderr, "mancala: --%s: %s\n", i ? "north" : "south", err);
            goto out;
        }
    r = cli_load(variant, opts, nopts);
    if (!r)
        goto out;
    for (int i = 0; i < 2; i++)
        if (spec[i].kind != AI_HUMAN && !(ai[i] = ai_new(r, &spec[i], seed + (unsigned long)i))) {
            fprintf(stderr, "mancala: out of memory\n");
            goto out;
        }
    AiSpec hs;
    ai_parse("alphabeta:time=1", &hs, err, sizeof err);
    helper = ai_new(r, &hs, seed + 7);
    g.r = r;
    cli_vm(&g.vm, r);
    hist_init(&g.h);
    g.h.compact = 1;
    cli_catch_sigint();
    if (!cli_ok(flow_start(&g.vm, &g.cur, &g.h)))
        goto out;
    for (int i = 0; have_rec && i < rec.nmoves; i++) {
        Move moves[MAX_MOVES];
        int n = gen_moves(&g.vm, &g.cur, moves);
        if (!cli_ok(n))
            goto out;
        int k = tok_find(r, moves, n, rec.moves[i]);
        if (k < 0 || g.cur.round != rec.round[i]) {
            fprintf(stderr, "mancala: %s: move %d ('%s', round %d) is not legal there\n", load, i + 1,
                    rec.moves[i], rec.round[i]);
            goto out;
        }
        if (!cli_ok(game_push(&g, &moves[k])))
            goto out;
    }
    const char *nc = getenv("NO_COLOR");
    Style st = { isatty(1) && !(nc && *nc) };
    int tty = isatty(0);
    int humans = (spec[0].kind == AI_HUMAN) + (spec[1].kind == AI_HUMAN);
    printf(humans ? "%s. You play %s.\nType a move (a hole number; `?` lists them), or: undo, hint, save FILE, rules, quit.\n"
                  : "%s. You watch (%s).\n",
           r->title ? r->title : r->name,
           spec[0].kind == AI_HUMAN && spec[1].kind == AI_HUMAN ? "both sides"
           : spec[0].kind == AI_HUMAN ? "South (bottom row)" : spec[1].kind == AI_HUMAN ? "North (top row)"
           : "computer against computer");
    /* what a saved record names: a built-in's name, or the file's full path */
    char record_name[4096];
    const char *vname = have_rec ? rec.variant : variant;
    if (strchr(vname, '/') || strstr(vname, ".y")) {
        if (!realpath(vname, record_name))
            snprintf(record_name, sizeof record_name, "%s", vname);
    } else
        snprintf(record_name, sizeof record_name, "%s", vname);
    int shown_round = g.cur.round;
    Position before, *prev = NULL;   /* the position before the last move shown */
    char last_tok[256] = "";
    int last_who = 0, need_draw = 1;
    while (!g.cur.over) {
        Move moves[MAX_MOVES];
        int n = gen_moves(&g.vm, &g.cur, moves);
        if (cli_stop)
            goto interrupted;
        if (!cli_ok(n))
            goto out;
        if (!n)
            break;
        if (g.cur.round != shown_round) {
            /* the round's final stores are what the totals grew by */
            printf("\n %sRound %d is over: South %d, North %d; round %d begins, %s first.%s\n",
                   C(&st, BOLD), shown_round, prev ? g.cur.total[0] - prev->total[0] : 0, prev ? g.cur.total[1] - prev->total[1] : 0,
                   g.cur.round, g.cur.starter ? "North" : "South", C(&st, RESET));
            shown_round = g.cur.round;
            prev = NULL;
        }
        int mover = g.cur.to_move;
        const char *side = mover ? "North" : "South";
        if (need_draw) {
            draw(r, &g.cur, prev, &st);
            if (prev && last_tok[0])
                describe(r, prev, &g.cur, last_tok, last_who, &st);
            if (g.cur.phase == PH_FILL)
                printf(" %s chooses which holes to fill (fill:...).\n", side);
            else if (g.cur.phase == PH_FIRST)
                printf(" %s chooses who moves first (first:south or first:north).\n", side);
            need_draw = 0;
        }
        int k = -1;
        if (ai[mover]) {
            AiStats as;
            k = ai_choose(ai[mover], &g.cur, &as, &cli_stop);
            if (cli_stop)
                goto interrupted;
            if (!cli_ok(k))
                goto out;
            if (k >= n)
                k = 0;
        } else {
            char prompt[64];
            snprintf(prompt, sizeof prompt, "%s to move> ", side);
            char *line = read_line(prompt, tty);
            if (cli_stop) {
                free(line);
                goto interrupted;
            }
            if (!line) {
                printf("\n");
                rc = 0;
                goto out;
            }
            char *s = line;
            while (*s == ' ')
                s++;
            char *e = s + strlen(s);
            while (e > s && e[-1] == ' ')
                *--e = 0;
            if (!strcmp(s, "quit") || !strcmp(s, "q")) {
                free(line);
                rc = 0;
                goto out;
            } else if (!strcmp(s, "rules")) {
                rules_describe(r, stdout);
            } else if (!strcmp(s, "moves") || !strcmp(s, "?")) {
                list_moves(r, moves, n);
            } else if (!strcmp(s, "hint")) {
                AiStats as;
                int h = ai_choose(helper, &g.cur, &as, &cli_stop);
                if (cli_stop) {
                    free(line);
                    goto interrupted;
                }
                char tok[256] = "?";
                if (h >= 0 && h < n)
                    tok_write(r, &moves[h], tok, sizeof tok);
                printf(" Hint: %s (searched %ld positions, depth %d).\n", tok, as.nodes, as.depth);
            } else if (!strcmp(s, "undo")) {
                /* back to this player's previous decision */
                int i = g.n - 1;
                while (i >= 0 && g.stack[i].to_move != mover)
                    i--;
                if (i < 0)
                    printf(" Nothing to undo.\n");
                else if (!cli_ok(game_truncate(&g, i))) {
                    free(line);
                    goto out;
                } else {
                    need_draw = 1;
                    prev = NULL;
                    last_tok[0] = 0;
                    shown_round = g.cur.round;
                }
            } else if (!strncmp(s, "save", 4) && (s[4] == ' ' || !s[4])) {
                const char *file = s + 4;
                while (*file == ' ')
                    file++;
                if (!*file)
                    printf(" save needs a file name: save FILE\n");
                else if (rec_write(file, r, record_name, opts, nopts, seed, g.moves, g.n, err, sizeof err))
                    printf(" Saved %d move%s to %s.\n", g.n, g.n == 1 ? "" : "s", file);
                else
                    printf(" Could not save: %s\n", err);
            } else if ((k = tok_find(r, moves, n, s)) < 0) {
                printf(" '%.40s%s' is not a legal move here.", s, strlen(s) > 40 ? "..." : "");
                list_moves(r, moves, n);
            }
            free(line);
            if (k < 0)
                continue;
        }
        tok_write(r, &moves[k], last_tok, sizeof last_tok);
        last_who = mover;
        if (ai[mover])
            printf(" %s plays %s\n", side, last_tok);
        before = g.cur;
        int pushed = game_push(&g, &moves[k]);
        if (cli_stop)
            goto interrupted;
        if (!cli_ok(pushed))
            goto out;
        prev = &before;
        need_draw = 1;
    }
    draw(r, &g.cur, prev, &st);
    if (g.cur.over)
        show_result(r, &g.cur, &st);
    rc = 0;
    goto out;
interrupted:
    /* Ctrl-C: the game is left as it was (a `save` already written stays) */
    fflush(stdout);
    fprintf(stderr, "\nmancala: interrupted\n");
    rc = 130;
out:
    free(g.stack);
    free(g.moves);
    hist_free(&g.h);
    ai_free(ai[0]);
    ai_free(ai[1]);
    ai_free(helper);
    rules_free(r);
    if (have_rec)
        rec_free(&rec);
    return rc;
}

