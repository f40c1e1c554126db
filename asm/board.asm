; board.asm - the board: the 10x12 mailbox of piece codes and the game state bytes
; (ram.asm: BOARD, SIDE, CASTLE, EPSQ, HALFMV, FULLMV, WKING, BKING, MATERL), the start
; position, make / unmake with a 4-byte undo record, and the attack test. Bit-exact with
; src/reference/board.rs (docs/engine.md, "Board and piece codes").
;
; Square = 21 + file + 10 * rank (a1 = 21, h8 = 98). The whole board lies in one 256-byte
; page (ram.asm checks it), so the address of square s is H = BRDHI, L = s + BRDLO: one ADD
; instead of a 16-bit sum in every inner loop.
;
; A move is three bytes in registers: B = from, C = to, E = flags (bits 0-2 promotion kind,
; bit 3 castling, bit 4 en passant, bit 5 double pawn push).

BRDHI   EQU     BOARD / 256     ; page of the board
BRDLO   EQU     BOARD MOD 256   ; offset of square 0 in that page

; MAKE and UNMAKE reach WKING and BKING with H still BRDHI: only L is set.
        IF      (HIGH WKING) - BRDHI
        ERROR: WKING and BKING must lie in the page of the board (MAKE, UNMAKE)
        ENDIF
        IF      (HIGH BKING) - BRDHI
        ERROR: WKING and BKING must lie in the page of the board (MAKE, UNMAKE)
        ENDIF

EMPTY   EQU     00H             ; piece codes: value nibble, kind in bits 4-6, colour bit 7
PAWN    EQU     11H
KNIGHT  EQU     23H
BISHOP  EQU     33H
ROOK    EQU     45H
QUEEN   EQU     59H
KING    EQU     6FH
OFF     EQU     0FFH            ; border square
BLACK   EQU     80H             ; colour bit (also SIDE when black is to move)
KINDS   EQU     70H             ; the kind bits of a piece code
BPAIR   EQU     8               ; units of the bishop pair (half a pawn), in MATERL

F_PROMO EQU     07H             ; move flags
F_CASTL EQU     08H
F_EP    EQU     10H
F_DBL   EQU     20H

SQ_E1   EQU     25              ; king home squares (castling)
SQ_E8   EQU     95

; ------------------------------------------------------------------------------------------
; CLEARBD - an empty board: border bytes 0FFH, the 64 squares empty, every state byte reset
; (white to move, no castling rights, no en-passant square, clocks 0 and 1, material 0, no
; bishops).
; In: -   Out: BOARD and the state bytes as above.
; Destroys: A, B, C, D, E, HL.   Called by: NEWGAME, CSETUP (match.asm).
; ------------------------------------------------------------------------------------------
        IF      SIDE - (BOARD+120)
        ERROR: CLEARBD finds SIDE where its LDIR over the board ends
        ENDIF
CLEARBD:
        LD      HL,BOARD
        LD      DE,BOARD+1
        LD      BC,119
        LD      (HL),OFF
        LDIR
        EX      DE,HL           ; HL = BOARD+120 = SIDE
        XOR     A               ; 0 for the state bytes, and EMPTY for the squares below
        LD      B,12            ; SIDE .. BISHOPS: 12 bytes
CLRBD3: LD      (HL),A
        INC     HL
        DJNZ    CLRBD3
        LD      HL,BOARD+21
        LD      D,8             ; ranks
CLRBD1: LD      B,8             ; files
CLRBD2: LD      (HL),A
        INC     HL
        DJNZ    CLRBD2
        INC     HL              ; skip the two border bytes between ranks
        INC     HL
        DEC     D
        JR      NZ,CLRBD1
        INC     A
        LD      (FULLMV),A      ; full-move number 1
        RET

