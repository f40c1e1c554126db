; gen.asm - GEN: the pseudo-legal moves of the side to move, in exactly the order of
; src/reference/generate.rs, streamed one by one to a hook; and LEGALS, which keeps the legal
; ones on the move stack.
;
; Order: squares a1, b1 .. h8; for each piece of the side to move its directions in table
; order (orthogonal N S E W = +10 -10 +1 -1, then diagonal NE NW SE SW = +11 +9 -9 -11;
; knights +21 +19 +12 +8 -8 -12 -19 -21), sliders ray by ray outwards; pawns: push, double
; push, capture towards the a-file, towards the h-file, promotions Q R B N; the king's steps,
; then castling king side before queen side.
;
; The hook contract (GEN calls the routine whose address is in IY once per move):
;   receives  B = from, C = to, E = flags (the move format of board.asm); IY = the hook;
;             the board exactly as GEN found it
;   may       destroy A, B, C, D, E, H, L, IX, the alternate registers and the flags; call
;             MAKE / UNMAKE / ATTACKED / any routine, and even GEN again (perft recursion)
;   must      preserve IY and SP, and leave BOARD and every state byte as it found them
;             (MAKE then UNMAKE does)
; GEN saves its own state (BC, DE, HL) around each call, so the hook owes it nothing else.
; Stack: GEN uses at most 14 bytes below its return address when it calls the hook (a
; promotion: GEN -> GPIECE -> GPEMIT -> EMIT, which saves BC DE HL -> hook), so each level
; of recursion through a hook costs 16 bytes plus what the hook itself pushes.

; ------------------------------------------------------------------------------------------
; GEN - call the hook at IY for every pseudo-legal move of the side to move.
; In: IY = the hook (see the contract above).   Out: -
; Destroys: A, B, C, D, E, H, L (and whatever the hook destroys; IY kept).
; Called by: LEGALS, PFTRUN and PFTHOOK (perft.asm), and the EVAL port's root and node lists.
; ------------------------------------------------------------------------------------------
GEN:    LD      A,(SIDE)
        LD      E,A             ; E = the side to move for the whole scan
        LD      H,BRDHI
        LD      B,21            ; a1
GEN1:   LD      A,B
        ADD     A,BRDLO
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,GEN2          ; empty
        CP      OFF
        JR      Z,GEN2          ; border between the ranks
        XOR     E
        CALL    P,GPIECE        ; A = the piece's white code when it is ours
GEN2:   INC     B
        LD      A,B
        CP      99              ; past h8
        JR      C,GEN1
        RET

; GPIECE - generate one piece's moves. The tests run pawn, knight, bishop, rook, queen (JR:
; 7 T-states each when they fall through); the king's code lies at the end (GKING), and
; GROOK falls into GRAY, GKING into GCASTLE, saving their JPs (GSTEP and EMIT are RST
; vectors 18H and 28H, main.asm: RST GSTEP is 1 byte and 11 T-states where CALL was 3 and 17).
; In: A = its white code, B = square, E = side, H = BRDHI.   Out: -
; Destroys: A, C, D, L.   Called by: GEN.
GPIECE: CP      PAWN
        JP      Z,GPAWN
        CP      KNIGHT
        JR      Z,GKNIGHT
        CP      BISHOP
        JR      Z,GBISHOP
        CP      ROOK
        JR      Z,GROOK
        CP      QUEEN
        JP      NZ,GKING        ; none of them: the king

GQUEEN: CALL    GROOK
GBISHOP:
        LD      D,11
        CALL    GRAY
        LD      D,9
        CALL    GRAY
        LD      D,-9
        CALL    GRAY
        LD      D,-11
        JP      GRAY

GROOK:  LD      D,10
        CALL    GRAY
        LD      D,-10
        CALL    GRAY
        LD      D,1
        CALL    GRAY
        LD      D,-1
        ; fall into GRAY

; ------------------------------------------------------------------------------------------
; GRAY - a slider's ray: every empty square, then an enemy piece, stop at anything else.
; In: B = from, D = direction, E = side, H = BRDHI.   Out: -
; Destroys: A, C, L.   Called by: GROOK (also falls in), GBISHOP, GQUEEN.
; ------------------------------------------------------------------------------------------
GRAY:   LD      C,B
GRAY1:  LD      A,C
        ADD     A,D
        LD      C,A
        ADD     A,BRDLO
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,GRAY2
        RST     EMIT            ; A = 0: a quiet move
        JR      GRAY1
GRAY2:  CP      OFF
        RET     Z
        XOR     E
        RET     P
        XOR     A
        JP      EMIT

