/* play.c: `mancala play`, a game at the terminal. */
#define _XOPEN_SOURCE 700   /* realpath */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ai.h"
#include "cli.h"
#include "play.h"
#include "json.h"
#include "record.h"
#include "show.h"
#ifdef HAVE_LIBEDIT
#include <editline/readline.h>
#endif

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
    unsigned ev_flags;   /* MC_EVENTS_SEEDS when each seed is shown */
    Position start;      /* where the game began (play --from, a record's start:) */
    int from;            /* it began there, not at the variant's start */
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
    told_reset(&g->told);
    vm_set_events(&g->vm, told_event, &g->told, g->ev_flags);
    int rc = flow_play(&g->vm, &g->cur, m, &g->h, NULL);
    vm_set_events(&g->vm, NULL, NULL, 0);
    return rc;
}

/* Back to before move k, the repetition history rebuilt by replaying;
 * a status. */
static int game_truncate(Game *g, int k)
{
    g->h.n = g->h.base = 0;
    g->cur = g->start;
    int rc = g->from ? flow_settle(&g->vm, &g->cur, &g->h) : flow_start(&g->vm, &g->cur, &g->h);
    g->n = 0;
    for (int i = 0; i < k && rc >= 0; i++) {
        Move m = g->moves[i];
        rc = game_push(g, &m);
    }
    return rc;
}

/* `l` (malloc'd, or NULL) without the spaces around it. */
static char *trimmed(char *l)
{
    if (!l)
        return NULL;
    size_t lead = strspn(l, " "), n = strlen(l + lead);
    memmove(l, l + lead, n + 1);
    while (n && l[n - 1] == ' ')
        l[--n] = 0;
    return l;
}

/* The line typed at `prompt`, without the spaces around it (malloc'd),
 * or NULL at the end of input. */
