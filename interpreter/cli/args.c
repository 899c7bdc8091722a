/* args.c: the commands of the command line, the flags each takes, and
 * the reading of their arguments (`--flag value`, `--flag=value`,
 * `COMMAND --help`, did-you-mean for unknown names). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "endgame.h"

/* ---- the commands and their flags ------------------------------------ */

enum {
    F_OPTION = 1 << 0, F_FROM = 1 << 1, F_SOUTH = 1 << 2, F_NORTH = 1 << 3, F_RECORD = 1 << 4,
    F_REGION = 1 << 5, F_FEATURE = 1 << 6, F_ROWS = 1 << 7, F_WORDS = 1 << 8, F_LOAD = 1 << 9,
    F_SECONDS = 1 << 10, F_SEED = 1 << 11, F_GAMES = 1 << 12, F_PERFT = 1 << 13, F_SEARCH = 1 << 14,
    F_JSON = 1 << 15, F_ALL = 1 << 16, F_EVENTS = 1 << 17, F_PLAN = 1 << 18, F_COLOR = 1 << 19,
    F_VERBOSE = 1 << 20, F_ANIMATE = 1 << 21, F_JOBS = 1 << 22, F_PLOT = 1 << 23, F_NO_WARNINGS = 1 << 24,
    F_MEMORY = 1 << 25, F_APART = 1 << 26, F_ENDGAME = 1 << 27, F_DB = 1 << 28,
    F_CHECKPOINT = 1 << 29, F_BOUND = 1u << 30
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
    { "--color", F_COLOR, 1 }, { "--verbose", F_VERBOSE, 0 }, { "--animate", F_ANIMATE, 0 },
    { "--jobs", F_JOBS, 1 }, { "--plot", F_PLOT, 1 }, { "--no-warnings", F_NO_WARNINGS, 0 },
    { "--memory", F_MEMORY, 1 }, { "--stores-apart", F_APART, 0 }, { "--endgame", F_ENDGAME, 1 },
    { "--db", F_DB, 1 }, { "--checkpoint", F_CHECKPOINT, 1 }, { "--bound", F_BOUND, 1 },
    /* the players by number: --p1 is --south, --p2 --north; --p3 and
     * --p4 go with --south (commands that take one take the others) */
    { "--p1", F_SOUTH, 1 }, { "--p2", F_NORTH, 1 }, { "--p3", F_SOUTH, 1 }, { "--p4", F_SOUTH, 1 },
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
    { "show", F_PLAN | F_OPTION | F_JSON, 1, 1,
      "usage: mancala show VARIANT [--plan | --json] [--option K=V]...\n"
      "Prints the rules of VARIANT in words, with its sources and readings and its options;\n"
      "--plan prints instead how the engine runs them (its kernels and short cuts); --json\n"
      "prints one JSON object: the game's names, board, sources, options and rules in words.\n" },
    { "validate", F_OPTION | F_JSON | F_NO_WARNINGS, 1, -1,
      "usage: mancala validate FILE... [--json] [--no-warnings] [--option K=V]...\n"
      "Checks variant files (- reads standard input): prints FILE: ok: ... for each good one, and\n"
      "FILE:LINE:COL: error: ... for each mistake; the exit status is 1 if any file is bad.\n"
      "FILE:LINE:COL: warning: ... (a rule that can never apply, an option never read) does not\n"
      "make a file bad; --no-warnings leaves them out.\n"
      "--json: a JSON object a file, on standard output, its errors included.\n" },
    { "perft", F_FROM | F_OPTION | F_JSON | F_JOBS, 2, 2,
      "usage: mancala perft VARIANT DEPTH [--from POS.json] [--jobs N] [--json] [--option K=V]...\n"
      "Counts the positions reached by every sequence of 1..DEPTH decisions from the start of\n"
      "VARIANT (or from the JSON position POS.json; - reads standard input), on N threads (every\n"
      "core by default; the counts do not depend on it); --json: as one JSON object.\n" },
    { "replay", F_FROM | F_RECORD | F_EVENTS | F_OPTION | F_JSON, 1, -1,
      "usage: mancala replay VARIANT [--from POS.json | --record FILE] [--events] [--option K=V]... MOVE...\n"
      "Plays the moves from the start (or from POS.json, or after the moves of a game record) and\n"
      "prints the position reached as JSON (--json changes nothing); --events prints what each\n"
      "move did, a JSON line each. - reads POS.json or FILE from standard input.\n" },
    { "play", F_SOUTH | F_NORTH | F_SEED | F_OPTION | F_LOAD | F_COLOR | F_FROM | F_VERBOSE | F_ANIMATE, 0, 1,
      "usage: mancala play [VARIANT] [--south WHO] [--north WHO] [--seed N] [--from POS.json] [--option K=V]...\n"
      "                    [--verbose] [--animate] [--color WHEN]\n"
      "       mancala play --load FILE [--south WHO] [--north WHO] [--verbose] [--animate] [--color WHEN]\n"
      "Plays a game (Bohnenspiel without VARIANT) in the terminal. WHO is human, random, greedy,\n"
      "alphabeta[:time=S|:depth=D] or mcts[:time=S|:playouts=N][:c=X]; South is human and North\n"
      "alphabeta:time=1 unless told. Of more than two players, --p1 (South's), --p2 (North's), --p3\n"
      "and --p4 name them: Player 1 is human and the others alphabeta:time=1 unless told. --from starts from a JSON position (- reads standard input);\n"
      "--load continues a saved game. --verbose tells each lap of a sowing, hole by hole, and what\n"
      "the computer searched; --animate shows each sowing seed by seed (on a terminal; a key skips).\n"
      "--color auto (the default: on a terminal, unless NO_COLOR is set or TERM is dumb), always\n"
      "or never. At the prompt, `help` lists the commands.\n" },
    { "match", F_SOUTH | F_NORTH | F_GAMES | F_SEED | F_JOBS | F_JSON | F_OPTION | F_FROM, 1, 1,
      "usage: mancala match VARIANT --south WHO --north WHO [--games N] [--seed S] [--jobs N] [--json]\n"
      "                     [--from POS.json] [--option K=V]...\n"
      "Plays N games (100 by default) between two computer players, each beginning half of them\n"
      "(each taking South's side in half of them, from the JSON position POS.json),\n"
      "on N threads (every core by default; the same games whatever their number, unless a player\n"
      "thinks by time), and prints the score with its 95% interval.\n" },
    { "stats", F_SOUTH | F_NORTH | F_GAMES | F_SEED | F_JOBS | F_JSON | F_PLOT | F_OPTION | F_FROM, 1, 1,
      "usage: mancala stats VARIANT [--south WHO] [--north WHO] [--games N] [--seed S] [--jobs N]\n"
      "                     [--json] [--plot FILE.svg] [--from POS.json] [--option K=V]...\n"
      "Plays N games (1000 by default) between two computer players (random ones unless told) on\n"
      "--jobs threads (all cores by default) and reports who wins with 95% intervals, how long games\n"
      "last, how they end, the branching factor, the captures and the stores over the game; the same\n"
      "--seed gives the same report whatever --jobs. --json: one JSON object; --plot: an SVG picture;\n"
      "--from: the games begin at the JSON position POS.json. Of more than two players, --p1 (South's),\n"
      "--p2 (North's), --p3 and --p4 name them.\n" },
    { "solve", F_FROM | F_OPTION | F_JSON | F_MEMORY | F_SEARCH | F_APART | F_JOBS | F_ENDGAME | F_DB | F_CHECKPOINT |
                   F_BOUND,
      1, 1,
      "usage: mancala solve VARIANT [--from POS.json] [--search [--stores-apart] [--jobs N] [--db DIR]]\n"
      "                     [--bound WHICH] [--checkpoint FILE] [--memory MB] [--json] [--option K=V]...\n"
      "       mancala solve --endgame K VARIANT [--db DIR] [--bound WHICH] [--from POS.json] [--jobs N]\n"
      "                     [--memory MB] [--json] [--option K=V]...\n"
      "Solves the start of VARIANT (or the JSON position POS.json; - reads standard input): its\n"
      "value under perfect play (who wins, by how many seeds), the value of each move and a best\n"
      "line, by retrograde analysis of every position reachable from it. A match is solved round\n"
      "by round. --search: by MTD(f) search instead, for games too large to list whose positions\n"
      "never come back, on N threads sharing its table (every core by default); with --stores-apart,\n"
      "which asserts that no rule reads the stores and that the larger store wins, positions are\n"
      "told apart by all but their stores (far fewer to search), and the endgame databases in DIR\n"
      "give the value of the positions they hold.\n"
      "--endgame K: builds the endgame databases of every position with at most K seeds on the board\n"
      "(of the shape of the start, or of POS.json) into DIR (VARIANT-endgame by default), one file\n"
      "for each count; counts already built there are checked and kept.\n"
      "--bound WHICH, lower: endless play counts as South's worst end, so the value is the most South\n"
      "can force by ending the game, whatever the rule for endless play (upper: the least North can);\n"
      "where the two meet, that rule does not matter. Databases built with --bound hold those bounds.\n"
      "--checkpoint FILE: the listing is kept in FILE when it stops (Ctrl-C, the memory bound) and\n"
      "every 10 minutes; the same command goes on from it (with more --memory, say).\n"
      "--memory: the most its tables take (4096 MB by default). --json: one object.\n" },
    { "bench", F_SECONDS | F_GAMES | F_SEED | F_PERFT | F_SEARCH | F_OPTION | F_ALL | F_JSON, 0, 1,
      "usage: mancala bench VARIANT [--seconds S | --games N] [--seed N] [--perft D | --search] [--json]\n"
      "                    [--option K=V]...\n"
      "       mancala bench --all [--seconds S | --games N] [--seed N] [--json]\n"
      "Random games of VARIANT (3 s by default), or of every built-in (--all, 1 s each): games and\n"
      "plies a second; --perft D times perft to depth D, --search the alphabeta player. --json:\n"
      "one JSON object (a line a variant with --all).\n" },
};

