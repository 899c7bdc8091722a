/* fuzz_load: the input is a variant file; it is loaded, its diagnostics
 * printed (to /dev/null: the caret lines are computed), and freed.
 *
 * A first line `#opts KEY=VALUE` (a YAML comment, so the rest of the file
 * reads as before) passes KEY=VALUE to rules_load as one option. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *devnull;
    if (!devnull && !(devnull = fopen("/dev/null", "w")))
        abort();
    char *text = fz_text(data, size);
    if (!text)
        return 0;
    Diags dg;
    Rules *r = fz_load(text, size, MC_LOAD_DEFAULT, &dg);
    dg_print(&dg, devnull, 1);
    if (r && dg.errors)
        abort();   /* loaded, yet errors were reported */
    if (!r && !dg.errors)
        abort();   /* refused without a word */
    rules_free(r);
    dg_free(&dg);
    free(text);
    return 0;
}
