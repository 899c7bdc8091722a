#!/usr/bin/env python3
"""Plays the same random games in Ludii and in `mancala`, and compares them
move by move; also times Ludii's random playouts against ours.

Ludii (ludii.games, the general game system) is not part of this
repository. tools/ludii/build.sh compiles it from a source snapshot with
javac, and our driver tools/ludii/LudiiDriver.java with it, into
$LUDII_BUILD (default /tmp/ludii-build). Without that build this script
says so and exits 0 (skipped).

For each game whose `about.ludii` names a Ludii game (`mancala list
--json`, and the files variants/*.yaml), or the games given with --game
(a built-in name or a variant file): G random games. At each decision both
programs list their legal moves; Ludii's are mapped to our tokens and
should be the same set (a difference is counted, and the game goes on with
the moves both have); one common move is chosen at random (seeded) and
played in both. After it the board (every hole), the captured seeds of each
player, the player to move, the end and the winner must agree. A game
stops at the first difference, printed with the position before it, the
move and both results.

Mapping. The driver prints Ludii's board sites with their coordinates.
On Ludii's mancalaBoard R x C, a site at (x, y) with whole x in 0..C-1 and
y in 0..R-1 is the hole in row y+1 (from South's edge, Ludii's P1 side)
and column x+1 (from South's left); its number follows
docs/variant-format.md "The board" (two rows: 1..N along South's row,
N+1..2N back along North's). Other sites are stores; a Ludii `map` from
the players to the store sites tells whose. A player's captured seeds in
Ludii are his store, plus his hand sites (Ludii keeps captures in hands
in games without stores); in a game with neither, his score. Ludii's
player 1 is South. A Ludii move selecting a site is the token of its hole;
where our move has a direction, it is read from the track that the move's
sowing names (its direction in our numbering: `cw` or `ccw`). Moves of
the cycle vote (Propose, Vote) are not mapped.

Turns. Ludii plays a relay lap, or an extra sowing within one turn, as a
move of its own (`moveAgain`), and a player without a move passes with a
move. After our move, Ludii's forced moves are played until a decision is
due in both: a pass when it is Ludii's only move, and a move of the same
player when it is his only one and our turn has passed on (or the boards
still differ). Those are counted and shown.

Rounds. A game stops at the end of its first round (Ludii sets up the
next one with moves of its own), except the games of `ROUNDS`, where
Ludii's set-up moves are played as forced moves and the rounds after are
compared too.

Per game: `OPTIONS` gives our options (the file's reading nearest to
Ludii's code; a game with a `ludii-code` option is played with it), `LUDII`
Ludii's ruleset or options; both with the reason.

Usage:
  ludii.py --bin PATH [--build DIR] [--games G] [--seed S] [--cap PLIES]
           [--game NAME]... [--bench SECONDS] [--warmup SECONDS]
Known differences, diagnosed in Ludii's code, are in EXPLAINED (the kind
of the first difference and the reason); such a game is EXPLAINED.
--record FILE writes each game's result into FILE (results.tsv).
Last line: "N agree, E disagree-explained, M disagree, K not comparable". With --bench: for each
game the playouts/s and moves/s of Ludii (its own random playouts, after a
warm-up, as Ludii's Referee.timeRandomPlayouts) and of ours (`mancala
bench VARIANT --seconds S`), as a table.
"""

import argparse
import glob
import json
import os
import random
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results import game_key, record  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# our options that play Ludii's reading of a game, and why
OPTIONS = {
    # Ludii plays one game of these (no rounds, or a round then the next
    # set-up as moves of its own); compare the first
    "bechi": ["match=false"],
    "bechi-2x3": ["match=false"],
    # Ludii's code: a four made in either row, fours behind on both sides
    "kay": ["capture-anywhere=true"],
    # Ludii's Tap Urdy sows clockwise
    "tap-urdy": ["direction=cw", "lap-end=true", "leftover=owners"],
    # Ludii's Intotoi code
    "intotoi": ["ludii-code=true"],
    "bao": ["ludii-start=true"],
    # Ludii's Buqruru sows 1 to 4 seeds a hole, dividing the seeds lifted
    "buqruru": ["groups=dividing"],
    # Ludii's Omangunta Peeta sows on from the landing hole
    "omangunta-peeta": ["relay=landing"],
    # Ludii's Nchayo is played on 4x5 by default (its ruleset's first size)
    "nchayo": ["holes=5"],
    # Ludii's code sows Tchela's last pair as a single lap without capture
    "tchela": ["last-pair=single"],
    # Ludii's code has no opening sowings
    "selus": ["openings=0"],
    # Ludii's code ends the turn once the seeds taken are sown
    "mwambulula": ["capture-ends-turn=true"],
    # Ludii's code takes no other hole after a capture
    "nchuwa": ["extra-take=false"],
    # Ludii's code takes a single space, and a lap of ten seeds or more
    # ends the turn
    "o-an-quan": ["chain=false", "long-lap-ends=true"],
    # Ludii's Laomuzhu sows only from the mover's row
    "laomuzhu": ["own-row=true", "chain=false"],
    # Ludii's Lontu-Holo gives each player the holes to his left
    "lontu-holo": ["halves=left", "pass-origin=false"],
    # Ludii's Yucebao: the stones stay in the stores, the mover's row only
    "yucebao": ["stones-start=stores", "own-row=true"],
    # Ludii's code: the run of captures stops at the origin; each player
    # takes the seeds left in his row
    "halusa": ["origin-ends-chain=true", "remaining=owners"],
    # Ludii's code eats two seeds, only from a hole that held seeds
    "qelat": ["eaten=2", "eat-needs-seeds=true"],
    # Ludii's Kalah ends only when the player to move has no move
    "kalah": ["ends-when=mover-is-empty"],
    # Ludii refuses a move that leaves the opponent no seed (`ifAfterwards`)
    "oware": ["grand-slam=illegal"],
    "awari": ["ludii-code=true"],
    "hus-nama": ["ludii-code=true"],
    "jodu": ["ludii-code=true"],
    # Ludii's Gamacha code leaves out the 4 extra seeds of the text
    "gamacha": ["extra-four=false"],
    # Ludii's Kara code takes the last hole alone (the file's option)
    "kara": ["capture=last"],
    # Ludii's Dabuda code lets any hole be sown after the opening
    "dabuda": ["any-move=true"],
    "tsoro-baia": ["ludii-code=true"],
    # Ludii's Hawalis: capture only into an empty hole; a single seed may
    # go into an occupied hole
    "hawalis": ["capture-needs-empty=true", "single-into-occupied=true"],
    # Ludii's code ends a round as soon as a player's holes are empty
    # after a move; its first moves from the leftmost hole in round 1 only
    "gabata-ghinda": ["ludii-end=true", "leftmost-every-round=false"],
    "gabata-adegrat": ["ludii-end=true"],
    # Ludii's code makes a weg of any hole a last seed makes 4
    "gabata-shoa-i": ["weg-anywhere=true"],
    # Ludii's Wari code: a six made by the last seed, in either row
    "wari": ["capture=ludii-code"],
    # Ludii's Wore code: only the pile of the last seed
    "wore": ["capture=last-seed"],
    "awagagae": ["ludii-code=true"],
    "whyo": ["ludii-code=true"],
    "pachgarhwa": ["ludii-code=true"],
    "owela-benguela": ["ludii-code=true"],
    "english-wari-st-lucia": ["ludii-code=true"],
    # Ludii's code: a four made in the mover's own hole ends the sowing
    "um-el-banat": ["ludii-code=true"],
    # Ludii's code: a move from any hole; a last seed in an empty hole is
    # lifted too
    "lib-al-ghashim": ["any-hole=true", "relay-from-empty=true"],
    # Ludii's code: its stylised opening, no extra turn after eating
    "tuz": ["ludii-code=true"],
    # Ludii's code: a last seed in an empty hole is lifted too
    "lib-al-aqil": ["relay-from-empty=true"],
    # Ludii's code: a 4 made next to an end of the mover's own row is a walda too
    "qelat-beni-amir-mensa": ["own-penultimate=true"],
    # Ludii's code: each player's first move is a single lap with no capture,
    # and only the opponent of the player who moved loses by an empty row
    "tapata": ["first-move-single=true", "own-empty-plays-on=true"],
    # Ludii's Lisolo starts from two seeds a hole (its optional moves of
    # single seeds are passed: LUDII_OPENING)
    "lisolo": ["arrange=false"],
    # Ludii's Lobudok ends the turn once the seeds taken are sown
    "lobudok": ["capture-ends-turn=true"],
    # Ludii's Gifia code: no capture of a single neighbour; rounds follow
    # (the first one is compared)
    "gifia": ["ludii-code=true", "match=true"],
    # Ludii's Hus (Damara) ruleset: single seeds may be sown; the game ends
    # when the mover cannot move, by the seeds each holds
    "hus-damara": ["single-seeds=true", "by-score=true"],
    # Ludii's Iyogh sows seeds of the store back from the hole after the
    # leftmost one
    "iyogh": ["ludii-code=true"],
    # Ludii's Okwe (Nigeria) sows all the hidden seeds back
    "okwe-nigeria": ["ludii-code=true"],
    # Ludii's Azigo: its captures after a sowing from the store
    "azigo": ["ludii-code=true"],
    # Ludii's Fergen Gobale code: the round's winner fills his holes of the
    # same place from his own left (not those facing the loser's)
    "fergen-gobale": ["ludii-code=true"],
}

