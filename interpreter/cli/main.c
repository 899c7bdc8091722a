/* main.c: the `mancala` command line (mancala(1)). */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "builtin.h"
#include "cli.h"
#include "io.h"
#include "json.h"
#include "record.h"
#include "rules.h"
#include "show.h"
#include "vm.h"

#define DEFAULT_VARIANT "bohnenspiel"
#define MAX_CLI_OPTIONS 64

static void usage(FILE *f)
{
    fputs("usage: mancala COMMAND [ARGS]\n"
          "  list [--rows N] [--region WORD] [--feature F] [--search WORD] [--json]\n"
          "                                     built-in variants (those the filters keep)\n"
          "  show VARIANT [--plan] [--option K=V]...\n"
          "                                     the rules in words (--plan: the engine's plan)\n"
          "  validate FILE... [--option K=V]... check variant files\n"
          "  perft VARIANT DEPTH [--from POS.json] [--option K=V]...\n"
          "  replay VARIANT [--from POS.json | --record FILE] [--events] [--option K=V]... MOVE...\n"
          "  play [VARIANT] [--south WHO] [--north WHO] [--seed N] [--option K=V]...\n"
          "  play --load FILE [--south WHO] [--north WHO]\n"
          "  match VARIANT --south WHO --north WHO [--games N] [--seed S] [--json] [--option K=V]...\n"
          "  bench VARIANT [--seconds S | --games N] [--seed N] [--perft D | --search] [--option K=V]...\n"
          "  bench --all [--seconds S | --games N] [--seed N] [--json]\n"
          "                                     random games of every built-in (1 s each)\n"
          "VARIANT is a built-in name (see `list`) or a path to a variant file.\n"
          "WHO is human, random, greedy, alphabeta[:time=S|:depth=D] or\n"
          "mcts[:time=S|:playouts=N][:c=X].\n"
          "mancala COMMAND --help says more of each. FILE - reads standard input.\n"
          "mancala --version prints the version. See mancala(1) and docs/variant-format.md.\n", f);
}

/* ---- loading variants ------------------------------------------------- */

/* Loads VARIANT (name or path) with options; prints diagnostics. */
Rules *cli_load(const char *variant, const char *const *opts, int nopts)
{
    const BuiltinVariant *b = NULL;
    int is_path = strchr(variant, '/') || strstr(variant, ".yaml") || strstr(variant, ".yml");
    if (!is_path)
        b = builtin_find(variant);
    if (!b && !is_path && access(variant, F_OK) != 0) {
        fprintf(stderr, "mancala: no variant named '%s' (see `mancala list`), and no such file\n", variant);
        return NULL;
    }
    char *text = NULL;
    size_t len;
    const char *file = variant;
    if (b) {
        text = (char *)b->text;
        len = strlen(b->text);
        file = b->path;
    } else {
        char err[512];
        if (!io_read_file(variant, &text, &len, err, sizeof err)) {
            fprintf(stderr, "mancala: %s\n", err);
            return NULL;
        }
    }
    Diags dg;
    dg_init(&dg, file, text, len);
    Rules *r = rules_open(file, text, len, opts, nopts, MC_LOAD_DEFAULT, &dg);
    dg_print(&dg, stderr, 1);
    dg_free(&dg);
    if (!b)
        free(text);
    return r;
}

/* Splits --option K=V (and -o K=V) out of argv; returns remaining args. */
typedef struct Args {
    const char *opts[MAX_CLI_OPTIONS];
    int nopts;
    const char **pos;           /* argc entries, malloc'd */
    int npos;
    const char *from;
    const char *south, *north;
    const char *record;
    const char *load;
    double seconds;
    unsigned long seed;
    int have_seed;
    int json;
    int games;
    int perft_depth;
    int search;
    int all;
    int have_seconds;
    int events;
    int plan;
    int rows;                   /* list --rows */
    const char *region, *feature, *words;   /* list --region, --feature, --search */
} Args;

/* ---- the commands and their flags ------------------------------------ */

enum {
    F_OPTION = 1 << 0, F_FROM = 1 << 1, F_SOUTH = 1 << 2, F_NORTH = 1 << 3, F_RECORD = 1 << 4,
    F_REGION = 1 << 5, F_FEATURE = 1 << 6, F_ROWS = 1 << 7, F_WORDS = 1 << 8, F_LOAD = 1 << 9,
    F_SECONDS = 1 << 10, F_SEED = 1 << 11, F_GAMES = 1 << 12, F_PERFT = 1 << 13, F_SEARCH = 1 << 14,
    F_JSON = 1 << 15, F_ALL = 1 << 16, F_EVENTS = 1 << 17, F_PLAN = 1 << 18
};