; ------------------------------------------------------------------------------------------
; NEWGAME - the initial position, white to move, all castling rights, no history, and the
; game in the opening book.
; In: -   Out: BOARD and state bytes, HISTN = 0, BOOKPTR.
; Destroys: A, B, C, D, E, HL.   Called by: RESET, CNEW (match.asm).
; ------------------------------------------------------------------------------------------
NEWGAME:
        CALL    CLEARBD
        LD      DE,BACKRNK
        LD      HL,BOARD+21
        LD      B,8
NEWGM1: LD      A,(DE)
        LD      (HL),A          ; rank 1: the white piece
        PUSH    HL
        LD      A,L             ; the board is in one page: only L moves
        ADD     A,10
        LD      L,A
        LD      (HL),PAWN       ; rank 2
        ADD     A,50
        LD      L,A
        LD      (HL),PAWN+BLACK ; rank 7
        ADD     A,10
        LD      L,A
        LD      A,(DE)
        OR      BLACK
        LD      (HL),A          ; rank 8: the black piece
        POP     HL
        INC     DE
        INC     HL
        DJNZ    NEWGM1
        LD      A,0FH
        LD      (CASTLE),A
        LD      HL,0202H        ; two bishops each: both pairs, so MATERL stays 0
        LD      (BISHOPS),HL
        LD      HL,SQ_E8*256+SQ_E1      ; BKING follows WKING
        LD      (WKING),HL
        XOR     A
        LD      (HISTN),A
        JP      BKNEW

BACKRNK:
        DEFB    ROOK,KNIGHT,BISHOP,QUEEN,KING,BISHOP,KNIGHT,ROOK

