/* show.h: the rules of a loaded variant, in words (`mancala show`). */
#ifndef MANCALA_SHOW_H
#define MANCALA_SHOW_H

#include <stdio.h>
#include "rules.h"

void rules_describe(const Rules *r, FILE *f);

/* The numbering, the sides and the tracks (showboard.c). */
void show_board_layout(FILE *f, const Rules *r);
/* Where large stones lie in the stores (board.store-stones), in words. */
void show_store_stones(FILE *f, const Rules *r);

/* The match's part of it (nothing for a single game). */
void show_match(FILE *f, const Rules *r);

#endif