static char *read_line(const char *prompt, int tty)
{
#ifdef HAVE_LIBEDIT
    if (tty) {
        char *l = readline(prompt);
        if (l && *l)
            add_history(l);
        return trimmed(l);
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
    return trimmed(l);
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
    Ai *ai[MAX_PLAYERS];       /* the computer of each player; NULL: a human */
    Ai *helper;                /* the player behind `hint` */
    Style st;
    int tty;                   /* standard input is a terminal */
    const char *const *opts;   /* the options, seed and variant `save` writes */
    int nopts;
    unsigned long seed;
    char record_name[4096];
    int shown_round;           /* the round on the screen ... */
    int32_t round_base[MAX_PLAYERS];   /* ... and the totals as it began */
    Position before;           /* the position before the last move played */
    const Position *prev;      /* &before while that move is the last shown */
    char last_tok[256];        /* the last move played ("" after an undo) */
    int last_who;              /* who played it */
    int need_draw;             /* the board changed since it was drawn */
    int verbose;               /* play --verbose: each lap, the computer's search */
    int animate;               /* play --animate: the sowing seed by seed */
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

/* A player's name in the game at the table. */
static const char *name(const Table *t, int p)
{
    return player_title(t->g.r->players, p);
}

/* The players (`who`, parsed into `spec`), the rules and the start of
 * the game (the JSON position in the file `from`, or the text `start`
 * of the record `load`, or the variant's start): 1, or 0 after a
 * message. who[i] NULL: player i was not named (a human for the first,
 * the computer for the others); a name given for a player the game does
 * not have is refused. */
static int table_open(Table *t, const char *variant, const char *const who[MAX_PLAYERS], AiSpec spec[MAX_PLAYERS],
                      const char *from, const char *start, const char *load)
{
    char err[512];
    t->rules = cli_load(variant, t->opts, t->nopts);
    if (!t->rules)
        return 0;
    const int np = t->rules->players;
    if (!cli_seats_fit(t->rules, who + 2))
        return 0;
    for (int i = 0; i < np; i++)
        if (!ai_parse(who[i] ? who[i] : i ? "alphabeta:time=1" : "human", &spec[i], err, sizeof err)) {
            fprintf(stderr, "mancala: %s: %s\n", cli_seat_flag(i), err);
            return 0;
        }
    for (int i = 0; i < np; i++)
        if (spec[i].kind != AI_HUMAN &&
            !(t->ai[i] = ai_new_err(t->rules, &spec[i], t->seed + (unsigned long)i, err, sizeof err))) {
            fprintf(stderr, "mancala: %s: %s\n", cli_seat_flag(i), err);
            return 0;
        }
    AiSpec hs;
    ai_parse("alphabeta:time=1", &hs, err, sizeof err);
    t->helper = ai_new(t->rules, &hs, t->seed + 7);
    t->g.r = t->rules;
    cli_vm(&t->g.vm, t->rules);
    hist_init(&t->g.h);
    t->g.h.compact = 1;
    for (int i = 0; i < np; i++)
        if (t->ai[i])
            ai_set_history(t->ai[i], &t->g.h);
    cli_catch_sigint();
    t->g.from = from || start;
    char start_name[4200];
    snprintf(start_name, sizeof start_name, "%s, its start: line", load ? load : "");
    if (!(start ? cli_start_text(&t->g.vm, start_name, start, strlen(start), &t->g.cur, &t->g.h)
                : cli_start(&t->g.vm, from, &t->g.cur, &t->g.h)))
        return 0;
    t->g.start = t->g.cur;
    return 1;
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
static void greet(const Table *t, const AiSpec spec[MAX_PLAYERS])
{
    const Rules *r = t->g.r;
    int humans = 0;
    for (int i = 0; i < r->players; i++)
        humans += spec[i].kind == AI_HUMAN;
    char who[64] = "";
    if (r->players > 2) {   /* "Player 1", "Player 1 and Player 3" */
        for (int i = 0, k = 0; i < r->players; i++)
            if (spec[i].kind == AI_HUMAN)
                snprintf(who + strlen(who), sizeof who - strlen(who), "%s%s", k++ ? " and " : "", name(t, i));
    }
    printf(humans ? "%s. You play %s.\nType a move (a hole number; `?` lists them), or: undo, hint, save FILE, rules, help, quit.\n"
                  : "%s. You watch (%s).\n",
           r->title ? r->title : r->name,
           r->players > 2 ? (humans == r->players ? "every player" : humans ? who : "computers against each other")
           : spec[0].kind == AI_HUMAN && spec[1].kind == AI_HUMAN ? "both sides"
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
        const Rules *r = t->g.r;
        if (t->prev && t->last_tok[0])   /* the round's last move */
            narrate(r, cur, t->last_tok, t->last_who, &t->g.told, t->verbose);
        /* the round's result is what the totals grew by: the final stores,
         * or the round's points */
        int got[2] = { cur->total[0] - t->round_base[0], cur->total[1] - t->round_base[1] };
        printf("\n %sRound %d is over: South %s%d, North %d.%s\n", C(&t->st, BOLD), t->shown_round,
               holdings_carry(r) ? "holds " : "", got[0], got[1], C(&t->st, RESET));
        if (t->prev && t->last_tok[0])
            narrate_setup(r, cur, &t->g.told);
        else
            printf(" Round %d begins, %s first.\n", cur->round, cur->starter ? "North" : "South");
        t->shown_round = cur->round;
        memcpy(t->round_base, cur->total, sizeof t->round_base);
        t->prev = NULL;
    }
    if (!t->need_draw)
        return;
    const char *side = name(t, cur->to_move);
    draw_board(stdout, t->g.r, cur, t->prev, &t->st);
    if (t->prev && t->last_tok[0])
        narrate(t->g.r, cur, t->last_tok, t->last_who, &t->g.told, t->verbose);
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
    else if (cur->phase == PH_STEER)
        printf(" %s holds %d seed%s and steers the next from hole %d (to:H).\n", side, cur->hand,
               cur->hand == 1 ? "" : "s", cur->picks + 1);
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

/* Back to before the last decision that `mine` says a player made (who
 * moved: stack[i].to_move), the board then drawn afresh. 1 if done, 0 if
 * there is none ("Nothing to undo."), -1 after a message. */
static int take_back(Table *t, int (*mine)(const Table *, int))
{
    int i = t->g.n - 1;
    while (i >= 0 && !mine(t, t->g.stack[i].to_move))
        i--;
    if (i < 0) {
        printf(" Nothing to undo.\n");
        return 0;
    }
    if (!cli_ok(game_truncate(&t->g, i)))
        return -1;
    t->need_draw = 1;
    t->prev = NULL;
    t->last_tok[0] = 0;
    t->shown_round = t->g.cur.round;
    memcpy(t->round_base, t->g.cur.total, sizeof t->round_base);
    return 1;
}

/* Whether `who` is the player to move (undo); a human (undo after the game). */
static int to_move(const Table *t, int who)
{
    return who == t->g.cur.to_move;
}

static int human(const Table *t, int who)
{
    return !t->ai[who];
}

/* `undo`: back to the previous decision of the player to move. */
static Turn undo(Table *t)
{
    return take_back(t, to_move) < 0 ? TURN_FAIL : TURN_AGAIN;
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
    else if (rec_write(file, t->g.r, t->record_name, t->opts, t->nopts, t->seed, t->g.from ? &t->g.start : NULL,
                       t->g.moves, t->g.n, err, sizeof err))
        printf(" Saved %d move%s to %s.\n", t->g.n, t->g.n == 1 ? "" : "s", file);
    else
        printf(" Could not save: %s\n", err);
}

/* `history`: the decisions so far, round by round, each with its
 * player's initial. */
static void history(const Table *t)
{
    if (!t->g.n) {
        printf(" No move yet.\n");
        return;
    }
    int round = -1, col = 0;
    for (int i = 0; i < t->g.n; i++) {
        const Position *at = &t->g.stack[i];
        if (at->round != round) {
            round = at->round;
            col = printf("%s %s", i ? "\n" : "", t->g.r->match ? "" : "Moves:") - (i ? 1 : 0);
            if (t->g.r->match)
                col += printf("Round %d:", round);
        }
        char tok[256];
        tok_write(t->g.r, &t->g.moves[i], tok, sizeof tok);
        if (col + (int)strlen(tok) + 6 > 79)
            col = printf("\n  ") - 1;
        col += printf(" %d.%c %s", i + 1, t->g.r->players > 2 ? '1' + at->to_move : at->to_move ? 'N' : 'S', tok);
    }
    printf("\n");
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
    char why[512];
    if (!strcmp(s, "help") || !strcmp(s, "h"))
        printf(" Type a move (`moves` lists them), or: moves (or ?), hint, undo, board, history, rules,\n"
               " save FILE, quit (or q).\n");
    else if (!strcmp(s, "rules"))
        rules_describe(r, stdout);
    else if (!strcmp(s, "board")) {
        t->need_draw = 1;
        show_turn(t);
    } else if (!strcmp(s, "history"))
        history(t);
    else if (!strcmp(s, "moves") || !strcmp(s, "?"))
        list_moves(r, moves, n);
    else if (!strcmp(s, "hint"))
        return hint(t, moves, n);
    else if (!strcmp(s, "undo"))
        return undo(t);
    else if (!strncmp(s, "save", 4) && (s[4] == ' ' || !s[4]))
        save(t, s + 4);
    else if ((*k = input_match(r, &t->g.cur, moves, n, s, why, sizeof why)) >= 0)
        return TURN_MOVE;
    else {
        printf(" '%.40s%s' is not a legal move here: %s.\n", s, strlen(s) > 40 ? "..." : "", why);
        list_moves(r, moves, n);
    }
    return TURN_AGAIN;
}

/* A human's turn: the prompt, then what the line typed says (the end of
 * input quits). */
static Turn human_turn(Table *t, const Move *moves, int n, int *k)
{
    char prompt[64];
    snprintf(prompt, sizeof prompt, "%s to move> ", name(t, t->g.cur.to_move));
    char *line = read_line(prompt, t->tty);
    if (cli_stop) {
        free(line);
        return TURN_STOP;
    }
    if (!line) {
        printf("\n");
        return TURN_QUIT;
    }
    Turn turn = command(t, line, moves, n, k);
    free(line);
    return turn;
}

/* A computer's turn: its choice of the `n` moves into *k. */
static Turn computer_turn(Table *t, int n, int *k)
{
    AiStats as;
    const int mover = t->g.cur.to_move, show = isatty(1) && t->ai[mover] != NULL;
    if (show) {   /* the thinking indicator, erased once the move is chosen */
        printf(" %s is thinking...", name(t, mover));
        fflush(stdout);
    }
    *k = ai_choose(t->ai[mover], &t->g.cur, &as, &cli_stop);
    if (show)
        printf("\r\033[K");
    if (cli_stop)
        return TURN_STOP;
    if (!cli_ok(*k))
        return TURN_FAIL;
    if (t->verbose && as.nodes > 0) {   /* what the search did */
        printf(" (%s searched %ld position%s", name(t, mover), as.nodes, as.nodes == 1 ? "" : "s");
        if (as.depth)
            printf(" to depth %d", as.depth);
        printf(" in %.2f s)\n", as.seconds);
    }
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
        printf(" %s plays %s\n", name(t, mover), t->last_tok);
    t->before = t->g.cur;
    int pushed = game_push(&t->g, m);
    if (cli_stop)
        return TURN_STOP;
    if (!cli_ok(pushed))
        return TURN_FAIL;
    t->prev = &t->before;
    if (t->animate && !chance)
        animate(t->g.r, &t->before, &t->g.told, &t->st, 150);
    if (chance && m->kind == MV_PLACE) {   /* the board is shown once every seed is placed */
        t->prev = NULL;
        t->last_tok[0] = 0;
    }
    t->need_draw = 1;
    return TURN_MOVE;
}

/* After the game: `save FILE`, `history`, `board`, `rules`, or `undo` to
 * take a move back and play on, until `quit` or the end of input. 1 when
 * the game goes on (an undo), 0 to leave, -1 when interrupted. */
static int after_game(Table *t)
{
    printf(" Now save FILE keeps the game, undo takes a move back, quit leaves.\n");
    for (;;) {
        char *line = read_line("game over> ", t->tty);
        if (cli_stop) {
            free(line);
            return -1;
        }
        if (!line) {
            printf("\n");
            return 0;
        }
        const char *s = line;
        int done = 0;
        if (!*s || !strcmp(s, "quit") || !strcmp(s, "q"))
            done = 1;
        else if (!strncmp(s, "save", 4) && (s[4] == ' ' || !s[4]))
            save(t, s + 4);
        else if (!strcmp(s, "history"))
            history(t);
        else if (!strcmp(s, "rules"))
            rules_describe(t->g.r, stdout);
        else if (!strcmp(s, "board")) {
            draw_board(stdout, t->g.r, &t->g.cur, NULL, &t->st);
            show_result(t->g.r, &t->g.cur, told_end_rule(&t->g.told), &t->st);
        } else if (!strcmp(s, "undo")) {   /* back to the last decision of a human */
            int back = take_back(t, human);
            done = back < 0 ? 1 : back ? 2 : 0;
        } else
            printf(" After the game: save FILE, history, board, rules, undo, quit.\n");
        free(line);
        if (done)
            return done == 2;
    }
}

/* Turns until the game is over, the player to move has no move, a human
 * quits or input ends; then the board and the result, and (when someone
 * plays at the keyboard) what may be done after the game. The exit
 * status: 0, 1 after a message, 130 when interrupted. */
static int table_run(Table *t)
{
    t->shown_round = t->g.cur.round;
    memcpy(t->round_base, t->g.cur.total, sizeof t->round_base);
    t->need_draw = 1;
    for (;;) {
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
        draw_board(stdout, t->g.r, &t->g.cur, t->prev, &t->st);
        if (t->g.cur.over && t->prev && t->last_tok[0])   /* the last move */
            narrate(t->g.r, &t->g.cur, t->last_tok, t->last_who, &t->g.told, t->verbose);
        if (!t->g.cur.over)
            return 0;
        show_result(t->g.r, &t->g.cur, told_end_rule(&t->g.told), &t->st);
        int humans = 0;
        for (int i = 0; i < t->g.r->players; i++)
            humans += !t->ai[i];
        if (!humans)
            return 0;   /* nobody at the keyboard */
        int go_on = after_game(t);
        if (go_on < 0)
            return interrupted();
        if (!go_on)
            return 0;
    }
}

/* Releases what the table holds (anything table_open got to). */
static void table_close(Table *t)
{
    free(t->g.stack);
    free(t->g.moves);
    told_free(&t->g.told);
    hist_free(&t->g.h);
    for (int i = 0; i < MAX_PLAYERS; i++)
        ai_free(t->ai[i]);
    ai_free(t->helper);
    rules_free(t->rules);
}

int cli_play(const char *variant, const Args *a, unsigned long seed)
{
    Record rec;
    int have_rec = 0;
    char err[512];
    const char *const *opts = a->opts;
    int nopts = a->nopts;
    if (a->load) {
        if (!rec_read(a->load, &rec, err, sizeof err)) {
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
    const char *who[MAX_PLAYERS] = { a->south, a->north, a->more[0], a->more[1] };
    AiSpec spec[MAX_PLAYERS];
    Table t;
    memset(&t, 0, sizeof t);
    t.opts = opts;
    t.nopts = nopts;
    t.seed = seed;
    t.verbose = a->verbose;
    t.tty = isatty(0);
    t.animate = a->animate && t.tty && isatty(1);
    t.g.ev_flags = t.verbose || t.animate ? MC_EVENTS_SEEDS : 0;
    int rc = 1;
    if (table_open(&t, variant, who, spec, a->from, have_rec ? rec.start : NULL, a->load) &&
        (!have_rec || replay_record(&t, &rec, a->load))) {
        const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");
        t.st.color = a->color >= 0 ? a->color : isatty(1) && !(nc && *nc) && !(term && !strcmp(term, "dumb"));
        greet(&t, spec);
        name_record(&t, variant);   /* a record's own variant when loaded */
        rc = table_run(&t);
    }
    table_close(&t);
    if (have_rec)
        rec_free(&rec);
    return rc;
}