; ------------------------------------------------------------------------------------------
; MATPUT / MATREM - a piece arrives on / leaves the board: add / subtract its units (pawn 16,
; kings none) in MATERL, and count a bishop in or out (BISHCNT). MATREM adds the units of the
; same piece in the other colour (a piece's units negated), so it needs a piece: the other
; colour of EMPTY (80H) would give -256 (no caller passes it).
; In: A = piece code (MATREM: not EMPTY).   Out: MATERL and BISHOPS updated.
; Destroys: A, D, E, HL.   Called by: MAKEV, UNMAKV (both), CSETUP (match.asm: MATPUT).
; Calls: BISHCNT.
; ------------------------------------------------------------------------------------------
MATREM: XOR     BLACK           ; the other colour: minus the units
        LD      E,-1            ; a bishop leaves
        JR      MATCNT
MATPUT: LD      E,1             ; a bishop arrives
MATCNT: LD      D,A             ; D = the code (MATREM: in the other colour)
        AND     KINDS
        CP      BISHOP AND KINDS
        CALL    Z,BISHCNT       ; (keeps A and D)
        CP      60H
        RET     NC              ; a king: no material
        LD      A,D
        ADD     A,A             ; the value nibble times 16; the kind bits fall out
        ADD     A,A
        ADD     A,A
        ADD     A,A
        LD      E,A
        BIT     7,D
        LD      D,0
        JR      Z,MATSUM        ; white: positive
        XOR     A               ; black: negative (a black piece has a value of 1 or more)
        SUB     E
        LD      E,A
        DEC     D
MATSUM: LD      HL,(MATERL)
        ADD     HL,DE
        LD      (MATERL),HL
        RET

; ------------------------------------------------------------------------------------------
; BISHCNT - a bishop arrives or leaves: its side's count in BISHOPS, and BPAIR units in
; MATERL when the side's pair comes (the count goes from 1 to 2) or goes (2 to 1).
; In: D = the bishop's code as MATCNT holds it (a leaving one's in the other colour),
;     E = 1 (arrives) or -1 (leaves).
; Out: A = BISHOP AND KINDS (MATCNT's kind, as it was); D kept; BISHOPS, MATERL.
; Destroys: E, HL.   Called by: MATPUT, MATREM (at MATCNT).   Calls: MATSUM.
; ------------------------------------------------------------------------------------------
BISHCNT:
        PUSH    DE
        LD      HL,BISHOPS
        LD      A,D
        XOR     E               ; bit 7: the bishop's own colour (E's sign undoes MATREM's)
        RLCA
        JR      NC,BISHC1
        INC     HL              ; black's count follows white's
BISHC1: LD      A,(HL)
        ADD     A,E
        LD      (HL),A          ; the new count
        ADD     A,A
        SUB     E               ; old + new: 3 only when the count passes between 1 and 2
        CP      3
        JR      NZ,BISHC3
        BIT     7,D             ; white's pair comes or black's goes (D white): plus for white
        LD      DE,BPAIR
        JR      Z,BISHC2
        LD      DE,-BPAIR
BISHC2: CALL    MATSUM
BISHC3: POP     DE
        LD      A,BISHOP AND KINDS
        RET

; ------------------------------------------------------------------------------------------
; KEPT - the castling rights that survive a move touching a square (either end of the move).
; In: A = square.   Out: A = mask to AND into CASTLE.
; Destroys: A, D, HL.   Called by: MAKE.
; ------------------------------------------------------------------------------------------
KEPT:   CP      29              ; ranks 2-7 hold no king or rook home square: every right
        JR      C,KEPT0         ; is kept, without the walk (most moves, both ends)
        CP      91
        JR      C,KEPT3
KEPT0:  LD      HL,KEPTTAB
        LD      D,A
KEPT1:  LD      A,(HL)
        INC     HL
        CP      D
        JR      Z,KEPT2
        JR      NC,KEPT3        ; the table is sorted: past the square (or at its end)
        INC     HL
        JR      KEPT1
KEPT2:  LD      A,(HL)
        RET
KEPT3:  LD      A,0FFH          ; every right kept
        RET

KEPTTAB:                        ; sorted by square, for KEPT's early stop
        DEFB    21,0FDH         ; a1: white queen side
        DEFB    25,0FCH         ; e1: both white rights
        DEFB    28,0FEH         ; h1: white king side
        DEFB    91,0F7H         ; a8: black queen side
        DEFB    95,0F3H         ; e8: both black rights
        DEFB    98,0FBH         ; h8: black king side
        DEFB    0FFH            ; above every square: the end

; ------------------------------------------------------------------------------------------
; KINDCODE - the white piece code of a kind.
; In: A = kind 1-6.   Out: A = code (PAWN .. KING).
; Destroys: A, HL.   Called by: MAKEV, CSETUP and CTAKEBK (match.asm).
; ------------------------------------------------------------------------------------------
KINDCODE:
        LD      HL,KINDTAB      ; and on into TABBYTE

; ------------------------------------------------------------------------------------------
; TABBYTE - table lookup.
; In: HL = table, A = index.   Out: A = the byte at HL + A.
; Destroys: A, HL.   Called by: KINDCODE (falls in), MATCH, POSANA, PAWNPT.   Calls: TABPTR.
; ------------------------------------------------------------------------------------------
TABBYTE:
        RST     TABPTR
        LD      A,(HL)
        RET

KINDTAB:                        ; (DELTA, positional.asm, reads it too: promotion kinds 2-5)
        DEFB    EMPTY,PAWN,KNIGHT,BISHOP,ROOK,QUEEN,KING,OFF

; ------------------------------------------------------------------------------------------
; MAKE - play a pseudo-legal move and fill its undo record (as the reference's Undo): the
; state bytes a position's moves depend on (rights, ep, clocks), then MAKEV for the rest.
; In: B = from, C = to, E = flags, HL = a 4-byte record: captured code, old castling rights,
;     old en-passant square, old half-move clock.
; Out: BOARD and every state byte updated (side, rights, ep, clocks, kings, material).
; Destroys: A, D, HL (B, C, E kept).   Called by: PFTHOOK (perft.asm), EXMOVE (search.asm),
; PLAYMV (match.asm).   Calls: MAKEV, MATREM, KEPT.
; ------------------------------------------------------------------------------------------
MAKE:   PUSH    HL
        INC     HL
        LD      A,(CASTLE)
        LD      (HL),A
        INC     HL
        LD      A,(EPSQ)
        LD      (HL),A
        INC     HL
        LD      A,(HALFMV)
        LD      (HL),A
        INC     A               ; the clock counts on, saturating at 255
        JR      NZ,MAKE1
        DEC     A
MAKE1:  LD      (HALFMV),A
        POP     HL
        PUSH    HL
        CALL    MAKEV
        POP     HL
        LD      A,(HL)          ; a capture resets the clock
        OR      A
        JR      NZ,MAKE4
        LD      A,E             ; and so does a pawn move: a promotion, or a pawn on the
        AND     F_PROMO         ; target now
        JR      NZ,MAKE4
        LD      H,BRDHI
        LD      A,C
        ADD     A,BRDLO
        LD      L,A
        LD      A,(HL)
        AND     KINDS
        CP      10H
        JR      NZ,MAKE10
MAKE4:  XOR     A
        LD      (HALFMV),A
        ; en-passant square: behind a double push, else none
MAKE10: XOR     A
        BIT     5,E
        JR      Z,MAKE11
        LD      A,B
        ADD     A,C             ; at most 196: no carry, so RRA halves it
        RRA
MAKE11: LD      (EPSQ),A
        ; castling rights: a move from or to a king or rook home square loses them
        LD      A,(CASTLE)
        OR      A
        JR      Z,MAKE12
        PUSH    DE
        LD      A,B
        CALL    KEPT
        LD      E,A
        LD      A,C
        CALL    KEPT
        AND     E
        LD      HL,CASTLE
        AND     (HL)
        LD      (HL),A
        POP     DE
        ; after black's move (white to move now) the full-move number counts on
MAKE12: LD      A,(SIDE)
        OR      A
        RET     NZ
        LD      HL,(FULLMV)
        INC     HL
        LD      A,H
        OR      L
        JR      NZ,MAKE13
        DEC     HL              ; saturating at 65535
MAKE13: LD      (FULLMV),HL
        RET

; ------------------------------------------------------------------------------------------
; MAKEV - MAKE for an evaluation (2026-12-02): the board, material, kings and side only,
; and the captured piece in the record. EVAL's make / unmake (EVALKID) and
; LEGHOOK's never read the castling rights, the en-passant square or the clocks, so MAKEV
; and UNMAKV leave them as they were (about 200 T-states a position less).
; In: B = from, C = to, E = flags, HL = the record (its first byte: the captured code).
; Out: BOARD, SIDE, WKING/BKING, MATERL updated; the record's first byte.
; Destroys: A, D, HL (B, C, E kept).   Called by: MAKE, EVALKID (eval.asm),
; LEGHOOK (gen.asm).   Calls: MATREM, MATPUT, KINDCODE, ROOKJMP.
; ------------------------------------------------------------------------------------------
MAKEV:  PUSH    HL              ; the record: its first byte is known only below
        ; the captured piece: on the target, or the pawn passed by an en-passant capture
        LD      H,BRDHI
        LD      A,C
        ADD     A,BRDLO
        LD      L,A
        BIT     4,E
        JR      Z,MAKV3
        LD      A,(SIDE)
        OR      A
        LD      A,L
        JR      NZ,MAKV2
        SUB     20              ; white takes: the pawn is below the target (-10 after +10)
MAKV2:  ADD     A,10            ; black takes: above
        LD      L,A
MAKV3:  LD      A,(HL)
        LD      (HL),EMPTY      ; a plain target is overwritten below anyway
        POP     HL
        LD      (HL),A          ; record: captured
        OR      A
        JR      Z,MAKV5
        PUSH    DE              ; the captured piece leaves the material balance
        CALL    MATREM
        POP     DE
        ; lift the piece
MAKV5:  LD      H,BRDHI
        LD      A,B
        ADD     A,BRDLO
        LD      L,A
        LD      D,(HL)          ; D = the moving piece
        LD      (HL),EMPTY
        LD      A,E
        AND     F_PROMO
        JR      Z,MAKV6
        PUSH    DE              ; a promotion: the new piece replaces the pawn
        CALL    KINDCODE
        LD      HL,SIDE
        OR      (HL)
        POP     DE
        LD      D,A
        PUSH    DE
        CALL    MATPUT
        LD      A,(SIDE)
        OR      PAWN
        CALL    MATREM
        POP     DE
        ; put it down, and follow a king
MAKV6:  LD      H,BRDHI
        LD      A,C
        ADD     A,BRDLO
        LD      L,A
        LD      (HL),D
        LD      A,D
        AND     KINDS
        CP      60H
        JR      NZ,MAKV8
        LD      L,LOW WKING     ; (in the board's page: H stays BRDHI for the rook below)
        BIT     7,D
        JR      Z,MAKV7
        INC     L               ; BKING follows WKING
MAKV7:  LD      (HL),C
        ; castling: the rook jumps over the king (h-file rook to f, a-file rook to d)
MAKV8:  BIT     3,E
        JR      Z,MAKV10
        LD      A,C             ; king side (to above from): the rook from to+1 to to-1
        CP      B
        LD      D,-2
        INC     A               ; (INC keeps the carry of the CP)
        JR      NC,MAKV9
        LD      D,3             ; queen side: the rook from to-2 to to+1
        SUB     3
MAKV9:  CALL    ROOKJMP
        ; the other side moves
MAKV10: LD      A,(SIDE)
        XOR     BLACK
        LD      (SIDE),A
        RET

; ------------------------------------------------------------------------------------------
; UNMAKE - take back a move played by MAKE: the state bytes from the record, then UNMAKV.
; In: B = from, C = to, E = flags, HL = the undo record MAKE filled.
; Out: BOARD and every state byte as before the MAKE.
; Destroys: A, D, HL (B, C, E kept).   Called by: EXMOVE's caller CLIMB (search.asm),
; PFTHOOK (perft.asm), CTAKEBK (match.asm).   Calls: UNMAKV (falls in).
; ------------------------------------------------------------------------------------------
UNMAKE: PUSH    HL
        INC     HL
        LD      A,(HL)
        LD      (CASTLE),A
        INC     HL
        LD      A,(HL)
        LD      (EPSQ),A
        INC     HL
        LD      A,(HL)
        LD      (HALFMV),A
        LD      A,(SIDE)        ; white to move: black moved, the full-move number goes back
        OR      A
        JR      NZ,UNMK1
        LD      HL,(FULLMV)
        LD      A,H
        OR      L
        JR      Z,UNMK1         ; saturating at 0
        DEC     HL
        LD      (FULLMV),HL
UNMK1:  POP     HL
        ; fall into UNMAKV

; ------------------------------------------------------------------------------------------
; UNMAKV - take back a move played by MAKEV (or the board part of MAKE's).
; In: B = from, C = to, E = flags, HL = the record (its first byte: the captured code).
; Out: BOARD, SIDE, the kings and MATERL as before the MAKEV.
; Destroys: A, D, HL (B, C, E kept).   Called by: UNMAKE (falls in), EVALKID
; (eval.asm), LEGHOOK (gen.asm).   Calls: MATPUT, MATREM, ROOKJMP.
; ------------------------------------------------------------------------------------------
UNMAKV: LD      A,(SIDE)
        XOR     BLACK
        LD      (SIDE),A
        LD      D,(HL)          ; D = captured
        ; the captured piece comes back into the material balance
        LD      A,D
        OR      A
        JR      Z,UNMK3
        PUSH    DE
        CALL    MATPUT
        POP     DE
        ; lift the piece from the target; a promoted piece becomes the pawn again
UNMK3:  LD      H,BRDHI
        LD      A,C
        ADD     A,BRDLO
        LD      L,A
        LD      A,(HL)          ; the piece that moved (or what it promoted to)
        LD      (HL),D          ; the captured piece (or EMPTY) back on the target
        BIT     4,E
        JR      Z,UNMK4
        LD      (HL),EMPTY      ; en passant: the target was empty, the pawn stood beside
        PUSH    AF
        LD      A,(SIDE)
        OR      A
        LD      A,L
        JR      NZ,UNMK3B
        SUB     20              ; white took: the pawn goes back below the target
UNMK3B: ADD     A,10
        LD      L,A
        LD      (HL),D
        POP     AF
UNMK4:  LD      D,A             ; D = the piece that moved
        LD      A,E
        AND     F_PROMO
        JR      Z,UNMK5
        LD      A,D
        PUSH    DE
        CALL    MATREM
        LD      A,(SIDE)
        OR      PAWN
        PUSH    AF
        CALL    MATPUT
        POP     AF
        POP     DE
        LD      D,A
UNMK5:  LD      H,BRDHI
        LD      A,B
        ADD     A,BRDLO
        LD      L,A
        LD      (HL),D
        LD      A,D
        AND     KINDS
        CP      60H
        JR      NZ,UNMK7
        LD      L,LOW WKING     ; (in the board's page: H stays BRDHI for the rook below)
        BIT     7,D
        JR      Z,UNMK6
        INC     L               ; BKING follows WKING
UNMK6:  LD      (HL),B
        ; castling: the rook goes home
UNMK7:  BIT     3,E
        RET     Z
        LD      A,C             ; king side (to above from): the rook from to-1 back to to+1
        CP      B
        LD      D,2
        DEC     A               ; (DEC keeps the carry of the CP)
        JR      NC,ROOKJMP
        LD      D,-3            ; queen side: from to+1 back to to-2
        ADD     A,2
        ; fall into ROOKJMP

; ROOKJMP - castling's rook move, for MAKE and UNMAKE.
; In: A = the rook's square, D = the step to its new square, H = BRDHI.   Out: the rook moved.
; Destroys: A, D, L.   Called by: MAKEV, UNMAKV (falls in).
ROOKJMP:
        ADD     A,BRDLO
        LD      L,A
        ADD     A,D             ; (the board is in one page: no carry to H)
        LD      D,(HL)          ; the rook
        LD      (HL),EMPTY
        LD      L,A
        LD      (HL),D
        RET

; ------------------------------------------------------------------------------------------
; ATTACKED - is a square attacked by a colour? (pawns, knights, king, then the eight lines)
; In: C = square, B = attacking colour (00H white, 80H black); with bit 0 of B set only its
;     pawns and knights are looked at (GIVECHK: PINS has seen the lines).
; Out: carry set when attacked, clear when not.
; Destroys: A, D, HL (B, C, E kept).   Called by: INCHECK, GIVECHK, LEFTINCHECK, GEN (castling).
; Every test is a JR to the "attacked" exit: 2 bytes and 7 T-states when it falls through
; (most tests do), where a JP takes 3 and 10. A JR reaches only 127 bytes, so the exit is
; there twice (ATYES1 in the gap after the white pawns, ATYES at the end), and the last
; four king steps, out of reach of both, hop through king step 3's JR Z (ATHOP): the flags
; are still Z when it runs, so it jumps on (12 T-states more, once, when attacked).
; ------------------------------------------------------------------------------------------
ATSTEP  MACRO   STEP,YES
        LD      A,C
        ADD     A,STEP
        LD      L,A
        LD      A,(HL)
        CP      D
        JR      Z,YES
        ENDM

; ATNEXT - the step after ATSTEP's, two squares below it (21 -> 19, -19 -> -21, 1 -> -1,
; 11 -> 9, -9 -> -11): two DEC L, 7 T-states and 2 bytes less than a new sum from C.
ATNEXT  MACRO   YES
        DEC     L
        DEC     L
        LD      A,(HL)
        CP      D
        JR      Z,YES
        ENDM

ATRAY   MACRO   STEP
        LOCAL   ATRAY1
        LD      L,C
ATRAY1: LD      A,L
        ADD     A,STEP
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,ATRAY1
        CP      B
        JR      Z,ATYES
        CP      D
        JR      Z,ATYES
        ENDM

ATTACKED:
        PUSH    BC
        LD      H,BRDHI
        LD      A,C
        ADD     A,BRDLO
        LD      C,A             ; C = the square's low address byte from here on
        LD      A,B
        OR      PAWN
        LD      D,A
        BIT     7,B
        JR      NZ,ATTBP
        ATSTEP  -9,ATYES1       ; a white pawn attacks upwards: it stands below
        ATSTEP  -11,ATYES1
        JR      ATTN
ATYES1: POP     BC              ; attacked (the exit for the tests up to ATHOP)
        SCF
        RET
ATTBP:  ATSTEP  9,ATYES1
        ATSTEP  11,ATYES1
ATTN:   LD      A,B
        OR      KNIGHT
        LD      D,A
        ATSTEP  21,ATYES1
        ATNEXT  ATYES1          ; 19
        ATSTEP  12,ATYES1
        ATSTEP  8,ATYES1
        ATSTEP  -8,ATYES1
        ATSTEP  -12,ATYES1
        ATSTEP  -19,ATYES1
        ATNEXT  ATYES1          ; -21
        BIT     0,B             ; GIVECHK: the rest is known
        JP      NZ,ATNO
        LD      A,B
        OR      KING
        LD      D,A
        ATSTEP  10,ATYES1
        ATSTEP  -10,ATYES1
        ATSTEP  1,ATYES1
        DEC     L               ; king step 3, -1, written out for its label
        DEC     L
        LD      A,(HL)
        CP      D
ATHOP:  JR      Z,ATYES1        ; also the hop of the four steps below
        ATSTEP  11,ATHOP
        ATNEXT  ATHOP           ; 9
        ATSTEP  -9,ATHOP
        ATNEXT  ATHOP           ; -11
        LD      A,B
        OR      ROOK
        LD      D,A
        LD      A,B
        OR      QUEEN
        LD      B,A             ; B = queen, D = rook, then bishop
        ATRAY   10
        ATRAY   -10
        ATRAY   1
        ATRAY   -1
        LD      A,D
        SUB     ROOK-BISHOP
        LD      D,A
        ATRAY   11
        ATRAY   9
        ATRAY   -9
        ATRAY   -11
ATNO:   POP     BC
        OR      A               ; not attacked: carry clear
        RET
ATYES:  POP     BC              ; attacked (the exit for the eight lines)
        SCF
        RET

; ------------------------------------------------------------------------------------------
; INCHECK - is the side to move in check?
; In: -   Out: carry set when in check.
; Destroys: A, D, HL (B, C, E kept).   Called by: PLAYMV, STATUS, CQUERY (match.asm), the search.
; GIVECHK - the same for EVALKID, after EXCHM: PINS has just walked the eight lines from
; both kings, and the mover's king is not in check after its legal move, so an enemy
; slider first on a king's line (SKEWCK) checks the side to move; only its pawns and
; knights are left to test (ATTACKED with bit 0 of B set stops after them: the piece codes
; have bit 0 set, so OR-ing them with B is not changed by it).
; In: SKEWCK for the position on the board.   Out, Destroys: as INCHECK.
; Called by: EVALKID (eval.asm), after EXCHM.
; ------------------------------------------------------------------------------------------
GIVECHK:
        LD      A,(SKEWCK)
        ADD     A,0FFH          ; carry: a slider checks
        RET     C
        LD      A,1
        JR      INCHK0
INCHECK:
        XOR     A
INCHK0: PUSH    BC
        LD      D,A
        LD      A,(SIDE)
        LD      HL,WKING
        OR      A
        JR      Z,INCHK1
        INC     HL              ; BKING follows WKING
INCHK1: XOR     BLACK
        OR      D               ; bit 0: GIVECHK's pawns and knights only
        LD      B,A
        LD      C,(HL)
        CALL    ATTACKED
        POP     BC
        RET

; ------------------------------------------------------------------------------------------
; LEFTINCHECK - after MAKE: did the side that just moved leave its own king attacked?
; In: -   Out: carry set when it did (the move was illegal).
; Destroys: A, D, HL (B, C, E kept).   Called by: the GEN hooks, CSETUP (match.asm).
; ------------------------------------------------------------------------------------------
LEFTINCHECK:
        PUSH    BC
        LD      A,(SIDE)
        LD      B,A             ; attacked by the side to move
        LD      HL,BKING        ; white to move: black just moved
        OR      A
        JR      Z,LFTCH1
        DEC     HL
LFTCH1: LD      C,(HL)
        CALL    ATTACKED
        POP     BC
        RET

; ------------------------------------------------------------------------------------------
; LEGPAR - what EVALKID needs to skip LEFTINCHECK in a batch (every child of one parent):
; is the side to move in check, and which of its pieces may be pinned (an own piece first
; on a line from its king, an enemy bishop, rook or queen next behind it). A move that is no king
; move and no en passant, of a piece that is not pinned, from a position not in check,
; cannot leave its king attacked: only its from-square empties, and no open line to the
; king runs through it.
; In: BOARD and the state bytes (the parent).
; Out: LEGPIN = 0: every move takes the full test (in check, or two pins or more); else
;      LEGPIN = the king's square (its moves take the full test), LEGPIN+1 = the pinned
;      piece's square, 0FFH for none.
; Destroys: AF, BC, DE, HL, IX.   Called by: GENEVAL (node.asm), tests.   Calls: INCHECK.
; ------------------------------------------------------------------------------------------
LEGPAR: CALL    INCHECK
        JR      C,LEGPA9
        LD      A,(SIDE)
        LD      E,A             ; E = own colour: XOR E turns enemy codes into black ones
        LD      HL,WKING
        OR      A
        JR      Z,LEGPA1
        INC     HL              ; BKING follows WKING
LEGPA1: LD      A,(HL)
        LD      L,A
        LD      H,0FFH
        LD      (LEGPIN),HL     ; the king; no pin yet
        ADD     A,BRDLO
        LD      C,A             ; C = the king's low address byte
        LD      H,BRDHI
        LD      IX,KSTEPS       ; the eight lines (targets.asm's table: N S E W NE NW SE SW)
        LD      B,8             ; eight lines, D = the step of each
LEGPA2: LD      D,(IX+0)
        INC     IX
        LD      L,C
LEGPA3: LD      A,L             ; the first piece on the line
        ADD     A,D
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,LEGPA3
        CP      OFF
        JR      Z,LEGPA8        ; the edge: no pin here
        XOR     E
        JP      M,LEGPA8        ; an enemy piece first: no pin here
        PUSH    HL
LEGPA4: LD      A,L             ; the own piece: pinned when an enemy slider stands behind
        ADD     A,D
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,LEGPA4
        POP     HL
        XOR     E               ; an enemy bishop, rook or queen is now 0B3H, 0C5H or
        SUB     0B0H            ; 0D9H: any of them counts, whatever the line (a wrong
        CP      30H             ; one only costs a full test); every other code (own
        JR      NC,LEGPA8       ; pieces, the border either way) lies outside 0B0H-0DFH
        LD      A,(LEGPIN+1)
        INC     A
        JR      NZ,LEGPA9       ; a second pin: rare, the full test for every move
        LD      A,L
        SUB     BRDLO
        LD      (LEGPIN+1),A
LEGPA8: DJNZ    LEGPA2
        RET
LEGPA9: XOR     A
        LD      (LEGPIN),A
        RET

