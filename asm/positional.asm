; positional.asm - ANALYS's positional tables and the points of pieces on squares, the port
; of src/reference/positional.rs (docs/engine.md, "ANALYS"). POSANA fills the RAM tables
; once per root position (PAWNTAB, ROOKFIL, ENDGAME); POINTS, TOTAL and DELTA then only
; look things up. Points are small signed bytes from the owner's view; sums are white's view.

; ------------------------------------------------------------------------------------------
; POSANA - build the tables of the root position (reference: Positional::analyse).
; ENDGAME: 0 in the middle game; in the endgame (the non-pawn, non-king material of both
; sides at most 2 x 13 pawns) 1, or, when one side leads by HUNT_LEAD (64 units, 4 pawns) or
; more, the hunt: bit 6 set, bit 7 = the colour ahead, bits 0-5 = the other king's square
; (0..63) as the side ahead sees it (black's view mirrored, as POINTS reads own squares).
; Its king then scores minus its distance to that square (POINTS): without it the module
; could not mate K+Q or K+R against K (Positional::hunt). One byte, so no RAM.
; ROOKFIL: per colour and file 2 = no pawns at all, 1 = only enemy pawns, else 0.
; PAWNTAB: per colour and square of ranks 2-7: advance + centre + passed + king shelter.
; In: BOARD, WKING, BKING, MATERL.   Out: PAWNTAB, ROOKFIL, ENDGAME.
; Destroys: AF, BC, DE, HL, IX.   Called by: ANALYS (search), tests.
; ------------------------------------------------------------------------------------------
POSANA: LD      HL,ROOKFIL      ; first the pawns per colour and file, counted in ROOKFIL
        LD      B,16
        XOR     A
POSA1:  LD      (HL),A
        INC     HL
        DJNZ    POSA1
        LD      DE,0            ; non-pawn units
        LD      HL,BOARD+21
POSA2:  LD      A,(HL)
        OR      A
        JR      Z,POSA5
        CP      OFF
        JR      Z,POSA5
        LD      C,A
        AND     70H
        CP      10H
        JR      NZ,POSA3
        PUSH    HL              ; a pawn: count it on its file
        CALL    SQINDEX
        AND     7
        BIT     7,C
        JR      Z,POSA21
        ADD     A,8
POSA21: LD      HL,ROOKFIL
        RST     TABPTR
        INC     (HL)
        POP     HL
        JR      POSA5
POSA3:  CP      60H
        JR      Z,POSA5         ; kings do not count
        LD      A,C
        ADD     A,A
        ADD     A,A
        ADD     A,A
        ADD     A,A             ; units (at most 144; the doublings push the kind bits out)
        ADD     A,E
        LD      E,A
        JR      NC,POSA5
        INC     D
POSA5:  INC     L
        LD      A,L
        CP      LOW (BOARD+99)
        JR      NZ,POSA2
        LD      HL,2*16*13
        AND     A
        SBC     HL,DE           ; carry when the units exceed 416
        SBC     A,A             ; 0FFH when they do, else 0
        INC     A               ; 0: middle game, 1: endgame
        LD      (ENDGAME),A
        JR      Z,POSA6         ; the middle game: nobody hunts
        LD      HL,(MATERL)
        LD      DE,(WKING)      ; E = white's king, D = black's
        LD      C,40H           ; white ahead: bit 6 = a hunt, bit 7 = white hunts
        LD      A,D             ;   black's king
        BIT     7,H
        JR      Z,POSA51
        RST     NEGHL           ; the lead
        LD      C,0F8H          ; black ahead: bit 7 = black hunts, 38H mirrors the square
        LD      A,E             ;   to black's view (POINTS' own squares); white's king
POSA51: LD      B,A
        LD      A,L
        AND     0C0H            ; HUNT_LEAD = 64 units
        OR      H
        JR      Z,POSA6         ; a smaller lead: both kings centralise (ENDGAME 1)
        LD      A,B
        ADD     A,LOW BOARD
        LD      L,A
        CALL    SQINDEX
        XOR     C
        LD      (ENDGAME),A     ; the hunted king's square in the hunter's view, and the flags
POSA6:
        LD      IX,ROOKFIL      ; counts -> rook points, both colours of a file at once
        LD      B,8
POSA7:  LD      D,(IX+0)        ; white pawns on the file
        LD      E,(IX+8)        ; black pawns
        LD      A,D
        LD      C,E
        CALL    RFPTS
        LD      (IX+0),A        ; white's points
        LD      A,E
        LD      C,D
        CALL    RFPTS
        LD      (IX+8),A        ; black's points
        INC     IX
        DJNZ    POSA7
        LD      IX,PAWNTAB
        LD      E,0
        CALL    PAWNCOL
        LD      E,BLACK
