; book.asm - the opening book: data only, read by the guest and by the native reference
; (src/reference/book.rs reads it from the assembled ROM image at label BOOK).
;
; Format: a list of lines. A line is a sequence of moves from the initial position, each
; move two bytes, from-square then to-square, as mailbox indices (a1 = 21, h1 = 28,
; a8 = 91: 21 + file + 10 * rank, the board layout of docs/engine.md); castling is the king's
; move (e1 to g1). A 0 byte ends a line; an empty line (a lone 0) ends the book.
; Lookup: the first line whose moves start with the game's moves so far and go on gives
; the next move. Lines are tried in order, so the first line of a family sets the choice.

SQ_A1   EQU     21
SQ_B1   EQU     22
SQ_C1   EQU     23
SQ_D1   EQU     24
SQ_E1   EQU     25
SQ_F1   EQU     26
SQ_G1   EQU     27
SQ_H1   EQU     28
SQ_A2   EQU     31
SQ_B2   EQU     32
SQ_C2   EQU     33
SQ_D2   EQU     34
SQ_E2   EQU     35
SQ_F2   EQU     36
SQ_G2   EQU     37
SQ_H2   EQU     38
SQ_A3   EQU     41
SQ_B3   EQU     42
SQ_C3   EQU     43
SQ_D3   EQU     44
SQ_E3   EQU     45
SQ_F3   EQU     46
SQ_G3   EQU     47
SQ_H3   EQU     48
SQ_A4   EQU     51
SQ_B4   EQU     52
SQ_C4   EQU     53
SQ_D4   EQU     54
SQ_E4   EQU     55
SQ_F4   EQU     56
SQ_G4   EQU     57
SQ_H4   EQU     58
SQ_A5   EQU     61
SQ_B5   EQU     62
SQ_C5   EQU     63
SQ_D5   EQU     64
SQ_E5   EQU     65
SQ_F5   EQU     66
SQ_G5   EQU     67
SQ_H5   EQU     68
SQ_A6   EQU     71
SQ_B6   EQU     72
SQ_C6   EQU     73
SQ_D6   EQU     74
SQ_E6   EQU     75
SQ_F6   EQU     76
SQ_G6   EQU     77
SQ_H6   EQU     78
SQ_A7   EQU     81
SQ_B7   EQU     82
SQ_C7   EQU     83
SQ_D7   EQU     84
SQ_E7   EQU     85
SQ_F7   EQU     86
SQ_G7   EQU     87
SQ_H7   EQU     88
SQ_A8   EQU     91
SQ_B8   EQU     92
SQ_C8   EQU     93
SQ_D8   EQU     94
SQ_E8   EQU     95
SQ_F8   EQU     96
SQ_G8   EQU     97
SQ_H8   EQU     98

BOOK:
; Ruy Lopez: e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8
        DEFB    SQ_E2,SQ_E4, SQ_E7,SQ_E5, SQ_G1,SQ_F3, SQ_B8,SQ_C6
        DEFB    SQ_F1,SQ_B5, SQ_A7,SQ_A6, SQ_B5,SQ_A4, SQ_G8,SQ_F6
        DEFB    SQ_E1,SQ_G1, SQ_F8,SQ_E7, SQ_F1,SQ_E1, SQ_B7,SQ_B5
        DEFB    SQ_A4,SQ_B3, SQ_D7,SQ_D6, SQ_C2,SQ_C3, SQ_E8,SQ_G8
        DEFB    0
; Ruy Lopez, Berlin: e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1 f6e4 d2d4 e4d6
        DEFB    SQ_E2,SQ_E4, SQ_E7,SQ_E5, SQ_G1,SQ_F3, SQ_B8,SQ_C6
        DEFB    SQ_F1,SQ_B5, SQ_G8,SQ_F6, SQ_E1,SQ_G1, SQ_F6,SQ_E4
        DEFB    SQ_D2,SQ_D4, SQ_E4,SQ_D6
        DEFB    0
; Italian, Giuoco Piano: e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6 d2d4 e5d4 c3d4 c5b4
        DEFB    SQ_E2,SQ_E4, SQ_E7,SQ_E5, SQ_G1,SQ_F3, SQ_B8,SQ_C6
        DEFB    SQ_F1,SQ_C4, SQ_F8,SQ_C5, SQ_C2,SQ_C3, SQ_G8,SQ_F6
        DEFB    SQ_D2,SQ_D4, SQ_E5,SQ_D4, SQ_C3,SQ_D4, SQ_C5,SQ_B4
        DEFB    0
