/* main.c: the `mancala` command line (mancala(1)). */
#define _XOPEN_SOURCE 700   /* realpath */
#include <errno.h>
#include <jansson.h>
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

static void usage(FILE *f)
{
    fputs("usage: mancala COMMAND [ARGS]\n"
          "  list [--rows N] [--region WORD] [--feature F] [--search WORD] [--json]\n"
          "                                     built-in variants (those the filters keep)\n"
          "  show VARIANT [--plan | --json] [--option K=V]...\n"
          "                                     the rules in words (--plan: the engine's plan)\n"
          "  validate FILE... [--json] [--no-warnings] [--option K=V]...\n"
          "                                     check variant files\n"
          "  perft VARIANT DEPTH [--from POS.json] [--jobs N] [--json] [--option K=V]...\n"
          "  replay VARIANT [--from POS.json | --record FILE] [--events] [--option K=V]... MOVE...\n"
          "  play [VARIANT] [--south WHO] [--north WHO] [--seed N] [--from POS.json] [--option K=V]...\n"
          "  play --load FILE [--south WHO] [--north WHO]\n"
          "                                     (both: --verbose, --animate, --color WHEN)\n"
          "  match VARIANT --south WHO --north WHO [--games N] [--seed S] [--jobs N] [--json]\n"
          "                [--option K=V]...\n"
          "  stats VARIANT [--south WHO] [--north WHO] [--games N] [--seed S] [--jobs N] [--json]\n"
          "                [--plot FILE.svg] [--option K=V]...\n"
          "                                     who wins, game lengths, ends, branching, captures\n"
          "  solve VARIANT [--from POS.json] [--search [--stores-apart] [--jobs N] [--db DIR]] [--bound WHICH]\n"
          "                [--checkpoint FILE] [--memory MB] [--json]\n"
          "  solve --endgame K VARIANT [--db DIR] [--bound WHICH] [--from POS.json] [--jobs N] [--memory MB]\n"
          "                [--option K=V]...\n"
          "                                     the value under perfect play, best moves\n"
          "  bench VARIANT [--seconds S | --games N] [--seed N] [--perft D | --search] [--json]\n"
          "                [--option K=V]...\n"
          "  bench --all [--seconds S | --games N] [--seed N] [--json]\n"
          "                                     random games of every built-in (1 s each)\n"
          "VARIANT is a built-in name (see `list`) or a path to a variant file.\n"
          "WHO is human, random, greedy, alphabeta[:time=S|:depth=D] or\n"
          "mcts[:time=S|:playouts=N][:c=X].\n"
          "mancala COMMAND --help says more of each. FILE - reads standard input.\n"
          "mancala --version prints the version. See mancala(1) and docs/variant-format.md.\n", f);
}

/* ---- loading variants ------------------------------------------------- */

/* Where `make install` puts the variant files (share/mancala/variants). */
#ifndef MANCALA_DATADIR
#define MANCALA_DATADIR "/usr/local/share/mancala"
#endif

int cli_two_players(const Rules *r, const char *cmd)
{
    if (r->players == 2)
        return 1;
    fprintf(stderr, "mancala: %s: %s is a game of %d players (`players`); %s takes games of two so far (play, "
                    "stats, perft, replay, show, validate and bench take more)\n", cmd, r->name, r->players, cmd);
    return 0;
}

const char *cli_seat_flag(int i)
{
    static const char *const flag[MAX_PLAYERS] = { "--south", "--north", "--p3", "--p4" };
    return flag[i & PL_MASK];
}

int cli_seats_fit(const Rules *r, const char *const more[MAX_PLAYERS - 2])
{
    for (int i = r->players; i < MAX_PLAYERS; i++)
        if (more[i - 2]) {
            fprintf(stderr, "mancala: %s: %s is a game of %d players\n", cli_seat_flag(i), r->name, r->players);
            return 0;
        }
    return 1;
}