; PAWNCOL - one colour's 48 pawn points, ranks 2-7 (POSANA runs it for white, then falls
; into it for black). In: E = colour, IX = its table; ENDGAME, the king squares.   Out: the
; table, IX + 48.   Destroys: AF, BC, D, HL, IX.   Called by: POSANA.
PAWNCOL:
        LD      A,E             ; the king's square -> file, rank
        OR      A
        LD      A,(WKING)
        JR      Z,PAWNC1
        LD      A,(BKING)
PAWNC1: ADD     A,LOW BOARD
        LD      L,A
        CALL    SQINDEX
        LD      C,A
        AND     7
        LD      D,A             ; the king's file
        LD      A,E
        OR      A
        LD      A,C
        JR      Z,PAWNCW
        XOR     38H             ; black: mirror the rank, so the home rank reads 0
PAWNCW: AND     38H
        JR      Z,PAWNC2        ; the king on its home rank
PAWNC0: LD      D,0F0H          ; not a wing king: no file is near it
        JR      PAWNC3
PAWNC2: LD      A,(ENDGAME)
        OR      A
        JR      NZ,PAWNC0
        LD      A,D
        CP      3
        JR      C,PAWNC3        ; a-c file
        CP      5
        JR      C,PAWNC0        ; d or e file: not a wing
PAWNC3: LD      HL,BOARD+31     ; a2: a pawn never stands on rank 1 or 8, so the table
        LD      C,1             ; holds ranks 2-7 only (2 x 48 bytes; 2 x 64 until 2026-12-02)
PAWNC4: LD      B,0             ; file
PAWNC5: CALL    PAWNPT
        LD      (IX+0),A
        INC     IX
        INC     L
        INC     B
        BIT     3,B             ; file 8: the rank is done
        JR      Z,PAWNC5
        INC     L
        INC     L
        INC     C
        LD      A,C
        CP      7               ; rank 8: the table is done
        JR      NZ,PAWNC4
        RET

; RFPTS - rook points of a file from the own (A) and enemy (C) pawn counts.
; Out: A.   Destroys: AF.   Called by: POSANA.
RFPTS:  OR      A
        LD      A,0
        RET     NZ              ; own pawns: nothing
        INC     A
        INC     C
        DEC     C
        RET     NZ              ; only enemy pawns: half-open
        INC     A
        RET

; ------------------------------------------------------------------------------------------
; PAWNPT - the pawn points of one colour on one square.
; In: B = file, C = rank (1..6: ranks 2-7), HL = the square's board byte, E = colour,
;     D = the file of a wing king on its home rank (middle game), else 0F0H.
; Out: A = points.
; Destroys: AF.   Called by: PAWNCOL.
; ------------------------------------------------------------------------------------------
PAWNPT: PUSH    HL
        PUSH    BC
        LD      A,E             ; the own rank: black counts from rank 8
        OR      A
        LD      A,C
        JR      Z,PAWNP1
        LD      A,7
        SUB     C
PAWNP1: LD      C,A             ; C = own rank from here on
        PUSH    HL
        LD      HL,PADVT
        CALL    TABBYTE
        POP     HL
        LD      (IX+0),A        ; the running sum lives in the table entry
        LD      A,C             ; centre: own rank 3 or 4 (index 2, 3)
        CP      2
        JR      C,PAWNP3
        CP      4
        JR      NC,PAWNP3
        LD      A,B             ; files c-f: +1, and d, e: +1 more
        SUB     2               ; c-f -> 0-3 (a, b wrap round to 0FEH, 0FFH)
        CP      4
        JR      NC,PAWNP3
        INC     (IX+0)
        DEC     A               ; d, e -> 0, 1; c -> 0FFH, f -> 2
        CP      2
        JR      NC,PAWNP3
        INC     (IX+0)
PAWNP3: CALL    ISPASS
        JR      C,PAWNP4
        PUSH    HL
        LD      A,C
        LD      HL,PPASST
        CALL    TABBYTE
        POP     HL
        ADD     A,(IX+0)
        LD      (IX+0),A
PAWNP4: LD      A,B             ; king shelter: the king's file and the two beside
        SUB     D
        JR      NC,PAWNP5
        NEG
PAWNP5: CP      2
        LD      A,0             ; not beside the king: nothing more
        JR      NC,PAWNP7
        LD      A,C             ; own rank 1: +2, rank 2: +1, beyond: -1
        CP      3
        LD      A,-1
        JR      NC,PAWNP7
        LD      A,3
        SUB     C
