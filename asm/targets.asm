; targets.asm - which pieces EXCH (exchange.asm) has to examine: a superset of the pieces an
; enemy piece attacks directly, as a 64-bit square map TGTMAP (byte = rank, bit = file).
; Only such a piece can have attackers in COLBOTH (an x-ray needs a direct attacker in
; front), and COLBOTH on any other piece finds none and changes nothing, so EXCH's result
; does not depend on how many extra candidates the map holds, only its speed does.
;
; Two ways to the map (docs/engine.md, "EVAL in the guest"):
; - ATTMARK, the whole board: the attacks of every piece (about 12,800 T-states).
; - TGKID, for a child of a parent whose map is in PARMAP (a batch: GEN evaluates every
;   move of one parent, so GENEVAL calls TGPAR once before GEN): the pieces
;   attacked in the parent, plus the pieces a slider sees through the from-square once it
;   is empty (TGLINES, once for all the moves of one piece), plus the moved piece and what
;   it attacks from its new square (TGKID about 1,700 T-states a child, TGLINES about
;   2,200 a moving piece; tests/guest/targets.rs measures them).
;   A piece attacked in the child was attacked in the parent unless the move gave the
;   attack: the attacker is the moved piece, or a slider whose line the move opened, which
;   can only run through the from-square (the to-square was empty or is still occupied).
;   TGLINES looks along the four lines through the from-square on the parent's board: when
;   the to-square lies on one of them, the child's view along it differs only by the moved
;   piece, which is a candidate anyway and whose own attacks AMPIECE adds, so the parent's
;   view is a superset of the child's.
;   Castling, en passant and promotion change more squares: TGKID uses ATTMARK for them.

; ------------------------------------------------------------------------------------------
; TGPAR - the map of a batch's parent: PARMAP = every piece an enemy piece attacks.
; In: BOARD (the parent).   Out: PARMAP (and TGTMAP, the same); TGFROM = 0 (PARF unused);
;      TGKIDS = 1 (EVALKID's moves are this position's children; GENEVAL may add TGLEAF);
;      DLTSQ = 0 (DELTAK, positional.asm: no points kept from another position).
; Destroys: AF, BC, DE, HL, IX.   Called by: GENEVAL (node.asm), tests.
; ------------------------------------------------------------------------------------------
TGPAR:  CALL    ATTMARK
        LD      HL,TGTMAP
        LD      DE,PARMAP
        LD      BC,8
        LDIR
        LD      HL,1*256+0      ; TGFROM := 0, TGKIDS := 1 (the byte after it): the
        LD      (TGFROM),HL     ; batch's moves are children of this map's position
        LD      A,L
        LD      (DLTSQ),A       ; and DELTAK keeps no points of another position
        RET

; ------------------------------------------------------------------------------------------
; TGLINES - PARF = PARMAP + the pieces a slider sees through the from-square of a move of
; the batch's parent once that square is empty: along each of the four lines through it,
; the first piece (or border) each way; when one end slides along the line, the other end
; (an enemy of it, not a king) is in its view.
; In: B = from, BOARD = the parent (the from-square itself is never read), PARMAP.
; Out: PARF, TGFROM = B.   Destroys: AF, HL, IX (BC, DE kept).
; Called by: EVALKID (eval.asm) when the from-square differs from TGFROM, tests.
; ------------------------------------------------------------------------------------------
TGLINES:
        PUSH    BC
        PUSH    DE
        LD      A,B
        LD      (TGFROM),A
        LD      HL,PARMAP       ; TGTMAP is the scratch map MARKT writes
        LD      DE,TGTMAP
        LD      BC,8
        LDIR                    ; (it keeps A, the from-square)
        ADD     A,LOW BOARD
        LD      B,A             ; the from-square's board byte
        LD      H,HIGH BOARD
; The steps 10, 1, 11 and -9 are every fourth byte of SKEWER's table (exchange.asm), each
; followed by the slider of its line.
        LD      IX,SKDIRS
TGLIN1: LD      C,(IX+0)        ; the step; 0 ends the table
        LD      A,C
        OR      A
        JR      Z,TGLIN4
        LD      L,B
TGLIN2: LD      A,L
        ADD     A,C
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,TGLIN2
        LD      D,L             ; one end
        LD      L,B
TGLIN3: LD      A,L
        SUB     C
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,TGLIN3        ; L = the other end
        CALL    TGSEE
        LD      A,L
        LD      L,D
        LD      D,A
        CALL    TGSEE
        LD      DE,4
        ADD     IX,DE
        JR      TGLIN1
TGLIN4: LD      HL,TGTMAP
        LD      DE,PARF
        LD      BC,8
        LDIR
        POP     DE
        POP     BC
        RET

