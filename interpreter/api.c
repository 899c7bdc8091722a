/* api.c: the public interface of libmancala (include/mancala.h), over the
 * loader (rules.h), the plan (plan.h), the VM (vm.h), positions (json.h)
 * and the computer players (ai.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "builtin.h"
#include "io.h"
#include "json.h"
#include "rules.h"
#include "solve.h"
#include "vm.h"

const char *mc_version(void)
{
    return MANCALA_VERSION;
}

/* A fixed English phrase for a McStatus (a positive value is "ok"). */
const char *mc_status_text(int status)
{
    switch (status) {
    case MC_OK: return "ok";
    case MC_EINTR: return "interrupted";
    case MC_ETOOLONG: return "a sowing ran past the limit of seeds sown without ending or repeating";
    case MC_ENOMEM: return "out of memory";
    case MC_EINVAL: return "invalid argument";
    default: return status > 0 ? "ok" : "unknown failure";
    }
}

/* ---- loading ----------------------------------------------------------- */

/* Loads and plans rules. `mode` MC_LOAD_*: MC_LOAD_DEFAULT follows the
 * environment variable MANCALA_VM ("general": the reference mode). */
Rules *rules_open(const char *file, const char *text, size_t len, const char *const *opts, int nopts,
                  unsigned mode, Diags *dg)
{
    int general = mode == MC_LOAD_GENERAL;
    if (mode == MC_LOAD_DEFAULT) {
        const char *env = getenv("MANCALA_VM");
        general = env && !strcmp(env, "general");
    }
    Rules *r = rules_load(file, text, len, opts, nopts, general ? LOAD_PLAIN_CODE : 0, dg);
    if (r)
        plan_build(r, general);
    return r;
}

/* The diagnostics as one malloc'd text, into *errors (if wanted). */
static void give_errors(const Diags *dg, char **errors)
{
    if (!errors)
        return;
    *errors = NULL;
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    if (!f)
        return;
    dg_print(dg, f, 0);
    if (fclose(f) != 0) {
        free(buf);
        return;
    }
    *errors = buf;
}

/* One message as *errors: a line, ending with a newline as dg_print's. */
static void give_message(char **errors, const char *msg)
{
    if (!errors)
        return;
    size_t n = strlen(msg);
    *errors = malloc(n + 2);
    if (*errors) {
        memcpy(*errors, msg, n);
        memcpy(*errors + n, "\n", 2);
    }
}

/* mc_load_string for a text with a NUL after its len bytes (what the
 * loader wants): a file read whole, a built-in variant. */
static McRules *load_terminated(const char *name, const char *text, size_t len, const char *const *opts,
                                int nopts, unsigned flags, char **errors)
{
    Diags dg;
    dg_init(&dg, name, text, len);
    Rules *r = rules_open(name, text, len, opts, nopts, flags, &dg);
    if (!r)
        give_errors(&dg, errors);
    else if (errors)
        *errors = NULL;
    dg_free(&dg);
    return r;
}

McRules *mc_load_string(const char *name, const char *text, size_t len, const char *const *opts, int nopts,
                        unsigned flags, char **errors)
{
    char *copy = malloc(len + 1);
    if (!copy) {
        give_message(errors, "out of memory");
        return NULL;
    }
    memcpy(copy, text, len);
    copy[len] = 0;
    McRules *r = load_terminated(name, copy, len, opts, nopts, flags, errors);
    free(copy);
    return r;
}

McRules *mc_load_file(const char *path, const char *const *opts, int nopts, unsigned flags, char **errors)
{
    char *text, err[512];
    size_t len;
    if (!io_read_file(path, &text, &len, err, sizeof err)) {
        give_message(errors, err);
        return NULL;
    }
    McRules *r = load_terminated(path, text, len, opts, nopts, flags, errors);   /* io_read_file ends it with a NUL */
    free(text);
    return r;
}

McRules *mc_load_builtin(const char *name, const char *const *opts, int nopts, unsigned flags, char **errors)
{
    const BuiltinVariant *b = builtin_find(name);
    if (b)
        return load_terminated(b->path, b->text, strlen(b->text), opts, nopts, flags, errors);
    char msg[160];
    snprintf(msg, sizeof msg, "no built-in variant %.100s", name);
    give_message(errors, msg);
    return NULL;
}

const char *mc_builtin_name(int i)
{
    for (int k = 0; builtin_variants[k].name; k++)
        if (k == i)
            return builtin_variants[k].name;
    return NULL;
}

void mc_rules_free(McRules *r)
{
    rules_free(r);
}

const char *mc_rules_name(const McRules *r) { return r->name; }
const char *mc_rules_title(const McRules *r) { return r->title ? r->title : r->name; }
int mc_rules_rows(const McRules *r) { return r->rows; }
int mc_rules_width(const McRules *r) { return r->width; }
int mc_rules_seeds(const McRules *r) { return r->total_seeds; }

/* ---- machines, histories, games ----------------------------------------- */

McVm *mc_vm_new(const McRules *r)
{
    Vm *vm = malloc(sizeof *vm);
    if (vm)
        vm_init(vm, r);
    return vm;
}