PAWNP7: ADD     A,(IX+0)        ; the sum (PAWNCOL stores it in the entry)
        POP     BC
        POP     HL
        RET

; ------------------------------------------------------------------------------------------
; ISPASS - is a pawn of colour E on this square passed: no enemy pawn ahead of it on its
; file or the files beside (the border columns hold no pawn, so no file test is needed)?
; In: HL = the square's board byte, E = colour.   Out: NC = passed, C = not passed.
; Destroys: AF.   Called by: PAWNPT.
; ------------------------------------------------------------------------------------------
ISPASS: PUSH    HL
        PUSH    BC
        LD      A,PAWN+BLACK
        XOR     E
        LD      B,A             ; the enemy pawn
        LD      C,10            ; white looks up the board, black down
        LD      A,E
        OR      A
        JR      Z,ISPAS1
        LD      C,-10
ISPAS1: LD      A,L
        ADD     A,C
        LD      L,A
        LD      A,(HL)
        CP      OFF
        JR      Z,ISPAS4        ; past the last rank: passed (CP found equal: NC)
        CP      B
        JR      Z,ISPAS3
        DEC     L
        LD      A,(HL)
        CP      B
        JR      Z,ISPAS3
        INC     L
        INC     L
        LD      A,(HL)
        CP      B
        JR      Z,ISPAS3
        DEC     L
        JR      ISPAS1
ISPAS3: SCF
ISPAS4: POP     BC
        POP     HL
        RET

; ------------------------------------------------------------------------------------------
; SQINDEX - 0..63 index of a board byte (a1 = 0).
; In: L = LOW of the board byte.   Out: A.   Destroys: AF.   Called by: POSANA (POINTS has
; it inline).
; TOWIRE - the same for a mailbox square: the wire square (0..63, a1 = 0).
; In: A = square a1..h8 (21..98: SQ64T has no entry for a border square, and no caller
; passes one).   Out: A.   Destroys: AF.   Called by: SQINDEX (falls in), PLAYMV, CQUERY
; (match.asm), WIREMV (search).
; ------------------------------------------------------------------------------------------
SQINDEX:
        LD      A,L
        SUB     BRDLO           ; the mailbox square
TOWIRE: PUSH    HL
        ADD     A,LOW (SQ64T-21) ; (it starts at a1; one page, exchange.asm)
        LD      L,A
        LD      H,HIGH SQ64T
        LD      A,(HL)
        POP     HL
        RET

; TABPTR (HL = HL + A) is RST vector 08H (main.asm).

; ------------------------------------------------------------------------------------------
; POINTS - the points of a piece on a square, from its owner's view
; (reference: Positional::points). A king in the endgame: the centre table, but the king of
; the side ahead in a hunt (ENDGAME, see POSANA) minus its distance in king steps to the
; hunted king's root square (POINTK).
; In: A = piece code (not empty), L = LOW of the square's board byte; the tables.
; Out: A = points (signed).
; Destroys: AF.   Called by: WPTS, tests.
; ------------------------------------------------------------------------------------------
POINTS: PUSH    HL
        PUSH    DE
        LD      D,A             ; the code
        LD      A,L             ; SQINDEX inline (HL is saved already)
        ADD     A,LOW (SQ64T-21-BRDLO)
        LD      L,A
        LD      H,HIGH SQ64T
        LD      E,(HL)          ; 0..63
        LD      A,D
        AND     70H
        CP      10H
        JR      NZ,POINT1
        LD      A,E             ; pawn: PAWNTAB[colour][square - 8] (ranks 2-7, 48 a colour)
        BIT     7,D
        JR      Z,POINT0
        ADD     A,48
POINT0: LD      HL,PAWNTAB-8
        JR      POINT9
POINT1: BIT     7,D             ; the others read "own" squares: black mirrored
        JR      Z,POINT2
        LD      A,E
        XOR     56
        LD      E,A
POINT2: LD      A,D
        AND     70H
        CP      40H
        JR      NZ,POINT4
        LD      A,E             ; rook: ROOKFIL[colour][file], +2 on the own 7th rank
        AND     7
        BIT     7,D
        JR      Z,POINT3
        ADD     A,8
POINT3: LD      HL,ROOKFIL
        RST     TABPTR
        LD      A,E
        AND     38H
        CP      30H
        LD      A,(HL)
        JR      NZ,POINTX
        ADD     A,2
        JR      POINTX
POINT4: CP      60H
        JR      NZ,POINT6       ; knight, bishop, queen: from the centre table
        LD      A,(ENDGAME)
        OR      A
        JR      NZ,POINTK       ; king, endgame
        LD      A,E             ; king, middle game: KHOME on the home rank, -2 one rank
        CP      8               ; up, -4 beyond
        LD      HL,KHOME
        JR      C,POINT9
        CP      16
        LD      A,-2
        JR      C,POINTX
        LD      A,-4
        JR      POINTX