; ------------------------------------------------------------------------------------------
; TARGETS - TGTMAP for the position EVALM0 has just made: TGKID when EVALKID evaluates a
; child of the batch's parent (TGKIDS non-zero, set by TGPAR), else ATTMARK.
; In: B = from, C = to, E = flags of the move made; BOARD; TGKIDS; PARF.
; Out: TGTMAP.   Destroys: AF, BC, DE, HL, IX.   Called by: EVALM0 (eval.asm).
; ------------------------------------------------------------------------------------------
TARGETS:
        LD      A,(TGKIDS)
        OR      A
        JR      Z,ATTMARK

; ------------------------------------------------------------------------------------------
; TGKID - TGTMAP for a child of the position PARMAP was made for (see the file header).
; In: C = to, E = flags of the move just made (MAKE): BOARD is the child; PARF made by
;     TGLINES for the move's from-square.
; Out: TGTMAP.   Destroys: AF, BC, DE, HL, IX.   Called by: TARGETS, tests.
; ------------------------------------------------------------------------------------------
TGKID:  LD      A,E
        AND     F_PROMO+F_CASTL+F_EP
        JR      NZ,ATTMARK      ; rare moves that change more than two squares
        LD      A,C             ; (LDIR keeps A)
        LD      HL,PARF
        LD      DE,TGTMAP
        LD      BC,8
        LDIR
        LD      H,HIGH BOARD
        ADD     A,LOW BOARD
        LD      L,A             ; the moved piece
        LD      A,(HL)
        AND     KINDS
        SUB     KING AND KINDS
        LD      B,A             ; zero for a king
        PUSH    HL
        CALL    MAPADR
        LD      A,(HL)
        OR      E               ; the moved piece is a candidate itself,
        INC     B
        DEC     B
        JR      NZ,TGKID0
        XOR     E               ; but a king never is (PARF may hold the captured piece)
TGKID0: LD      (HL),A
        POP     HL
        LD      B,L
        JR      AMPIECE         ; and what it attacks from there

; TGSEE - if the piece at L slides along the line (IX+1 = its slider, or a queen), the
; piece at D is in its view: AMHIT marks it when it is an enemy other than the king.
; In: L, D = the two ends of a line (a piece or the border), IX -> the line's table entry,
;     H = HIGH BOARD.
; Out: TGTMAP.   Destroys: AF, E (B, C, D, HL, IX kept).   Called by: TGLINES.
TGSEE:  LD      A,(HL)
        AND     7FH             ; the code as if white; the border reads 7FH: no slider
        CP      QUEEN
        JR      Z,TGSEE1
        CP      (IX+1)
        RET     NZ
TGSEE1: LD      A,(HL)
        AND     BLACK
        LD      E,A             ; the slider's colour
        PUSH    HL
        LD      L,D
        CALL    AMHIT
        POP     HL
        RET

; ------------------------------------------------------------------------------------------
; ATTMARK - TGTMAP = every piece, of either colour, except kings, that an enemy piece
; attacks directly (pinned attackers mark too: COLBOTH then finds none).
; In: BOARD.   Out: TGTMAP.
; Destroys: AF, BC, DE, HL, IX.   Called by: TARGETS, TGKID, TGPAR, tests (Harness::exch).
; ------------------------------------------------------------------------------------------
ATTMARK:
        LD      HL,TGTMAP
        LD      B,8
        XOR     A
ATTM1:  LD      (HL),A
        INC     HL
        DJNZ    ATTM1
        LD      HL,BOARD+20     ; the end is tested only at the border bytes (square 99,
ATTM2:  INC     L               ; after h8, is one)
        LD      A,(HL)
        OR      A
        JR      Z,ATTM2
        CP      OFF
        JR      NZ,ATTM3
        LD      A,L
        CP      LOW (BOARD+99)
        JR      NZ,ATTM2
        RET
ATTM3:  LD      B,L
        CALL    AMPIECE
        LD      L,B
        JR      ATTM2

; ------------------------------------------------------------------------------------------
; AMPIECE - mark in TGTMAP the enemy pieces (not kings) that one piece attacks directly.
; In: B = L = LOW of its board byte, H = HIGH BOARD.   Out: TGTMAP.
; Destroys: AF, C, D, E, L, IX (B, H kept).   Called by: ATTMARK, TGKID.
; ------------------------------------------------------------------------------------------
AMPIECE:
        LD      A,(HL)
        AND     BLACK
        LD      E,A             ; its colour
        LD      A,(HL)
        AND     KINDS           ; its kind, the commonest first
        CP      20H
        JR      C,AMPAWN
        JR      Z,AMKNIGHT
        LD      IX,KSTEPS
        LD      C,8
        CP      50H
        JR      Z,AMRAYS        ; queen: the eight lines
        JR      NC,AMKIN1       ; king: the eight steps
        LD      C,4
        CP      40H
        JR      Z,AMRAYS        ; rook: the four orthogonal lines
        LD      IX,KSTEPS+4
        JR      AMRAYS          ; bishop: the four diagonal ones

