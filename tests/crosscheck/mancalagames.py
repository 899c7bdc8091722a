#!/usr/bin/env python3
"""Plays the same random games in MancalaGames' engine and in `mancala`,
and compares them move by move.

MancalaGames (github.com/StoneShark/MancalaGames, Python) is another
implementation of many sowing games. It is not part of this repository:
give its checkout (the folder holding `src/` and `GameProps/`) with --mg
or the environment variable MANCALAGAMES; without it this script says so
and exits 0 (skipped).

For each built-in game whose `about.mancalagames` names a MancalaGames
game (`mancala list --json`), or the games given with --game: G random
games (and the further pairs of EXTRA: a MancalaGames game that one of
our files plays under another name or with options, keyed OURS/MG in
results.tsv; --game takes our name or MancalaGames'), the moves chosen
uniformly among MancalaGames' legal moves (South,
MancalaGames' False, begins). After every move the board, the stores and
the player to move must be the same in both programs, and our legal moves
must be MancalaGames' legal moves; the game must end in both at the same
move with the same winner. A game stops at the first difference, which is
printed with the moves that led to it. Options that make our file play
MancalaGames' reading are in OPTIONS below, with the reason.

Numbering: MancalaGames' board list runs counterclockwise from South's
left, as ours; a move is a column from the mover's left (South: hole
column+1; North: hole 2N-column).

Usage: mancalagames.py --bin PATH [--mg DIR] [--games G] [--seed S] [--game NAME|FILE.yaml]...
                       [--record FILE]
Where the programs are compared only up to a point: MancalaGames stops a
game as soon as a player holds a winning majority (its ClearWinner); a
game that ends here by repetition (MancalaGames has no such rule) is
compared up to that move. A relay sowing that never ends is no move in
either program (MancalaGames' disallow_endless, its lap cap raised).
Known differences are in EXPLAINED below, with which source each program
follows; a game whose first difference is one of them is EXPLAINED.

Last line: "N agree, E disagree-explained, M disagree, K not comparable";
the exit status is 1 when a difference is not explained.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results import game_key, record  # noqa: E402

PASS = 65535   # MancalaGames' move "pass" (its PASS_TOKEN)

# games compared only up to a point: MancalaGames stopped at a decided
# majority, or we ended at a repetition (per game, reset for each)
STATS = {"decided": 0, "repetition": 0}

# our options that play MancalaGames' reading of a game, and why
OPTIONS = {
    # MancalaGames forbids a tuzdyk in the opponent's ninth hole (the
    # tournament rules; the file's option)
    "toguz-kumalak": ["ninth-hole-tuzdyk=false"],
    # MancalaGames' Ba-awa match ends when a player owns 10 holes
    "ba-awa": ["target=10"],
    # MancalaGames' Bay Khom is a single game; a player may sow his store
    # hole, and a player without a move ends it
    "bay-khom": ["match=false", "sow-from-store=true", "stuck-ends-round=true"],
    # MancalaGames ends a round of Ayo at two seeds or fewer
    "ayo": ["few-seeds-end=true"],
    # MancalaGames ends San Yao's match once a player would own nine holes
    "san-yao": ["match-end=nine-holes"],
    # MancalaGames gives South Diffusion's block on his right
    "diffusion": ["blocks=right"],
    # MancalaGames' Andada has 15 holes a row
    "andada": ["holes=15"],
    # MancalaGames' Weg eats two seeds (the file's option for that reading)
    "qelat": ["eaten=2"],
    # the files' options for MancalaGames' readings: Halusa takes only the
    # last hole; in Vai Lung Thlan a player without a move passes
    "halusa": ["chain=false"],
    "vai-lung-thlan": ["pass=true"],
    # MancalaGames ends Kalah only when the player to move has no seeds
    "kalah": ["ends-when=mover-is-empty"],
    # the last seed of Hufesay counts for nobody there (UNCLAIMED)
    "hufesay": ["last-seed=neutral"],
    # the files' options for MancalaGames' readings (each file's readings
    # say which source each side follows)
    "adi-ii": ["target=10"],
    "ayoayo": ["one-seed-ends=false"],
    "bakuk": ["chain=backward"],
    "djenon-aboure": ["sow-origin=false", "pass=false"],
    "mbangbi": ["mancalagames-chain=true"],
    "mbothe": ["must-feed=false"],
    "modiar": ["grand-slam=illegal"],
    "nam-nam": ["target=10", "stuck-ends-round=true"],
    "nambayi": ["mancalagames-store=true"],
    "nsa-isong": ["target=10"],
    "num-num": ["target=10"],
    "uril": ["mancalagames-ouri=true"],
    "waurie": ["skip-origin=true"],
    "kara": ["capture=all", "holes=6", "pass=true"],
    "bosh": ["ends-when=mover-is-empty"],
    "dabuda": ["opening=none"],
    "deka": ["covering=opponents-row"],
    "andot": ["marking=valdez", "no-return=single-seed", "lone-into-three=true"],
    "hoyito": ["rounds=true", "stuck-ends-round=true"],
    # MancalaGames' engine ends a round at a lone seed (the file's option)
    "pallam-kuzhi": ["few-seeds-end=true"],
    # MancalaGames' engine plays Bao (Russ) without its opening: no
    # rearranging and no holding back of the first player (its screen's)
    "bao-russ": ["opening=none"],
    # MancalaGames' ZigZag: no capturing return, the seeds left to the owners (the file's option)
    "zigzag": ["mancalagames=true"],
    # MancalaGames makes Gelech's captures once the hole is chosen, before
    # the sowing (the file's option for that order)
    "gelech": ["mancalagames=true"],
    # MancalaGames' engine takes a third pair ahead when the hole behind
    # the last one does not match (the file's option)
    "centering": ["mancalagames-chain=true"],
    # MancalaGames ends Alemungula when a single seed is left (the file's option)
    "alemungula": ["lone-seed-ends=true"],
    "leb-bbut-ahbochen": ["relay-six=true"],
    "lamlameta": ["mancalagames=true"],
    "endodoi": ["lone-seed-ends=true"],
    "enkeshui": ["lone-seed-ends=true"],
    "pandi": ["few-seeds-end=true"],
    "tihbat": ["first-seed=next", "capture-row=both"],
    # MancalaGames' Qelat passes over the emptied origin (the file's option)
    "qelat-beni-amir-mensa": ["skip-origin=true"],
    # MancalaGames (after Russ) sows each player's first move in a single lap
    "tapata": ["first-move-single=true"],
    # MancalaGames' Urim takes the first hole of a run at 4 too
    "urim": ["first-at-four=true"],
    # MancalaGames' engine ends Lahemay Waladat's match at 38 seeds
    "lahemay-waladat": ["target=38"],
    # MancalaGames' Giuthi (Russ): 8 holes a row, its capture run and
    # free second move (the file's options)
    "kiuthi": ["holes=8", "mancalagames=true"],
    # MancalaGames sows an odd number of seeds counterclockwise (Troyka:
    # clockwise); its Cross-Kalah ends when the mover has no seed
    "cross-kalah": ["odd-sows=ccw", "ends-when=mover-is-empty"],
    "cross-wari": ["odd-sows=ccw"],
}


# Known differences: the first difference of a game, matched by a pattern
# of its message, and which program reads which source how. A game whose
# first difference matches is reported EXPLAINED, not DISAGREE.
EXPLAINED = {
    "bao-russ": (r"^we end the match after .*, MancalaGames plays another round$",
                 "only the first round is played here: MancalaGames' later rounds (the poorer player "
                 "fills four a hole from his left and puts his remainder in the next hole, the richer "
                 "fills the holes facing those, the other holes out of play) are a gap of the file, as "
                 "no `match.next` lays a round out so; both agree up to there"),
    "ovalhu/Ohvulhu": (r"^MancalaGames ends the game after ",
                       "MancalaGames ends the match in the middle of a round as soon as a player holds "
                       "more than 96 seeds, the other short of the 32 he needs for four holes (end_move.py "
                       "ClearWinner, RoundWinner: 'Game, not round, ended'); here the round is played out, "
                       "and the same player wins"),
    "lagerung": (r"^after .*: (south|north) to move, MancalaGames (south|north)$",
                 "after a drawn round (49 seeds each) MancalaGames' engine gives the next round to the player "
                 "who was not to move when the round ended (its fallback where a round has no loser; usually "
                 "the last mover); its notes say only that the loser begins; here, after a draw, South begins "
                 "an odd-numbered round and North an even one (`starter: loser`)"),
    "hoyito/Hoyito_II": (r"^after .*: board ",
                         "MancalaGames ends a round once the mover leaves the opponent's row 1 to 4 "
                         "seeds, giving him every seed on the board (its PickLastSeeds, which counts "
                         "only the side where captures are allowed: capt_side); its description "
                         "(after Valdez) says nothing of the ending, and the file keeps Ludii's text "
                         "(Gering and Bautista i Roca): with eight or fewer left, the first capture "
                         "takes the rest"),
    "jodu": (r"^(after|legal moves|MancalaGames|we end)",
             "MancalaGames' J'Odu is another account (Hanson 2003: three seeds a hole, rounds played "
             "for holes, captures of ones and twos); Ludii's text (Murray 1951), followed here, has "
             "four seeds a hole and a single game; the file's readings say so"),
    "hoyito": (r"^after .*: board \[[0-3](, [0-3])*\] stores",
               "MancalaGames ends a round as soon as a capture leaves four seeds or fewer, the "
               "capturer taking them (its PickLastSeeds); Ludii's text (Gering and Bautista i Roca), "
               "followed here, gives the last four to the player who takes a four when eight were "
               "left, and play goes on until then"),
    "gamacha": (r"^legal moves .* \(after \)$",
                "MancalaGames (after Russ) starts from a layout of 44 seeds in which North's seventh "
                "hole has already been moved into the hole facing it, and South begins the play; "
                "Pankhurst (Ludii's text), followed here, gives North 4 more seeds and has South, the "
                "player with fewer, move his seventh hole as his first decision"),
    "erherhe": (r"^(after|legal moves|MancalaGames|we end)",
                "MancalaGames follows Russ's account (captures of ones and threes with a run behind, "
                "a lap passing over its origin, a duty to feed, a round ended at a majority); Ludii's "
                "text and code (Avelot), followed here, capture twos and fours with the two holes "
                "beside; the file's readings say so"),
    "bosh": (r"^after .*: board \[(0, )*1(, 0)*\] stores",
             "MancalaGames ends a round as soon as a single seed is left on the board (its "
             "NoOutcomeChange, end_move.py: too few seeds for a capture), giving it to the owner "
             "of its hole; no source has that rule, and here the round is played on (the seed "
             "circles until the player to move has none, or a third repetition ends it)"),
    "andada": (r"^legal moves .* \(after \)$",
               "MancalaGames starts Andada from its 'clipped triple' layout (3, 3, 0 "
               "repeated), so a third of the holes are empty; docs/rules.md (from "
               "Pankhurst) fills every hole"),
    "lib-al-aqil": (r"^legal moves \['place:",
                    "MancalaGames starts from a fixed layout; the sources (Lane, Ludii's "
                    "text) have the first player distribute the seeds, as here"),
    "tap-urdy": (r"^legal moves .* \(after \)$",
                 "MancalaGames' Tap-Urdy sows from the player's own row, another game; "
                 "Ludii's text and its source have a player sow from the opponent's row, as here"),
    "bechi": (r"^after .*: board .*, MancalaGames ",
              "at a new round MancalaGames fills the loser's holes by itself; here the "
              "player chooses which (a fill: move); MancalaGames' Bechi matches with its "
              "fills are replayed in tests/external/mancalagames-bechi*.jsonl and agree"),
    "ba-awa": (r"^MancalaGames ends the game after ",
               "MancalaGames ends a round when the player to move has no move; "
               "docs/rules.md has him pass"),
    "adi-ii": (r"^(legal moves|after|we end|MancalaGames)",
               "MancalaGames' check that refuses endless sowings marks the wrong hole where holes "
               "change owner (allow[pos] for allow[idx] in NoEndlessSows): it forbids a move that "
               "ends and allows one that never does; patched, the two agree"),
    "ayo": (r"^after .*: (south|north) to move, MancalaGames (south|north)$",
            "after a drawn round (24 seeds each) MancalaGames' engine gives the next round to the player "
            "who was not to move when the round ended (its fallback where a round has no loser; usually "
            "the last mover); its text says only that the loser begins; here, after a draw, South begins "
            "an odd-numbered round and North an even one"),
    "san-yao": (r"^after .*: (south|north) to move, MancalaGames (south|north)$",
                "after a drawn round (25 seeds each) MancalaGames lets the player who did not move last "
                "begin; its text says only that the winner begins; here, after a draw, South begins an "
                "odd-numbered round and North an even one"),
    "num-num": (r"^after .*(to move|board)",
                "after a drawn round MancalaGames lets the player who did not move last begin; here "
                "(as Russ) the players alternate"),
    "lamlameta": (r"^we end the (game|match) after ",
                  "MancalaGames plays further rounds, ending when a player can fill only four holes; "
                  "the source (Pankhurst) has a single game, as here"),
    "num-num/Adi": (r"^after .*(to move|board)",
                    "after a drawn round MancalaGames lets the player who did not move last begin; here "
                    "(as Russ) the players alternate (the same difference as Num-Num's)"),
    "adji-kui/Adji_Kui_II": (r"^after .*: owners ",
                             "a hole left over at two seeds each goes to the round's loser in "
                             "MancalaGames, to the richer player (the winner) here; the file's readings "
                             "and gaps say so (Valdez's account was not at hand)"),
    "sungka/Dakon": (r"^after .*: (board |(north|south) to move, MancalaGames)",
                     "at a new round MancalaGames (Russ's Dakon) fills each player's holes by "
                     "itself, from his right, and lets the last mover begin; here the player "
                     "chooses which holes to fill (fill: moves, as in Ludii's code) and the "
                     "players begin the rounds in turn (the file's reading of Sungka)"),
    "obridje/Obridjie": (r"^after .*: winner ",
                         "at the end MancalaGames' Obridjie scores the seeds left on the board for "
                         "nobody; here each player takes the seeds of his row (Ludii's code; "
                         "Murray says nothing)"),
    "qelat": (r"^(after .*: owners |MancalaGames ends the game after )",
              "MancalaGames' Weg gives every round the two rows back, and ends the match as soon as a "
              "player cannot fill a hole; Qelat's source (Pankhurst) passes holes to the player who won "
              "them and draws a hole left over at two seeds each by lot, which may leave the poorer "
              "player a hole to play on, as here"),
    "lam-waladach": (r"^legal moves .* \(after \)$",
                     "MancalaGames follows Russ (3 seeds a hole, no stylised opening, a 4 made "
                     "during a lap taken by the hole's owner, the round ended below 6 seeds, a "
                     "match to 9 holes); Pankhurst (Ludii's source), as here, has 4 a hole and "
                     "South's stylised first move"),
    "leyla-gobale-somaliland": (r"^legal moves .* \(after \)$",
                                "MancalaGames follows Russ: any first move, a single lap (no relay) and "
                                "no seed moved into a new qur hole (its stated deviation); Marin (as "
                                "Ludii's text cites him), as here, begins from the right-hand hole and relays"),
    "meusueb": (r"^after .*: board ",
                "MancalaGames plays Russ's ending (with 8 seeds or fewer left, seeds sown into the "
                "opponent's row are his), not written here (the file's readings), and counts those "
                "8 on the board after the lap's seeds are lifted (sower.py SowOppCaptsLast.sow_seeds: "
                "sum(self.game.board) leaves out the hand), so a big sowing already plays that ending"),
    "qelat/Gabata": (r"^(after .*: owners |MancalaGames ends the game after )",
                     "as for Weg (qelat): MancalaGames' Gabata gives every round the two rows back, and "
                     "ends the match as soon as a player cannot fill a hole; Qelat's source (Pankhurst) "
                     "passes holes to the player who won them and draws a hole left over at two seeds "
                     "each by lot, as here"),
    "qelat-beni-amir-mensa": (r"^(legal moves |after .*: board )",
                              "MancalaGames forbids sowing a single seed straight back over the end of "
                              "the row it has just crossed (allowables.py DontUndoMoveOne, its own rule "
                              "for games sown both ways; the sources have none), and (after Mohr) once a "
                              "walda is made, captures a 4 made by a last seed elsewhere (its seeds go "
                              "into a walda); Pankhurst's text, as here, only makes waldas"),
    "motiq": (r"^after .*: board ",
              "MancalaGames (after Russ) ends a round only when the player to move cannot move and gives "
              "the seeds left to the last mover; Ludii's text (Barnes), as here and in Ludii's code, ends "
              "it as soon as a player's holes are empty, whoever moved (the file's readings)"),
    "nsa-isong": (r"^MancalaGames ends the game after ",
                  "MancalaGames ends the match in the middle of a round once the loser can no longer "
                  "reach enough seeds to keep the holes he needs (end_move.py RoundWinner: 'Game, not "
                  "round, ended'); here the round is played out, and the same player wins"),
    "olinda": (r"^after .*: board ",
               "MancalaGames ends a round as soon as too few seeds are left to capture (end_move.py "
               "_too_few_for_change: one seed where a capture takes the hole two out), each "
               "owner taking his row; its source (Russ), as here, ends it when the player to move "
               "has no seeds, so the last seed keeps moving and may end in the other row"),
    "pallankuli": (r"^after .*: board ",
                   "MancalaGames follows Hanson: a lap goes on from the hole after the last one, a 4 "
                   "made by a lap's last seed is not taken, the hole beyond an empty one is captured, "
                   "and a round ends at 6 seeds or fewer; Durai (Ludii's text), as here, relays from "
                   "the last hole and takes every 4 as it is made (the file's readings)"),
    "rio-kadalis": (r"^after .*: owners ",
                    "MancalaGames (after Valdez) leaves the holes a player cannot fill out of play in "
                    "the next round; Pankhurst (Ludii's text), as here, gives them to the opponent"),
    "mangala-iii": (r"winner .* MancalaGames",
                    "at the end MancalaGames' configuration shares the seeds left out evenly (the odd one "
                    "to the poorer player); its description, as here, gives each player the seeds of his "
                    "own holes"),
    "tegre": (r"^after .*: board ",
              "at a new round the holes a player cannot fill stay in play, empty, in the source and in "
              "MancalaGames; here `next: fill` puts them out of play (the file's gaps)"),
    "jongkak": (r"^we end the match after",
                "only the first round is played here: in later rounds only the loser refills and the "
                "winner keeps his row and store as they are, which no `match.next` says (the file's gaps)"),
    "lahemay-waladat": (r"^after .*: (owners|board) ",
                        "a round cycling for ever ends here at the third occurrence of a position (its "
                        "seeds to their owners); MancalaGames plays it on"),
    "urim": (r"^after .*: board ",
             "a round cycling for ever ends here at the third occurrence of a position (its seeds to "
             "their owners); MancalaGames plays it on"),
    "ali-guli-mane": (r"^after .*: board ",
                      "a round cycling for ever ends here at the third occurrence of a position (its "
                      "seeds to their owners); MancalaGames plays it on"),
    "kiuthi": (r"^we end the match after .*, MancalaGames plays another round$",
               "ours plays a single game (the match, in which the poorer player lays out his seeds for "
               "the other to copy, is a gap of the file, see about.gaps); MancalaGames (Russ) goes on to "
               "its next round; both agree up to there"),
    "je-ki-n-je": (r"^legal moves .*, MancalaGames",
                   "MancalaGames offers both directions of a hole whenever its must-share filter allows "
                   "one (UdirMoves.get_moves), so it also offers a direction that leaves the opponent "
                   "without seeds; Valdez has the player feed when he can, as here"),
    "long-night-game": (r"^after .*: board ",
                        "MancalaGames spreads the 40 seeds at random at each round's start; a layout here "
                        "cannot be random, so rounds start with 5 a hole (the file's gaps)"),
    "lami": (r"^(after .*: (south|north) to move, MancalaGames|legal moves|MancalaGames has no move|we end)",
             "after a drawn round MancalaGames gives the first move to the player who moved last (Russ is "
             "silent; here the rounds alternate); and it lets a player sow a hole of two when his other "
             "holes would sow for ever (it counts only playable holes), where the source's 'all non-empty "
             "holes' leaves him no move here and ends the round"),
    "sadeqa": (r"^after .*: board ",
               "at a new round MancalaGames lays the board out for the new starter (his opponent gets the "
               "row with the single seed); this file always starts from South's layout (its gaps), so the "
               "boards differ from the second round on whenever the layout is turned"),
    "sadeqa-ii": (r"^(after .*: board |MancalaGames ends the game after )",
                  "at a new round MancalaGames lays the board out for the new starter (this file always "
                  "starts from South's layout: its gaps); and it ends the match when a player has fewer "
                  "than 11 seeds at a round's end (end_move.py RoundWinner), although its own leftover "
                  "rule then leaves the richer player 9 holes, short of the description's 10"),
    "four-capture": (r"^legal moves ",
                     "when an empty opponent must be fed, MancalaGames' must-share filter (MustShareUdir) keeps "
                     "only the direction of a hole that feeds him, but its move list (UdirMoves.get_moves) "
                     "offers both directions of a hole with one allowed, and the other leaves the opponent "
                     "empty; here only the feeding directions are moves"),
}


# MancalaGames' games that one of our files plays under another name, or
# as a reading of it (an option), besides the game its about.mancalagames
# names: MancalaGames' name (`Game::Variant` for a named variant of its
# file) -> (our game, our options). Each pair is compared as the games
# above are; its result is keyed "OURS/MG" (in OPTIONS' place the options
# here; in EXPLAINED and SETTLE_CHILDREN by that key; DIVERTED by our
# game).
EXTRA = {
    # Russ's Adi is Num-Num (Russ's) with the winner of a round choosing
    # which of the loser's holes he takes (UCHOWN: asked only by its UI;
    # its engine, as here, passes the holes over in order)
    "Adi": ("num-num", ["target=10"]),
    # Valdez's Adji-boto: the file's option for MancalaGames' reading
    "Adji-boto": ("adjiboto", ["mancalagames=true"]),
    # Mancala World's Ohvalhu (Congkak's capture), no pass, a match to four holes
    "Ohvulhu": ("ovalhu", ["capture-row=own", "take-last-seed=true", "pass=false", "min-holes=4"]),
    # Valdez's Huroy: Gelech without the rule on holes facing singles
    "Huroy": ("gelech", ["sow-facing-single=true", "mancalagames=true"]),
    # Valdez's second Hoyito: the file's version ii, played in rounds as there
    "Hoyito_II": ("hoyito", ["version=ii", "rounds=true", "stuck-ends-round=true"]),
    # the file's second version (MancalaGames names only the first)
    "Adji_Kui_II": ("adji-kui", ["version=ii", "target=10"]),
    # MancalaGames' Cow is Davies' Um el-Bagara (The Cow Game)
    "Cow": ("um-el-bagara", []),
    # Russ's Dakon: Sungka with the capturing seed taken too
    "Dakon": ("sungka", ["take-last-seed=true"]),
    # Valdez's Obridjie is Murray's Obridje
    "Obridjie": ("obridje", []),
    # Valdez's Qelat II: a single game eating two, wegs made anywhere, no
    # extra turn after eating, no pass
    "Qelat_II": ("qelat", ["eaten=2", "match=false", "weg-anywhere=true",
                           "eat-again=false", "pass=false"]),
    # Russ's Gabata: Weg (the file's eaten=2) opening each round with the
    # prescribed Plus1Minus1 (the file's option)
    "Gabata": ("qelat", ["eaten=2", "opening=plus-one-minus-one"]),
    # Diffusion v2 (the rules sheet's variant): each player owns his row
    "Diffusion::V2": ("diffusion", ["blocks=rows"]),
    # Russ's Wari is Oware whose grand slam captures
    "Wari": ("oware", ["grand-slam=capture"]),
}


def extra_key(ours_, mg):
    """The results key of a pair of EXTRA: our name and MancalaGames'."""
    return "%s/%s" % (ours_, mg)


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def ours(binary, name, opts, toks):
    """Our position after the tokens toks (a dict), or an error text."""
    r = run([binary, "replay", name] + [x for o in opts for x in ("-o", o)] + toks)
    if r.returncode:
        return r.stderr.strip()
    return json.loads(r.stdout)