; Two Knights: e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 d2d3 f8e7 e1g1 e8g8
        DEFB    SQ_E2,SQ_E4, SQ_E7,SQ_E5, SQ_G1,SQ_F3, SQ_B8,SQ_C6
        DEFB    SQ_F1,SQ_C4, SQ_G8,SQ_F6, SQ_D2,SQ_D3, SQ_F8,SQ_E7
        DEFB    SQ_E1,SQ_G1, SQ_E8,SQ_G8
        DEFB    0
; Scotch: e2e4 e7e5 g1f3 b8c6 d2d4 e5d4 f3d4 g8f6 d4c6 b7c6
        DEFB    SQ_E2,SQ_E4, SQ_E7,SQ_E5, SQ_G1,SQ_F3, SQ_B8,SQ_C6
        DEFB    SQ_D2,SQ_D4, SQ_E5,SQ_D4, SQ_F3,SQ_D4, SQ_G8,SQ_F6
        DEFB    SQ_D4,SQ_C6, SQ_B7,SQ_C6
        DEFB    0
; Petroff: e2e4 e7e5 g1f3 g8f6 f3e5 d7d6 e5f3 f6e4 d2d4 d6d5
        DEFB    SQ_E2,SQ_E4, SQ_E7,SQ_E5, SQ_G1,SQ_F3, SQ_G8,SQ_F6
        DEFB    SQ_F3,SQ_E5, SQ_D7,SQ_D6, SQ_E5,SQ_F3, SQ_F6,SQ_E4
        DEFB    SQ_D2,SQ_D4, SQ_D6,SQ_D5
        DEFB    0
; Philidor: e2e4 e7e5 g1f3 d7d6 d2d4 g8f6 b1c3 b8d7
        DEFB    SQ_E2,SQ_E4, SQ_E7,SQ_E5, SQ_G1,SQ_F3, SQ_D7,SQ_D6
        DEFB    SQ_D2,SQ_D4, SQ_G8,SQ_F6, SQ_B1,SQ_C3, SQ_B8,SQ_D7
        DEFB    0
; Vienna: e2e4 e7e5 b1c3 g8f6 f2f4 d7d5
        DEFB    SQ_E2,SQ_E4, SQ_E7,SQ_E5, SQ_B1,SQ_C3, SQ_G8,SQ_F6
        DEFB    SQ_F2,SQ_F4, SQ_D7,SQ_D5
        DEFB    0
; King's Gambit: e2e4 e7e5 f2f4 e5f4 g1f3 g7g5
        DEFB    SQ_E2,SQ_E4, SQ_E7,SQ_E5, SQ_F2,SQ_F4, SQ_E5,SQ_F4
        DEFB    SQ_G1,SQ_F3, SQ_G7,SQ_G5
        DEFB    0
; Sicilian, Najdorf: e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6 c1e3 e7e5
        DEFB    SQ_E2,SQ_E4, SQ_C7,SQ_C5, SQ_G1,SQ_F3, SQ_D7,SQ_D6
        DEFB    SQ_D2,SQ_D4, SQ_C5,SQ_D4, SQ_F3,SQ_D4, SQ_G8,SQ_F6
        DEFB    SQ_B1,SQ_C3, SQ_A7,SQ_A6, SQ_C1,SQ_E3, SQ_E7,SQ_E5
        DEFB    0
; Sicilian, Classical: e2e4 c7c5 g1f3 b8c6 d2d4 c5d4 f3d4 g8f6 b1c3 d7d6
        DEFB    SQ_E2,SQ_E4, SQ_C7,SQ_C5, SQ_G1,SQ_F3, SQ_B8,SQ_C6
        DEFB    SQ_D2,SQ_D4, SQ_C5,SQ_D4, SQ_F3,SQ_D4, SQ_G8,SQ_F6
        DEFB    SQ_B1,SQ_C3, SQ_D7,SQ_D6
        DEFB    0
; Sicilian, Paulsen: e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 a7a6 f1d3
        DEFB    SQ_E2,SQ_E4, SQ_C7,SQ_C5, SQ_G1,SQ_F3, SQ_E7,SQ_E6
        DEFB    SQ_D2,SQ_D4, SQ_C5,SQ_D4, SQ_F3,SQ_D4, SQ_A7,SQ_A6
        DEFB    SQ_F1,SQ_D3
        DEFB    0
