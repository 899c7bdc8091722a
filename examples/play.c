/* play.c: two computer players play one game of a mancala variant through
 * libmancala, the library's tutorial program (docs/library.md walks
 * through it).
 *
 *   play [VARIANT | FILE [KEY=VALUE...]]
 *
 * VARIANT is a built-in variant's name (default: kalah); FILE, a variant
 * file (a name with a '/' or ending in .yaml); KEY=VALUE, the variant's
 * options. It prints each move's token, each event as a line of JSON, the
 * final position as JSON and the result. The players' random choices are
 * seeded, so a run always prints the same. Exit status 0 when the game
 * ended, 1 on any failure.
 *
 * Build against an installed library:
 *   cc -std=c11 $(pkg-config --cflags mancala) -o play play.c $(pkg-config --libs mancala) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mancala.h>

static const char *const side[2] = { "south", "north" };

/* The event sink: the machine calls it for every event, in order, while
 * mc_start and mc_play run. mc_event_json works like snprintf. */
static void print_event(void *arg, const McEvent *ev)
{
    const McRules *rules = arg;
    char buf[512], *line = buf;
    int n = mc_event_json(rules, ev, buf, sizeof buf);
    if (n >= (int)sizeof buf && (line = malloc((size_t)n + 1)) != NULL)
        mc_event_json(rules, ev, line, (size_t)n + 1);
    printf("  %s\n", line ? line : "{\"event\":\"?\"}");
    if (line != buf)
        free(line);
}

static int is_file(const char *name)
{
    size_t n = strlen(name);
    return strchr(name, '/') || (n > 5 && !strcmp(name + n - 5, ".yaml"));
}

int main(int argc, char **argv)
{
    const char *variant = argc > 1 ? argv[1] : "kalah";
    const char *const *opts = argc > 2 ? (const char *const *)argv + 2 : NULL;
    int nopts = argc > 2 ? argc - 2 : 0;
    const char *spec[2] = { "alphabeta:depth=3", "mcts:playouts=200" };
    McRules *rules = NULL;
    McVm *vm = NULL;
    McHistory *hist = NULL;
    McPlayer *player[2] = { NULL, NULL };
    int rc = MC_OK, ok = 0;

    /* 1. The rule set: a file or a built-in variant, with options. */
    char *errors = NULL;
    if (is_file(variant))
        rules = mc_load_file(variant, opts, nopts, MC_LOAD_DEFAULT, &errors);
    else
        rules = mc_load_builtin(variant, opts, nopts, MC_LOAD_DEFAULT, &errors);
    if (!rules) {
        fputs(errors ? errors : "out of memory\n", stderr);   /* lines */
        free(errors);
        return 1;
    }
    printf("libmancala %s: %s, %d x %d holes, %d seeds\n", mc_version(), mc_rules_title(rules),
           mc_rules_rows(rules), mc_rules_width(rules), mc_rules_seeds(rules));

    /* 2. A machine (with the event sink), a history, two players. */
    vm = mc_vm_new(rules);
    hist = mc_history_new();
    if (!vm || !hist) {
        fprintf(stderr, "out of memory\n");
        goto done;
    }
    mc_vm_set_events(vm, print_event, rules, 0);
    for (int p = 0; p < 2; p++) {
        char err[256];
        player[p] = mc_player_new(rules, spec[p], (uint64_t)p + 1, err, sizeof err);
        if (!player[p]) {
            fprintf(stderr, "%s: %s\n", spec[p], err);
            goto done;
        }
        printf("%s: %s\n", side[p], spec[p]);
    }

    /* 3. The game: a decision at a time until the position is over. */
    McPosition pos;
    McMove moves[MC_MAX_MOVES];
    rc = mc_start(vm, &pos, hist);
    for (int ply = 1; rc == MC_OK && !pos.over; ply++) {
        int n = mc_moves(vm, &pos, moves);
        if (n <= 0) {                    /* a position not over has moves */
            rc = n < 0 ? n : MC_EINVAL;
            break;
        }
        int k = mc_player_choose(player[pos.to_move], &pos, NULL);
        if (k < 0) {
            rc = k;
            break;
        }
        char tok[256];
        mc_move_token(rules, &moves[k], tok, sizeof tok);
        printf("%d. %s plays %s\n", ply, side[pos.to_move], tok);
        rc = mc_play(vm, &pos, &moves[k], hist);
    }
    if (rc != MC_OK) {
        fprintf(stderr, "the game stopped: %s\n", mc_status_text(rc));
        goto done;
    }

    /* 4. The final position as JSON, and the result. */
    char *json = mc_position_to_json(vm, &pos);
    if (!json) {
        rc = mc_vm_status(vm);
        fprintf(stderr, "position: %s\n", rc ? mc_status_text(rc) : "out of memory");
        goto done;
    }
    printf("%s\n", json);
    free(json);
    printf("result: %s%s; stores %d-%d", pos.winner == MC_WIN_DRAW ? "a draw" : side[pos.winner],
           pos.winner == MC_WIN_DRAW ? "" : " wins", pos.store[MC_SOUTH], pos.store[MC_NORTH]);
    if (pos.total[MC_SOUTH] || pos.total[MC_NORTH])    /* a match */
        printf("; match totals %d-%d after %d rounds", pos.total[MC_SOUTH], pos.total[MC_NORTH], pos.round);
    printf("\n");
    ok = 1;

done:
    for (int p = 0; p < 2; p++)
        mc_player_free(player[p]);
    mc_history_free(hist);
    mc_vm_free(vm);
    mc_rules_free(rules);    /* last: the machine and players used it */
    return ok ? 0 : 1;
}