/* A flag: its name, whether it takes a value. (`--search` takes a word
 * in `list` and none in `bench`: two entries.) */
static const struct Flag {
    const char *name;
    unsigned bit;
    int value;
} flags[] = {
    { "--option", F_OPTION, 1 }, { "--from", F_FROM, 1 }, { "--south", F_SOUTH, 1 }, { "--north", F_NORTH, 1 },
    { "--record", F_RECORD, 1 }, { "--region", F_REGION, 1 }, { "--feature", F_FEATURE, 1 },
    { "--rows", F_ROWS, 1 }, { "--search", F_WORDS, 1 }, { "--load", F_LOAD, 1 }, { "--seconds", F_SECONDS, 1 },
    { "--seed", F_SEED, 1 }, { "--games", F_GAMES, 1 }, { "--perft", F_PERFT, 1 }, { "--search", F_SEARCH, 0 },
    { "--json", F_JSON, 0 }, { "--all", F_ALL, 0 }, { "--events", F_EVENTS, 0 }, { "--plan", F_PLAN, 0 },
};

/* A command: its flags, how many other arguments it takes, and its help. */
static const struct Command {
    const char *name;
    unsigned flags;
    int min, max;               /* arguments besides the flags (max -1: any number) */
    const char *help;
} commands[] = {
    { "list", F_ROWS | F_REGION | F_FEATURE | F_WORDS | F_JSON, 0, 0,
      "usage: mancala list [--rows N] [--region WORD] [--feature F] [--search WORD] [--json]\n"
      "Lists the built-in variants that every filter given keeps: --rows N (boards of N rows),\n"
      "--region WORD and --search WORD (words of the region, of the names and sources; any case),\n"
      "--feature F (rules with feature F; an unknown F lists them). --json: a JSON object a line.\n" },
    { "show", F_PLAN | F_OPTION, 1, 1,
      "usage: mancala show VARIANT [--plan] [--option K=V]...\n"
      "Prints the rules of VARIANT in words, with its sources and readings and its options;\n"
      "--plan prints instead how the engine runs them (its kernels and short cuts).\n" },
    { "validate", F_OPTION, 1, -1,
      "usage: mancala validate FILE... [--option K=V]...\n"
      "Checks variant files (- reads standard input): prints FILE: ok: ... for each good one, and\n"
      "FILE:LINE:COL: error: ... for each mistake; the exit status is 1 if any file is bad.\n" },
    { "perft", F_FROM | F_OPTION, 2, 2,
      "usage: mancala perft VARIANT DEPTH [--from POS.json] [--option K=V]...\n"
      "Counts the positions reached by every sequence of 1..DEPTH decisions from the start of\n"
      "VARIANT (or from the JSON position POS.json; - reads standard input).\n" },
    { "replay", F_FROM | F_RECORD | F_EVENTS | F_OPTION | F_JSON, 1, -1,
      "usage: mancala replay VARIANT [--from POS.json | --record FILE] [--events] [--option K=V]... MOVE...\n"
      "Plays the moves from the start (or from POS.json, or after the moves of a game record) and\n"
      "prints the position reached as JSON (--json changes nothing); --events prints what each\n"
      "move did, a JSON line each. - reads POS.json or FILE from standard input.\n" },
    { "play", F_SOUTH | F_NORTH | F_SEED | F_OPTION | F_LOAD, 0, 1,
      "usage: mancala play [VARIANT] [--south WHO] [--north WHO] [--seed N] [--option K=V]...\n"
      "       mancala play --load FILE [--south WHO] [--north WHO]\n"
      "Plays a game (Bohnenspiel without VARIANT) in the terminal. WHO is human (the default),\n"
      "random, greedy, alphabeta[:time=S|:depth=D] or mcts[:time=S|:playouts=N][:c=X].\n"
      "--load continues a saved game. At the prompt, `help` lists the commands.\n" },
    { "match", F_SOUTH | F_NORTH | F_GAMES | F_SEED | F_JSON | F_OPTION, 1, 1,
      "usage: mancala match VARIANT --south WHO --north WHO [--games N] [--seed S] [--json] [--option K=V]...\n"
      "Plays N games (100 by default) between two computer players, each beginning half of them,\n"
      "and prints the score with its 95% interval.\n" },
    { "bench", F_SECONDS | F_GAMES | F_SEED | F_PERFT | F_SEARCH | F_OPTION | F_ALL | F_JSON, 0, 1,
      "usage: mancala bench VARIANT [--seconds S | --games N] [--seed N] [--perft D | --search] [--option K=V]...\n"
      "       mancala bench --all [--seconds S | --games N] [--seed N] [--json]\n"
      "Random games of VARIANT (3 s by default), or of every built-in (--all, 1 s each): games and\n"
      "plies a second; --perft D times perft to depth D, --search the alphabeta player.\n" },
};

