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

/* A hole's count in a cell of `w` characters (4 or 5), the last one a
 * space or the mark of a hole owned across the board. */
static void cell(const Rules *r, const Position *p, const Position *prev, int h, int w, const Style *st)
{
    if (has_hole(p->out_of_play, h)) {
        printf("%s%*s %s", C(st, DIM), w - 1, "-", C(st, RESET));
        return;
    }
    int changed = prev && prev->count[h] != p->count[h];
    int foreign = pos_owner(p, h) != r->geo.side[h];
    printf("%s%*d%s%s", changed ? C(st, YELLOW) : "", w - 1, p->count[h], changed ? C(st, RESET) : "",
           foreign ? "*" : "");
    if (!foreign)
        printf(" ");
}

/* One row of hole numbers, dim, of the columns x0..x1-1, after a margin
 * of `gutter` spaces. */
static void numbers(const Rules *r, int rank, int x0, int x1, int gutter, int w, const Style *st)
{
    printf("        %*s", gutter, "");
    for (int x = x0; x < x1; x++)
        printf("%s%*d %s", C(st, DIM), w - 1, r->geo.at[rank][x] + 1, C(st, RESET));
    printf("\n");
}

/* The room for the cells of a row in 80 columns, beside the players'
 * names and the stores. */
#define BAND_ROOM 54

/* The columns x0..x1-1 of every row. Each player's store is drawn at his
 * right: South's after the bottom row of the last band, North's before
 * the top row of the first (on one row, both after it). */
static void draw_band(const Rules *r, const Position *p, const Position *prev, const Style *st, int x0, int x1,
                      int w)
{
    const int rows = r->rows, last = x1 == r->width;
    char north[24] = "";
    if (x0 == 0 && rows > 1)
        snprintf(north, sizeof north, "store %d  ", p->store[1]);
    const int gutter = (int)strlen(north);
    for (int y = rows - 1; y >= 0; y--) {
        int upper = y >= rows / 2 && rows > 1;   /* a row of North's half */
        if (upper)
            numbers(r, y, x0, x1, gutter, w, st);
        printf(" %s  ", y == rows - 1 && rows > 1 ? "North" : y == 0 ? "South" : "     ");
        if (y == rows - 1 && rows > 1)
            printf("%s%s%s", C(st, GREEN), north, C(st, RESET));
        else
            printf("%*s", gutter, "");
        for (int x = x0; x < x1; x++)
            cell(r, p, prev, r->geo.at[y][x], w, st);
        if (last && y == 0)
            printf("  %sstore %d%s", C(st, GREEN), p->store[0], C(st, RESET));
        if (last && rows == 1)
            printf("  %sstore %d%s", C(st, GREEN), p->store[1], C(st, RESET));
        printf("\n");
        if (!upper)
            numbers(r, y, x0, x1, gutter, w, st);
    }
}

/* The board as it lies between the players: North's side at the top, each
 * row's hole numbers on the side away from the middle (North's above his
 * rows, South's below), each player's store at his right: North's at the
 * left of the top row, South's at the right of the bottom one. A board
 * wider than 80 columns is drawn in bands of columns, left to right, one
 * under the other. */