/* Loads VARIANT (name or path) with options; prints diagnostics. */
Rules *cli_load(const char *variant, const char *const *opts, int nopts)
{
    const BuiltinVariant *b = NULL;
    int is_path = strchr(variant, '/') || strstr(variant, ".yaml") || strstr(variant, ".yml");
    if (!is_path)
        b = builtin_find(variant);
    if (!b && !is_path && access(variant, F_OK) != 0) {
        const char *best = NULL;
        int bd = 3;
        for (const BuiltinVariant *v = builtin_variants; v->name; v++)
            if (dg_near(variant, v->name) < bd)
                bd = dg_near(variant, v->name), best = v->name;
        fprintf(stderr, "mancala: no variant named '%s'", variant);
        if (best)
            fprintf(stderr, " (did you mean '%s'?)", best);
        fprintf(stderr, " (see `mancala list`), and no such file\n");
        return NULL;
    }
    char *text = NULL;
    size_t len;
    const char *file = variant;
    char where[4096];
    if (b) {
        text = (char *)b->text;
        len = strlen(b->text);
        /* messages name a file the user has: the one in the sources (run
         * from the source tree), else the installed copy, else the name */
        const char *base = strrchr(b->path, '/') ? strrchr(b->path, '/') + 1 : b->path;
        snprintf(where, sizeof where, "%s/variants/%s", MANCALA_DATADIR, base);
        if (access(b->path, R_OK) == 0)
            file = b->path;
        else if (access(where, R_OK) == 0)
            file = where;
        else {
            snprintf(where, sizeof where, "%s (built-in)", b->name);
            file = where;
        }
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
    return cli_read_position(vm->r, from, p) && cli_settle(vm, p, h);
}

/* The JSON position of `text` (`len` bytes; `name` names it in the
 * message); 1, or 0 after a message. */
static int parse_position(const Rules *r, const char *name, const char *text, size_t len, Position *p)
{
    char err[512];
    if (pos_from_json(r, text, len, p, err, sizeof err))
        return 1;
    fprintf(stderr, "mancala: %s: %s\n", name, err);
    return 0;
}

int cli_read_position(const Rules *r, const char *from, Position *p)
{
    char *text;
    size_t len;
    char err[512];
    if (!io_read_file(from, &text, &len, err, sizeof err)) {
        fprintf(stderr, "mancala: %s\n", err);
        return 0;
    }
    int ok = parse_position(r, from, text, len, p);
    free(text);
    return ok;
}

int cli_settle(Vm *vm, Position *p, History *h)
{
    if (h)
        h->base = h->n;
    return cli_ok(flow_settle(vm, p, h));
}

int cli_read_start(const Rules *r, const char *from, Position *p)
{
    Vm vm;
    cli_vm(&vm, r);
    if (!cli_read_position(r, from, p))
        return 0;
    Position q = *p;
    if (!cli_settle(&vm, &q, NULL))
        return 0;
    if (q.over) {
        fprintf(stderr, "mancala: %s: the game is over there\n", from);
        return 0;
    }
    return 1;
}

int cli_start_text(Vm *vm, const char *name, const char *text, size_t len, Position *p, History *h)
{
    return parse_position(vm->r, name, text, len, p) && cli_settle(vm, p, h);
}

/* ---- commands --------------------------------------------------------- */

/* Whether the paths `a` and `b` name the same file (a record names its
 * variant file by its full path; the command line may name it
 * otherwise). */
static int same_file(const char *a, const char *b)
{
    char ra[4096], rb[4096];
    return realpath(a, ra) && realpath(b, rb) && !strcmp(ra, rb);
}

static int cmd_show(Args *a)
{
    if (a->npos != 1) {
        fprintf(stderr, "mancala: usage: mancala show VARIANT [--plan] [--option K=V]...\n");
        return 1;
    }
    Rules *r = cli_load(a->pos[0], a->opts, a->nopts);
    if (!r)
        return 1;
    if (a->plan && a->json)
        fprintf(stderr, "mancala: show takes --plan or --json, not both\n");
    else if (a->plan)
        plan_describe(r, stdout);
    else if (a->json)
        cli_show_json(r);
    else
        rules_describe(r, stdout);
    int rc = a->plan && a->json;
    rules_free(r);
    return rc;
}

/* Prints `o` as a line of JSON (and frees it). */
static void print_json(json_t *o)
{
    char *s = json_dumps(o, JSON_COMPACT | JSON_ENSURE_ASCII);
    if (s)
        printf("%s\n", s);
    else
        fprintf(stderr, "mancala: out of memory\n");
    free(s);
    json_decref(o);
}

/* validate --json: a file's result as a line of JSON: its variant, or its
 * errors (`why`, a file that could not be read, else the diagnostics). */
static void validate_json(const char *name, const Rules *r, const Diags *dg, const char *why)
{
    json_t *o = json_object(), *errs = json_array();
    json_object_set_new(o, "file", json_string(name));
    json_object_set_new(o, "ok", json_boolean(r != NULL));
    if (r) {
        json_object_set_new(o, "game", json_string(r->name));
        json_object_set_new(o, "rows", json_integer(r->rows));
        json_object_set_new(o, "holes", json_integer(r->width));
        json_object_set_new(o, "seeds", json_integer(r->total_seeds));
        json_object_set_new(o, "options", json_integer(r->noptions));
    }
    if (why) {
        json_t *e = json_object();
        json_object_set_new(e, "line", json_integer(0));
        json_object_set_new(e, "column", json_integer(0));
        json_object_set_new(e, "message", json_string(why));
        json_array_append_new(errs, e);
    }
    for (int i = 0; dg && i < dg->count; i++) {
        json_t *e = json_object();
        json_object_set_new(e, "line", json_integer(dg->items[i].loc.line));
        json_object_set_new(e, "column", json_integer(dg->items[i].loc.col));
        json_object_set_new(e, "message", json_string(dg->items[i].msg));
        if (dg->items[i].is_note)
            json_object_set_new(e, "note", json_true());
        if (dg->items[i].is_warning)
            json_object_set_new(e, "warning", json_true());
        json_array_append_new(errs, e);
    }
    json_object_set_new(o, "errors", errs);
    print_json(o);
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
            if (a->json)
                validate_json(name, NULL, NULL, err);
            else
                fprintf(stderr, "mancala: %s\n", err);
            bad = 1;
            continue;
        }
        Diags dg;
        dg_init(&dg, name, text, len);
        dg.no_warnings = a->no_warnings;
        Rules *r = rules_open(name, text, len, a->opts, a->nopts, MC_LOAD_DEFAULT, &dg);
        if (a->json)
            validate_json(name, r, &dg, NULL);
        else
            dg_print(&dg, stderr, 1);
        if (r && !a->json)
            printf("%s: ok: %s, %d x %d holes, %d seeds, %d option%s\n", name, r->name, r->rows,
                   r->width, r->total_seeds, r->noptions, r->noptions == 1 ? "" : "s");
        bad |= r == NULL;
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

static int cmd_perft(Args *a)
{
    if (a->npos != 2) {
        fprintf(stderr, "mancala: usage: mancala perft VARIANT DEPTH [--from POS.json] [--jobs N]\n");
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
        int st = cli_perft(&vm, &p, &h, (int)depth, a->jobs, counts);
        if (cli_stop) {
            fprintf(stderr, "mancala: interrupted\n");
            rc = 130;
        } else if (!cli_ok(st)) {
            rc = 1;
        } else {
            if (a->json) {   /* {"variant": NAME, "nodes": [depth 1, depth 2, ...]} */
                json_t *o = json_object(), *n = json_array();
                json_object_set_new(o, "variant", json_string(r->name));
                for (int d = 1; d <= depth; d++)
                    json_array_append_new(n, json_integer((json_int_t)counts[d]));
                json_object_set_new(o, "nodes", n);
                print_json(o);
            } else {
                for (int d = 1; d <= depth; d++)
                    printf("%d %llu\n", d, (unsigned long long)counts[d]);
            }
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
            fprintf(stderr, "mancala: --record cannot go with --from (a record says where its game starts)\n");
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
        strcmp(rec.variant, r->file) != 0 && !same_file(rec.variant, a->pos[0])) {
        fprintf(stderr, "mancala: %s records a game of '%s', not '%s'\n", a->record, rec.variant, r->name);
        goto out;
    }
    char start_name[4200];
    snprintf(start_name, sizeof start_name, "%s, its start: line", a->record ? a->record : "");
    if (have_rec && rec.start ? !cli_start_text(&vm, start_name, rec.start, strlen(rec.start), &p, &h)
                              : !cli_start(&vm, a->from, &p, &h))
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
    const struct Command *c = cli_command(cmd);
    if (!c) {
        cli_unknown_command(cmd);
        return 1;
    }
    Args a;
    int ok = cli_args(argc - 2, argv + 2, &a, c);
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
        if (a.load && (a.npos || a.nopts || a.have_seed || a.from)) {
            fprintf(stderr, "mancala: play --load takes the variant, options, seed and start from the record\n");
            return 1;
        }
        return cli_play(variant, &a, a.have_seed ? a.seed : (unsigned long)time(NULL));
    }
    if (!strcmp(cmd, "match") && (a.more[0] || a.more[1])) {
        fprintf(stderr, "mancala: %s: %s names a player of three or four; %s plays games of two so far\n", cmd,
                a.more[0] ? "--p3" : "--p4", cmd);
        return 1;
    }
    if (!strcmp(cmd, "match")) {
        if (a.npos != 1) {
            fprintf(stderr, "mancala: usage: mancala match VARIANT --south WHO --north WHO --games N [--seed S] [--json] [--option K=V]...\n");
            return 1;
        }
        return cli_match(a.pos[0], a.opts, a.nopts, a.south, a.north, a.games ? a.games : 100,
                         a.have_seed ? a.seed : 1, a.jobs, a.json, a.from);
    }
    if (!strcmp(cmd, "stats"))
        return cli_stats(a.pos[0], &a);
    if (!strcmp(cmd, "solve"))
        return cli_solve(a.pos[0], &a);
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
                         a.search, a.json);
    }
    fprintf(stderr, "mancala: unknown command '%s'\n", cmd);
    usage(stderr);
    return 1;
}