; GKNIGHT - a knight's eight jumps (the last by JP GSTEP).
; In: B = square, E = side, H = BRDHI.   Out: -   Destroys: A, C, D, L.   Called by: GPIECE.
GKNIGHT:
        LD      D,21
        RST     GSTEP
        LD      D,19
        RST     GSTEP
        LD      D,12
        RST     GSTEP
        LD      D,8
        RST     GSTEP
        LD      D,-8
        RST     GSTEP
        LD      D,-12
        RST     GSTEP
        LD      D,-19
        RST     GSTEP
        LD      D,-21
        JP      GSTEP           ; (RST vector 18H, main.asm, falls into EMIT at 28H)

; ------------------------------------------------------------------------------------------
; GPAWN - a pawn's moves: push (and promotions), double push, the two captures (towards the
; a-file first) and en passant.
; In: B = from, E = side, H = BRDHI.   Out: -
; Destroys: A, C, D, L.   Called by: GPIECE.
; ------------------------------------------------------------------------------------------
GPAWN:  LD      D,10            ; forwards
        LD      A,E
        OR      A
        JR      Z,GPAWN1
        LD      D,-10
GPAWN1: LD      A,B
        ADD     A,D
        LD      C,A             ; C = the square in front
        ADD     A,BRDLO
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,GPAWN3       ; blocked: no pushes
        CALL    GPEMIT
        LD      A,E             ; double push from the pawn's own second rank
        OR      A
        LD      A,B
        JR      Z,GPAWN2
        SUB     50              ; rank 7 (81-88) onto the rank-2 range (31-38)
GPAWN2: SUB     31
        CP      8
        JR      NC,GPAWN3
        LD      A,C
        ADD     A,D
        ADD     A,BRDLO
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,GPAWN3
        LD      A,L
        SUB     BRDLO
        LD      C,A
        LD      A,F_DBL
        RST     EMIT
        LD      A,B
        ADD     A,D
        LD      C,A             ; back to the square in front
GPAWN3: DEC     C               ; capture towards the a-file
        CALL    GPCAP
        INC     C               ; towards the h-file
        INC     C
        ; fall into GPCAP

; GPCAP - a pawn capture onto C: an enemy piece there, or C is the en-passant square.
; In: B = from, C = target, E = side, H = BRDHI.   Out: -   Destroys: A, L.   Called by: GPAWN.
GPCAP:  LD      A,C
        ADD     A,BRDLO
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,GPCAP1
        CP      OFF
        RET     Z
        XOR     E
        RET     P
        JR      GPEMIT
GPCAP1: LD      A,(EPSQ)
        CP      C               ; the ep square is never 0 here: C is a real square
        RET     NZ
        LD      A,F_EP
        JP      EMIT

; GPEMIT - a pawn move onto C: four promotions (Q R B N) on the last rank, else one move.
; In: B = from, C = to.   Out: -   Destroys: A.   Called by: GPAWN, GPCAP.
GPEMIT: LD      A,C
        CP      91
        JR      NC,GPEMI1
        CP      29
        JR      C,GPEMI1
        XOR     A
        JP      EMIT
GPEMI1: LD      A,5
        RST     EMIT
        LD      A,4
        RST     EMIT
        LD      A,3
        RST     EMIT
        LD      A,2
        JP      EMIT

; GKING - the king's eight steps, then castling (falls into GCASTLE).
; In: B = square, E = side, H = BRDHI.   Out: -   Destroys: A, C, D, L.   Called by: GPIECE.
GKING:  LD      D,10
        RST     GSTEP
        LD      D,-10
        RST     GSTEP
        LD      D,1
        RST     GSTEP
        LD      D,-1
        RST     GSTEP
        LD      D,11
        RST     GSTEP
        LD      D,9
        RST     GSTEP
        LD      D,-9
        RST     GSTEP
        LD      D,-11
        RST     GSTEP
        ; fall into GCASTLE

