/* driver.c: runs a fuzz target once over each file named on the command
 * line, without libFuzzer: `make test` builds the targets this way with
 * gcc under AddressSanitizer and UndefinedBehaviorSanitizer and runs them
 * over the regression inputs in tests/fuzz/TARGET/ (clang is not needed).
 * Prints one line per file; a failed check aborts, as under libFuzzer. */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz.h"

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            perror(argv[i]);
            return 1;
        }
        size_t cap = 1 << 16, n = 0;
        unsigned char *buf = malloc(cap);
        size_t got;
        while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
            n += got;
            if (n == cap) {
                unsigned char *nb = realloc(buf, cap *= 2);
                if (!nb) {
                    free(buf);
                    buf = NULL;
                }
                buf = nb;
            }
        }
        fclose(f);
        if (!buf) {
            fprintf(stderr, "%s: out of memory\n", argv[i]);
            return 1;
        }
        LLVMFuzzerTestOneInput(buf, n);
        free(buf);
        printf("ok %s\n", argv[i]);
    }
    return 0;
}