# Known differences, diagnosed in Ludii's code: the kind of the first
# difference (its first words: "board", "end", "legal moves", ...) and the
# reason, with the program that follows the sources. A game whose first
# difference is of that kind is reported EXPLAINED, not DISAGREE.
EXPLAINED = {
    "dongjintian-four-players": (r"^over: ours False, Ludii True", "Ludii's code tests its end (at most one seed "
                                 "on the board) after every move, each seed of a lap being one, while the seeds "
                                 "still to sow are in a counter, not on the board: its game ends in the middle "
                                 "of a lap, one seed on the board and more in hand (counted for nobody); ours, "
                                 "as the text's game, when the move is over"),
    "raja-pasu-mandiri": (r"^board", "Ludii's code sows clockwise (its track goes left along the near row and "
                                     "right along the far one; the text, and ours, anti-clockwise), relays from "
                                     "the last hole itself when it then holds more than one seed (the text lifts "
                                     "the following hole), and takes the fours once the sowing is over (the text "
                                     "at once): the first move already differs, Ludii's seven seeds from hole 2 "
                                     "going into 1, 14, 13, ... (checked by hand on games of seeds 1 to 5)"),
    "lontu-holo": (r"^legal", "where none of the opponent's holes holds more than one seed (and not all six hold "
                              "one), Ludii's code puts the four nowhere: they stay in their hole and the turn "
                              "passes (its moves are then the opponent's sowings); ours puts them onto one of "
                              "his single seeds (the text first moves one of those onto another, which our file "
                              "leaves out: its gaps). From the position after Ludii's opening, played at random, "
                              "games agree to that point: checked by hand in games of seeds 1, 3 and 4 (seeds "
                              "2, 5 and 6 agree to the end)"),
    "yucebao": (r"^board", "Ludii's code looks only at the place after a lap's last piece and relays from it "
                           "whenever it holds pieces, a store included (whose seeds it then sows), even when the "
                           "last piece fell into a store or an empty hole; the text relays only after a last "
                           "counter into a hole with counters, lifting the next hole (ours, which ends the turn "
                           "at a store); and Ludii's code neither relays nor captures after a lap of 8 pieces or "
                           "more: checked by hand on the first difference of 6 games (seeds 1 to 6), each the "
                           "first kind"),
    "ceelkoqyuqkoqiji": (r"^(board|captured seeds)", "Ludii's code ends a sowing where the place after its "
                         "last piece is a store, so that it never sows a large stone from its store nor looks "
                         "past an empty store to capture; it takes a single place, not the line of "
                         "alternating places; it takes a store's counters with its stone; and it neither "
                         "relays nor captures after a lap of ten pieces or more. The text has a store empty "
                         "but for its stone (\"the large stone only can be sown or captured and not any other "
                         "counters that may have accumulated there\") and the line, as ours. Checked by hand "
                         "on the first difference of 16 games (seed 1, ten games, and seeds 2 to 7): a store "
                         "after the last piece in 13, the line in one, a store's counters in one, a lap of "
                         "ten in one"),
    "laomuzhu": (r"^board", "Ludii keeps each hole as a stack and sows its top piece first, so a large stone "
                            "that seeds were sown onto falls later in the lap than ours, sown first (the text "
                            "does not say where a stone falls; option `stone-order`); and Ludii's code neither "
                            "relays nor captures after a lap of 8 pieces or more (its `(< (size Stack at:(last "
                            "From)) 8)`), which the text does not say: checked by hand on the first difference "
                            "of 10 games (seeds 1 to 10), each one of the two"),
    "concentration-game": (r"^board", "Ludii's track \"0,E,N,W,S2\" ends on site 0, where it also starts, and "
                                      "loops from there: a sowing that passes South's leftmost hole (our 1) drops "
                                      "two seeds into it, one as the track's end and one as its start; the text "
                                      "sows a ring of ten holes, one seed each, as ours does"),
    "azigo": (r"^board", "after a sowing from one of the last holes of a row (holes 19, 20 and 40 in ten games: "
                         "sowings that cross the start of Ludii's looped track), Ludii's Azigo.lud takes the seeds "
                         "of a hole of the opponent's row that is neither the last seed's hole holding 2 or 4 nor "
                         "in the run before it (its Sow with origin and backtracking; not diagnosed further); the "
                         "text, and ours, take only from a last hole that held 1 or 3 and the unbroken run before "
                         "it"),
    "iyogh": (r"^legal", "Ludii's Iyogh.lud allows a clockwise sowing when the hole opposite the one its last "
                         "seed will reach holds 1 or 3 before the sowing (a look-ahead on the counts as they are); "
                         "the text (\"clockwise only if it leads to a capture\"), and ours, judge the sowing's "
                         "result, which differs when the sowing passes through that hole"),
    "kiuthi": (r"^board", "Kiuthi.lud judges only the first lap's last hole (its ReachOpponent is set only "
               "by a lap ending in the opponent's row): a first lap ending in the mover's own row, even "
               "after sowing through the opponent's, neither relays nor captures but gives him a new move "
               "from any hole, either way; its rules text (Leakey, and ours) relays from a loaded last "
               "hole and gives the second move only to a sowing that never reached the opponent's row"),
    "oware": (r"^board", "Ludii's Sow leaves the landing hole at the origin when a lap's last seed "
              "is the one that passes over it (a 12-seed lap on 2x6), so that sowing captures "
              "nothing; the rules (and ours) capture where the seed lands"),
    "kay": (r"^board", "the same slip in Ludii's Sow (a lap whose last seed passes over its "
            "origin ends at the origin) stops Ludii's relays early"),
    "toguz-kumalak": (r"^board", "Ludii never empties a tuzdyk on its site 0 (our hole 1): its test "
                      "is that the tuzdyk's site is above 0; the rules take every seed sown into "
                      "any tuzdyk"),
    "katro": (r"^board", "Ludii's North tracks are South's shifted by two rows, not turned round, so "
              "North's laps cross between rows elsewhere; the source (and ours) mirrors the players"),
    "hufesay": (r"^(board|end|over|winner|legal)", "Ludii allows relays that never end and ends a round as soon as "
                "a row is empty; docs/rules.md (Pankhurst) refuses endless sowings and passes"),
    "bechi": (r"^board", "Ludii does not capture in the hole the move was sown from; the rules do"),
    "bechi-2x3": (r"^board", "Ludii does not capture in the hole the move was sown from; the rules do"),
    "andada": (r"^(board|end|over|winner)", "at the end with singletons Ludii takes the sown seed, docs/rules.md "
               "(Pankhurst) the opposite one"),
    "kanji-guti": (r"^(end|over|winner)", "with no move left Ludii has both players pass and scores a draw; the "
                   "rules end the game and count the seeds"),
    "jodu": (r"^(end|over|winner)", "Ludii's code ends the game at a pass; its rules text (and ours) plays on"),
    "gabata-oromo": (r"^board", "Ludii takes the 4s of a lap once it is sown, over the holes from the lap's "
                     "origin to its end the short way round (`sites Track from: to:`), so a lap of 12 seeds or "
                     "more misses 4s made and sees holes passed twice; its rules text (and ours) takes a 4 as a "
                     "seed makes it"),
    "gabata-ghinda": (r"^board", "Ludii takes the 4s of a lap once it is sown, over the holes from the lap's "
                      "origin to its end the short way round (`sites Track from: to:`), so a lap of 12 seeds or "
                      "more misses 4s made and sees holes passed twice; its rules text (and ours) takes a 4 as "
                      "a seed makes it"),
    "gabata-ansaba": (r"^board", "after a capture Ludii's next lap starts from \"LastHoleSowed\", the last `to` "
                      "after the capture's fromTo, which is the mover's hand, so the capturing seed never moves "
                      "on; its rules text (and ours) moves it to the next hole, where it may take again or "
                      "relay"),
    "rabe": (r"^board", "Ludii's relay ends after any lap that took a 4: its next lap starts from "
             "\"LastHoleSowed\", the last `to` after the capture's fromTo, which is the mover's hand; its "
             "rules text (and ours) sows on from an occupied last hole"),
    "selus": (r"^board", "Ludii's sow skips every opponent's hole of 3 (`skipIf`), the last seed's too, so it "
              "never makes a nedf (its apply waits for a 4 the skip prevents) and the last seed goes on past "
              "them; its rules text (and ours) lets the last seed fall into a hole of 3 and make the nedf"),
    "waache-waledat": (r"^board", "Ludii's regions RightHome/LeftHome are the board's right and left three "
                       "columns for both players, so North's holes 7-9 sow counterclockwise and 10-12 "
                       "clockwise; its rules text (and ours) takes each player's own right and left, North's "
                       "mirrored"),
    "gabata-shoa-and-adegrat": (r"^(board after 7\n|legal moves after the start)", "Ludii's stylised move starts one hole late "
                                "(North's second hole, sowing one seed into the next) and carries no held seed, "
                                "so it leaves 3s and 5s shifted by a hole and the weg with its own 4; its rules "
                                "text (and ours) moves a seed of North's first hole first and drops the held seed "
                                "of South's rightmost hole into that hole, the weg"),
    "otep": (r"^(board after 7\n|legal moves after the start)", "Ludii's Otep opens from the second hole from the right of the "
             "inner row (map SecondRightOuter: site 14) and plays each step of the opening as a turn of its "
             "own; its rules text (and ours, as Ryakati) opens from the second hole from the right of the "
             "outer row, the whole opening one move"),
    "ryakati": (r"^board", "Ludii plays each step of the opening (the first sowing and its capture, the "
                "sowing of the seeds taken, the relay) as a turn of its own (phases Opening1-3, without "
                "moveAgain), the players alternating; its rules text (and ours) makes each player's opening "
                "one move"),
    "mewelad": (r"^board", "Ludii takes the 4s of a lap once it is sown, over the holes from the lap's origin "
                "to its end the short way round (`sites Track from: to:`), so a lap of 12 seeds or more misses "
                "4s made and sees holes passed twice; its rules text (and ours) takes a 4 as a seed makes it"),
    "leyla-gobale-gabradarre": (r"^over: ours True, Ludii False", "ours plays a single round (the match, with "
                                "its layout as equal as possible, is a gap of the file) and the game ends there; "
                                "Ludii's round ends with the same seeds taken and its match goes on"),
    "walak-pussa": (r"^board", "Ludii's code relays from the last hole itself and, from an empty last hole, "
                    "takes the hole after it and on (apply in its StartingMove); its rules text (and ours) lifts "
                    "the hole after an occupied last hole and takes past an empty one"),
    "jimafesosh": (r"^(legal|ours \[)", "Ludii offers relays that never end (a lap sequence that comes back "
                   "to its start); docs/rules.md refuses them, so ours does not list such a move"),
    "adi": (r"^(board|player to move|legal)", "Ludii's Adi.lud frees the opponent's holes that a sowing passed "
            "through over `(min 12 (count at:(last From)))` steps from the origin: a sowing of 12 seeds or more "
            "is 12 steps, back at the origin, so it frees none of them and those holes stay barred to their "
            "owner (with 11 instead, Ludii agrees in every game); the rules text (and ours) frees every hole "
            "an opponent's seed falls into"),
    "adidada": (r"^(end|over|winner)", "Ludii's Adidada.lud counts a player's store with `count Cell at:` "
                "(read 0 on its board), so its score is the seeds left in his row alone; the rules text "
                "(\"the player who captures the most counters wins\", and ours) counts the seeds taken"),
    "altiev": (r"^legal", "Ludii offers relay sowings that never end (its game then runs to its move limit); "
              "ours, as written in the file's readings, does not allow them"),
    "french-wari": (r"^legal", "Ludii offers relay sowings that never end (its game then runs to its move "
                    "limit); ours, as written in the file's readings, does not allow them"),
    "woli": (r"^board", "the slip in Ludii's Sow (Sow.java) seen in Oware: a lap whose last seed is the one "
             "that passes over its skipped origin (12 seeds on 2x6) leaves Ludii's `(to)` at the origin, so "
             "no capture is looked for where the seed fell; the rules (and ours) capture there"),
    "obridje": (r"^(board|captured)", "Ludii's Obridje.lud looks for fours only when a lap has ended, over "
                "the holes it went through, and gives each to the owner of the row of `(to)` rather than of "
                "the four's hole, the last seed's four included; its rules text (and ours) gives a four made "
                "on the way to its row's owner as it is made, and the last seed's four to the mover"),
    "jerin": (r"^(board|captured)", "Ludii's J'erin.lud sows on from the last hole whenever it holds seeds "
              "after the seed fell, an empty one included, so a turn goes on until a four is made in the "
              "mover's own hole; its rules text (and ours) ends the turn in an empty hole"),
    "english-wari-st-lucia": (r"^board", "the slip in Ludii's Sow (Sow.java) seen in Oware: a lap whose last "
                              "seed is the one that passes over its skipped origin (12 seeds on 2x6) leaves "
                              "Ludii's `(to)` at the origin, so the four made where the seed fell is not taken; "
                              "the rules (and ours) take it"),
    "makonn": (r"^board", "Ludii's Makonn.lud does not check that a capturing last seed is in the mover's inner "
               "row, and its `OppositePit` (the site a row over) of an outer hole is the mover's own inner "
               "hole: a last seed alone in his outer row takes his own seeds; the rules text (and ours) "
               "captures from the inner row only, the opponent's facing holes"),
    "whyo": (r"^(over|end|winner)", "Ludii's Whyo.lud plays a second round, from the start position and "
             "without the source's extra hole, and gives the game to the player who won more rounds; ours "
             "plays the first round only (the source's later rounds are a gap of the file)"),
    "i-pere": (r"^(end|over|winner)", "at the end Ludii's code counts the stores only; ours gives the seeds "
               "left in each row to its player (the file's reading: the text does not say who gets them)"),
    "bosh": (r"^board", "Ludii plays each lap of a relay as a move of its own and checks for an empty "
             "row after every one, so a lap that empties a row ends the round in the middle of the "
             "relay; Ludii's text (Marin) ends the round when a row is empty after the turn, as here"),
    "hoyito": (r"^board", "Ludii's code never sows on from an occupied hole (its relay test cannot hold) and "
               "takes a four only when the last seed makes it; its rules text (and ours) sows on and "
               "takes every four made during the sowing"),
    "andot": (r"^(end|over|winner)", "a game where neither player can move ends in Ludii after both pass, "
              "as a draw (Ludii's general end when every player passes; its score, the seeds in marked "
              "holes, is given only when every seed is marked); Ludii's rules text (Owen) has no rule "
              "for it; ours ends it and each takes his marked holes and the seeds in his row"),
    "aw-li-on-nam-ot-tjin": (r"^winner", "when the player to move cannot move, Ludii's code scores his opponent with "
                             "the mover's own store plus the board (its PiecesOwnedByP1/P2 defines are crossed: "
                             "P1's score is P2's store and the board), so he always loses; the text (and ours) "
                             "gives the opponent the seeds left and compares the captures"),
    "chonka": (r"^board", "Ludii's sow names no track and no owner, so both players sow along Track1, South's: "
               "North sows into South's store and never his own, and a last seed there relays out of the store "
               "(Sow.java takes the first track of the board); the text (and ours) has each player sow into his "
               "own store"),
    "mangala-turkey": (r"^board", "Ludii's backward capture stops before the hole the sowing started from "
                       "(Sow.java, backtracking: `if (to == start) break`), which matters when a lap of 14 or more "
                       "passes it; the rules text (and ours) goes on while the holes hold 1 or 3"),
    "main-chongkak": (r"^board", "Ludii tests for an empty row after each lap of a relay (each lap is a move of its "
                      "own) and ends the round in the middle of a sowing; the text ends a round when a row is "
                      "empty, which ours tests when the move is over"),
    "mawkar-katiya": (r"^over: ours True, Ludii False", "ours plays only the first game (the later games' handicaps "
                      "are a gap of the file, see about.gaps); Ludii goes on to the next round when every seed is "
                      "taken; both agree up to there"),
    "khrour": (r"^over: ours True, Ludii False", "ours ends the match when a player cannot fill one hole (the "
               "partly filled hole of the text is a gap of the file, see about.gaps); Ludii's code and its text go "
               "on, the poorer player laying out what he has"),
    "o-an-quan": (r"^(over: ours True, Ludii False|board)",
                  "ours plays the first game of the match only (its gaps): when both large stones are "
                  "taken ours ends, Ludii goes on to its next game (squares sold); and Ludii refills a "
                  "player's emptied squares after every lap of a relay (each lap a move of its own), so a "
                  "relay stopped by an empty square goes on there; ours refills them once the move is "
                  "over, as a move of the text ends at an empty square"),
    "nchuwa": (r"^legal moves", "Ludii offers relays that never end (each lap is a move of "
               "its own); ours refuses a sowing that never ends, as its readings say"),
    "yovodi": (r"^legal moves", "Ludii offers relays that never end (each lap is a move of its own); docs/rules.md "
               "refuses endless sowings, as ours does"),
    "boukerourou": (r"^(over: ours False, Ludii True|legal moves)", "Ludii tests its end (a row without seeds loses) "
                    "after each lap of a relay, each lap being a move of its own, so a player whose row is emptied "
                    "by his own first lap loses in the middle of his turn; the text (and ours) ends the game when "
                    "a row is empty after a move. Ludii also offers relays that never end (docs/rules.md refuses "
                    "them)"),
    "daramuti": (r"^board", "Ludii's code ends the round in the middle of a turn, every row to its owner, while "
                 "both rows hold seeds and the opponent has moves: its test `(no Moves Next)` sits in the "
                 "consequents of each lap (Daramuti.lud's Sowing phase), where the relay (moveAgain, the Replay "
                 "hole) is still under way; the text ends a round when a row is empty, as ours does"),
    "mangala-suez": (r"^player to move after (place:\d+ ?)+\n", "after the set-up (Ludii: South empties a "
                     "hole, North one, South a second; ours: each fills his other holes, the same boards) Ludii's "
                     "code has North make the first move, ours South; the text does not say who begins, and our "
                     "language cannot give the first move after a set-up to North"),
    "lib-al-aqil": (r"^(board|legal moves after [^\n]*: ours \['keep', 'swap'\], Ludii \['keep'\])",
                    "Sow.java judges each hole of a backward capture chain on the board as sown, before the "
                    "captures it has just made, so a hole already taken as the facing hole is still seen even and "
                    "taken, and the chain runs on into the other row; Lane (and ours) stop at a hole already "
                    "taken. Ludii's Swap exchanges the players and leaves the board, the chooser still moving "
                    "first, not our swap (the board turned round, the chooser moving second): not mapped"),
    "lib-al-ghashim": (r"^(board|legal moves|over: ours False, Ludii True)",
                       "as in Li'b al-'Aqil, Sow.java's backward chain sees the holes it has already taken with "
                       "their seeds and runs on through them, and Ludii's Swap (the players exchanged, the board "
                       "left as it is) is not our swap. Besides, Ludii's gift to a player without seeds goes to the "
                       "giver's own rightmost occupied hole (its RightMostNotEmpty is read over the mover's row; "
                       "the text: the opponent's leftmost hole); Ludii ends the round when one seed is left (the "
                       "text: when the board is cleared; ours at the third repetition); and Ludii lets the "
                       "distributor put a seed anywhere and move seeds between holes afterwards, where ours refuses "
                       "a seed that would leave too few to give every hole four"),
    "khutka-boia": (r"^(board|over: ours True, Ludii False)", "Ludii takes the fours only where they stand at the "
                    "end of each lap (each lap is a move, whose consequents sweep the rows), so a hole that makes "
                    "four and then receives more in the same lap is not taken; the text takes a hole 'whenever' "
                    "it holds four, ours as the seed makes it. After such a sweep Ludii's next lap starts from the "
                    "hole after the four it took, not after the lap's last seed (its `last To afterConsequence` "
                    "is the sweep's). Ours plays only the first round (the later rounds are a gap of the file), "
                    "Ludii goes on"),
    "duene": (r"^board", "Ludii sweeps the fours of the holes sown after each lap (each lap is a move of its own, "
              "Duene.lud's `next:` over the lap's From..To), the text and ours when the turn is over ('which now "
              "contain four'); a four made and then sown into again within the turn is taken by Ludii only"),
    "sonka": (r"^board", "a one-seed lap lifted from the mover's last hole (a move from it, or a relay that "
              "lifts it) drops its seed into his store: ours ends the move there, Ludii (and the source) go on "
              "with the opponent's first hole; a gap of the file (about.gaps: a relay cannot go on from a "
              "store in this language)"),
    "puhulmutu": (r"^board", "two slips in Ludii: the round is ended in the middle of a turn, every row to its "
                  "owner, by `(no Moves Next)` tested in the consequents of each lap (as in Daramuti); and "
                  "Sow.java tests skipIf (a hole of three is passed over) against the board as it was before the "
                  "lap, so in a lap that goes round the board a hole made three by it is not passed over, and one "
                  "that held three is. The text (and ours) passes over a hole holding three when the seed comes"),
    "lam-waladach": (r"^board",
                     "Ludii's code takes the 4s of a lap once the lap is sown and then ends the relay "
                     "(the capture's extra move is a free choice, its Pending flag); its rules text "
                     "(Pankhurst), as here, takes a 4 the moment a seed makes it and sows on"),
    "leyla-gobale-somaliland": (r"^legal moves",
                                "Ludii offers relays that never end; here (the file's readings) they "
                                "are no legal move"),
    "buqruru": (r"^board",
                "Ludii's code gives the mover each hole of the opponent's row that his sowing reaches while "
                "it holds an odd number (its sowEffect: 1, 3, 5 or 7 as a seed arrives, the seed then "
                "staying), and nothing of the even holes sown; its rules text (Bellin), as here, gives "
                "every hole sown into that then holds 2, 4, 6 or 8 to the owner of its row"),
    "pallankuli": (r"^board",
                   "Ludii's code takes the 4s of a lap only once the lap is sown, all for the owner "
                   "of the row of its last hole (as we read its (to)), and a last seed making 4 ends "
                   "the move; its rules text (Durai), as here, takes each 4 the moment it is made, "
                   "for the owner of its row"),
    "rio-kadalis": (r"^board",
                    "Ludii's code ends the round after any move that leaves either player's holes "
                    "empty (APlayerCanNotMove), and takes the 4s made during a lap only once it is "
                    "sown, for the owner of the row of its last hole (as we read its (to)); its rules "
                    "text (Pankhurst), as here, ends the round when the player to move cannot move "
                    "and takes each 4 at once for its hole's owner"),
    "shono": (r"^board", "the slip in Ludii's Sow (includeSelf:False): a 12-seed lap on 2x6, whose last seed "
              "is the one that passes over the origin, ends at the origin, so it captures nothing; the rules "
              "text (and ours) capture where that seed lands"),
    "chisolo": (r"^winner", "a capture that takes the opponent's last seeds obliges Ludii's capturer to take "
                "one more hole (its CaptureOther move), and with none left he has no move and loses by "
                "ForEachPlayerNoMovesLoss; the rules text (and ours) give the game to the player who has taken "
                "all of his opponent's seeds"),
    "chiana-wa-bwalo": (r"^board", "Ludii's capture does not check the row: a last seed alone in the mover's outer "
                        "row takes his own inner hole in front of it (OppositePit is the site one row up); "
                        "the rules text (and ours) capture only from a last seed in the inner row, from the "
                        "opponent's inner hole"),
    "omweso": (r"^board", "after sowing the seeds taken, Ludii's code lifts the capturing hole again (its "
               "moveAgain and Replay are set at the capture too); Shackell's rules (and ours) go on from where "
               "the seeds taken end"),
    "hus-damara": (r"^board", "Ludii's code takes the seeds taken out of play into the mover's hand, with the "
                   "capturing hole's own seeds, and goes on from the next hole; the rules text (Vedder, and "
                   "ours) sows the seeds taken on from the hole after the capturing one"),
    "katra-boaoaka": (r"^over: ours True, Ludii False", "Ludii notices that a player has no move (its "
                      "ForEachNonMoverNoMovesLoss reads a flag set only when that player is to move) one turn "
                      "late: he passes and the game ends, with the same winner, after the winner's next move; "
                      "ours ends it as soon as his side is empty (the rules text: whoever captures all wins)"),
    "mwambulula": (r"^over: ours True, Ludii False", "Ludii notices that a player has no move (its "
                   "ForEachNonMoverNoMovesLoss reads a flag set only when that player is to move) one turn "
                   "late: he passes and the game ends, with the same winner, after the winner's next move; "
                   "ours ends it as soon as he cannot move (the rules text: the player unable to move loses)"),
    "mangola": (r"^(board|legal)", "after a capture Ludii's code sows the seeds taken as a lap of their own (from "
                "the second hole after the nearest empty hole behind the capturing hole) and then lifts the "
                "capturing hole again (its moveAgain and Replay are set at the capture); its text does not say "
                "what follows the sowing of the seeds taken: ours (its option ludii-code starting that sowing in "
                "the same hole) goes on from where they end, as in Omweso. Ludii also offers relays that never "
                "end (docs/rules.md refuses them)"),
    "gabata-adowa": (r"^over: ours True, Ludii False", "ours plays a single round (the match, laid out three a hole "
                     "on three rows, is a gap of the file) and the game ends there; Ludii's round ends with the "
                     "same seeds taken and its match goes on"),
    "gabata-aksum": (r"^over: ours True, Ludii False", "ours plays a single round (the match, laid out three a hole "
                     "on three rows, is a gap of the file) and the game ends there; Ludii's round ends with the "
                     "same seeds taken and its match goes on"),
    "selus-massawa": (r"^over: ours True, Ludii False", "ours plays a single round (the match, laid out three a hole "
                      "on three rows, is a gap of the file) and the game ends there; Ludii's round ends with the "
                      "same seeds taken and its match goes on"),
    "abalalae": (r"^over: ours False, Ludii True", "Ludii tests its end (a player's holes empty) after each lap, each "
                 "lap being a move of its own, so a capture that takes the opponent's last seeds ends the game "
                 "before the capturing seed moves on; the text has that seed move on (\"the player then continues "
                 "to move\"), and ours ends the game when a player's holes are empty after the move"),
    "kubuguza": (r"^legal", "Ludii offers relays that never end (each lap is a move of its own); ours, with "
                 "exact endless detection, does not list such a move (docs/rules.md)"),
    "choro-acholi": (r"^legal", "Ludii offers relays that never end (each lap is a move of its own); ours, "
                     "with exact endless detection, does not list such a move (docs/rules.md)"),
    "kisolo": (r"^(board|over|legal moves)", "after a capture made during the sowing, Ludii's code sows on from the "
               "hole after the one the seeds went into (its LastHole reads `last To afterConsequence:True`, the "
               "capture's destination); its rules text (and ours) from the hole after the last seed's, the "
               "capturing hole"),
    "kisolo-lali": (r"^(over|legal moves)", "once every hole of the mover holds seeds, no lap can end in an empty "
                    "hole (each lap's first seed goes back into its origin): Ludii offers these endless relays "
                    "as moves, ours refuses them (docs/rules.md), so that player has no move and loses"),
    "misoro-tsoro-additional-capture": (r"^legal moves", "Ludii's count of extra captures (its var ExtraCapture) "
                                        "is not cleared when the capturer runs out of holes to take: he passes "
                                        "and his opponent then makes the remaining extra captures from the "
                                        "capturer's holes instead of sowing; the rules text (and ours) end the "
                                        "extra captures there"),
    "lobudok": (r"^board", "Ludii never frees a player's end holes: its (set Value Mover 1) runs only when the "
                "player's value is 0, but Ludii's player values start undefined (-1), so the end holes stay "
                "passed over for the whole game; the rules text (and ours) frees them once the player has "
                "had to play one"),
    "bao": (r"^player to move", "Ludii's Sowing define captures when a lap's last seed falls into any hole of the "
            "mover's inner row facing seeds, an empty one included (its apply tests only the opposite hole), and "
            "the move goes on with the capture; its rules text (and ours) captures only from a last seed in an "
            "occupied hole, and a last seed in an empty hole ends the move"),
    "tsoro-reentered-captures": (r"^legal moves", "Ludii offers relay sowings that never end (its game then "
                                 "runs to its move limit); ours refuses them (the file's readings, docs/rules.md)"),
    "nsumbi": (r"^over: ours True, Ludii False", "Ludii's BlockWin ends the game only when the player to move "
               "next has no move, so a player who leaves himself without a hole of two is found out one turn "
               "late (the same winner, after his opponent's next move); the rules text (and ours) end the game "
               "as soon as a player has no hole of two or more"),
    "quela": (r"^legal moves", "Ludii offers relays that never end (a position repeated after 107 laps); "
              "here they are no legal move"),
    "bao-kiswahili-east-africa": (r"^(board|legal moves|player to move|captured)",
                                  "Ludii's code puts the captured seeds into the chosen kichwa, then lifts the "
                                  "kichwa's whole content and sows it from the next hole, and lets a capturing "
                                  "seed go into an empty hole; its text (Sanderson, as here, with de Voogt's "
                                  "reading of the kichwa) sows the captured seeds from the kichwa and captures "
                                  "only from an occupied one"),
    "bao-kiswahili-dr-congo": (r"^(board|legal moves|player to move|captured)",
                               "Ludii's code puts the captured seeds into the chosen kichwa, then lifts the "
                               "kichwa's whole content and sows it from the next hole; its text (Townshend, "
                               "as here, with de Voogt's reading) sows the captured seeds from the kichwa, "
                               "the first into it"),
    'awari': ('^(end|over|winner)', "where no move leaves the opponent seeds, Ludii's `ifAfterwards` leaves the player no move: he passes, and when the other cannot move either Ludii scores two passes in a row as a draw (End.java, `allPass`); the option (the language has no pass from a `must` filter) ends the game there and counts the seeds taken, as at the rules' end"),
    'baqura': ('^over: ours True, Ludii False', "ours plays a single round (Hyde's later rounds, the poorer player's free layout copied by the other, are a gap of the file) and the game ends there; Ludii's round ends with the same seeds taken and its match goes on"),
    'enindji': ('^board', "Ludii's Sow leaves the landing hole at the origin when a lap's last seed is the one that passes over it (a 12-seed lap on 2x6: Sow.java sets `to` before it skips the origin), so that sowing captures nothing; the rules (and ours) capture where the seed lands"),
    'foji': ('^(board|legal)', "the slip in Ludii's Sow (a lap whose last seed passes over its origin ends at the origin, Sow.java) stops Ludii's relay early; and Ludii tests that the opponent keeps seeds after the first lap of a move only (`ifAfterwards` on the first Select), the option after the whole move"),
    'hus-nama': ('^board', "in Ludii's capture from the inner row with the outer hole behind occupied too, the number of seeds sown on is counted with the outer-row defines (OppositePitOuter, OppositeOuterPitOuter: holes two and three rows away, counted before the capture), so a wrong number is sown and the rest stays in the capturing hole; the text (and ours) sows all the seeds taken"),
    'kotu-baendum': ('^(board|legal)', "Ludii's Sow tests `skipIf` (a hole of three is passed over) on the counts before the lap's seeds are placed (it collects the lap's actions and applies them afterwards), so a lap of 13 seeds or more does not pass over a hole it has made three, and never runs out of holes to sow; the text (and ours) passes over every hole holding three when the seed comes"),
    'mefuvha': ('^over: ours True, Ludii False', "Ludii's only end test, no move for the mover (`no Moves Mover`), does not stop the game when a player's seeds have all been taken (his opponent still moves), so its game goes on; the text (and ours) ends it there, the taker winning"),
    'namudilakunze': ('^legal', 'Ludii offers relays that never end (a lap sequence that comes back to its start); docs/rules.md refuses them, so ours does not list such a move'),
    'njombwa': ('^legal', 'Ludii offers relays that never end (a lap sequence that comes back to its start); docs/rules.md refuses them, so ours does not list such a move'),
    'njombwa-one-counter': ('^legal', 'Ludii offers relays that never end (a lap sequence that comes back to its start); docs/rules.md refuses them, so ours does not list such a move'),
    'njombwa-two-counters': ('^legal', 'Ludii offers relays that never end (a lap sequence that comes back to its start); docs/rules.md refuses them, so ours does not list such a move'),
    'ti': ('^board', "Ludii's Sow leaves the landing hole at the origin when a lap's last seed is the one that passes over it (a 12-seed lap on 2x6: Sow.java sets `to` before it skips the origin), so that sowing captures nothing; the rules (and ours) capture where the seed lands"),
    'uril': ('^(board|end|over|winner)', "Ludii's Sow leaves the landing hole at the origin when a lap's last seed is the one that passes over it (a 12-seed lap on 2x6), so that sowing captures nothing; and where no move leaves the opponent seeds Ludii's player passes, two passes in a row being a draw (End.java, `allPass`), where the option ends the game and each takes his row"),
    'wouri': ('^(board|over|legal)', "Ludii's Sow leaves the landing hole at the origin when a lap's last seed is the one that passes over it (a 12-seed lap on 2x6), ending its relay; and Ludii tests that the opponent keeps seeds after each lap (`ifAfterwards` on every Select), the option after the whole move"),
    "fergen-gobale": (r"^(board|captured seeds|player to move|over: ours False, Ludii True)",
                      "Fergen Gobale.lud tests the round's end (a row without seeds its owner may sow from) in "
                      "the consequents of every move, and each lap of a relay is a move of its own (moveAgain, "
                      "var Replay): a lap that empties a row ends the round in the middle of the relay, in any "
                      "round, the first included; its rules text (\"play continues until one player cannot "
                      "play\"), and ours, end it when a row is empty after the turn. After a round of equal seeds "
                      "Ludii's North lays out (its test `<`) and South, next, begins; ours South lays out and, "
                      "the round drawn, North begins the even rounds: the same layout, another player to move. "
                      "(Ludii's holes taken and middle holes claimed last one round too: collected at its end, "
                      "an emptied site loses its state, ContainerFlatVertexState.remove)"),
    'yovodji': ('^board', "Ludii's Sow leaves the landing hole at the origin when a lap's last seed is the one that passes over it (a 12-seed lap on 2x6), so that sowing captures nothing and ends the relay; the rules (and ours) go on where the seed lands"),
}