const struct Command *cli_command(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (!strcmp(commands[i].name, name))
            return &commands[i];
    return NULL;
}

/* An unknown flag or command: says so, with the nearest known name. */
static void unknown(const char *what, const char *s, const struct Command *cmd)
{
    const char *best = NULL;
    int bd = 3;
    if (cmd) {
        for (size_t i = 0; i < sizeof flags / sizeof *flags; i++)
            if (dg_near(s, flags[i].name) < bd)
                bd = dg_near(s, flags[i].name), best = flags[i].name;
    } else {
        for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
            if (dg_near(s, commands[i].name) < bd)
                bd = dg_near(s, commands[i].name), best = commands[i].name;
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
    case F_SOUTH:
        *(!strcmp(name, "--p3") ? &a->more[0] : !strcmp(name, "--p4") ? &a->more[1] : &a->south) = val;
        return 1;
    case F_NORTH: a->north = val; return 1;
    case F_RECORD: a->record = val; return 1;
    case F_REGION: a->region = val; return 1;
    case F_FEATURE: a->feature = val; return 1;
    case F_WORDS: a->words = val; return 1;
    case F_LOAD: a->load = val; return 1;
    case F_PLOT: a->plot = val; return 1;
    case F_DB: a->db = val; return 1;
    case F_CHECKPOINT: a->checkpoint = val; return 1;
    case F_BOUND:
        a->bound = !strcmp(val, "lower") ? SOLVE_LOWER : !strcmp(val, "upper") ? SOLVE_UPPER : 0;
        if (!a->bound)
            fprintf(stderr, "mancala: --bound takes lower or upper, not '%s'\n", val);
        return a->bound != 0;
    case F_COLOR:
        if (strcmp(val, "auto") && strcmp(val, "always") && strcmp(val, "never")) {
            fprintf(stderr, "mancala: --color takes auto, always or never\n");
            return 0;
        }
        a->color = !strcmp(val, "always") ? 1 : !strcmp(val, "never") ? 0 : -1;
        return 1;
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
    case F_ROWS: case F_JOBS: case F_GAMES: case F_PERFT: case F_MEMORY: case F_ENDGAME: {   /* 1..max */
        const int max = bit == F_ROWS ? 8 : bit == F_GAMES ? 1000000 : bit == F_MEMORY ? 1048576
                      : bit == F_ENDGAME ? EG_MAX_SEEDS : 64;
        long v = strtol(val, &end, 10);
        if (*end || !*val || v < 1 || v > max) {
            fprintf(stderr, "mancala: %s takes a whole number in 1..%d\n", name, max);
            return 0;
        }
        *(bit == F_ROWS     ? &a->rows
          : bit == F_JOBS   ? &a->jobs
          : bit == F_GAMES  ? &a->games
          : bit == F_MEMORY ? &a->memory
          : bit == F_ENDGAME ? &a->endgame
                            : &a->perft_depth) = (int)v;
        return 1;
    }
    default:
        return 1;
    }
}

/* Reads the arguments of `cmd`: its flags (`--flag value` or
 * `--flag=value`; `-o` for `--option`), and the others in a->pos. A flag
 * the command does not take, an unknown one, or too many or too few other
 * arguments are refused with a message. Returns 1 if all is well, 0 if
 * not, 2 if the command's help was asked for (and printed). */
int cli_args(int argc, char **argv, Args *a, const struct Command *cmd)
{
    memset(a, 0, sizeof *a);
    a->seconds = 3;
    a->color = -1;
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
            a->verbose |= f->bit == F_VERBOSE;
            a->animate |= f->bit == F_ANIMATE;
            a->no_warnings |= f->bit == F_NO_WARNINGS;
            a->stores_apart |= f->bit == F_APART;
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

int cli_jobs(int asked)
{
    if (asked > 0)
        return asked;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores > 0 ? (int)(cores < CLI_MAX_JOBS ? cores : CLI_MAX_JOBS) : 1;
}

uint64_t cli_game_seed(unsigned long seed, long game, int side)
{
    return (uint64_t)seed * 0x9E3779B97F4A7C15ull + (uint64_t)game * 2 + (uint64_t)side + 1;
}

double cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void cli_unknown_command(const char *name)
{
    unknown("command", name, NULL);
}