; ------------------------------------------------------------------------------------------
; GCASTLE - castling, after the king's steps: king side, then queen side. The king may not
; be in check nor pass an attacked square (the destination is the hook's legality test).
; In: B = the king's square, E = side, H = BRDHI.   Out: -
; Destroys: A, C, D, L.   Called by: GKING (falls in).
; ------------------------------------------------------------------------------------------
GCASTLE:
        LD      A,E
        OR      A
        LD      A,SQ_E1
        LD      D,03H           ; white's rights
        JR      Z,GCAST1
        LD      A,SQ_E8
        LD      D,0CH           ; black's
GCAST1: CP      B
        RET     NZ              ; not on its home square
        LD      A,(CASTLE)
        AND     D
        RET     Z
        LD      D,A             ; D = the rights this side still has
        LD      C,B
        CALL    GCATT
        RET     C               ; in check: no castling
        LD      A,D
        AND     05H             ; king side (bit 0 white, bit 2 black)
        JR      Z,GCAST2
        LD      A,B
        ADD     A,BRDLO+3
        LD      L,A
        LD      A,(HL)
        XOR     E
        CP      ROOK
        JR      NZ,GCAST2       ; no rook of ours in the corner
        DEC     L
        LD      A,(HL)
        OR      A
        JR      NZ,GCAST2
        DEC     L
        LD      A,(HL)
        OR      A
        JR      NZ,GCAST2
        LD      C,B
        INC     C
        CALL    GCATT
        JR      C,GCAST2        ; the king would pass an attacked square
        INC     C
        LD      A,F_CASTL
        RST     EMIT
GCAST2: LD      A,D
        AND     0AH             ; queen side
        RET     Z
        LD      A,B
        ADD     A,BRDLO-4
        LD      L,A
        LD      A,(HL)
        XOR     E
        CP      ROOK
        RET     NZ
        INC     L
        LD      A,(HL)
        OR      A
        RET     NZ
        INC     L
        LD      A,(HL)
        OR      A
        RET     NZ
        INC     L
        LD      A,(HL)
        OR      A
        RET     NZ
        LD      C,B
        DEC     C
        CALL    GCATT
        RET     C
        DEC     C
        LD      A,F_CASTL
        JP      EMIT

; GCATT - is square C attacked by the side not to move?
; In: C = square, E = side to move.   Out: carry set when it is; H = BRDHI again.
; Destroys: A, L (B, C, D, E kept).   Called by: GCASTLE.
GCATT:  PUSH    DE
        PUSH    BC
        LD      A,E
        XOR     BLACK
        LD      B,A
        CALL    ATTACKED
        POP     BC
        POP     DE
        LD      H,BRDHI
        RET

; ------------------------------------------------------------------------------------------
; MOVLIST - the root list: the legal moves from the bottom of the move stack.
; In: -   Out: B = number of moves; entries from MOVESTK; MSTOP past them.
; Destroys: A, B, C, D, E, H, L.   Called by: STATUS, PLAYER, CGO (match.asm), tests.
; ------------------------------------------------------------------------------------------
MOVLIST:
        LD      HL,MOVESTK
        LD      (MSTOP),HL
        ; fall into LEGALS

; ------------------------------------------------------------------------------------------
; LEGALS - the legal moves of the side to move, in GEN order, appended to the move stack at
; MSTOP (which moves on). Entries are MSENTRY bytes: from, to, flags, key (word, 0 for now),
; max (word, 0 for now). Moves that do not fit (MSTOP at MSEND) are dropped.
; In: MSTOP.   Out: B = number of moves appended; MSTOP past them.
; Destroys: A, B, C, D, E, H, L.
; Called by: MOVLIST (falls in); the search (later) for node lists.
; ------------------------------------------------------------------------------------------
LEGALS: LD      HL,(MSTOP)
        PUSH    HL
        PUSH    IY
        LD      IY,LEGHOOK
        CALL    GEN
        POP     IY
        POP     DE              ; where the list began
        LD      HL,(MSTOP)
        OR      A
        SBC     HL,DE           ; bytes appended: at most 7 * 147, so the count fits in B
        LD      DE,MSENTRY
        LD      B,0
LEGAL1: LD      A,H
        OR      L
        RET     Z
        SBC     HL,DE           ; carry is clear: every step leaves a multiple of 7
        INC     B
        JR      LEGAL1

; LEGHOOK - the GEN hook of LEGALS: make, test, unmake; keep the move when it is legal.
; In: B, C, E = the move (the hook contract).   Out: the entry at MSTOP, MSTOP moved on.
; Destroys: A, D, H, L.   Called by: GEN (through IY).
LEGHOOK:
        LD      HL,-4
        ADD     HL,SP
        LD      SP,HL           ; a 4-byte undo record on the stack
        CALL    MAKEV
        CALL    LEFTINCHECK
        PUSH    AF              ; carry: illegal
        LD      HL,2
        ADD     HL,SP
        CALL    UNMAKV
        POP     AF
        POP     HL              ; drop the undo record
        POP     HL
        RET     C
        LD      HL,(MSTOP)
        LD      A,L
        CP      MSEND MOD 256
        JR      NZ,LEGHK1
        LD      A,H
        CP      MSEND / 256
        RET     Z               ; the move stack is full
LEGHK1: LD      (HL),B
        INC     HL
        LD      (HL),C
        INC     HL
        LD      (HL),E
        INC     HL
        XOR     A
        LD      (HL),A          ; key
        INC     HL
        LD      (HL),A
        INC     HL
        LD      (HL),A          ; max
        INC     HL
        LD      (HL),A
        INC     HL
        LD      (MSTOP),HL
        RET