def token(game, move, n):
    """MancalaGames' move as our token: a column from the mover's left; or
    (column, direction) where the mover chooses the way; or (row, column,
    direction) where holes change owner (row 1 is South's, 0 North's, the
    column counted from the left as the board is drawn)."""
    way = None
    if isinstance(move, tuple) and len(move) == 3:
        row, col, way = move
        hole = col + 1 if row == 1 else 2 * n - col
    else:
        col, way = (move[0], move[1]) if isinstance(move, tuple) else (move, None)
        hole = col + 1 if not game.turn else 2 * n - col
    if way is None:
        return str(hole)
    return "%d%s" % (hole, "cw" if int(getattr(way, "value", way)) < 0 else "ccw")


# games whose files put the seeds sown into a player's special hole (a
# tuzdyk) into his store as they fall, where MancalaGames keeps them in
# the hole (its `child`) until the end: compared with those seeds moved
SETTLE_CHILDREN = {"krur", "toguz-kumalak", "toguz-xorgol", "no-sides-child", "only-child"}


# games whose seeds put out of play (ours: `removed`) MancalaGames drops
# into South's store (its store[0]; Deka has no stores there; Diffusion's
# seeds sown off the board or into a full hole)
DIVERTED = {"deka", "embeli", "diffusion"}