static void draw(const Rules *r, const Position *p, const Position *prev, const Style *st)
{
    printf("\n");
    if (r->match)
        printf(" %s%s%s, round %d (began: %s); match totals South %d, North %d\n", C(st, BOLD),
               r->title ? r->title : r->name, C(st, RESET), p->round, p->starter ? "North" : "South",
               p->total[0], p->total[1]);
    /* cells of 4 characters where every count and hole number has at most
     * two digits and 5 would not fit; bands of as many columns as fit */
    int most = r->nholes;
    for (int h = 0; h < r->nholes; h++)
        most = p->count[h] > most ? p->count[h] : most;
    const int w = r->width * 5 > BAND_ROOM && most < 100 ? 4 : 5;
    const int band = r->width * w > BAND_ROOM ? BAND_ROOM / w : r->width;
    for (int x0 = 0; x0 < r->width; x0 += band) {
        if (x0)
            printf("\n");
        draw_band(r, p, prev, st, x0, x0 + band < r->width ? x0 + band : r->width, w);
    }
    if (p->removed)
        printf(" out of the game: %d\n", p->removed);
    int foreign = 0;
    for (int h = 0; h < r->nholes; h++)
        foreign |= pos_owner(p, h) != r->geo.side[h];
    if (foreign)
        printf(" * owned by the player across the board\n");
    if (p->reserve[0] || p->reserve[1])
        printf(" %sin reserve: South %d, North %d%s\n", C(st, GREEN), p->reserve[0], p->reserve[1], C(st, RESET));
    for (int f = 0; f < r->nflags; f++) {
        if (!p->flags[f])
            continue;   /* a flag set on no hole */
        printf(" %s:", r->flags[f]);
        for (int h = 0; h < r->nholes; h++)
            if (has_hole(p->flags[f], h))
                printf(" %d", h + 1);
        printf("\n");
    }
}

/* What a decision did that the boards before and after do not show,
 * gathered from its events: the seeds each player took by its captures
 * (and, apart, from the board as the game or round ended), the passes
 * that followed it, an extra turn, the end of a game or round. */
typedef struct Told {
    int took[2], end_took[2], removed;
    int passes[8], npass;
    int again, ended;
} Told;

static void told_event(void *arg, const McEvent *e)
{
    Told *t = arg;
    switch (e->kind) {
    case MC_EV_CAPTURE:
        if (e->receiver == MC_TO_SOUTH || e->receiver == MC_TO_NORTH)
            t->took[e->receiver == MC_TO_NORTH] += e->seeds;
        else if (e->receiver == MC_TO_REMOVED)
            t->removed += e->seeds;
        break;
    case MC_EV_CANCEL:   /* the captures just reported were undone */
        t->took[0] = t->took[1] = t->removed = 0;
        break;
    case MC_EV_PASS:
        if (t->npass < 8)
            t->passes[t->npass++] = e->player;
        break;
    case MC_EV_EXTRA_TURN:
        t->again = 1;
        break;
    case MC_EV_END:
        if (!t->ended) {   /* (the match's own end follows the round's) */
            t->ended = 1;
            t->end_took[0] = e->took[0];
            t->end_took[1] = e->took[1];
        }
        break;
    default:
        break;
    }
}

/* What the last decision did: the holes it emptied (from the positions
 * before and after, while the game or round goes on), the seeds each
 * player gained (`fin`: the stores once it was made, before a next
 * round's set-up; NULL: b's), then what its events tell. */
static void describe(const Rules *r, const Position *a, const Position *b, const int *fin, const char *tok,
                     int who, const Told *ev, const Style *st)
{
    const char *name[2] = { "South", "North" };
    printf(" %s%s played %s%s", C(st, CYAN), name[who], tok, C(st, RESET));
    int any = 0;
    for (int h = 0; h < r->nholes && !ev->ended && b->round == a->round; h++)
        if (b->count[h] < a->count[h] && b->count[h] == 0 && a->count[h] &&
            !((b->out_of_play >> h) & 1) && tok[0] != 'f') {
            printf("%s%d", any ? "," : "; emptied ", h + 1);
            any = 1;
        }
    for (int pl = 0; pl < 2; pl++) {
        int n = (fin ? fin[pl] : b->store[pl]) - a->store[pl] - ev->end_took[pl];
        if (n > 0)
            printf("; %s took %d", name[pl], n);
    }
    if (ev->removed)
        printf("; %d left the game", ev->removed);
    if (ev->again && !ev->ended)
        printf("; %s moves again", name[who]);
    for (int i = 0; i < ev->npass; i++)
        printf("; %s cannot move and passes", name[ev->passes[i]]);
    if (ev->ended) {
        printf("; the %s is over", r->match ? "round" : "game");
        if (ev->end_took[0] || ev->end_took[1])
            printf(": of the seeds left on the board South takes %d, North %d", ev->end_took[0],
                   ev->end_took[1]);
    }
    printf(".\n");
}

