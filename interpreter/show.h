/* show.h: the rules of a loaded variant, in words (`mancala show`). */
#ifndef MANCALA_SHOW_H
#define MANCALA_SHOW_H

#include <stdio.h>
#include "rules.h"

void rules_describe(const Rules *r, FILE *f);

#endif