static const struct Command *find_command(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (!strcmp(commands[i].name, name))
            return &commands[i];
    return NULL;
}

/* The edit distance of a and b, or 3 when it is more than 2: a
 * did-you-mean test. */
static int near(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 40 || lb > 40 || (la > lb ? la - lb : lb - la) > 2)
        return 3;
    int d[41][41];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            int x = d[i - 1][j] + 1, y = d[i][j - 1] + 1;
            d[i][j] = c < x ? (c < y ? c : y) : (x < y ? x : y);
        }
    return d[la][lb] > 2 ? 3 : d[la][lb];
}

/* An unknown flag or command: says so, with the nearest known name. */
static void unknown(const char *what, const char *s, const struct Command *cmd)
{
    const char *best = NULL;
    int bd = 3;
    if (cmd) {
        for (size_t i = 0; i < sizeof flags / sizeof *flags; i++)
            if (near(s, flags[i].name) < bd)
                bd = near(s, flags[i].name), best = flags[i].name;
    } else {
        for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
            if (near(s, commands[i].name) < bd)
                bd = near(s, commands[i].name), best = commands[i].name;
    }
    fprintf(stderr, "mancala: unknown %s '%s'", what, s);
    if (best)
        fprintf(stderr, " (did you mean '%s'?)", best);
    fprintf(stderr, "; see mancala%s%s --help\n", cmd ? " " : "", cmd ? cmd->name : "");
}

/* One flag's value into `a`; 0 with a message if it is not valid. */
static int flag_value(Args *a, unsigned bit, const char *name, const char *val)
{
    char *end;
    switch (bit) {
    case F_OPTION:
        if (a->nopts >= MAX_CLI_OPTIONS) {
            fprintf(stderr, "mancala: too many --option (at most %d)\n", MAX_CLI_OPTIONS);
            return 0;
        }
        a->opts[a->nopts++] = val;
        return 1;
    case F_FROM: a->from = val; return 1;
    case F_SOUTH: a->south = val; return 1;
    case F_NORTH: a->north = val; return 1;
    case F_RECORD: a->record = val; return 1;
    case F_REGION: a->region = val; return 1;
    case F_FEATURE: a->feature = val; return 1;
    case F_WORDS: a->words = val; return 1;
    case F_LOAD: a->load = val; return 1;
    case F_ROWS: {
        long v = strtol(val, &end, 10);
        if (*end || !*val || v < 1 || v > 8) {
            fprintf(stderr, "mancala: --rows takes a whole number in 1..8\n");
            return 0;
        }
        a->rows = (int)v;
        return 1;
    }
    case F_SECONDS:
        a->seconds = strtod(val, &end);
        a->have_seconds = 1;
        if (*end || !*val || !(a->seconds > 0 && a->seconds <= 86400)) {
            fprintf(stderr, "mancala: --seconds takes a number of seconds in (0, 86400]\n");
            return 0;
        }
        return 1;
    case F_SEED:
        errno = 0;
        a->seed = strtoul(val, &end, 10);
        if (*end || errno || !*val || val[0] == '-') {
            fprintf(stderr, "mancala: --seed takes a whole number\n");
            return 0;
        }
        a->have_seed = 1;
        return 1;
    default: {   /* --games, --perft */
        const int games = bit == F_GAMES;
        long v = strtol(val, &end, 10);
        if (*end || !*val || v < 1 || v > (games ? 1000000 : 64)) {
            fprintf(stderr, "mancala: %s takes a whole number in 1..%d\n", name, games ? 1000000 : 64);
            return 0;
        }
        if (games)
            a->games = (int)v;
        else
            a->perft_depth = (int)v;
        return 1;
    }
    }
}