# games whose file plays the mirror image of Ludii's board (Ludii's source
# has each store at its owner's left and sows clockwise; the file puts the
# stores at the right and sows counterclockwise, the same game seen in a
# mirror): our hole in column c is Ludii's hole in column C+1-c
# games whose set-up Ludii plays as rearranging moves of the two players
# in turn (each passing once done), where ours places seeds one by one
ALTERNATE_SETUP = {"quela", "quiela"}

# games whose sowing lifts a number of seeds the mover chooses (our
# moves.lift, tokens 3x4), a number Ludii sets before its move (SetTemp):
# what to add to Ludii's number to get ours
LIFT_TEMP = {
    # Ludii's count includes the seed its sowing puts back into the origin
    "okwe-achalla": -1,
}

# games on a board that is not rows of holes (a ring): Ludii's site of
# each of our holes 1..N (None: a hole of ours that Ludii has not, always
# empty), the other sites being stores
SITES = {
    # Okwe (Achalla): ten holes in a ring round the stores, sown along
    # 0 2 4 6 8 9 7 5 3 1; South's holes 3 1 0 2 4, North's 6 8 9 7 5
    "okwe-achalla": [3, 1, 0, 2, 4, 6, 8, 9, 7, 5],
    # The Concentration Game: 3x4, whose middle holes (Ludii's sites 5
    # and 6) are the stores; ours are holes 6 and 7, never sown
    "concentration-game": [0, 1, 2, 3, 7, None, None, 4, 11, 10, 9, 8],
    # O An Quan: the oval of five squares a row between two end spaces
    # (Ludii's stores 0 and 11: board sites, sown and captured) is ours
    # 2x6, each row's sixth hole an end space: South 1..5 and the right
    # end (11), North 7..11 (Ludii 10..6) and the left end (0)
    "o-an-quan": [1, 2, 3, 4, 5, 11, 10, 9, 8, 7, 6, 0],
    # Tchela: Ludii's 4x8 (two squares of 4x4, sites 0-15 and 16-31, row
    # by row) and its middle stores 32 (South's) and 33; ours 4x9, the
    # middle column holding those stores (14, 32) and two holes on no
    # track (5, 23)
    "tchela": [0, 1, 2, 3, None, 16, 17, 18, 19, 23, 22, 21, 20, 32, 7, 6, 5, 4,
               31, 30, 29, 28, None, 15, 14, 13, 12, 8, 9, 10, 11, 33, 24, 25, 26, 27],
    # Raja Pasu Mandiri: Ludii's rows of seven, the near one (sites 0-6)
    # and the far one (7-13, left to right), the three stores between
    # them (14 the Raja's, 15 the left player's, 16 the right player's)
    "raja-pasu-mandiri": [0, 1, 2, 3, 4, 5, 6, 13, 12, 11, 10, 9, 8, 7],
    # Quendo: the edge of Ludii's 4x8 (its track 0-7, 15, 23, 31-24, 16,
    # 8), ours a ring of twenty holes in that order; the twelve middle
    # sites, never used, count as stores of nobody
    "quendo": [0, 1, 2, 3, 4, 5, 6, 7, 15, 23, 31, 30, 29, 28, 27, 26, 25, 24, 16, 8],
    # Mwendo: the edge of Ludii's 4x10 (its default size), ours two rows
    # of twelve: the near row and the right-hand column (0-9, 19, 29),
    # then the far row and the left-hand column (39-30, 20, 10); the
    # middle sites count as stores of nobody
    "mwendo": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 19, 29, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 20, 10],
    # Fergen Gobale: Ludii's vertices, two rows of three on each side
    # (South's 0-2 and 6-8, North's 3-5 and 9-11, left to right) and the
    # single row of two between them (12, 13; its track 0-2, 12, 13, 6-8,
    # 11-9, 13, 12, 5-3); ours 2x7, the middle column (4, 11) that row
    "fergen-gobale": [0, 1, 2, 12, 6, 7, 8, 11, 10, 9, 13, 5, 4, 3],
}