# games whose files put the seeds taken out of the game (ours: `removed`)
# where MancalaGames puts them in the taker's store: the totals compared
CAPTURES_REMOVED = {"tapata", "enlightenment"}


def same_stores(key, gs, mine):
    """Whether MancalaGames' stores `gs` are ours (CAPTURES_REMOVED: in
    total, with the seeds removed here)."""
    if key in CAPTURES_REMOVED:
        return sum(gs) == sum(mine["stores"]) + mine.get("removed", 0)
    return gs == mine["stores"]


def settled(game, name):
    """MancalaGames' board and stores; for the games of SETTLE_CHILDREN,
    with the seeds of its `child` holes in their owner's store."""
    gb, gs = list(game.board), list(game.store)
    if name not in SETTLE_CHILDREN:
        return gb, gs
    for i, c in enumerate(getattr(game, "child", None) or []):
        if c is not None:
            gs[int(c)] += gb[i]
            gb[i] = 0
    return gb, gs


def play_one(binary, name, key, opts, game, rng, cap):
    """One random game; returns None if both programs agree, else why."""
    n = len(game.board) // 2
    toks = []
    # MancalaGames' make_game may lay the board out for North's start (its
    # first game begins with North): laid out again for South's; its
    # MOVE_RIGHTMOST pattern (9) has made South's forced first move, and
    # disallow_endless, remaking the game, North's too: the board is
    # filled afresh, South's move made there, and ours played as well
    import fill_patterns   # MancalaGames' own module (its src/ is on the path)
    sp = int(getattr(game.info, "start_pattern", 0) or 0)
    game.turn = False
    game.starter = False
    if sp == 9:
        for i in range(2 * n):
            game.board[i] = game.cts.nbr_start
        game.store[0] = game.store[1] = 0
        fill_patterns.PCLASSES[sp].fill_seeds(game)
        toks.append(str(n))
    elif sp in (2, 3, 7):
        fill_patterns.PCLASSES[sp].fill_seeds(game)
    elif sp == 6:
        # its random layout (at least two a hole where there are seeds
        # enough): ours draws the seeds beyond that minimum one by one
        # (setup.chance): each given here as the place: MancalaGames drew
        fill_patterns.PCLASSES[sp].fill_seeds(game)
        low = 0 if game.cts.total_seeds < 4 * n else 2
        for i, c in enumerate(game.board):
            toks += ["place:%d" % (i + 1)] * (c - low)
    prev_round = None
    for _ in range(cap):
        moves = game.get_moves()
        if moves == [PASS]:
            game.move(PASS)
            continue
        if not moves:
            if game.test_pass():
                continue
            mine = ours(binary, name, opts, toks)
            if isinstance(mine, str) or not mine["over"]:
                return "MancalaGames has no move after %s, we go on" % " ".join(toks)
            return None
        mine = ours(binary, name, opts, toks)
        if isinstance(mine, str):
            return "%s (after %s)" % (mine, " ".join(toks))
        # after a capture in its Gratuitous games MancalaGames' next move
        # selects the hole the seeds go into: our `put:` (phase put)
        put = "put:" if mine.get("phase") == "put" else ""
        # MancalaGames' prescribed Plus1Minus1 first move of a round chooses
        # a hole and sows nothing: our selection (moves.select)
        if mine["moves"] and all(t.startswith("select:") for t in mine["moves"]):
            put = "select:"
        legal = sorted(put + token(game, m, n) for m in moves)
        if "swap" in mine["moves"]:
            # MancalaGames' swap of sides is a command of its interface,
            # not one of its moves: ours (moves.swap) is taken now and
            # then, MancalaGames swapping as its command does
            if rng.random() < 0.3:
                toks.append("swap")
                game.swap_sides(is_turn=True)
                continue
            mine["moves"] = [t for t in mine["moves"] if t != "swap"]
        # MancalaGames lists both ways for the prescribed first moves
        # (NO_UDIR_FIRSTS) but sows them its base way: one move each
        collapse = (int(getattr(game.info, "prescribed", 0) or 0) == 6
                    and any(t.endswith("cw") for t in legal)
                    and not any(t.endswith("cw") for t in mine["moves"]))
        if collapse:
            legal = sorted(set(re.sub(r"c?cw$", "", t) for t in legal))
        if sorted(mine["moves"]) != legal:
            return "legal moves %s, MancalaGames %s (after %s)" % (mine["moves"], legal, " ".join(toks))
        m = rng.choice(moves)
        toks.append(put + (re.sub(r"c?cw$", "", token(game, m, n)) if collapse else token(game, m, n)))
        cond = game.move(m)
        mine = ours(binary, name, opts, toks)
        if isinstance(mine, str):
            return "%s (after %s)" % (mine, " ".join(toks))
        if (cond is not None and (cond.is_game_over() or cond.is_round_over())
                and not mine["over"] and mine.get("phase") == "put"):
            # a capture that clears the capturer's side ends a Gratuitous
            # game (round) at once in MancalaGames; here he gives the seeds
            # away first (a choice that changes nothing) and the game
            # (round) then ends: compared after his first choice
            toks.append(mine["moves"][0])
            mine = ours(binary, name, opts, toks)
            if isinstance(mine, str):
                return "%s (after %s)" % (mine, " ".join(toks))
        if cond is not None and cond.is_game_over():
            # the end: both over, the same winner (where the seeds left
            # go, and when, is each program's own bookkeeping)
            if not mine["over"] and mine.get("phase") == "lot":
                # a lot for a hole left over is drawn here even where the
                # match is decided whatever it gives; MancalaGames ends at
                # once: compared after a draw that ends the match
                m2 = ours(binary, name, opts, toks + ["lot:south"])
                if not isinstance(m2, str) and m2["over"]:
                    toks.append("lot:south")
                    mine = m2
            if not mine["over"]:
                # MancalaGames stops a game as soon as a player holds
                # more than half the seeds (or a territory game's worth),
                # counting what it claims for him (its ClearWinner, which
                # leaves no end message); here the game is played out
                gb, gs = settled(game, key)
                same = gb == mine["board"] and same_stores(key, gs, mine)
                if same and not game.mdata.end_msg:
                    STATS["decided"] += 1
                    return None
                return "MancalaGames ends the game after %s, we go on" % " ".join(toks)
            won = game.get_winner()
            theirs = "draw" if cond.is_tie() else ("north" if won else "south")
            if mine["winner"] != theirs:
                return "after %s: winner %s, MancalaGames %s (stores %s, MancalaGames %s + board %s)" % (
                    " ".join(toks), mine["winner"], theirs, mine["stores"], list(game.store), list(game.board))
            return None
        if cond is not None and cond.is_round_over():
            # a round of a match is over: MancalaGames sets up the next
            # one when asked; ours did on its own (compared below)
            game.new_game(new_round=True)
            if mine["over"]:
                return "we end the match after %s, MancalaGames plays another round" % " ".join(toks)
            if mine.get("phase") == "lot" and game.owner:
                # a hole left over drawn by lot in both programs: ours
                # takes MancalaGames' draw
                theirs = ["north" if o else "south" for o in game.owner]
                for t in ("lot:south", "lot:north"):
                    m2 = ours(binary, name, opts, toks + [t])
                    if not isinstance(m2, str) and m2.get("owners") == theirs:
                        toks.append(t)
                        mine = m2
                        break
            if game.owner and "owners" in mine:
                theirs = ["north" if o else "south" for o in game.owner]
                if theirs != mine["owners"]:
                    return "after %s: owners %s, MancalaGames %s" % (" ".join(toks), mine["owners"], theirs)
            # a random layout for each round (start pattern RANDOM): ours
            # draws it, given here as MancalaGames drew it
            if not mine["over"] and mine.get("phase") == "place" and sp == 6:
                low = 0 if game.cts.total_seeds < 4 * n else 2
                toks += ["place:%d" % (i + 1) for i, c in enumerate(game.board) for _ in range(c - low)]
                mine = ours(binary, name, opts, toks)
                if isinstance(mine, str):
                    return "%s (after %s)" % (mine, " ".join(toks))
            # MancalaGames fills the next round's holes by itself; where
            # our player chooses them (fill: moves), choose as it did
            while not mine["over"] and mine.get("phase") == "fill":
                south = mine["to_move"] == "south"
                holes = range(1, n + 1) if south else range(n + 1, 2 * n + 1)
                tok = "fill:" + ",".join(str(h) for h in holes if game.board[h - 1] > 0)
                if tok not in mine["moves"]:
                    return "after %s: fills %s, MancalaGames %s" % (" ".join(toks), mine["moves"], tok)
                toks.append(tok)
                mine = ours(binary, name, opts, toks)
                if isinstance(mine, str):
                    return "%s (after %s)" % (mine, " ".join(toks))
        if (not (cond is not None and cond.is_round_over()) and prev_round is not None
                and mine.get("round", 1) > prev_round):
            # our round ended and MancalaGames' did not: a round ended here
            # by repetition? (the JSON of the next round no longer says why:
            # the `end` event of the last move does)
            r = run([binary, "replay", name, "--events"] + [x for o in opts for x in ("-o", o)] + toks)
            ends = [e for e in (json.loads(x) for x in r.stdout.splitlines() if x.strip())
                    if e.get("event") == "end"] if not r.returncode else []
            if ends and ends[-1].get("reason") == "repetition":
                STATS["repetition"] += 1
                return None
        prev_round = mine.get("round", 1)
        if mine["over"] and mine["end"] == "repetition":
            # the third occurrence of a position ends a game here (its
            # seeds are shared out); MancalaGames has no such rule
            STATS["repetition"] += 1
            return None
        gb, gs = settled(game, key)
        if key.split("/")[0] in DIVERTED:
            # MancalaGames keeps the seeds taken out of play in South's store
            mine["stores"] = [mine["stores"][0] + mine.get("removed", 0), mine["stores"][1]]
        if mine.get("phase") == "put":
            # the seeds to be put: in our mover's hand, in MancalaGames'
            # store of his until he chooses
            mine["stores"][mine["to_move"] == "north"] += mine["hand"]
        if gb != mine["board"] or not same_stores(key, gs, mine):
            return "after %s: board %s stores %s, MancalaGames %s %s" % (
                " ".join(toks), mine["board"], mine["stores"], list(game.board), list(game.store))
        if mine["over"]:
            return "we end the game after %s, MancalaGames goes on" % " ".join(toks)
        # a forced pass is no decision here; MancalaGames lists it as a
        # move of its own (PASS) or makes it apart (test_pass)
        while True:
            nxt = game.get_moves()
            if nxt == [PASS]:
                game.move(PASS)
            elif not nxt and game.test_pass():
                continue
            else:
                break
        if (mine["to_move"] == "north") != bool(game.turn):
            return "after %s: %s to move, MancalaGames %s" % (" ".join(toks), mine["to_move"],
                                                              "north" if game.turn else "south")
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--mg", default=os.environ.get("MANCALAGAMES", ""))
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cap", type=int, default=300)
    ap.add_argument("--game", action="append", default=[])
    ap.add_argument("--record", metavar="FILE",
                    help="write each game's result into FILE (tests/crosscheck/results.tsv)")
    a = ap.parse_args()
    if not a.mg or not os.path.isdir(os.path.join(a.mg, "src")):
        print("mancalagames.py: skipped: no MancalaGames checkout (--mg DIR or MANCALAGAMES)")
        return 0
    sys.path.insert(0, os.path.join(a.mg, "src"))
    import man_config   # noqa: E402 (MancalaGames' own module)
    import sower        # noqa: E402
    # MancalaGames takes a sowing of more than 75 laps for an endless one;
    # here a sowing is endless only when it repeats (Hufesay has sowings
    # of 96 laps that end): its cap raised far beyond those
    sower.MAX_LAPS = 5000
    games = [json.loads(x) for x in run([a.bin, "list", "--json"]).stdout.splitlines()]
    # (our name or file, MancalaGames' game, results key, our options)
    todo = [(g["name"], g["mancalagames"], g["name"], OPTIONS.get(g["name"], [])) for g in games
            if g["mancalagames"] and (not a.game or g["name"] in a.game)]
    # a variant file not built in (--game FILE.yaml): its about.mancalagames
    for path in a.game:
        if path.endswith(".yaml") and os.path.exists(path):
            with open(path) as f:
                # about.mancalagames: in the `about` block only (an option
                # may be called `mancalagames` too)
                about = re.search(r"^about:\n((?:[ \t].*\n|\n)*)", f.read(), re.M)
                m = about and re.search(r"^  mancalagames:\s*\"?([^\"\n]+?)\"?\s*$", about.group(1), re.M)
            if m:
                todo.append((path, m.group(1), game_key(path), OPTIONS.get(game_key(path), [])))
            elif not any(ours_ == game_key(path) for ours_, _ in EXTRA.values()):
                print("NOT COMPARABLE %s: no about.mancalagames" % path)
    # the further pairs of EXTRA: all of them, or those asked for by our
    # name, our file or MancalaGames' name
    for mg, (ours_, opts) in sorted(EXTRA.items()):
        asked = [x for x in a.game if x in (ours_, mg) or (x.endswith(".yaml") and game_key(x) == ours_)]
        if not a.game or asked:
            files = [x for x in asked if x.endswith(".yaml")]
            todo.append((files[0] if files else ours_, mg, extra_key(ours_, mg), opts))
    agree = disagree = explained = skipped = 0
    results = {}
    for name, mg, key, opts in todo:
        # `Game::Variant`: a named variant of a game's file
        mg_game, _, mg_variant = mg.partition("::")
        path = os.path.join(a.mg, "GameProps", mg_game + ".txt")
        if not os.path.exists(path):
            print("NOT COMPARABLE %s: no %s" % (name, path))
            results[key] = ("not-comparable", "no such game there")
            skipped += 1
            if a.record:
                record(a.record, "MancalaGames", {key: results[key]})
            continue
        rng = random.Random(a.seed)
        STATS["decided"] = STATS["repetition"] = 0
        bad = None
        for i in range(a.games):
            if mg_variant:
                # a variant's parameters are looked up in MancalaGames'
                # table of them, which it finds from its own folder
                here = os.getcwd()
                os.chdir(os.path.join(a.mg, "src"))
                try:
                    man_config.read_params_data()
                finally:
                    os.chdir(here)
            game, _ = man_config.make_game(path, mg_variant or None)
            # a relay sowing that never ends is no legal move here (as
            # docs/rules.md says); MancalaGames' own switch for that
            game.disallow_endless(True)
            why = play_one(a.bin, name, key, opts, game, rng, a.cap)
            if why:
                bad = "game %d: %s" % (i + 1, why)
                break
        known = EXPLAINED.get(key)
        if bad and known and re.search(known[0], bad.split(": ", 1)[1]):
            explained += 1
            print("EXPLAINED %s (MancalaGames %s): %s. First difference: %s" % (name, mg, known[1], bad))
            results[key] = ("explained", known[1])
        elif bad:
            disagree += 1
            print("DISAGREE %s (MancalaGames %s): %s" % (name, mg, bad))
            results[key] = ("disagree", bad)
        else:
            results[key] = ("agree", "%d random games%s" % (
                a.games, " with %s" % " ".join(opts) if opts else ""))
            agree += 1
            print("AGREE %s (MancalaGames %s): %d games (%d stopped there at a decided majority, "
                  "%d ended here by repetition)" % (name, mg, a.games, STATS["decided"], STATS["repetition"]),
                  flush=True)
        if a.record:   # game by game: a run cut short keeps what it found
            record(a.record, "MancalaGames", {key: results[key]})
    print("%d agree, %d disagree-explained, %d disagree, %d not comparable" % (agree, explained, disagree, skipped))
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