/* Reads the arguments of `cmd`: its flags (`--flag value` or
 * `--flag=value`; `-o` for `--option`), and the others in a->pos. A flag
 * the command does not take, an unknown one, or too many or too few other
 * arguments are refused with a message. Returns 1 if all is well, 0 if
 * not, 2 if the command's help was asked for (and printed). */
static int parse_args(int argc, char **argv, Args *a, const struct Command *cmd)
{
    memset(a, 0, sizeof *a);
    a->seconds = 3;
    a->pos = malloc(((size_t)argc + 1) * sizeof *a->pos);
    if (!a->pos) {
        fprintf(stderr, "mancala: out of memory\n");
        return 0;
    }
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        if (!strcmp(s, "--")) {
            /* the rest are ordinary arguments, even if they begin with - */
            while (++i < argc)
                a->pos[a->npos++] = argv[i];
            break;
        }
        if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
            fputs(cmd->help, stdout);
            return 2;
        }
        if (s[0] != '-' || !s[1] || (s[1] != '-' && strcmp(s, "-o"))) {
            a->pos[a->npos++] = s;   /* an argument ("-" alone: standard input) */
            continue;
        }
        char name[48];
        const char *eq = strchr(s, '=');
        size_t len = eq ? (size_t)(eq - s) : strlen(s);
        snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), s);
        if (!strcmp(name, "-o"))
            snprintf(name, sizeof name, "--option");
        const struct Flag *f = NULL, *other = NULL;
        for (size_t k = 0; k < sizeof flags / sizeof *flags; k++)
            if (!strcmp(flags[k].name, name)) {
                if (cmd->flags & flags[k].bit)
                    f = &flags[k];
                else
                    other = &flags[k];
            }
        if (!f && other) {
            fprintf(stderr, "mancala: %s does not take %s; see mancala %s --help\n", cmd->name, name, cmd->name);
            return 0;
        }
        if (!f) {
            unknown("flag", name, cmd);
            return 0;
        }
        const char *val = eq ? eq + 1 : NULL;
        if (f->value && !val) {
            if (i + 1 >= argc) {
                fprintf(stderr, "mancala: %s needs a value\n", s);   /* as typed: -o or --option */
                return 0;
            }
            val = argv[++i];
        } else if (!f->value && val) {
            fprintf(stderr, "mancala: %s takes no value\n", f->name);
            return 0;
        }
        if (!f->value) {
            a->search |= f->bit == F_SEARCH;
            a->json |= f->bit == F_JSON;
            a->all |= f->bit == F_ALL;
            a->events |= f->bit == F_EVENTS;
            a->plan |= f->bit == F_PLAN;
        } else if (!flag_value(a, f->bit, f->name, val)) {
            return 0;
        }
    }
    if (a->npos < cmd->min || (cmd->max >= 0 && a->npos > cmd->max)) {
        if (cmd->max >= 0 && a->npos > cmd->max)
            fprintf(stderr, "mancala: %s takes %s; '%s' is one too many\n", cmd->name,
                    cmd->max == 0 ? "no argument besides its flags"
                    : cmd->max == 1 ? (cmd->min ? "one VARIANT" : "at most one VARIANT") : "VARIANT and DEPTH",
                    a->pos[cmd->max]);
        fprintf(stderr, "mancala: %s", cmd->help);
        return 0;
    }
    return 1;
}

int cli_ok(int rc)
{
    if (rc >= 0 || rc == MC_EINTR)
        return rc >= 0;
    if (rc == MC_ETOOLONG)
        fprintf(stderr, "mancala: a relay sowing dropped %llu seeds without ending or repeating: this "
                        "program gives up there (see the limits in docs/variant-format.md)\n",
                (unsigned long long)MC_MAX_SOWN);
    else
        fprintf(stderr, "mancala: %s\n", mc_status_text(rc));
    return 0;
}

/* The position to start from: the variant's start or --from. */
int cli_start(Vm *vm, const char *from, Position *p, History *h)
{
    if (!from)
        return cli_ok(flow_start(vm, p, h));
    char *text;
    size_t len;
    char err[512];
    if (!io_read_file(from, &text, &len, err, sizeof err)) {
        fprintf(stderr, "mancala: %s\n", err);
        return 0;
    }
    int ok = pos_from_json(vm->r, text, len, p, err, sizeof err);
    free(text);
    if (!ok) {
        fprintf(stderr, "mancala: %s: %s\n", from, err);
        return 0;
    }
    if (h)
        h->base = h->n;
    return cli_ok(flow_settle(vm, p, h));
}