; French, Classical: e2e4 e7e6 d2d4 d7d5 b1c3 g8f6 c1g5 f8e7 e4e5 f6d7
        DEFB    SQ_E2,SQ_E4, SQ_E7,SQ_E6, SQ_D2,SQ_D4, SQ_D7,SQ_D5
        DEFB    SQ_B1,SQ_C3, SQ_G8,SQ_F6, SQ_C1,SQ_G5, SQ_F8,SQ_E7
        DEFB    SQ_E4,SQ_E5, SQ_F6,SQ_D7
        DEFB    0
; French, Tarrasch: e2e4 e7e6 d2d4 d7d5 b1d2 c7c5 g1f3 b8c6
        DEFB    SQ_E2,SQ_E4, SQ_E7,SQ_E6, SQ_D2,SQ_D4, SQ_D7,SQ_D5
        DEFB    SQ_B1,SQ_D2, SQ_C7,SQ_C5, SQ_G1,SQ_F3, SQ_B8,SQ_C6
        DEFB    0
; Caro-Kann: e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5 e4g3 f5g6
        DEFB    SQ_E2,SQ_E4, SQ_C7,SQ_C6, SQ_D2,SQ_D4, SQ_D7,SQ_D5
        DEFB    SQ_B1,SQ_C3, SQ_D5,SQ_E4, SQ_C3,SQ_E4, SQ_C8,SQ_F5
        DEFB    SQ_E4,SQ_G3, SQ_F5,SQ_G6
        DEFB    0
; Scandinavian: e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 d2d4 g8f6
        DEFB    SQ_E2,SQ_E4, SQ_D7,SQ_D5, SQ_E4,SQ_D5, SQ_D8,SQ_D5
        DEFB    SQ_B1,SQ_C3, SQ_D5,SQ_A5, SQ_D2,SQ_D4, SQ_G8,SQ_F6
        DEFB    0
; Pirc: e2e4 d7d6 d2d4 g8f6 b1c3 g7g6 g1f3 f8g7
        DEFB    SQ_E2,SQ_E4, SQ_D7,SQ_D6, SQ_D2,SQ_D4, SQ_G8,SQ_F6
        DEFB    SQ_B1,SQ_C3, SQ_G7,SQ_G6, SQ_G1,SQ_F3, SQ_F8,SQ_G7
        DEFB    0
; Alekhine: e2e4 g8f6 e4e5 f6d5 d2d4 d7d6 g1f3
        DEFB    SQ_E2,SQ_E4, SQ_G8,SQ_F6, SQ_E4,SQ_E5, SQ_F6,SQ_D5
        DEFB    SQ_D2,SQ_D4, SQ_D7,SQ_D6, SQ_G1,SQ_F3
        DEFB    0
; Queen's Gambit Declined: d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7 e2e3 e8g8 g1f3
        DEFB    SQ_D2,SQ_D4, SQ_D7,SQ_D5, SQ_C2,SQ_C4, SQ_E7,SQ_E6
        DEFB    SQ_B1,SQ_C3, SQ_G8,SQ_F6, SQ_C1,SQ_G5, SQ_F8,SQ_E7
        DEFB    SQ_E2,SQ_E3, SQ_E8,SQ_G8, SQ_G1,SQ_F3
        DEFB    0
; Slav: d2d4 d7d5 c2c4 c7c6 g1f3 g8f6 b1c3 d5c4
        DEFB    SQ_D2,SQ_D4, SQ_D7,SQ_D5, SQ_C2,SQ_C4, SQ_C7,SQ_C6
        DEFB    SQ_G1,SQ_F3, SQ_G8,SQ_F6, SQ_B1,SQ_C3, SQ_D5,SQ_C4
        DEFB    0
; Queen's Gambit Accepted: d2d4 d7d5 c2c4 d5c4 g1f3 g8f6 e2e3 e7e6 f1c4 c7c5
        DEFB    SQ_D2,SQ_D4, SQ_D7,SQ_D5, SQ_C2,SQ_C4, SQ_D5,SQ_C4
        DEFB    SQ_G1,SQ_F3, SQ_G8,SQ_F6, SQ_E2,SQ_E3, SQ_E7,SQ_E6
        DEFB    SQ_F1,SQ_C4, SQ_C7,SQ_C5
        DEFB    0
; Queen's Pawn: d2d4 d7d5 g1f3 g8f6 e2e3 e7e6 f1d3
        DEFB    SQ_D2,SQ_D4, SQ_D7,SQ_D5, SQ_G1,SQ_F3, SQ_G8,SQ_F6
        DEFB    SQ_E2,SQ_E3, SQ_E7,SQ_E6, SQ_F1,SQ_D3
        DEFB    0