# games whose sowing move may be made with the mover's choice (our
# moves.choice, tokens 5+) where Ludii offers it as a second track: the
# beginning of that track's name. Ludii asks again at each relay lap (a
# move of its own); the harness takes, for each lap, the track our move
# chose
TRACK_CHOICE = {
    # Tchela: the track through the middle store
    "tchela": "TrackExtended",
}

# games whose mover chooses how many seeds a hole gets (our moves.per-hole,
# tokens 5by2) where Ludii offers each number as a move of its own from
# the same hole, in increasing order: the n-th such move of Ludii's is our
# n-th `by` move from that hole
GROUPED = {"buqruru"}

MIRROR = {
    "chongka": "stores at the left, clockwise in Ludii (and its source)",
    "sungka": "stores at the left, clockwise in Ludii (and its source)",
    "main-chongkak": "stores at the left, clockwise in Ludii (and its source)",
    "chungcajon": "stores at the left, clockwise in Ludii (and its source)",
    "papan-dakon": "stores at the left, clockwise in Ludii (and its source)",
}

# Ludii's opening made of moves where our game has none: "pass" (Ludii's
# players pass their optional opening moves), "replay" (Ludii's first
# legal move is played until its position is ours: a fixed opening that
# our file starts from), ("adopt", PHASE) (Ludii's opening, an opening
# our file leaves out, is played at random until Ludii's phase is number
# PHASE; ours then starts from Ludii's board, its player to move)
LUDII_OPENING = {
    # Lontu-Holo's stylized opening, left out by our file (its gaps):
    # Ludii's phases 0-4, then 5 (Sowing)
    "lontu-holo": ("adopt", 5),
    # Ludii's players may move seeds one at a time before the play, until
    # both pass; ours with arrange=false starts from two seeds a hole
    "lisolo": "pass",
    # the fixed opening (gathering, redistribution, a relay sowing): our
    # file starts from the layout it makes
    "isolo": "replay",    # each player gathers his three rightmost holes into the last, two
    # moves each: our file starts from the layout they make
    "iyogh": "replay",
    # the players take the seeds of four (three) holes of the other's row,
    # a move a hole: our file takes them as North's first turn begins
    "okwe-nigeria": "replay",
    # each player hides the seeds of his four last holes holding seeds, a
    # move a hole: our file starts from the layout and stores they make
    "azigo": "replay",
    # each player takes the seeds of his inner row into his hand, a move a
    # hole: our file starts from the layout and the reserves they make
    "mwambulula": "replay",
}

# games whose set opening is one move of each player here and several
# turns of each player, taken in turn, in Ludii: the number of our first
# decisions (the opening) after which Ludii's forced moves (one legal
# move, whoever's) are played until the positions agree; the board is not
# compared before that
OPENING_TURNS = {
    # Ludii: each player's sowing, then each one's move of the two seeds,
    # then each one's removal (phases Opening1-3); ours: one move each
    "njombwa-one-counter": 2,
    # Ludii: each lap of each player's opening sowing a turn of its own,
    # the players alternating; ours: one move each
    "nchuwa": 2,
}

# games whose captures as a turn begins (our `turn-start`) are moves of
# their own in Ludii, the player whose turn begins selecting each
# capturing hole in turn (the only moves he has while one is left): they
# are played until the boards agree
TURN_START = {"kisolo"}

# games whose seeds taken (or relay hole) Ludii keeps in a hole and sows
# from the next hole, the way the mover chooses (a move from that hole,
# moveAgain), where ours holds them in hand (phase `hand`, sow-from a
# choice): Ludii's move from hole h is our token of the first hole sown,
# and our forced choice (one hole, the way Ludii's only move goes) is
# played at once with the rest of the turn
HAND_NEXT = {"mweiso", "ikibuguzo", "kubuguza", "choro-acholi", "choro-lango"}