/* ---- commands --------------------------------------------------------- */

static int cmd_show(Args *a)
{
    if (a->npos != 1) {
        fprintf(stderr, "mancala: usage: mancala show VARIANT [--plan] [--option K=V]...\n");
        return 1;
    }
    Rules *r = cli_load(a->pos[0], a->opts, a->nopts);
    if (!r)
        return 1;
    if (a->plan)
        plan_describe(r, stdout);
    else
        rules_describe(r, stdout);
    rules_free(r);
    return 0;
}

static int cmd_validate(Args *a)
{
    if (a->npos < 1) {
        fprintf(stderr, "mancala: usage: mancala validate FILE...\n");
        return 1;
    }
    int bad = 0;
    for (int i = 0; i < a->npos; i++) {
        char *text;
        size_t len;
        char err[512];
        const char *name = strcmp(a->pos[i], "-") ? a->pos[i] : "<stdin>";
        if (!io_read_file(a->pos[i], &text, &len, err, sizeof err)) {
            fprintf(stderr, "mancala: %s\n", err);
            bad = 1;
            continue;
        }
        Diags dg;
        dg_init(&dg, name, text, len);
        Rules *r = rules_open(name, text, len, a->opts, a->nopts, MC_LOAD_DEFAULT, &dg);
        dg_print(&dg, stderr, 1);
        if (r) {
            printf("%s: ok: %s, %d x %d holes, %d seeds, %d option%s\n", name, r->name, r->rows,
                   r->width, r->total_seeds, r->noptions, r->noptions == 1 ? "" : "s");
        } else
            bad = 1;
        rules_free(r);
        dg_free(&dg);
        free(text);
    }
    return bad;
}

volatile sig_atomic_t cli_stop;

static void on_sigint(int sig)
{
    (void)sig;
    cli_stop = 1;
}

/* The poll function of the command line's machines. */
static int poll_stop(void *arg)
{
    (void)arg;
    return cli_stop != 0;
}

void cli_vm(Vm *vm, const Rules *r)
{
    vm_init(vm, r);
    vm_set_poll(vm, poll_stop, NULL);
}

void cli_catch_sigint(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;   /* no SA_RESTART: a blocked read returns */
    sigaction(SIGINT, &sa, NULL);
}

/* Counts the moves at each depth below `p` into counts[]; a status. A
 * move that stops for the choice of where the hand is sown goes on with
 * that choice, at the same level: together they count as one move. */
static int perft_walk(Vm *vm, const Position *p, History *h, int level, int depth, uint64_t *counts)
{
    if (level == depth)
        return MC_OK;
    Move moves[MAX_MOVES];
    int n = gen_moves(vm, p, moves);
    if (n < 0)
        return n;
    const int compound = vm->r->mid_move;
    if (!compound) {
        counts[level + 1] += (uint64_t)n;
        if (level + 1 == depth)
            return MC_OK;
    }
    for (int i = 0; i < n; i++) {
        Position q = *p;
        int sn = h->n, sb = h->base;
        int rc = flow_play(vm, &q, &moves[i], h, NULL);
        int more = compound && pos_mid_move(&q);
        counts[level + 1] += compound && !more;
        if (rc >= 0 && (more || level + 1 < depth))
            rc = perft_walk(vm, &q, h, more ? level : level + 1, depth, counts);
        if (rc < 0)
            return rc;
        h->n = sn;
        h->base = sb;
    }
    return MC_OK;
}