/* Why a game or match ended, in words. */
static void end_words(const Rules *r, const Position *p, char *buf, size_t n)
{
    const char *mover = p->to_move ? "North" : "South";   /* (a finished game: the one who did not move last) */
    switch (p->end) {
    case END_RULE:
        if (r->nends == 1 && r->ends[0].when.src && strlen(r->ends[0].when.src) <= 60)
            snprintf(buf, n, "the game's end rule holds: %s", r->ends[0].when.src);
        else
            snprintf(buf, n, "one of the game's end rules holds");
        break;
    case END_NO_MOVES: snprintf(buf, n, "%s has no move", mover); break;
    case END_BLOCKED: snprintf(buf, n, "neither player can move"); break;
    case END_MUST: snprintf(buf, n, "%s has no move that keeps the game's `must` rule", mover); break;
    case END_REPETITION:
        snprintf(buf, n, "a position came back for the %d%s time", r->repetition,
                 r->repetition == 2 ? "nd" : r->repetition == 3 ? "rd" : "th");
        break;
    case END_MAX_PLIES: snprintf(buf, n, "the game reached %d decisions", MAX_PLIES); break;
    case END_MATCH: snprintf(buf, n, "the match's end rule holds: %s", r->match_over.src ? r->match_over.src : "?"); break;
    case END_MAX_ROUNDS: snprintf(buf, n, "the last of its %d rounds is played", r->max_rounds); break;
    default: snprintf(buf, n, "?"); break;
    }
}