# games whose mover steers each seed (our `sowing.steer`, phase steer,
# tokens to:H), where Ludii's first move of a turn names the origin and
# the first seed's hole (X>Y: our X, then to:Y) and each further seed,
# relay laps' included, is a move of its own (our to:H)
STEERED = {"dongjintian-four-players"}

# games whose seeds taken Ludii sows back onto the board from the hand
# on one of several tracks, each our entry of moves.store: Ludii's track
# (the beginning of its name) -> the entry's name
STORE_ENTRY = {
    # Azigo: round the board, or round the mover's own row
    "azigo": {"Track": "round", "TrackSpecialHome": "row"},
}

# games whose Ludii moves carry no sowing track for their direction (a
# fromTo opening): the direction of the k-th Ludii move from one hole
ORDERED_DIRS = {
    # Uthi's first moves (3 seeds, then 2): Ludii lists clockwise first
    "uthi": ("cw", "ccw"),
    # O An Quan sows with fromTo moves: Ludii lists its TrackCCW move first
    "o-an-quan": ("ccw", "cw"),
    # so does Laomuzhu (its Select moves sow in their consequences)
    "laomuzhu": ("ccw", "cw"),
    "yucebao": ("ccw", "cw"),
    "ceelkoqyuqkoqiji": ("ccw", "cw"),
}

# games whose later rounds are compared too: Ludii's phase (its number)
# where it sets up the next round, each move of it the only legal one
# (the loser's seeds put in, a hole a move); ours lays the round out at
# once. sync plays those moves; the other games stop at the end of the
# first round
ROUNDS = {
    # Fergen Gobale: phase BetweenRounds
    "fergen-gobale": 1,
}

# Ludii's ruleset (--ruleset) or options (--option Cat/Item) for our game
LUDII = {
    # Ludii's Oware: its default ruleset (Wari) ends only when the mover
    # cannot move (or on an agreed cycle); ours at 25 seeds taken
    "oware": ["--option", "Play Rules/No limit by hole", "--option", "End Rules/25 Counters"],
    "bechi-2x3": ["--ruleset", "Ruleset/Three Holes (Observed)"],
}