static int cmd_perft(Args *a)
{
    if (a->npos != 2) {
        fprintf(stderr, "mancala: usage: mancala perft VARIANT DEPTH [--from POS.json]\n");
        return 1;
    }
    char *end;
    long depth = strtol(a->pos[1], &end, 10);
    if (*end || end == a->pos[1] || depth < 0 || depth > 64) {
        fprintf(stderr, "mancala: DEPTH must be a whole number in 0..64, not '%s'\n", a->pos[1]);
        return 1;
    }
    Rules *r = cli_load(a->pos[0], a->opts, a->nopts);
    if (!r)
        return 1;
    History h;
    hist_init(&h);
    Position p;
    Vm vm;
    cli_vm(&vm, r);
    int rc = 1;
    if (cli_start(&vm, a->from, &p, &h)) {
        uint64_t counts[66] = { 0 };
        cli_catch_sigint();
        int st = perft_walk(&vm, &p, &h, 0, (int)depth, counts);
        if (cli_stop) {
            fprintf(stderr, "mancala: interrupted\n");
            rc = 130;
        } else if (!cli_ok(st)) {
            rc = 1;
        } else {
            for (int d = 1; d <= depth; d++)
                printf("%d %llu\n", d, (unsigned long long)counts[d]);
            rc = 0;
        }
    }
    hist_free(&h);
    rules_free(r);
    return rc;
}

/* Prints an event as a line of JSON (replay --events). */
static void print_event(void *arg, const McEvent *ev)
{
    char buf[1024];
    ev_json(arg, ev, buf, sizeof buf);
    printf("%s\n", buf);
}

/* Plays `tok`, or explains (move `index`) what is legal instead. */
static int replay_one(Vm *vm, Position *p, History *h, const char *tok, int index)
{
    const Rules *r = vm->r;
    Move moves[MAX_MOVES];
    int n = gen_moves(vm, p, moves);
    if (!cli_ok(n))
        return 0;
    int k = tok_find(r, moves, n, tok);
    if (k < 0) {
        /* a token is at most a few characters: a long one is cut short */
        fprintf(stderr, "mancala: move %d ('%.40s%s') is not legal here; ", index, tok,
                strlen(tok) > 40 ? "..." : "");
        if (!n)
            fprintf(stderr, "the game is over\n");
        else {
            fprintf(stderr, "legal moves:");
            for (int j = 0; j < n; j++) {
                char t[256];
                tok_write(r, &moves[j], t, sizeof t);
                fprintf(stderr, " %s", t);
            }
            fprintf(stderr, "\n");
        }
        return 0;
    }
    return cli_ok(flow_play(vm, p, &moves[k], h, NULL));
}

static int cmd_replay(Args *a)
{
    if (a->npos < 1) {
        fprintf(stderr, "mancala: usage: mancala replay VARIANT [--from POS.json | --record FILE] MOVE...\n");
        return 1;
    }
    Record rec;
    int have_rec = 0;
    const char *opts[REC_MAX_OPTIONS + MAX_CLI_OPTIONS];
    int nopts = 0;
    if (a->record) {
        char err[512];
        if (a->from) {
            fprintf(stderr, "mancala: --record replays from the start: it cannot go with --from\n");
            return 1;
        }
        if (!rec_read(a->record, &rec, err, sizeof err)) {
            fprintf(stderr, "mancala: %s\n", err);
            return 1;
        }
        have_rec = 1;
        for (int i = 0; i < rec.nopts; i++)
            opts[nopts++] = rec.opts[i];
    }
    for (int i = 0; i < a->nopts; i++)
        opts[nopts++] = a->opts[i];
    if (have_rec && strcmp(rec.variant, a->pos[0]) != 0 && !strchr(rec.variant, '/') &&
        !strchr(a->pos[0], '/')) {
        fprintf(stderr, "mancala: %s records a game of '%s', not '%s'\n", a->record, rec.variant, a->pos[0]);
        rec_free(&rec);
        return 1;
    }
    Rules *r = cli_load(a->pos[0], opts, nopts);
    History h;
    hist_init(&h);
    h.compact = 1;
    Position p;
    Vm vm;
    int rc = 1;
    if (!r)
        goto out;
    cli_vm(&vm, r);
    if (have_rec && strcmp(rec.variant, r->name) != 0 && strcmp(rec.variant, a->pos[0]) != 0 &&
        strcmp(rec.variant, r->file) != 0) {
        fprintf(stderr, "mancala: %s records a game of '%s', not '%s'\n", a->record, rec.variant, r->name);
        goto out;
    }
    if (!cli_start(&vm, a->from, &p, &h))
        goto out;
    if (a->events)
        vm_set_events(&vm, print_event, r, 0);
    cli_catch_sigint();
    for (int i = 0; have_rec && i < rec.nmoves && !cli_stop; i++) {
        if (p.round != rec.round[i]) {
            fprintf(stderr, "mancala: %s: move %d ('%s') is recorded in round %d, but the game is in round %d\n",
                    a->record, i + 1, rec.moves[i], rec.round[i], p.round);
            goto out;
        }
        if (!replay_one(&vm, &p, &h, rec.moves[i], i + 1))
            goto out;
    }
    for (int i = 1; i < a->npos && !cli_stop; i++) {
        if (!replay_one(&vm, &p, &h, a->pos[i], (have_rec ? rec.nmoves : 0) + i))
            goto out;
    }
    if (cli_stop) {
        fprintf(stderr, "mancala: interrupted\n");
        rc = 130;
        goto out;
    }
    vm_set_events(&vm, NULL, NULL, 0);
    char *js = pos_to_json(&vm, &p);   /* lists the legal moves: sowings */
    if (!cli_ok(vm.status)) {
        free(js);
        goto out;
    }
    if (!js) {
        fprintf(stderr, "mancala: out of memory\n");
        goto out;
    }
    printf("%s\n", js);
    free(js);
    rc = 0;
out:
    hist_free(&h);
    rules_free(r);
    if (have_rec)
        rec_free(&rec);
    return rc;
}