; One step from the piece at B.
AMSTEP  MACRO   STEP
        LD      A,B
        ADD     A,STEP
        LD      L,A
        CALL    AMHIT
        ENDM

; AMPAWN .. AMRAYS - the attacks of one piece (AMPIECE's cases). Pawns and knights, the
; commonest, are unrolled; the sliders' lines are a loop over KSTEPS (its overhead is per
; line, not per square, and ATTMARK runs once per batch: 70 bytes saved for about 150
; T-states a position).
; In: B = its square (LOW), E = its colour, H = HIGH BOARD; AMKIN1, AMRAYS: IX -> the
;     steps, C = how many.
; Destroys: AF, C, D, L, IX.   Called by: AMPIECE (jumped to).
AMPAWN: LD      A,E             ; (AMHIT keeps L: the second square is two INC L or DEC L
        OR      A               ; on, and the last AMHIT is a jump, its RET the piece's)
        JR      NZ,AMPAW1
        AMSTEP  9
        INC     L
        INC     L
        JR      AMHIT           ; 11
AMPAW1: AMSTEP  -9
        DEC     L
        DEC     L
        JR      AMHIT           ; -11
AMKNIGHT:
        AMSTEP  21
        DEC     L
        DEC     L
        CALL    AMHIT           ; 19
        AMSTEP  12
        AMSTEP  8
        AMSTEP  -8
        AMSTEP  -12
        AMSTEP  -19
        DEC     L
        DEC     L
        JR      AMHIT           ; -21
AMKIN1: LD      A,B             ; a loop: there are only two kings
        ADD     A,(IX+0)
        LD      L,A
        CALL    AMHIT
        INC     IX
        DEC     C
        JR      NZ,AMKIN1
        RET
KSTEPS: DEFB    10,-10,1,-1,11,9,-9,-11
AMRAYS: LD      D,(IX+0)        ; one line, to the first piece on it (or the border)
        LD      L,B
AMRAY1: LD      A,L
        ADD     A,D
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,AMRAY1
        CALL    AMHITA
        INC     IX
        DEC     C
        JR      NZ,AMRAYS
        RET

; ------------------------------------------------------------------------------------------
; AMHIT - the piece at L is attacked by colour E: mark it in TGTMAP when it is an enemy
; other than the king. AMHITA: the same with its code already in A.
; MARKT - mark the square at L in TGTMAP, whatever stands there.
; In: L = LOW of the square's board byte, E = the attacker's colour, H = HIGH BOARD.
; Out: TGTMAP.   Destroys: AF (everything else kept).
; Called by: AMPIECE's cases, TGSEE.
; ------------------------------------------------------------------------------------------
AMHIT:  LD      A,(HL)
AMHITA: XOR     E
        CP      90H
        RET     C               ; empty, own piece, border (black attacker: 7FH)
        CP      0E0H
        RET     NC              ; king, border (white attacker: 0FFH)
MARKT:  PUSH    HL
        PUSH    DE
        CALL    MAPADR
        LD      A,(HL)
        OR      E
        LD      (HL),A
        POP     DE
        POP     HL
        RET

; ------------------------------------------------------------------------------------------
; MAPADR - where a square's bit lies in TGTMAP.
; In: L = LOW of the square's board byte.
; Out: HL -> the rank's byte (TGTMAP lies in one page, ram.asm), E = the file's bit.
; Destroys: AF, D.   Called by: MARKT, TGKID.
; ------------------------------------------------------------------------------------------
MAPADR: LD      A,L             ; SQ64T: the square's number 0..63 = rank * 8 + file
        ADD     A,LOW (SQ64T-21-BRDLO) ; (it starts at a1; one page, exchange.asm)
        LD      L,A
        LD      H,HIGH SQ64T
        LD      D,(HL)
        LD      A,D
        AND     7
        ADD     A,LOW BITMASK   ; BITMASK is in SQ64T's page: H stays
        LD      L,A
        LD      E,(HL)          ; the file's bit
        LD      A,D
        RRCA
        RRCA
        RRCA
        AND     7
        ADD     A,LOW TGTMAP
        LD      L,A
        LD      H,HIGH TGTMAP
        RET