void mc_vm_free(McVm *vm) { free(vm); }
void mc_vm_set_poll(McVm *vm, int (*poll)(void *arg), void *arg) { vm_set_poll(vm, poll, arg); }
void mc_vm_set_events(McVm *vm, McEventFn fn, void *arg, unsigned flags) { vm_set_events(vm, fn, arg, flags); }
void mc_vm_reset(McVm *vm) { vm_reset(vm); }
int mc_vm_status(const McVm *vm) { return vm->status; }

McHistory *mc_history_new(void)
{
    History *h = malloc(sizeof *h);
    if (h) {
        hist_init(h);
        h->compact = 1;
    }
    return h;
}

void mc_history_free(McHistory *h)
{
    if (h)
        hist_free(h);
    free(h);
}

int mc_start(McVm *vm, McPosition *p, McHistory *h)
{
    return flow_start(vm, p, h);
}

int mc_moves(McVm *vm, const McPosition *p, McMove *out)
{
    return gen_moves(vm, p, out);
}

int mc_play(McVm *vm, McPosition *p, const McMove *m, McHistory *h)
{
    int rc = flow_play(vm, p, m, h, NULL);
    return rc < 0 ? rc : MC_OK;
}

int mc_move_token(const McRules *r, const McMove *m, char *buf, size_t n)
{
    return tok_write(r, m, buf, n);
}

int mc_find_move(const McRules *r, const McMove *moves, int n, const char *tok)
{
    return tok_find(r, moves, n, tok);
}

int mc_perft(McVm *vm, const McPosition *p, int depth, uint64_t *nodes)
{
    *nodes = 0;
    if (depth < 0)
        return MC_EINVAL;    /* it would walk the whole game and count nothing */
    if (vm->status != MC_OK)
        return vm->status;   /* failed, even at depth 0 */
    /* the moves it plays are no one's: no events */
    McEventFn sink = vm->sink;
    vm->sink = NULL;
    History h;
    hist_init(&h);
    int rc = perft_count(vm, p, &h, depth, nodes);
    hist_free(&h);
    vm->sink = sink;
    return rc;
}

int mc_event_json(const McRules *r, const McEvent *ev, char *buf, size_t n)
{
    return ev_json(r, ev, buf, n);
}

/* ---- positions ---------------------------------------------------------- */

char *mc_position_to_json(McVm *vm, const McPosition *p)
{
    return pos_to_json(vm, p);
}

int mc_position_from_json(const McRules *r, const char *text, size_t len, McPosition *p, char *err,
                          size_t errlen)
{
    return pos_from_json(r, text, len, p, err, errlen) ? MC_OK : MC_EINVAL;
}

int mc_settle(McVm *vm, McPosition *p, McHistory *h)
{
    if (h)
        h->base = h->n;
    return flow_settle(vm, p, h);
}

long mc_seed_total(const McRules *r, const McPosition *p)
{
    return pos_seed_total(r, p);
}

int mc_is_chance(const McRules *r, const McPosition *p)
{
    return pos_chance(r, p);
}

/* ---- players -------------------------------------------------------------- */

McPlayer *mc_player_new(const McRules *r, const char *spec, uint64_t seed, char *err, size_t errlen)
{
    AiSpec s;
    if (!ai_parse(spec, &s, err, errlen))
        return NULL;
    if (s.kind == AI_HUMAN) {
        snprintf(err, errlen, "'%s' is not a computer player", spec);
        return NULL;
    }
    return ai_new_err(r, &s, seed, err, errlen);
}

/* Releases a player from mc_player_new; NULL is accepted. */
void mc_player_free(McPlayer *pl)
{
    ai_free(pl);
}

int mc_player_choose(McPlayer *pl, const McPosition *p, volatile sig_atomic_t *stop)
{
    AiStats st;
    return ai_choose(pl, p, &st, stop);
}

void mc_player_set_history(McPlayer *pl, McHistory *h)
{
    ai_set_history(pl, h);
}

/* ---- solving ---------------------------------------------------------- */

int mc_solve(const McRules *r, const McPosition *p, size_t memory, unsigned flags, volatile sig_atomic_t *stop,
             McSolution *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (r->players > 2) {   /* values are margins of two players */
        snprintf(err, errlen, "%s is a game of %d players: the solver takes games of two", r->name, r->players);
        return MC_EINVAL;
    }
    const SolveOpts o = { memory, NULL, NULL, stop, 1, 0, NULL, NULL, 0 };
    SolveResult *res = malloc(sizeof *res);
    if (!res) {
        snprintf(err, errlen, "out of memory");
        return MC_ENOMEM;
    }
    int rc = flags & MC_SOLVE_SEARCH ? solve_search(r, p, &o, res, err, errlen)
                                     : solve_position(r, p, &o, res, err, errlen);
    if (rc == MC_OK) {
        out->value.winner = res->value.winner;
        out->value.margin = res->value.margin;
        out->nmoves = res->nmoves;
        for (int k = 0; k < res->nmoves; k++) {
            out->move_value[k].winner = res->move_value[k].winner;
            out->move_value[k].margin = res->move_value[k].margin;
            out->move_bound[k] = res->move_bound[k];
        }
        out->positions = res->positions;
        out->seconds = res->seconds;
    }
    free(res);
    return rc;
}