class Ludii:
    """One driver process (LudiiDriver) for one game."""

    def __init__(self, classpath, lud, extra):
        self.p = subprocess.Popen(["java", "-Xss8m", "-cp", classpath, "LudiiDriver", lud] + extra,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
        first = self.p.stdout.readline()
        if not first:
            raise RuntimeError("Ludii cannot load %s: %s" % (lud, self.p.stderr.read()[-2000:]))
        self.layout = self.ask("layout")

    def ask(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            raise RuntimeError("Ludii driver died: %s" % self.p.stderr.read()[-2000:])
        r = json.loads(line)
        if "error" in r:
            raise RuntimeError("Ludii: %s (%s)" % (r["error"], cmd))
        return r

    def close(self):
        try:
            self.p.stdin.write("quit\n")
            self.p.stdin.flush()
            self.p.wait(timeout=10)
        except Exception:
            self.p.kill()


def word(n, players):
    """Ludii's player n (1..) as our positions name him."""
    return ("south", "north")[n - 1] if players == 2 else "p%d" % n


def ludii_player(w):
    """Our player word as Ludii's player number (1..)."""
    return {"south": 1, "north": 2}.get(w) or int(w[1:])


class Board:
    """Ludii's sites as our holes and stores."""

    def __init__(self, layout, holes, mirror=False, site_map=None):
        self.hole_of = {}
        self.stores = []
        rows, cols = layout.get("rows"), layout.get("columns")
        sites = layout["sites"]
        grid = [(i, x, y) for i, x, y in sites if float(x).is_integer() and float(y).is_integer()]
        if site_map:
            # a ring of holes (SITES): two rows of holes/2 in our numbering
            grid = [(i, x, y) for i, x, y in sites if i in site_map]
            rows, cols = 2, holes // 2
        elif rows and cols:
            grid = [(i, x, y) for i, x, y in grid if 0 <= x < cols and 0 <= y < rows]
            xs, ys = list(range(cols)), list(range(rows))
        else:
            # another board (Toguz Kumalak's): rows and columns are the
            # distinct whole coordinates, in order; other sites are stores
            ys = sorted({y for _, x, y in grid})
            xs = sorted({x for _, x, y in grid})
            rows, cols = len(ys), len(xs)
        self.rows, self.cols = rows, cols
        mapped = [i for i in site_map if i is not None] if site_map else None
        if rows * cols != holes or len(grid) != (len(mapped) if site_map else holes):
            raise ValueError("Ludii's board is %dx%d, ours has %d holes" % (rows, cols, holes))
        south_rows = (rows + 1) // 2
        n = cols
        on_grid = set()
        for i, x, y in grid:
            if site_map:
                self.hole_of[i] = site_map.index(i) + 1
                on_grid.add(i)
                continue
            r, c = ys.index(y) + 1, xs.index(x) + 1
            if mirror:
                # the file plays the game seen in a mirror (MIRROR)
                c = cols + 1 - c
            if r <= south_rows:
                h = (r - 1) * n + c if r % 2 else (r - 1) * n + n + 1 - c
            else:
                k, d = rows + 1 - r, n + 1 - c
                h = (south_rows + k - 1) * n + d if k % 2 else (south_rows + k - 1) * n + n + 1 - d
            self.hole_of[i] = h
            on_grid.add(i)
        self.stores = [i for i, _, _ in sites if i not in on_grid]
        self.site_of = {h: i for i, h in self.hole_of.items()}
        # whose store: a map from the players (1, 2, ...) to store sites
        self.players = layout.get("players", 2)
        ps = set(range(1, self.players + 1))
        self.store_owner = {}
        for m in layout["maps"]:
            pairs = {k: v for k, v in m["pairs"]}
            if set(pairs) >= ps and all(pairs[q] in self.stores for q in ps) and len({pairs[q] for q in ps}) == len(ps):
                self.store_owner = {pairs[q]: q for q in ps}
                break
        self.hands = {s: o for s, o in layout["hands"]}
        self.uses_score = layout.get("uses_score", True)
        self.holes = holes
        # direction of each track in our numbering
        self.track_dir = {}
        for t in layout["tracks"]:
            ccw = cw = 0
            el = t["sites"]
            for a, b in zip(el, el[1:]):
                if a in self.hole_of and b in self.hole_of:
                    ha, hb = self.hole_of[a], self.hole_of[b]
                    if hb == self.succ(ha):
                        ccw += 1
                    elif ha == self.succ(hb):
                        cw += 1
            self.track_dir[t["name"]] = "ccw" if ccw > cw else "cw" if cw > ccw else None

    def succ(self, h):
        """The next hole counterclockwise in our numbering (along the
        whole board up to 3 rows, round each side from 4 rows)."""
        if self.rows <= 3:
            return h % self.holes + 1
        half = self.holes // 2
        base = 0 if h <= half else half
        return base + (h - base) % half + 1

    def board(self, st):
        return [st["counts"][self.site_of[h]] if h in self.site_of else 0 for h in range(1, self.holes + 1)]

    def captured(self, st):
        """Each player's captured seeds [P1, P2, ...] in Ludii, and how counted."""
        cap = [0] * self.players
        how = []
        owned = [s for s in self.stores if s in self.store_owner]
        for s in owned:
            cap[self.store_owner[s] - 1] += st["counts"][s]
        if owned:
            how.append("stores")
        hand_sites = list(self.hands)
        for k, s in enumerate(hand_sites):
            o = self.hands[s]
            if 1 <= o <= self.players:
                cap[o - 1] += st["hands"][k]
        if hand_sites:
            how.append("hands")
        if not how and self.uses_score:
            cap = list(st["scores"][:self.players])
            how.append("scores")
        if how and how != ["scores"] and getattr(self, "total", None) is not None and \
                sum(st["counts"]) + sum(st["hands"]) < self.total:
            # Ludii removes captured seeds from the game although it has
            # stores or hands (Tshuba's `remove`): not compared per player
            return None, "removed"
        if not how:
            # Ludii removes captured seeds from the game (Tsoro's): not
            # compared
            return None, "removed"
        return cap, "+".join(how)

    def token(self, mv, our_moves, phase="play"):
        """Ludii's move as our token (None: not mapped)."""
        if mv["pass"] and phase == "swap":
            # the chooser keeps the board as it is (Li'b al-'Aqil's
            # Opening2: a pass, then he moves first); a pass with
            # consequences turns the board round (Mangala (Bedouin)'s
            # OpeningP2: a pass that swaps the middle holes)
            return "swap" if "[And(" in mv["text"] or "Add" in mv["text"] or "Remove" in mv["text"] else "keep"
        if mv["pass"] or mv["type"] in ("Propose", "Vote", "Swap"):
            # (Ludii's Swap exchanges the players, the board staying as it
            # is: not our `swap`, which turns the board round)
            return None
        frm, to = mv["from"], mv["to"]
        if getattr(self, "steered", False) and frm in self.hole_of and to in self.hole_of and to != frm:
            # (STEERED) the origin and the first seed's hole, or a seed
            return "to:%d" % self.hole_of[to] if phase == "steer" else "%d>%d" % (self.hole_of[frm], self.hole_of[to])
        if frm in self.hole_of:
            h = self.hole_of[frm]
            if phase in ("mark", "pick") and (to == frm or to not in self.hole_of):
                return "%s:%d" % ("mark" if phase == "mark" else "take", h)
            if to in self.hole_of and to != frm and mv["type"] != "Select":
                if phase == "put" and ("put:%d" % self.hole_of[to]) in our_moves:
                    # the seeds taken, put into a hole of the mover's
                    # choice: Ludii moves them one at a time from the hole
                    # they were taken from (Lontu-Holo); the others follow
                    # into the same hole (play_one)
                    return "put:%d" % self.hole_of[to]
                tok = "%d>%d" % (h, self.hole_of[to])
                if phase == "hand" and tok not in our_moves and str(self.hole_of[to]) in our_moves:
                    # a seed held in our hand (phase hand) that Ludii
                    # moves from the hole holding it: our token is the hole
                    # it is sown into (Papan Dakon's choice)
                    return str(self.hole_of[to])
                if phase == "opening" and tok not in our_moves:
                    # an opening move that Ludii writes with both holes
                    # (Gamacha's `7>18`) where our token names the origin
                    # alone (with its direction, if ours has one)
                    own = [t for t in (str(h), "%dcw" % h, "%dccw" % h) if t in our_moves]
                    if len(own) == 1:
                        return own[0]
                return tok
            # the move's own sowing is the first found (a capture may sow
            # again, on another track: Mweso's)
            names = [t for t in mv["tracks"] if t]
            way = self.track_dir.get(self.track_name(names[0])) if names else None
            if (phase == "hand" and way and getattr(self, "hand_next", False) and str(h) not in our_moves
                    and ("%d%s" % (h, way)) not in our_moves):
                # Ludii sows the hole holding the seeds taken (or the
                # relay hole) from the next hole on, a way chosen; ours
                # holds them in hand, its token the hole of the first seed
                n = self.succ(h) if way == "ccw" else [x for x in range(1, self.holes + 1) if self.succ(x) == h][0]
                if ("%d%s" % (n, way)) in our_moves:
                    return "%d%s" % (n, way)
                return str(n)
            if str(h) not in our_moves and ("select:%d" % h) in our_moves:
                # a hole taken without sowing (Ludii's Remove, or a
                # Select whose consequences capture): our moves.select
                return "select:%d" % h
            tok = str(h)
            if ("%dcw" % h) in our_moves or ("%dccw" % h) in our_moves:
                if way:
                    tok = "%d%s" % (h, way)
            choice = getattr(self, "track_choice", None)
            if choice and names and names[0].startswith(choice) and (tok + "+") in our_moves:
                # Ludii's second track: our move with the choice
                tok += "+"
            temp = re.search(r"\[SetTemp:temp=(\d+)\]", mv["text"])
            if temp and getattr(self, "lift_temp", None) is not None:
                # the seeds the sowing lifts, a number Ludii sets first
                # (LIFT_TEMP): our moves.lift token
                tok += "x%d" % (int(temp.group(1)) + self.lift_temp)
            return tok
        if frm in self.hands and any(t.startswith("store") for t in our_moves):
            # seeds of the mover's hand (the seeds he took) sown back onto
            # the board: our moves.store token, its entry named by Ludii's
            # track (STORE_ENTRY), its way and the seeds Ludii moves
            count = re.search(r"count=(\d+)", mv["text"])
            names = [t for t in mv["tracks"] if t]
            track = self.track_name(names[0]) if names else None
            way = self.track_dir.get(track) if track else None
            # the entry whose Ludii track name is the longest beginning of
            # the track's (TrackSpecialHome for TrackSpecialHome1)
            entries = getattr(self, "store_entry", None) or {}
            keys = sorted((k for k in entries if track and track.startswith(k)), key=len)
            entry = entries[keys[-1]] if keys else None
            base = "store" + (":" + entry if entry else "")
            for d in ("", way or ""):
                for a in ("", "x%s" % count.group(1) if count else ""):
                    if base + d + a in our_moves:
                        return base + d + a
            return base
        if frm in self.hands and to in self.hole_of and ("mark:%d" % self.hole_of[to]) in our_moves:
            # a piece of the hand put on the board before the play (a
            # large stone): our setup.mark
            return "mark:%d" % self.hole_of[to]
        if frm in self.hands and to in self.hole_of:
            return "place:%d" % self.hole_of[to]
        if frm in self.hands and "place:all" in our_moves:
            # the whole hand put in, a seed a hole (moves.place.each):
            # Ludii selects the hand and its consequences fill the holes
            return "place:all"

        return "?%s:%s>%s" % (mv["type"], frm, to)

    def track_name(self, name):
        if name in self.track_dir:
            return name
        for t in self.track_dir:
            if name in t:
                return t
        return name


class Ours:
    """Our program: the position after a list of tokens."""

    def __init__(self, binary, variant, opts):
        self.binary, self.variant, self.opts = binary, variant, opts
        self.tmp = tempfile.mkdtemp(prefix="ludii-x-")
        self.start = None   # the position the game starts from (LUDII_OPENING "adopt"), or its start

    def replay(self, toks, chunk=200):
        args = [x for o in self.opts for x in ("-o", o)]
        start = self.start
        done = 0
        while len(toks) - done > chunk:
            pos = self._run(args, toks[done:done + chunk], start)
            if isinstance(pos, str):
                return pos
            start = os.path.join(self.tmp, "p%d.json" % (done + chunk))
            with open(start, "w") as f:
                json.dump(pos, f)
            done += chunk
        return self._run(args, toks[done:], start)

    def _run(self, args, toks, start):
        cmd = [self.binary, "replay", self.variant] + args
        if start:
            cmd += ["--from", start]
        r = subprocess.run(cmd + toks, capture_output=True, text=True)
        if r.returncode:
            return r.stderr.strip() or "exit %d" % r.returncode
        return json.loads(r.stdout)


def show_ludii(board, st):
    cap, how = board.captured(st)
    return "board %s captured %s (%s) mover %s over %s winner %s" % (
        board.board(st), cap, how, word(st["mover"], board.players), st["over"], st["winner"])


def show_ours(pos):
    return "board %s stores %s%s%s to_move %s phase %s over %s winner %s end %s" % (
        pos["board"], pos["stores"], " reserve %s" % pos["reserve"] if "reserve" in pos else "",
        " removed %d" % pos["removed"] if pos.get("removed") else "",
        pos["to_move"], pos["phase"], pos["over"], pos["winner"], pos["end"])


def ours_off_board(pos, how):
    """Our seeds off the board, as Ludii counts them: the stores, and the
    reserve still to place where Ludii keeps it in the hands."""
    off = list(pos["stores"])
    if "hands" in how and "reserve" in pos:
        off = [a + b for a, b in zip(off, pos["reserve"])]
    return off


def differ(board, pos, st):
    """Why our position pos and Ludii's state st differ, or None."""
    if pos["over"] or st["over"]:
        if pos["over"] != st["over"]:
            return "over: ours %s, Ludii %s" % (pos["over"], st["over"])
        w = "draw" if st["winner"] == 0 else word(st["winner"], board.players) \
            if 1 <= st["winner"] <= board.players else "?%s" % st["winner"]
        if pos["winner"] != w:
            return "winner: ours %s, Ludii %s" % (pos["winner"], w)
        return None
    if pos.get("phase") == "put":
        # our seeds taken wait in the hand for the put decision; Ludii's
        # are still in their hole: compared once the put is made
        return None
    ours_board = pos["board"]
    if pos.get("phase") == "hand" and pos.get("hand") and len(pos.get("held") or []) == 1:
        # our seeds in hand, waiting for a choice, that Ludii leaves in the
        # hole they were lifted from (the file's flag `held`: Papan Dakon)
        ours_board = list(ours_board)
        ours_board[pos["held"][0] - 1] += pos["hand"]
    steer = pos.get("steer")
    if pos.get("phase") == "steer" and steer and steer["before"] is None:
        # (STEERED) a relay lap lifted, its first seed not sown yet: Ludii
        # lifts the hole with that seed's move
        ours_board = list(ours_board)
        ours_board[steer["at"] - 1] += pos["hand"]
    if board.board(st) != ours_board:
        return "board"
    cap, how = board.captured(st)
    off = ours_off_board(pos, how)
    shared = sum(st["hands"][k] for k, s in enumerate(board.hands) if not 1 <= board.hands[s] <= board.players)
    if shared and cap is not None and "reserve" in pos and sum(pos["reserve"]) == shared:
        # Ludii keeps the seeds still to place in a shared hand (Mangala
        # (Bedouin)'s distribution): our reserve
        cap = [c + r for c, r in zip(cap, pos["reserve"])]
    if pos.get("removed"):
        # ours takes seeds out of the game (Andada's captures): compare the
        # total only
        if cap is not None and sum(cap) != sum(off) + pos["removed"]:
            return "captured seeds"
    elif cap is not None and cap != off:
        return "captured seeds"
    if ludii_player(pos["to_move"]) != st["mover"]:
        return "player to move"
    return None


def sync(lu, board, pos, prev_mover, log, stop_at=None, relay_stop=False):
    """Plays Ludii's forced moves (see Turns above); returns its state.
    In a game with relay stops (our tokens `5/1`: stop at the first
    chance), Ludii offers a pass beside the next lap at each chance: the
    stop_at-th is taken (None: the relay goes on)."""
    chance = 0
    set_up = False
    for _ in range(100000):
        st = lu.ask("state")
        if st["over"] or not st["moves"]:
            return st
        if set_up and st["phase"] != board.round_setup:
            # the next round is set up (ROUNDS): its first move is a
            # decision, compared as such
            return st
        if all(m["pass"] for m in st["moves"]) and not (
                not isinstance(pos, str) and pos["phase"] == "swap" and len(st["moves"]) > 1
                and ludii_player(pos["to_move"]) == st["mover"]):
            # (two passes for the chooser in phase swap are his choice,
            # keep or swap: Mangala (Bedouin)'s OpeningP2)
            lu.ask("apply 0")
            log.append("pass")
            continue
        if (not isinstance(pos, str) and pos["phase"] == "swap" and st["mover"] == prev_mover
                and ludii_player(pos["to_move"]) != st["mover"] and any(m["pass"] for m in st["moves"])):
            # our set-up is over (the swap decision is the other player's);
            # Ludii's distributor ends his with a pass (Li'b al-'Aqil's
            # Opening1, where he might still move seeds between holes)
            lu.ask("apply %d" % [i for i, m in enumerate(st["moves"]) if m["pass"]][0])
            log.append("pass (ends the set-up)")
            continue
        ms = st["moves"]
        if (relay_stop and st["mover"] == prev_mover and len(ms) == 2
                and sum(m["pass"] for m in ms) == 1):
            chance += 1
            k = [i for i, m in enumerate(ms) if m["pass"] == (chance == stop_at)][0]
            lu.ask("apply %d" % k)
            log.append("stop" if chance == stop_at else "again:%s" % board.token(ms[k], []))
            continue
        if (st["mover"] == prev_mover and len(ms) > 1 and all(m["type"] == "Add" for m in ms)
                and len({m["to"] for m in ms}) == 1):
            # Ti's first moves: Ludii lets the mover drop as many seeds as
            # he likes into each hole, a decision a hole, where ours sows
            # one a hole: the choice of one seed (a single Add)
            k = [i for i, m in enumerate(ms) if m["text"].count("[Add:") == 1]
            if k:
                lu.ask("apply %d" % k[0])
                log.append("add:%s" % board.hole_of.get(ms[k[0]]["to"], "?"))
                continue
        if (getattr(board, "turn_start", False) and not isinstance(pos, str) and not pos["over"]
                and ludii_player(pos["to_move"]) == st["mover"] and differ(board, pos, st)
                and sum(x.startswith("turn-start:") for x in log) < 64):
            # our captures as the turn began, Ludii's moves of that player
            # (TURN_START)
            lu.ask("apply 0")
            log.append("turn-start:%s" % board.token(ms[0], []))
            continue
        if (getattr(board, "round_setup", None) is not None and st["phase"] == board.round_setup
                and len(ms) == 1 and not ms[0]["pass"]):
            # Ludii's set-up of the next round (ROUNDS), whoever's
            lu.ask("apply 0")
            log.append("set-up:%s" % board.token(ms[0], []))
            set_up = True
            continue
        choice = getattr(board, "track_choice", None)
        if (choice and st["mover"] == prev_mover and len(ms) == 2 and not isinstance(pos, str)
                and len({m["from"] for m in ms}) == 1
                and sum(any(t and t.startswith(choice) for t in m["tracks"]) for m in ms) == 1
                and (pos["over"] or ludii_player(pos["to_move"]) != prev_mover or differ(board, pos, st))):
            # a relay lap, on either track (TRACK_CHOICE): the one our move
            # chose
            k = [i for i, m in enumerate(ms)
                 if any(t and t.startswith(choice) for t in m["tracks"]) == board.chose][0]
            lu.ask("apply %d" % k)
            log.append("again%s:%s" % ("+" if board.chose else "", board.token(ms[k], [])))
            continue
        if (st["mover"] == prev_mover and len(ms) == 1 and not isinstance(pos, str)
                and (pos["over"] or ludii_player(pos["to_move"]) != prev_mover
                     or differ(board, pos, st))):
            lu.ask("apply 0")
            log.append("again:%s" % board.token(ms[0], []))
            continue
        return st
    return st


def play_one(lu, ours, board, rng, cap, stats):
    """One random game; None if both agree, else why (several lines)."""
    lu.ask("restart")
    toks = []
    ours.start = None
    pos = ours.replay(toks)
    if isinstance(pos, str):
        return "ours: %s" % pos
    st0 = lu.ask("state")
    if getattr(board, "total", None) is None:
        board.total = sum(st0["counts"]) + sum(st0["hands"])
    mode = getattr(board, "opening", None)
    for _ in range(20 if isinstance(mode, tuple) else 0):
        # ("adopt", PHASE): Ludii's opening played at random until PHASE;
        # one that ends Ludii's game (a player's side emptied by it) is
        # played again, as nothing would be compared
        st1 = st0
        while not st1["over"] and st1["moves"] and st1["phase"] != mode[1]:
            lu.ask("apply %d" % rng.randrange(len(st1["moves"])))
            st1 = lu.ask("state")
        if not st1["over"]:
            break
        lu.ask("restart")
    if mode and not isinstance(mode, tuple):
        # Ludii's opening made of moves where ours has none (LUDII_OPENING)
        for _ in range(5000):
            st0 = lu.ask("state")
            if st0["over"] or not st0["moves"]:
                break
            if mode == "pass":
                ks = [k for k, m in enumerate(st0["moves"]) if m["pass"]]
                if not ks:
                    break
                lu.ask("apply %d" % ks[0])
            else:
                if board.board(st0) == pos["board"] and st0["mover"] == ludii_player(pos["to_move"]):
                    break
                lu.ask("apply 0")
    if isinstance(mode, tuple):
        # ours from Ludii's position after its opening
        st0 = lu.ask("state")
        ours.start = os.path.join(ours.tmp, "adopted.json")
        with open(ours.start, "w") as f:
            json.dump({"variant": ours.variant, "board": board.board(st0), "stores": [0, 0],
                       "to_move": word(st0["mover"], board.players)}, f)
        pos = ours.replay(toks)
        if isinstance(pos, str):
            return "ours, from Ludii's position after its opening: %s" % pos
    # a game with relay stops (tokens `5/1`), once seen
    board.relay_stop = getattr(board, "relay_stop", False) or any("/" in t for t in pos["moves"])
    # Ludii's set-up moves before the first decision (Gabata (Oromo)'s
    # opening rearrangement, where our file starts from its result): the
    # player to move's only moves, played while the boards differ
    log0 = []
    st = sync(lu, board, pos, lu.ask("state")["mover"], log0, None, board.relay_stop)
    # forced opening moves of each player in turn (I Pere's fourth hole
    # into the store): our game starts after them
    for _ in range(20):
        ms = st["moves"]
        if st["over"] or len(ms) != 1 or ms[0]["pass"] or not differ(board, pos, st):
            break
        lu.ask("apply 0")
        log0.append("forced")
        st = sync(lu, board, pos, lu.ask("state")["mover"], log0, None, board.relay_stop)
    stats["forced"] += len(log0)
    if pos["phase"] == "place" and any(m["type"] != "Select" and m["from"] in board.hole_of and m["to"] in board.hole_of
                                       and m["from"] != m["to"] for m in st["moves"]):
        # Makonn: our set-up places each player's reserve seed by seed; in
        # Ludii he moves seeds of his one-a-hole start from hole to hole,
        # then passes. Our random placement is made in Ludii by moves
        # into holes already holding seeds (so that none captures).
        while pos["phase"] == "place":
            toks.append(rng.choice(pos["moves"]))
            pos = ours.replay(toks)
            if isinstance(pos, str):
                return "ours: %s (set-up %s)" % (pos, " ".join(toks))
        if board.alternate_setup:
            # Quela, Quiela: Ludii alternates the players' rearranging
            # moves, each passing once his are made
            target = pos["board"]
            half = board.holes // 2
            st = lu.ask("state")
            have = board.board(st)
            todo = {}
            for side in (1, 2):
                mine = range(1, half + 1) if side == 1 else range(half + 1, board.holes + 1)
                srcs = [h for h in mine for _ in range(max(0, have[h - 1] - target[h - 1]))]
                sinks = [h for h in mine for _ in range(max(0, target[h - 1] - have[h - 1]))]
                if len(srcs) != len(sinks):
                    return "set-up: cannot rearrange Ludii's seeds into ours"
                todo[side] = list(zip(srcs, sinks))
            # HQ: North makes at least as many moves as South (round trips
            # of a seed), so that South moves first after the passes
            mine2 = [h for h in range(half + 1, board.holes + 1) if have[h - 1] > 0]
            while len(todo[2]) < len(todo[1]):
                todo[2] = [(mine2[0], mine2[1]), (mine2[1], mine2[0])] + todo[2]
            # HQ: Ludii alternates the rearranging moves (Quela): one move
            # each in turn, a pass once a player's are made, until both pass
            passes = 0
            for _ in range(1000):
                st = lu.ask("state")
                if passes >= 2 or st["over"]:
                    break
                side = st["mover"]
                ms = st["moves"]
                if todo[side]:
                    a_, b_ = todo[side].pop(0)
                    k = [i for i, m in enumerate(ms) if m["from"] == board.site_of[a_] and m["to"] == board.site_of[b_]
                         and not m["pass"]]
                    if not k:
                        return "set-up: Ludii has no move %d>%d" % (a_, b_)
                    passes = 0
                else:
                    k = [i for i, m in enumerate(ms) if m["pass"]]
                    if not k:
                        return "set-up: Ludii has no pass after the rearrangement"
                    passes += 1
                lu.ask("apply %d" % k[0])
        else:
            # Makonn: each player makes all his moves, then passes
            target = pos["board"]
            half = board.holes // 2
            for side in (1, 2):
                st = lu.ask("state")
                mine = range(1, half + 1) if side == 1 else range(half + 1, board.holes + 1)
                have = board.board(st)
                srcs = [h for h in mine for _ in range(max(0, have[h - 1] - target[h - 1]))]
                sinks = [h for h in mine for _ in range(max(0, target[h - 1] - have[h - 1]))]
                if st["mover"] != side or len(srcs) != len(sinks) or any(have[h - 1] == 0 for h in sinks):
                    return "set-up: cannot rearrange Ludii's seeds into ours (mover %s)" % st["mover"]
                for a_, b_ in zip(srcs, sinks):
                    ms = lu.ask("state")["moves"]
                    k = [i for i, m in enumerate(ms) if m["from"] == board.site_of[a_] and m["to"] == board.site_of[b_]
                         and not m["pass"]]
                    if not k:
                        return "set-up: Ludii has no move %d>%d" % (a_, b_)
                    lu.ask("apply %d" % k[0])
                ms = lu.ask("state")["moves"]
                k = [i for i, m in enumerate(ms) if m["pass"]]
                if not k:
                    return "set-up: Ludii has no pass after the rearrangement"
                lu.ask("apply %d" % k[0])
        st = sync(lu, board, pos, 0, [], None, board.relay_stop)
    before = ("the start", log0) if log0 else None
    lag = getattr(board, "opening_turns", 0)
    for ply in range(cap):
        if lag and len(toks) == lag:
            # the end of a set opening that Ludii plays in more turns
            # (OPENING_TURNS): its forced moves until the positions agree
            while differ(board, pos, st) and not st["over"] and len(st["moves"]) == 1:
                lu.ask("apply 0")
                before[1].append("again:%s" % board.token(st["moves"][0], []))
                stats["forced"] += 1
                st = lu.ask("state")
        if pos["phase"] == "place" and st["moves"] and all(m["type"] == "Remove" for m in st["moves"]):
            # Ludii empties holes (their seeds leave the game) where ours
            # fills the others from a reserve (Mangala (Suez)'s set-up):
            # Ludii's removals are played at random, then ours fill each
            # player's other holes as Ludii's board has them, South first
            gone = {1: [], 2: []}
            while not st["over"] and st["moves"] and all(m["type"] == "Remove" for m in st["moves"]):
                k = rng.randrange(len(st["moves"]))
                gone[st["mover"]].append(board.hole_of[st["moves"][k]["from"]])
                lu.ask("apply %d" % k)
                st = lu.ask("state")
            counts = board.board(st)
            half = board.holes // 2
            fill = []
            for who, rng_holes in ((1, range(1, half + 1)), (2, range(half + 1, board.holes + 1))):
                for h in rng_holes:
                    if h not in gone[who]:
                        fill += ["place:%d" % h] * counts[h - 1]
            before = ("ours %s | Ludii removes %s" % (show_ours(pos), gone), [])
            toks.extend(fill)
            pos = ours.replay(toks)
            if isinstance(pos, str):
                return "ours: %s (after %s)" % (pos, " ".join(toks))
            st = sync(lu, board, pos, 0, [], None, board.relay_stop)
        why = differ(board, pos, st)
        if why == "board" and len(toks) < lag:
            # inside a set opening that Ludii plays in more turns
            why = None
        if why in ("board", "captured seeds") and pos["phase"] == "hand" and not pos["over"] \
                and st["mover"] == ludii_player(pos["to_move"]):
            # ours has taken the seeds into the mover's hand and asks where
            # they are sown; Ludii takes them with that choice, in its next
            # move (Bao's captures): compared after it
            why = None
        if why and (pos["over"] or pos["phase"] == "lot") and pos["end"] in ("repetition", "max-plies") and not st["over"]:
            # our rule for a recurring position (Ludii has none): not
            # compared further
            stats["repetition"] += 1
            stats["moves"] += len(toks)
            return None
        if why:
            return "%s after %s\n    before: %s\n    move:   %s (Ludii also played %s)\n    ours:   %s\n    Ludii:  %s" % (
                why, " ".join(toks) or "the start", before[0] if before else "-",
                toks[-1] if toks else "-", before[1] if before else [], show_ours(pos), show_ludii(board, st))
        if pos["over"]:
            stats["moves"] += len(toks)
            return None
        if pos["phase"] == "lot" and pos.get("end"):
            # a round ended and a lot gives the hole left over (leftover-tie:
            # lot): the round's end, not compared further
            stats["rounds"] += 1
            stats["moves"] += len(toks)
            return None
        if pos["phase"] in ("lot", "first"):
            # Ludii has no choice of the first player, nor a lot for him
            # (chosen-by: lot): ours takes Ludii's mover
            tok = pos["phase"] + ":" + word(st["mover"], board.players)
            if tok not in pos["moves"]:
                return "choice of the first player after %s: ours %s, Ludii's mover %s" % (
                    " ".join(toks), pos["moves"], tok)
            toks.append(tok)
            pos = ours.replay(toks)
            if isinstance(pos, str):
                return "ours: %s (after %s)" % (pos, " ".join(toks))
            continue
        mapped = {}
        nth = {}
        dir_after = {}
        first_seed = {}
        for k, m in enumerate(st["moves"]):
            t = board.token(m, pos["moves"], pos["phase"])
            dirs = getattr(board, "ordered_dirs", None)
            if t is not None and dirs and t.isdigit() and (t + "cw") in pos["moves"]:
                # Ludii's moves that name no sowing track: their direction
                # by their order from the same hole (ORDERED_DIRS)
                i = nth.get(t, 0)
                nth[t] = i + 1
                if i < len(dirs):
                    t += dirs[i]
            if t is not None and getattr(board, "grouped", False) and t.isdigit() and (t + "by1") in pos["moves"]:
                # Ludii's k-by-k sowings, in order (GROUPED)
                ours_g = [x for x in pos["moves"] if x.startswith(t + "by")]
                i = nth.get(t, 0)
                nth[t] = i + 1
                if i < len(ours_g):
                    t = ours_g[i]
            if t is not None and t.startswith("place:") and t not in pos["moves"] \
                    and (t + "cw") in pos["moves"]:
                # Ludii places, then chooses the direction with a move of
                # its own (Bao): our `place:Hcw` is both
                for d in ("cw", "ccw"):
                    if t + d in pos["moves"]:
                        mapped.setdefault(t + d, k)
                        dir_after[t + d] = d
                continue
            if t is not None and board.steered and pos["phase"] == "play" and ">" in t:
                # (STEERED) Ludii's origin and first seed: our origin; the
                # seed is chosen below among Ludii's moves from it
                first_seed.setdefault(t.split(">")[0], []).append((k, t.split(">")[1]))
                t = t.split(">")[0]
            if t is not None:
                mapped.setdefault(t, k)
        plain = [t for t in pos["moves"] if "/" not in t]
        if set(mapped) != set(plain) and len(plain) == 1 and len(st["moves"]) == 1 and not st["moves"][0]["pass"]:
            # a forced move on both sides written differently (Lamosh's
            # stylised opening: our one relay, Ludii's first step of it):
            # the same decision; its result is compared as usual
            mapped = {plain[0]: 0}
        if set(mapped) != set(plain):
            # noted (the first one shown), and the game goes on with the
            # moves both have
            why = "legal moves after %s: ours %s, Ludii %s\n    position: %s" % (
                " ".join(toks) or "the start", pos["moves"], sorted(mapped, key=_order), show_ours(pos))
            if not set(mapped) & set(plain):
                return why
            stats["legal"] += 1
            stats.setdefault("legal_first", why)
            only_ludii = sorted(set(mapped) - set(plain), key=_order)
            only_ours = sorted(set(plain) - set(mapped), key=_order)
            stats.setdefault("legal_kinds", set()).add(
                ("Ludii only" if only_ludii else "") + (" ours only" if only_ours else ""))
            mapped = {t: k for t, k in mapped.items() if t in plain}
        choices = sorted(set(mapped) | {t for t in pos["moves"] if t.split("/")[0] in mapped}, key=_order)
        tok = rng.choice(choices)
        base, _, stop = tok.partition("/")
        board.relay_stop = board.relay_stop or any("/" in t for t in pos["moves"])
        prev = st["mover"]
        before_txt = "ours %s | Ludii %s" % (show_ours(pos), show_ludii(board, st))
        round_before = pos["round"]
        toks.append(tok)
        if base in first_seed:
            # (STEERED) one of Ludii's first seeds from this origin, ours too
            k, to = rng.choice(first_seed[base])
            mapped[base] = k
            toks.append("to:%s" % to)
        pos = ours.replay(toks)
        if isinstance(pos, str):
            return "ours: %s (after %s)" % (pos, " ".join(toks))
        while board.hand_next and not pos["over"] and pos["phase"] == "hand" and len(pos["moves"]) == 1:
            # our forced choice of where the hand is sown (one hole):
            # Ludii's single move of the turn, played with the rest
            toks.append(pos["moves"][0])
            pos = ours.replay(toks)
            if isinstance(pos, str):
                return "ours: %s (after %s)" % (pos, " ".join(toks))
        lu.ask("apply %d" % mapped[base])
        board.chose = base.endswith("+")
        log = []
        if base.startswith("put:"):
            # Ludii puts the seeds one a move: the others into the same hole
            src, dst = st["moves"][mapped[base]]["from"], st["moves"][mapped[base]]["to"]
            for _ in range(1000):
                st1 = lu.ask("state")
                ks = [i for i, m in enumerate(st1["moves"]) if m["from"] == src and m["to"] == dst] \
                    if st1["mover"] == prev and not st1["over"] else []
                if not ks:
                    break
                lu.ask("apply %d" % ks[0])
                log.append("again:%s" % base)
        if base in dir_after:
            # Ludii's choice of direction after its placement
            st1 = lu.ask("state")
            ks = [i for i, m in enumerate(st1["moves"])
                  if [t for t in m["tracks"] if t]
                  and board.track_dir.get(board.track_name([t for t in m["tracks"] if t][0])) == dir_after[base]]
            if len(ks) != 1:
                return "Ludii's direction after %s: moves %s" % (" ".join(toks), [m["text"][:60] for m in st1["moves"]])
            lu.ask("apply %d" % ks[0])
            log.append("dir:%s" % dir_after[base])
        st = sync(lu, board, pos, prev, log, int(stop) if stop else None, board.relay_stop)
        stats["forced"] += len(log)
        before = (before_txt, log)
        if pos["round"] != round_before and board.round_setup is not None:
            # a round ended: ours has set up the next one, Ludii too with
            # the moves sync played (ROUNDS); compared on
            stats["later_rounds"] += 1
        elif pos["round"] != round_before:
            # a round ended: ours has set up the next one; not compared
            # further (Ludii's set-up of a round is made of moves)
            stats["rounds"] += 1
            stats["moves"] += len(toks)
            return None
    stats["moves"] += len(toks)
    stats["capped"] += 1
    return None


def _order(t):
    m = re.match(r"(\d+)", t)
    return (int(m.group(1)) if m else 10**6, t)


def ludii_title(path):
    """The file's `about.ludii`, or None."""
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    inside = False
    for line in lines:
        if re.match(r"^about:\s*$", line):
            inside = True
        elif inside and line[:1] not in ("", " ", "#"):
            return None
        elif inside:
            m = re.match(r"^  ludii:\s*(.+?)\s*$", line)
            if m:
                t = m.group(1)
                if t[:1] in "\"'" and t[-1:] == t[:1]:
                    t = t[1:-1]
                return t
    return None


# the built-in games that have a `ludii-code` option (games_to_run)
HAS_LUDII_CODE = set()


def file_has_ludii_code(path):
    """Whether a variant file declares the option `ludii-code` (a file
    given by its path may be newer than the built-in of the same name)."""
    try:
        with open(path) as f:
            return re.search(r"^options:\s*$(\n(?:[ #].*)?$)*?\n  ludii-code:", f.read(), re.M) is not None
    except OSError:
        return False


def our_options(name):
    """Our options for a game: OPTIONS, or else the file's `ludii-code`
    option, by its definition the reading of Ludii's code."""
    if name in OPTIONS:
        return OPTIONS[name]
    return ["ludii-code=true"] if name in HAS_LUDII_CODE else []


def games_to_run(binary, wanted):
    """[(our name, what to pass to `replay`, Ludii title)]."""
    built = {}
    for line in subprocess.run([binary, "list", "--json"], capture_output=True, text=True).stdout.splitlines():
        g = json.loads(line)
        built[g["name"]] = g.get("ludii")
        if "ludii-code" in g.get("options", []):
            HAS_LUDII_CODE.add(g["name"])
    out = []
    seen = set()
    for name, title in built.items():
        if title:
            out.append((name, name, title))
            seen.add(name)
    for f in sorted(glob.glob(os.path.join(ROOT, "variants", "*.yaml"))):
        name = os.path.basename(f)[:-5]
        if name in seen:
            continue
        title = ludii_title(f)
        if title:
            out.append((name, f, title))
            if file_has_ludii_code(f):
                HAS_LUDII_CODE.add(name)
    if wanted:
        res = []
        for w in wanted:
            hit = [g for g in out if g[0] == w or g[1] == w]
            if hit:
                res.append(hit[0])
            elif os.path.exists(w):
                res.append((os.path.basename(w).rsplit(".", 1)[0], w, ludii_title(w)))
                if file_has_ludii_code(w):
                    HAS_LUDII_CODE.add(res[-1][0])
            else:
                res.append((w, w, built.get(w)))
        out = res
    return out


def find_lud(build, title):
    root = os.path.join(build, "src", "Common", "res")
    needle = '(game "%s"' % title
    for f in sorted(glob.glob(os.path.join(root, "lud", "**", "*.lud"), recursive=True)):
        if "/wip/" in f or "/test/" in f or "/reconstruction/" in f:
            continue
        try:
            with open(f, encoding="utf-8", errors="replace") as fh:
                if needle in fh.read():
                    return f[len(root):]
        except OSError:
            pass
    return None


def our_bench(binary, variant, opts, secs):
    """`mancala bench`'s lines (key: value), and games and plies per
    second of CPU time (the machine may be shared)."""
    import resource
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run([binary, "bench", variant] + [x for o in opts for x in ("-o", o)] + ["--seconds", str(secs)],
                       capture_output=True, text=True)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    d = {}
    for line in r.stdout.splitlines():
        if ":" in line:
            k, v = line.split(":", 1)
            d[k.strip()] = v.strip()
    d["cpu"] = cpu
    if "games" in d and cpu > 0:
        d["games/cpu-s"] = float(d["games"]) / cpu
        d["plies/cpu-s"] = float(d["games"]) * float(d.get("plies/game", "nan")) / cpu
    return d


def notes(stats, cap):
    return "; ".join("%d %s" % (stats[k], what) for k, what in (
        ("repetition", "ended by our repetition rule, Ludii playing on (not compared further)"),
        ("rounds", "stopped at the end of the first round"),
        ("later_rounds", "later rounds compared"),
        ("capped", "capped at %d decisions" % cap)) if stats[k]) or "each game to its end or first difference"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--build", default=os.environ.get("LUDII_BUILD", "/tmp/ludii-build"))
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cap", type=int, default=1000)
    ap.add_argument("--game", action="append", default=[])
    ap.add_argument("--option", action="append", default=[], help="our option K=V for every game (added)")
    ap.add_argument("--ludii-option", action="append", default=[], help="Ludii option Cat/Item for every game")
    ap.add_argument("--ludii-ruleset", default=None)
    ap.add_argument("--default-options", action="store_true", help="ignore OPTIONS and LUDII")
    ap.add_argument("--keep-going", action="store_true",
                    help="play every game and count the kinds of differences (the first one shown)")
    ap.add_argument("--show-all", action="store_true", help="print every game's first difference")
    ap.add_argument("--record", metavar="FILE",
                    help="write each game's result into FILE (tests/crosscheck/results.tsv)")
    ap.add_argument("--bench", type=float, default=0)
    ap.add_argument("--warmup", type=float, default=10)
    a = ap.parse_args()
    cpfile = os.path.join(a.build, "classpath")
    if not os.path.exists(cpfile):
        print("ludii.py: skipped: no Ludii build in %s (run tools/ludii/build.sh; --build DIR or LUDII_BUILD)" % a.build)
        return 0
    with open(cpfile) as f:
        classpath = f.read().strip()
    todo = games_to_run(a.bin, a.game)
    agree = disagree = explained = skipped = 0
    results = {}
    bench_rows = []
    for name, variant, title in todo:
        lud = find_lud(a.build, title) if title else None
        key = game_key(name)
        if not lud:
            print("NOT COMPARABLE %s: no Ludii game %r" % (name, title))
            results[key] = ("not-comparable", "no Ludii game %r" % title)
            skipped += 1
            continue
        opts = ([] if a.default_options else our_options(name)) + a.option
        extra = [] if a.default_options else list(LUDII.get(name, []))
        extra += [x for o in a.ludii_option for x in ("--option", o)]
        if a.ludii_ruleset:
            extra += ["--ruleset", a.ludii_ruleset]
        ours = Ours(a.bin, variant, opts)
        start = ours.replay([])
        if isinstance(start, str):
            print("NOT COMPARABLE %s: ours: %s" % (name, start))
            results[key] = ("not-comparable", start)
            skipped += 1
            continue
        try:
            lu = Ludii(classpath, lud, extra)
        except Exception as e:
            why = str(e).strip().splitlines()[0] if str(e).strip() else str(e)
            print("NOT COMPARABLE %s: %s" % (name, why))
            results[key] = ("not-comparable", "Ludii: " + why)
            skipped += 1
            continue
        label = "%s%s (Ludii %s%s%s)" % (name, "".join(" -o " + o for o in opts), lud, " " + " ".join(extra) if extra else "",
                                       ", mirrored" if key in MIRROR and not a.default_options else "")
        if a.bench:
            b = lu.ask("bench %g %g" % (a.bench, a.warmup))
            lu.close()
            o = our_bench(a.bin, variant, opts, a.bench)
            bench_rows.append((name, lud, b, o))
            print("BENCH %s: Ludii %.1f playouts/s %.0f moves/s (%.1f/%.0f per CPU s); ours %s games/s %s plies/s "
                  "(%.0f/%.0f per CPU s)" % (
                      name, b["playouts_per_s"], b["real_moves_per_s"], b["playouts_per_cpu_s"],
                      b["real_moves_per_cpu_s"], o.get("games/s"), o.get("plies/s"), o.get("games/cpu-s", 0),
                      o.get("plies/cpu-s", 0)), flush=True)
            continue
        try:
            board = Board(lu.layout, len(start["board"]), mirror=key in MIRROR and not a.default_options,
                          site_map=SITES.get(key))
            board.alternate_setup = key in ALTERNATE_SETUP
        except ValueError as e:
            print("NOT COMPARABLE %s: %s" % (label, e))
            results[key] = ("not-comparable", str(e))
            skipped += 1
            lu.close()
            continue
        board.opening = None if a.default_options else LUDII_OPENING.get(key)
        board.opening_turns = 0 if a.default_options else OPENING_TURNS.get(key, 0)
        board.ordered_dirs = ORDERED_DIRS.get(key)
        board.turn_start = key in TURN_START
        board.hand_next = key in HAND_NEXT
        board.steered = key in STEERED
        board.lift_temp = LIFT_TEMP.get(key)
        board.track_choice = TRACK_CHOICE.get(key)
        board.grouped = key in GROUPED
        board.chose = False
        board.store_entry = STORE_ENTRY.get(key)
        rng = random.Random(a.seed)
        board.round_setup = ROUNDS.get(key)
        stats = {"moves": 0, "forced": 0, "capped": 0, "repetition": 0, "rounds": 0, "later_rounds": 0, "legal": 0}
        bad = None
        kinds = {}
        for i in range(a.games):
            try:
                why = play_one(lu, ours, board, rng, a.cap, stats)
            except RuntimeError as e:
                why = str(e)
            if why:
                if a.show_all:
                    print("  [game %d] %s" % (i + 1, "\n    ".join(
                        l.strip() for l in why.splitlines() if not l.strip().startswith("before"))), flush=True)
                bad = bad or "game %d: %s" % (i + 1, why)
                kind = re.sub(r" after .*| \(.*", "", why.splitlines()[0])
                kinds[kind] = kinds.get(kind, 0) + 1
                if not a.keep_going:
                    break
        lu.close()
        if stats["legal"]:
            kinds["legal moves differ (%s), the game went on with the common ones: %d decisions" % (
                ", ".join(sorted(k.strip() for k in stats["legal_kinds"])), stats["legal"])] = 1
            if not bad:
                bad = stats["legal_first"]
        known = EXPLAINED.get(key)
        # the difference without its "game N: " (a legal-moves difference
        # has none)
        first = re.sub(r"^game \d+: ", "", bad or "")
        if bad and known and re.search(known[0], first):
            explained += 1
            tally = ", ".join("%s: %d" % kv for kv in sorted(kinds.items()))
            print("EXPLAINED %s: %s. First difference: %s%s" % (
                label, known[1], bad.splitlines()[0],
                " (%s of %d games; %d moves in the others, without a difference)" % (tally, a.games, stats["moves"])
                if a.keep_going else ""), flush=True)
            results[key] = ("explained", known[1])
        elif bad:
            disagree += 1
            results[key] = ("disagree", bad.splitlines()[0])
            tally = ", ".join("%s: %d" % kv for kv in sorted(kinds.items()))
            print("DISAGREE %s: %s%s (%s)\n  %s" % (label, tally, " of %d games" % a.games if a.keep_going else "",
                                                    notes(stats, a.cap), bad), flush=True)
        else:
            agree += 1
            results[key] = ("agree", "%d random games%s" % (a.games, "".join(" -o " + o for o in opts)))
            print("AGREE %s: %d games, %d moves (%d forced Ludii moves: relay laps, passes; %s)" % (
                label, a.games, stats["moves"], stats["forced"], notes(stats, a.cap)), flush=True)
    if a.bench:
        print()
        print("Per second of CPU time (each program's process; Ludii: after %gs of warm-up), %gs each:" % (
            a.warmup, a.bench))
        print()
        print("| game | Ludii playouts/s | ours games/s | ratio | Ludii moves/s | ours plies/s | Ludii moves/playout |"
              " ours plies/game |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for name, lud, b, o in bench_rows:
            g = o.get("games/cpu-s", float("nan"))
            lp = b["playouts_per_cpu_s"]
            print("| %s | %.1f | %.0f | %.0f | %.0f | %.0f | %.1f | %s |" % (
                name, lp, g, g / lp if lp else float("nan"), b["real_moves_per_cpu_s"], o.get("plies/cpu-s", 0),
                b["real_moves"] / b["playouts"] if b["playouts"] else 0, o.get("plies/game")))
        return 0
    if a.record:
        record(a.record, "Ludii", results)
    print("%d agree, %d disagree-explained, %d disagree, %d not comparable" % (agree, explained, disagree, skipped))
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