static int run(const char *cmd, Args *a);

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 1;
    }
    const char *cmd = argv[1];
    if (!*cmd) {
        usage(stderr);
        return 1;
    }
    if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
        printf("mancala %s (libmancala %s)\n", MANCALA_VERSION, mc_version());
        return 0;
    }
    const struct Command *c = find_command(cmd);
    if (!c) {
        unknown("command", cmd, NULL);
        return 1;
    }
    Args a;
    int ok = parse_args(argc - 2, argv + 2, &a, c);
    if (ok != 1) {
        free(a.pos);
        return ok == 2 ? 0 : 1;
    }
    int rc = run(cmd, &a);
    free(a.pos);
    return rc;
}

static int run(const char *cmd, Args *a0)
{
    Args a = *a0;
    if (!strcmp(cmd, "list"))
        return cli_list(a.rows, a.region, a.feature, a.words, a.json);
    if (!strcmp(cmd, "show"))
        return cmd_show(&a);
    if (!strcmp(cmd, "validate"))
        return cmd_validate(&a);
    if (!strcmp(cmd, "perft"))
        return cmd_perft(&a);
    if (!strcmp(cmd, "replay"))
        return cmd_replay(&a);
    if (!strcmp(cmd, "play")) {
        const char *variant = a.npos ? a.pos[0] : DEFAULT_VARIANT;
        if (a.load && (a.npos || a.nopts || a.have_seed)) {
            fprintf(stderr, "mancala: play --load takes the variant, options and seed from the record\n");
            return 1;
        }
        return cli_play(variant, a.opts, a.nopts, a.south, a.north,
                        a.have_seed ? a.seed : (unsigned long)time(NULL), a.load);
    }
    if (!strcmp(cmd, "match")) {
        if (a.npos != 1) {
            fprintf(stderr, "mancala: usage: mancala match VARIANT --south WHO --north WHO --games N [--seed S] [--json] [--option K=V]...\n");
            return 1;
        }
        return cli_match(a.pos[0], a.opts, a.nopts, a.south, a.north, a.games ? a.games : 100,
                         a.have_seed ? a.seed : 1, a.json);
    }
    if (!strcmp(cmd, "bench") && a.all) {
        if (a.npos || a.search || a.perft_depth || a.nopts) {
            fprintf(stderr, "mancala: usage: mancala bench --all [--seconds S | --games N] [--seed N] [--json]\n");
            return 1;
        }
        return cli_bench_all(a.have_seconds ? a.seconds : 1, a.games, a.have_seed ? a.seed : 1, a.json);
    }
    if (!strcmp(cmd, "bench")) {
        if (a.npos != 1) {
            fprintf(stderr, "mancala: usage: mancala bench VARIANT [--seconds S]\n");
            return 1;
        }
        if (a.search && a.perft_depth) {
            fprintf(stderr, "mancala: bench takes --perft or --search, not both\n");
            return 1;
        }
        return cli_bench(a.pos[0], a.opts, a.nopts, a.seconds, a.games, a.have_seed ? a.seed : 1, a.perft_depth,
                         a.search);
    }
    fprintf(stderr, "mancala: unknown command '%s'\n", cmd);
    usage(stderr);
    return 1;
}