POINT6: LD      A,E             ; the centre table is symmetric: fold the square into the
        AND     7               ; a1-d4 quarter (files and ranks 4-7 mirrored)
        BIT     2,A
        JR      Z,POINT7
        XOR     7
POINT7: LD      L,A             ; file 0..3
        LD      A,E
        AND     38H
        BIT     5,A
        JR      Z,POINT8
        XOR     38H
POINT8: RRCA                    ; 4 * rank 0..3
        ADD     A,L
        LD      HL,CENTRE
        RST     TABPTR
        LD      L,(HL)          ; the centre points
        LD      A,D
        AND     70H
        CP      50H
        LD      A,L
        JR      C,POINTM        ; knight, bishop
        JR      NZ,POINTX       ; king, endgame
        SRA     A               ; queen: half, rounded down (-1 stays -1)
        JR      POINTX
POINTM: LD      H,A             ; knight, bishop: -2 more on the home rank (development)
        LD      A,E
        CP      8
        LD      A,H
        JR      NC,POINTX
        SUB     2
        JR      POINTX
POINT9: RST     TABPTR
        LD      A,(HL)
POINTX: POP     DE
        POP     HL
        RET

; POINTK - POINTS' tail for a king in the endgame (from POINT4; leaves through POINT6 or
; POINTX, which restores DE and HL). The king of the side ahead in a hunt scores minus the
; larger of the files and ranks between it and the hunted king's root square; any other
; king the centre table (POINT6). Why: the search alone, 3 to 5 plies, never walked its
; king in to mate with K+Q or K+R (docs/engine.md, "The hunting king").
; In: A = ENDGAME (not 0), D = the king's code, E = its own square 0..63.   Out: A = points.
; Destroys: AF (D, H, L, restored by POINTX).   Called by: POINTS (a jump).
POINTK: LD      L,A             ; king, endgame (A = ENDGAME): the hunter's king scores
        XOR     D               ; minus its distance to the hunted king's root square,
        ADD     A,A             ; any other the centre table. Carry: not the colour ahead
        JR      C,POINT6        ; (bit 7); minus: no hunt (ENDGAME 1: the king's bit 6 is 1)
        JP      M,POINT6
        LD      A,L             ; the hunted square's file and rank (bits 0-2, 3-5)
        AND     7
        LD      H,A
        LD      A,E
        AND     7
        SUB     H
        JR      NC,POINK1
        NEG
POINK1: LD      D,A             ; the files apart
        LD      A,L
        AND     38H
        LD      L,A
        LD      A,E
        AND     38H
        SUB     L
        JR      NC,POINK2
        NEG
POINK2: RRCA
        RRCA
        RRCA                    ; the ranks apart
        CP      D
        JR      NC,POINK3
        LD      A,D
POINK3: NEG                     ; minus the king steps between them
        JR      POINTX

; WPTS - white-view points of a code on a square: 0 for an empty square, negated for black.
; In: A = code, L = LOW of the board byte.   Out: A.   Destroys: AF.   Called by: PTADD.
WPTS:   OR      A
        RET     Z
        JP      P,POINTS        ; white (the sign flag is the colour bit)
        CALL    POINTS
        NEG
        RET

; PTADD, PTSUB - add / subtract the white-view points of a piece to a running sum.
; In: A = code (empty counts 0), L = LOW of its board byte, IY = the sum.   Out: IY.
; Destroys: AF, IY.   Called by: TOTAL, DELTA.
PTSUB:  CALL    WPTS
        NEG
        JR      PTACC
PTADD:  CALL    WPTS
PTACC:  PUSH    DE
        LD      E,A
        ADD     A,A
        SBC     A,A
        LD      D,A
        ADD     IY,DE
        POP     DE
        RET

; ------------------------------------------------------------------------------------------
; TOTAL - white-view sum of the points of every piece (reference: Positional::total).
; In: BOARD, the tables.   Out: HL = the sum.
; Destroys: AF, HL, IY.   Called by: ANALYS (search), tests.
; ------------------------------------------------------------------------------------------
TOTAL:  LD      IY,0
        LD      HL,BOARD+21
TOTAL1: LD      A,(HL)
        OR      A
        JR      Z,TOTAL2
        CP      OFF
        CALL    NZ,PTADD
TOTAL2: INC     L
        LD      A,L
        CP      LOW (BOARD+99)
        JR      NZ,TOTAL1
        PUSH    IY
        POP     HL
        RET

; ------------------------------------------------------------------------------------------
; DELTAK - DELTA for a move of a batch's parent (EVALKID): the leaving piece's points are
; the same for every move of that piece, and GEN emits them together, so they are kept with
; the from-square (DLTSQ, DLTV: MSGBUF, which no message uses while a batch is evaluated).
; TGPAR clears DLTSQ (the tests' EVALMOVE too), so a batch never reads another position's
; points.
; In: as DELTA; DLTSQ, DLTV.   Out: as DELTA; DLTSQ, DLTV for this from-square.
; Destroys: AF, B, HL, IY.   Called by: EVALM0 (eval.asm).
; ------------------------------------------------------------------------------------------
DELTAK: LD      IY,0
        LD      H,HIGH BOARD
        LD      A,D
        ADD     A,LOW BOARD
        LD      L,A
        LD      B,(HL)          ; the piece
        LD      A,(DLTSQ)
        CP      D
        LD      A,(DLTV)
        JR      Z,DELTK1        ; its points are known
        LD      A,D
        LD      (DLTSQ),A
        LD      A,B
        CALL    WPTS
        NEG
        LD      (DLTV),A
DELTK1: CALL    PTACC
        JR      DELTA0

; ------------------------------------------------------------------------------------------
; DELTA - white-view change of the sum a move makes, computed before it is made
; (reference: Positional::delta): the piece leaves its square, the piece placed (the
; promoted one) arrives, the captured piece (en passant: beside) goes, the rook castles.
; In: D = from, E = to (mailbox squares), C = flags; BOARD, the tables.
; Out: HL = the change.
; Destroys: AF, B, HL, IY.   Called by: EVALM0, the search (EXMOVE), tests.
; ------------------------------------------------------------------------------------------
DELTA:  LD      IY,0
        LD      H,HIGH BOARD
        LD      A,D
        ADD     A,LOW BOARD
        LD      L,A
        LD      B,(HL)          ; the piece
        LD      A,B
        CALL    PTSUB
DELTA0: LD      A,C
        AND     7
        JR      Z,DELTA1
        PUSH    HL              ; a promotion: the new piece of the mover's colour
        LD      HL,KINDTAB      ; (board.asm: kind -> white code)
        RST     TABPTR
        LD      A,B
        AND     BLACK
        OR      (HL)
        POP     HL
        JR      DELTA2
DELTA1: LD      A,B
DELTA2: PUSH    AF
        LD      A,E
        ADD     A,LOW BOARD
        LD      L,A
        POP     AF
        CALL    PTADD
        BIT     4,C
        JR      Z,DELTA4
        LD      A,E             ; en passant: the pawn beside, behind the target square
        BIT     7,B
        JR      NZ,DELTA3
        SUB     20
DELTA3: ADD     A,10
        ADD     A,LOW BOARD
        LD      L,A
DELTA4: LD      A,(HL)
        CALL    PTSUB
        BIT     3,C
        JR      Z,DELTA6
        LD      A,E             ; castling: the rook jumps over the king; king side
        CP      D               ; (to above from): h-file rook (to + 1) to f (to - 1)
        LD      B,-2            ; (the piece is not needed any more)
        INC     A               ; (INC keeps the carry of the CP)
        JR      NC,DELTA5
        LD      B,3             ; queen side: a-file rook (to - 2) to d (to + 1)
        SUB     3
DELTA5: ADD     A,LOW BOARD
        LD      L,A
        LD      A,(HL)
        PUSH    AF
        CALL    PTSUB           ; (B kept)
        LD      A,L
        ADD     A,B
        LD      L,A
        POP     AF
        CALL    PTADD
DELTA6: PUSH    IY
        POP     HL
        RET

; ------------------------------------------------------------------------------------------
; ROM tables, a1 first, from the owner's view (reference: positional.rs).
; ------------------------------------------------------------------------------------------

PADVT:  DEFB    0,0,0,1,2,3,5,0 ; pawn advance by own rank
PPASST: DEFB    0,1,1,2,3,5,7,0 ; passed pawn by own rank

; The centre table, one quarter (files a-d, ranks 1-4; it is symmetric both ways): the
; king's in the endgame; knights and bishops -2 more on the home rank; the queen's is
; half of it, rounded down (POINTS).
CENTRE: DEFB    -2,-1,-1,-1
        DEFB    -1,0,0,1
        DEFB    -1,0,2,2
        DEFB    -1,1,2,3
; King, middle game, on the home rank a..h (-2 one rank up, -4 beyond: POINTS).
KHOME:  DEFB    1,3,2,0,0,-1,3,1
