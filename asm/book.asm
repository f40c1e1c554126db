; book.asm - the opening book: data only, read by the guest (bookplay.asm) and by the native
; reference (src/reference/book.rs reads it from the assembled ROM image at label BOOK).
;
; Format: the 32 lines below merged into a tree of moves (lines that start alike share those
; moves), in pre-order, one byte a move:
;   bits 0-5  the move's index in the list of legal moves of its position, in GEN order (the
;             list MOVLIST builds; the reference's legal_moves gives the same order)
;   bit 7     BGOES: the line goes on, the replies to this move follow
;   bit 6     BLAST: the last move of its list (the moves the book knows in one position)
; The first list holds the moves of the initial position; the book ends with it.
; Lookup: after the game's moves, the book's move is the first of the list the game has
; reached, so the first line of a family sets the choice; lines that start alike must
; follow each other (the King's Indian and the Gruenfeld do).
; Each line's comment gives all its moves; those before '|' are shared with the line before
; and have no bytes here (tests/reference/book.rs encodes the comments and compares).
; Two bytes a move as from/to squares took 611 bytes; this takes 172 (217 until issue 25
; cut the longest lines to 8 plies to pay for the endgame king hunt in positional.asm).

BGOES   EQU     80H
BLAST   EQU     40H

BOOK:
; Ruy Lopez: e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6
        DEFB    BGOES+13,BGOES+9,BGOES+13,BGOES+14,BGOES+7,BGOES+5,BGOES+BLAST+31,BLAST+31
; Ruy Lopez, Berlin: e2e4 e7e5 g1f3 b8c6 f1b5 | g8f6 e1g1 f6e4
        DEFB    BGOES+BLAST+29,BGOES+BLAST+5,BLAST+9
; Italian, Giuoco Piano: e2e4 e7e5 g1f3 b8c6 | f1c4 f8c5 c2c3 g8f6
        DEFB    BGOES+6,BGOES+25,BGOES+BLAST+12,BLAST+35
; Two Knights: e2e4 e7e5 g1f3 b8c6 f1c4 | g8f6 d2d3 f8e7
        DEFB    BGOES+BLAST+30,BGOES+BLAST+13,BLAST+23
; Scotch: e2e4 e7e5 g1f3 b8c6 | d2d4 e5d4 f3d4 g8f6
        DEFB    BGOES+BLAST+17,BGOES+BLAST+0,BGOES+BLAST+33,BLAST+31
; Petroff: e2e4 e7e5 g1f3 | g8f6 f3e5 d7d6 e5f3 f6e4
        DEFB    BGOES+28,BGOES+BLAST+23,BGOES+BLAST+11,BGOES+BLAST+33,BLAST+6
; Philidor: e2e4 e7e5 g1f3 | d7d6 d2d4 g8f6 b1c3 b8d7
        DEFB    BGOES+BLAST+6,BGOES+BLAST+17,BGOES+BLAST+32,BGOES+BLAST+0,BLAST+18
; Vienna: e2e4 e7e5 | b1c3 g8f6 f2f4 d7d5
        DEFB    BGOES+0,BGOES+BLAST+28,BGOES+BLAST+21,BLAST+13
; King's Gambit: e2e4 e7e5 | f2f4 e5f4 g1f3 g7g5
        DEFB    BGOES+BLAST+24,BGOES+BLAST+0,BGOES+BLAST+14,BLAST+11
; Sicilian, Najdorf: e2e4 | c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6
        DEFB    BGOES+5,BGOES+BLAST+13,BGOES+5,BGOES+BLAST+17,BGOES+BLAST+1,BGOES+BLAST+33,BLAST+27
; Sicilian, Classical: e2e4 c7c5 g1f3 | b8c6 d2d4 c5d4 f3d4 g8f6
        DEFB    BGOES+15,BGOES+BLAST+17,BGOES+BLAST+1,BGOES+BLAST+33,BLAST+24
; Sicilian, Paulsen: e2e4 c7c5 g1f3 | e7e6 d2d4 c5d4 f3d4 a7a6
        DEFB    BGOES+BLAST+7,BGOES+BLAST+17,BGOES+BLAST+1,BGOES+BLAST+33,BLAST+1
; French, Classical: e2e4 | e7e6 d2d4 d7d5 b1c3 g8f6 c1g5 f8e7
        DEFB    BGOES+8,BGOES+BLAST+22,BGOES+BLAST+8,BGOES+0,BGOES+BLAST+33,BGOES+BLAST+4,BLAST+25
; French, Tarrasch: e2e4 e7e6 d2d4 d7d5 | b1d2 c7c5 g1f3 b8c6
        DEFB    BGOES+BLAST+2,BGOES+BLAST+7,BGOES+BLAST+12,BLAST+15
; Caro-Kann: e2e4 | c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5
        DEFB    BGOES+4,BGOES+BLAST+22,BGOES+BLAST+6,BGOES+BLAST+0,BGOES+BLAST+0,BGOES+BLAST+34,BLAST+17
; Scandinavian: e2e4 | d7d5 e4d5 d8d5 b1c3 d5a5 d2d4 g8f6
        DEFB    BGOES+7,BGOES+BLAST+30,BGOES+BLAST+24,BGOES+BLAST+0,BGOES+BLAST+12,BGOES+BLAST+19,BLAST+38
; Pirc: e2e4 | d7d6 d2d4 g8f6 b1c3 g7g6 g1f3 f8g7
        DEFB    BGOES+6,BGOES+BLAST+22,BGOES+BLAST+26,BGOES+BLAST+0,BGOES+BLAST+15,BGOES+BLAST+20,BLAST+28
; Alekhine: e2e4 | g8f6 e4e5 f6d5 d2d4 d7d6 g1f3
        DEFB    BGOES+BLAST+19,BGOES+BLAST+29,BGOES+BLAST+2,BGOES+BLAST+22,BGOES+BLAST+12,BLAST+22
; Queen's Gambit Declined: d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7
        DEFB    BGOES+11,BGOES+7,BGOES+18,BGOES+7,BGOES+BLAST+0,BGOES+BLAST+33,BGOES+BLAST+4,BLAST+25
; Slav: d2d4 d7d5 c2c4 | c7c6 g1f3 g8f6 b1c3 d5c4
        DEFB    BGOES+5,BGOES+BLAST+15,BGOES+BLAST+28,BGOES+BLAST+0,BLAST+0
; Queen's Gambit Accepted: d2d4 d7d5 c2c4 | d5c4 g1f3 g8f6 e2e3 e7e6
        DEFB    BGOES+BLAST+0,BGOES+BLAST+15,BGOES+BLAST+29,BGOES+BLAST+19,BLAST+13
; Queen's Pawn: d2d4 d7d5 | g1f3 g8f6 e2e3 e7e6 f1d3
        DEFB    BGOES+BLAST+12,BGOES+BLAST+26,BGOES+BLAST+18,BGOES+BLAST+11,BLAST+10
; King's Indian: d2d4 | g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6
        DEFB    BGOES+19,BGOES+18,BGOES+15,BGOES+BLAST+0,BGOES+20,BGOES+BLAST+19,BLAST+12
; Gruenfeld: d2d4 g8f6 c2c4 g7g6 b1c3 | d7d5 c4d5 f6d5
        DEFB    BGOES+BLAST+13,BGOES+BLAST+32,BLAST+3
; Nimzo-Indian: d2d4 g8f6 c2c4 | e7e6 b1c3 f8b4 e2e3 e8g8
        DEFB    BGOES+13,BGOES+0,BGOES+BLAST+25,BGOES+BLAST+17,BLAST+30
; Queen's Indian: d2d4 g8f6 c2c4 e7e6 | g1f3 b7b6 g2g3 c8b7
        DEFB    BGOES+BLAST+15,BGOES+BLAST+8,BGOES+BLAST+21,BLAST+19
; Benoni: d2d4 g8f6 c2c4 | c7c5 d4d5 e7e6 b1c3 e6d5
        DEFB    BGOES+BLAST+10,BGOES+BLAST+28,BGOES+BLAST+10,BGOES+BLAST+0,BLAST+1
; London: d2d4 g8f6 | g1f3 e7e6 c1f4 d7d5 e2e3
        DEFB    BGOES+BLAST+12,BGOES+BLAST+13,BGOES+BLAST+5,BGOES+BLAST+13,BLAST+14
; Dutch: d2d4 | f7f5 g2g3 g8f6 f1g2 e7e6 g1f3
        DEFB    BGOES+BLAST+11,BGOES+BLAST+23,BGOES+BLAST+19,BGOES+BLAST+11,BGOES+BLAST+14,BLAST+13
; English: c2c4 e7e5 b1c3 g8f6 g1f3 b8c6
        DEFB    BGOES+9,BGOES+9,BGOES+BLAST+0,BGOES+BLAST+29,BGOES+BLAST+5,BLAST+18
; English, Symmetrical: c2c4 | c7c5 b1c3 b8c6 g2g3 g7g6 f1g2 f8g7
        DEFB    BGOES+BLAST+5,BGOES+BLAST+0,BGOES+BLAST+14,BGOES+BLAST+16,BGOES+BLAST+15,BGOES+BLAST+4,BLAST+22
; Reti: g1f3 d7d5 c2c4 e7e6 g2g3 g8f6
        DEFB    BGOES+BLAST+3,BGOES+BLAST+7,BGOES+BLAST+8,BGOES+BLAST+8,BGOES+BLAST+14,BLAST+34
; 32 lines, 172 bytes