; King's Indian: d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6 g1f3 e8g8 f1e2 e7e5
        DEFB    SQ_D2,SQ_D4, SQ_G8,SQ_F6, SQ_C2,SQ_C4, SQ_G7,SQ_G6
        DEFB    SQ_B1,SQ_C3, SQ_F8,SQ_G7, SQ_E2,SQ_E4, SQ_D7,SQ_D6
        DEFB    SQ_G1,SQ_F3, SQ_E8,SQ_G8, SQ_F1,SQ_E2, SQ_E7,SQ_E5
        DEFB    0
; Nimzo-Indian: d2d4 g8f6 c2c4 e7e6 b1c3 f8b4 e2e3 e8g8
        DEFB    SQ_D2,SQ_D4, SQ_G8,SQ_F6, SQ_C2,SQ_C4, SQ_E7,SQ_E6
        DEFB    SQ_B1,SQ_C3, SQ_F8,SQ_B4, SQ_E2,SQ_E3, SQ_E8,SQ_G8
        DEFB    0
; Queen's Indian: d2d4 g8f6 c2c4 e7e6 g1f3 b7b6 g2g3 c8b7
        DEFB    SQ_D2,SQ_D4, SQ_G8,SQ_F6, SQ_C2,SQ_C4, SQ_E7,SQ_E6
        DEFB    SQ_G1,SQ_F3, SQ_B7,SQ_B6, SQ_G2,SQ_G3, SQ_C8,SQ_B7
        DEFB    0
; Gruenfeld: d2d4 g8f6 c2c4 g7g6 b1c3 d7d5 c4d5 f6d5 e2e4 d5c3 b2c3
        DEFB    SQ_D2,SQ_D4, SQ_G8,SQ_F6, SQ_C2,SQ_C4, SQ_G7,SQ_G6
        DEFB    SQ_B1,SQ_C3, SQ_D7,SQ_D5, SQ_C4,SQ_D5, SQ_F6,SQ_D5
        DEFB    SQ_E2,SQ_E4, SQ_D5,SQ_C3, SQ_B2,SQ_C3
        DEFB    0
; Benoni: d2d4 g8f6 c2c4 c7c5 d4d5 e7e6 b1c3 e6d5 c4d5 d7d6
        DEFB    SQ_D2,SQ_D4, SQ_G8,SQ_F6, SQ_C2,SQ_C4, SQ_C7,SQ_C5
        DEFB    SQ_D4,SQ_D5, SQ_E7,SQ_E6, SQ_B1,SQ_C3, SQ_E6,SQ_D5
        DEFB    SQ_C4,SQ_D5, SQ_D7,SQ_D6
        DEFB    0
; London: d2d4 g8f6 g1f3 e7e6 c1f4 d7d5 e2e3
        DEFB    SQ_D2,SQ_D4, SQ_G8,SQ_F6, SQ_G1,SQ_F3, SQ_E7,SQ_E6
        DEFB    SQ_C1,SQ_F4, SQ_D7,SQ_D5, SQ_E2,SQ_E3
        DEFB    0
; Dutch: d2d4 f7f5 g2g3 g8f6 f1g2 e7e6 g1f3
        DEFB    SQ_D2,SQ_D4, SQ_F7,SQ_F5, SQ_G2,SQ_G3, SQ_G8,SQ_F6
        DEFB    SQ_F1,SQ_G2, SQ_E7,SQ_E6, SQ_G1,SQ_F3
        DEFB    0
; English: c2c4 e7e5 b1c3 g8f6 g1f3 b8c6
        DEFB    SQ_C2,SQ_C4, SQ_E7,SQ_E5, SQ_B1,SQ_C3, SQ_G8,SQ_F6
        DEFB    SQ_G1,SQ_F3, SQ_B8,SQ_C6
        DEFB    0
; English, Symmetrical: c2c4 c7c5 b1c3 b8c6 g2g3 g7g6 f1g2 f8g7
        DEFB    SQ_C2,SQ_C4, SQ_C7,SQ_C5, SQ_B1,SQ_C3, SQ_B8,SQ_C6
        DEFB    SQ_G2,SQ_G3, SQ_G7,SQ_G6, SQ_F1,SQ_G2, SQ_F8,SQ_G7
        DEFB    0
; Reti: g1f3 d7d5 c2c4 e7e6 g2g3 g8f6
        DEFB    SQ_G1,SQ_F3, SQ_D7,SQ_D5, SQ_C2,SQ_C4, SQ_E7,SQ_E6
        DEFB    SQ_G2,SQ_G3, SQ_G8,SQ_F6
        DEFB    0
        DEFB    0               ; end of the book
; 32 lines, 611 bytes