static void show_result(const Rules *r, const Position *p, const Style *st)
{
    const char *who = p->winner == WIN_DRAW ? "a draw" : p->winner == WIN_SOUTH ? "South wins" : "North wins";
    char why[200];
    end_words(r, p, why, sizeof why);
    if (r->match)
        printf("\n %sMatch over: %s%s after %d round%s (totals %d-%d, last round %d-%d): %s.\n",
               C(st, BOLD), who, C(st, RESET), p->round, p->round == 1 ? "" : "s", p->total[0],
               p->total[1], p->store[0], p->store[1], why);
    else
        printf("\n %sGame over: %s%s (%d-%d): %s.\n", C(st, BOLD), who, C(st, RESET), p->store[0],
               p->store[1], why);
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
    Told told;           /* what the last move pushed did (its events) */
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
    memset(&g->told, 0, sizeof g->told);
    vm_set_events(&g->vm, told_event, &g->told, 0);
    int rc = flow_play(&g->vm, &g->cur, m, &g->h, NULL);
    vm_set_events(&g->vm, NULL, NULL, 0);
    return rc;
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

/* A game at the terminal: the game, its players, and what the screen
 * last showed. */
typedef struct Table {
    Game g;
    Rules *rules;              /* the table's own: g.r */
    Ai *ai[2];                 /* the computer on each side; NULL: a human */
    Ai *helper;                /* the player behind `hint` */
    Style st;
    int tty;                   /* standard input is a terminal */
    const char *const *opts;   /* the options, seed and variant `save` writes */
    int nopts;
    unsigned long seed;
    char record_name[4096];
    int shown_round;           /* the round on the screen ... */
    int32_t round_base[2];     /* ... and the totals as it began */
    Position before;           /* the position before the last move played */
    const Position *prev;      /* &before while that move is the last shown */
    char last_tok[256];        /* the last move played ("" after an undo) */
    int last_who;              /* who played it */
    int need_draw;             /* the board changed since it was drawn */
} Table;

/* What a turn came to: a move to play, a command done (the same player
 * is asked again), or the end of the session: quit (or end of input),
 * failed after a message, or interrupted. */
typedef enum Turn { TURN_MOVE, TURN_AGAIN, TURN_QUIT, TURN_FAIL, TURN_STOP } Turn;

/* Ctrl-C: the game is left as it was (a `save` already written stays);
 * the exit status 130. */
static int interrupted(void)
{
    fflush(stdout);
    fprintf(stderr, "\nmancala: interrupted\n");
    return 130;
}

/* The players (`who`, parsed into `spec`), the rules and the start of
 * the game: 1, or 0 after a message. */
static int table_open(Table *t, const char *variant, const char *const who[2], AiSpec spec[2])
{
    char err[512];
    for (int i = 0; i < 2; i++)
        if (!ai_parse(who[i], &spec[i], err, sizeof err)) {
            fprintf(stderr, "mancala: --%s: %s\n", i ? "north" : "south", err);
            return 0;
        }
    t->rules = cli_load(variant, t->opts, t->nopts);
    if (!t->rules)
        return 0;
    for (int i = 0; i < 2; i++)
        if (spec[i].kind != AI_HUMAN && !(t->ai[i] = ai_new(t->rules, &spec[i], t->seed + (unsigned long)i))) {
            fprintf(stderr, "mancala: out of memory\n");
            return 0;
        }
    AiSpec hs;
    ai_parse("alphabeta:time=1", &hs, err, sizeof err);
    t->helper = ai_new(t->rules, &hs, t->seed + 7);
    t->g.r = t->rules;
    cli_vm(&t->g.vm, t->rules);
    hist_init(&t->g.h);
    t->g.h.compact = 1;
    cli_catch_sigint();
    return cli_ok(flow_start(&t->g.vm, &t->g.cur, &t->g.h));
}

/* Plays the moves of the record `rec`, read from the file `load`: 1, or
 * 0 after a message (a move that is not legal where it comes). */
static int replay_record(Table *t, const Record *rec, const char *load)
{
    for (int i = 0; i < rec->nmoves; i++) {
        Move moves[MAX_MOVES];
        int n = gen_moves(&t->g.vm, &t->g.cur, moves);
        if (!cli_ok(n))
            return 0;
        int k = tok_find(t->g.r, moves, n, rec->moves[i]);
        if (k < 0 || t->g.cur.round != rec->round[i]) {
            fprintf(stderr, "mancala: %s: move %d ('%s', round %d) is not legal there\n", load, i + 1,
                    rec->moves[i], rec->round[i]);
            return 0;
        }
        if (!cli_ok(game_push(&t->g, &moves[k])))
            return 0;
    }
    return 1;
}

/* The first lines: the variant, who plays which side, and the commands
 * when someone types. */
static void greet(const Table *t, const AiSpec spec[2])
{
    const Rules *r = t->g.r;
    int humans = (spec[0].kind == AI_HUMAN) + (spec[1].kind == AI_HUMAN);
    printf(humans ? "%s. You play %s.\nType a move (a hole number; `?` lists them), or: undo, hint, save FILE, rules, help, quit.\n"
                  : "%s. You watch (%s).\n",
           r->title ? r->title : r->name,
           spec[0].kind == AI_HUMAN && spec[1].kind == AI_HUMAN ? "both sides"
           : spec[0].kind == AI_HUMAN ? (r->rows > 3 ? "South (the bottom rows)" : "South (bottom row)")
           : spec[1].kind == AI_HUMAN ? (r->rows > 3 ? "North (the top rows)" : "North (top row)")
           : "computer against computer");
}

/* What a saved record names for the variant `vname`: a built-in's name,
 * or the file's full path. */
static void name_record(Table *t, const char *vname)
{
    if (strchr(vname, '/') || strstr(vname, ".y")) {
        if (!realpath(vname, t->record_name))
            snprintf(t->record_name, sizeof t->record_name, "%s", vname);
    } else
        snprintf(t->record_name, sizeof t->record_name, "%s", vname);
}

/* Before a decision: the end of a round if one ended, and the board if
 * it changed, with the last move and the choice a phase asks for. */
static void show_turn(Table *t)
{
    const Position *cur = &t->g.cur;
    if (cur->round != t->shown_round) {
        if (t->prev && t->last_tok[0]) {   /* the round's last move, with the round's final stores */
            int fin[2];
            for (int pl = 0; pl < 2; pl++)
                fin[pl] = t->g.r->match_points.code ? t->prev->store[pl] + t->g.told.took[pl]
                                                    : cur->total[pl] - t->round_base[pl];
            describe(t->g.r, t->prev, cur, fin, t->last_tok, t->last_who, &t->g.told, &t->st);
        }
        /* the round's final stores are what the totals grew by */
        printf("\n %sRound %d is over: South %d, North %d; round %d begins, %s first.%s\n",
               C(&t->st, BOLD), t->shown_round, cur->total[0] - t->round_base[0],
               cur->total[1] - t->round_base[1], cur->round, cur->starter ? "North" : "South",
               C(&t->st, RESET));
        t->shown_round = cur->round;
        memcpy(t->round_base, cur->total, sizeof t->round_base);
        t->prev = NULL;
    }
    if (!t->need_draw)
        return;
    const char *side = cur->to_move ? "North" : "South";
    draw(t->g.r, cur, t->prev, &t->st);
    if (t->prev && t->last_tok[0])
        describe(t->g.r, t->prev, cur, NULL, t->last_tok, t->last_who, &t->g.told, &t->st);
    if (cur->phase == PH_FILL)
        printf(" %s chooses which holes to fill (fill:...).\n", side);
    else if (cur->phase == PH_FIRST)
        printf(" %s chooses who moves first (first:south or first:north).\n", side);
    else if (cur->phase == PH_PLACE)
        printf(" %s places a seed (place:H); %d to place.\n", side, cur->reserve[cur->to_move]);
    else if (cur->phase == PH_SWAP)
        printf(" %s keeps the board and moves first (keep), or swaps sides (swap).\n", side);
    else if (cur->phase == PH_MARK)
        printf(" %s marks a hole (mark:H).\n", side);
    else if (cur->phase == PH_PICK)
        printf(" %s picks a hole whose seeds he takes (take:H); %d more at most.\n", side, cur->picks);
    else if (cur->phase == PH_HAND)
        printf(" %s holds %d seed%s in hand and chooses the hole the first goes into.\n", side, cur->hand,
               cur->hand == 1 ? "" : "s");
    else if (cur->phase == PH_PUT)
        printf(" %s holds %d captured seed%s and chooses the hole they go into (put:H).\n", side, cur->hand,
               cur->hand == 1 ? "" : "s");
    t->need_draw = 0;
}

/* `hint`: the move the helper would play of the `n` in `moves`. */
static Turn hint(const Table *t, const Move *moves, int n)
{
    AiStats as;
    if (!t->helper) {
        printf(" No hint: out of memory.\n");
        return TURN_AGAIN;
    }
    int h = ai_choose(t->helper, &t->g.cur, &as, &cli_stop);
    if (cli_stop)
        return TURN_STOP;
    char tok[256] = "?";
    if (h >= 0 && h < n)
        tok_write(t->g.r, &moves[h], tok, sizeof tok);
    printf(" Hint: %s (searched %ld positions, depth %d).\n", tok, as.nodes, as.depth);
    return TURN_AGAIN;
}

/* `undo`: back to the previous decision of the player to move, the board
 * then drawn afresh. */
static Turn undo(Table *t)
{
    int mover = t->g.cur.to_move;
    int i = t->g.n - 1;
    while (i >= 0 && t->g.stack[i].to_move != mover)
        i--;
    if (i < 0)
        printf(" Nothing to undo.\n");
    else if (!cli_ok(game_truncate(&t->g, i)))
        return TURN_FAIL;
    else {
        t->need_draw = 1;
        t->prev = NULL;
        t->last_tok[0] = 0;
        t->shown_round = t->g.cur.round;
        memcpy(t->round_base, t->g.cur.total, sizeof t->round_base);
    }
    return TURN_AGAIN;
}

/* `save FILE` (`file`: what follows "save"): the moves so far as a
 * record; a failure is reported and the game goes on. */
static void save(const Table *t, const char *file)
{
    char err[512];
    while (*file == ' ')
        file++;
    if (!*file)
        printf(" save needs a file name: save FILE\n");
    else if (rec_write(file, t->g.r, t->record_name, t->opts, t->nopts, t->seed, t->g.moves, t->g.n, err,
                       sizeof err))
        printf(" Saved %d move%s to %s.\n", t->g.n, t->g.n == 1 ? "" : "s", file);
    else
        printf(" Could not save: %s\n", err);
}

/* What the line `s` (trimmed) typed at the prompt says: a command, or a
 * move of the `n` in `moves` (its index into *k). */
static Turn command(Table *t, const char *s, const Move *moves, int n, int *k)
{
    const Rules *r = t->g.r;
    if (!strcmp(s, "quit") || !strcmp(s, "q"))
        return TURN_QUIT;
    if (!*s)
        return TURN_AGAIN;   /* an empty line: the prompt again */
    if (!strcmp(s, "help") || !strcmp(s, "h"))
        printf(" Type a move (`moves` lists them), or: moves (or ?), hint, undo, rules, save FILE, quit (or q).\n");
    else if (!strcmp(s, "rules"))
        rules_describe(r, stdout);
    else if (!strcmp(s, "moves") || !strcmp(s, "?"))
        list_moves(r, moves, n);
    else if (!strcmp(s, "hint"))
        return hint(t, moves, n);
    else if (!strcmp(s, "undo"))
        return undo(t);
    else if (!strncmp(s, "save", 4) && (s[4] == ' ' || !s[4]))
        save(t, s + 4);
    else if ((*k = tok_find(r, moves, n, s)) >= 0)
        return TURN_MOVE;
    else {
        printf(" '%.40s%s' is not a legal move here.", s, strlen(s) > 40 ? "..." : "");
        list_moves(r, moves, n);
    }
    return TURN_AGAIN;
}

/* A human's turn: the prompt, then what the line typed says (the end of
 * input quits). */
static Turn human_turn(Table *t, const Move *moves, int n, int *k)
{
    char prompt[64];
    snprintf(prompt, sizeof prompt, "%s to move> ", t->g.cur.to_move ? "North" : "South");
    char *line = read_line(prompt, t->tty);
    if (cli_stop) {
        free(line);
        return TURN_STOP;
    }
    if (!line) {
        printf("\n");
        return TURN_QUIT;
    }
    char *s = line;
    while (*s == ' ')
        s++;
    char *e = s + strlen(s);
    while (e > s && e[-1] == ' ')
        *--e = 0;
    Turn turn = command(t, s, moves, n, k);
    free(line);
    return turn;
}

/* A computer's turn: its choice of the `n` moves into *k. */
static Turn computer_turn(Table *t, int n, int *k)
{
    AiStats as;
    *k = ai_choose(t->ai[t->g.cur.to_move], &t->g.cur, &as, &cli_stop);
    if (cli_stop)
        return TURN_STOP;
    if (!cli_ok(*k))
        return TURN_FAIL;
    if (*k >= n)
        *k = 0;
    return TURN_MOVE;
}

/* A lot (PH_LOT), or a seed placed by chance (setup.chance): nobody
 * chooses; the helper's generator draws it. A lot is announced; the
 * seeds placed by chance are seen on the board drawn once all are. */
static Turn draw_lot(Table *t, const Move *moves, int n, int *k)
{
    AiStats as;
    *k = t->helper ? ai_choose(t->helper, &t->g.cur, &as, &cli_stop) : 0;
    if (!cli_ok(*k))
        return TURN_FAIL;
    if (*k >= n)
        *k = 0;
    if (t->g.cur.phase == PH_LOT)
        printf(" %s: the lot falls to %s.\n", (t->g.cur.lot & 3) == MC_LOT_FIRST ? "Who begins" : "The hole left over",
               moves[*k].dir ? "North" : "South");
    return TURN_MOVE;
}

/* Plays `m` for the player to move (announced if a computer chose it),
 * kept to be described when the board is drawn next. */
static Turn play_move(Table *t, const Move *m)
{
    int mover = t->g.cur.to_move;
    const int chance = pos_chance(t->g.r, &t->g.cur);
    tok_write(t->g.r, m, t->last_tok, sizeof t->last_tok);
    t->last_who = mover;
    if (t->ai[mover] && !chance)
        printf(" %s plays %s\n", mover ? "North" : "South", t->last_tok);
    t->before = t->g.cur;
    int pushed = game_push(&t->g, m);
    if (cli_stop)
        return TURN_STOP;
    if (!cli_ok(pushed))
        return TURN_FAIL;
    t->prev = &t->before;
    if (chance && m->kind == MV_PLACE) {   /* the board is shown once every seed is placed */
        t->prev = NULL;
        t->last_tok[0] = 0;
    }
    t->need_draw = 1;
    return TURN_MOVE;
}

/* Turns until the game is over, the player to move has no move, a human
 * quits or input ends; then the board and the result. The exit status:
 * 0, 1 after a message, 130 when interrupted. */
static int table_run(Table *t)
{
    t->shown_round = t->g.cur.round;
    memcpy(t->round_base, t->g.cur.total, sizeof t->round_base);
    t->need_draw = 1;
    while (!t->g.cur.over) {
        Move moves[MAX_MOVES];
        int n = gen_moves(&t->g.vm, &t->g.cur, moves);
        if (cli_stop)
            return interrupted();
        if (!cli_ok(n))
            return 1;
        if (!n)
            break;
        const int chance = pos_chance(t->g.r, &t->g.cur);
        if (!chance || t->g.cur.phase == PH_LOT)
            show_turn(t);
        int k = -1;
        Turn turn = chance ? draw_lot(t, moves, n, &k)
                  : t->ai[t->g.cur.to_move] ? computer_turn(t, n, &k) : human_turn(t, moves, n, &k);
        if (turn == TURN_MOVE)
            turn = play_move(t, &moves[k]);
        if (turn == TURN_STOP)
            return interrupted();
        if (turn == TURN_QUIT || turn == TURN_FAIL)
            return turn == TURN_QUIT ? 0 : 1;
    }
    draw(t->g.r, &t->g.cur, t->prev, &t->st);
    if (t->g.cur.over && t->prev && t->last_tok[0])   /* the last move */
        describe(t->g.r, t->prev, &t->g.cur, NULL, t->last_tok, t->last_who, &t->g.told, &t->st);
    if (t->g.cur.over)
        show_result(t->g.r, &t->g.cur, &t->st);
    return 0;
}

/* Releases what the table holds (anything table_open got to). */
static void table_close(Table *t)
{
    free(t->g.stack);
    free(t->g.moves);
    hist_free(&t->g.h);
    ai_free(t->ai[0]);
    ai_free(t->ai[1]);
    ai_free(t->helper);
    rules_free(t->rules);
}

int cli_play(const char *variant, const char *const *opts, int nopts,
             const char *south, const char *north, unsigned long seed, const char *load, int color)
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
    const char *who[2] = { south ? south : "human", north ? north : "alphabeta:time=1" };
    AiSpec spec[2];
    Table t;
    memset(&t, 0, sizeof t);
    t.opts = opts;
    t.nopts = nopts;
    t.seed = seed;
    int rc = 1;
    if (table_open(&t, variant, who, spec) && (!have_rec || replay_record(&t, &rec, load))) {
        const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");
        t.st.color = color >= 0 ? color : isatty(1) && !(nc && *nc) && !(term && !strcmp(term, "dumb"));
        t.tty = isatty(0);
        greet(&t, spec);
        name_record(&t, variant);   /* a record's own variant when loaded */
        rc = table_run(&t);
    }
    table_close(&t);
    if (have_rec)
        rec_free(&rec);
    return rc;
}
