; eval.asm - EVAL: the minimum and maximum evaluation of one move, the port of the
; reference's Search::eval_move (src/reference/search.rs, docs/engine.md "EVAL"), its GEN
; hook that puts evaluated moves on the move stack, and the root list of ANALYS.
;
;   min = material after the move + clamp(positional change against the root, -15, 15)
;         - the opponent's best exchange gain,  all from the mover's view
;   max = min + the mover's own best exchange gain

PLYPOS  EQU     14              ; offset of the positional sum in a PLYTAB record

; ------------------------------------------------------------------------------------------
; EVALMOVE - evaluate one pseudo-legal move at the current node: DELTA, MAKE, legality,
; count the position, EXCH, material and clamp, check, UNMAKE.
; In: B = from, C = to, E = flags (GEN's hook registers); BOARD and the state bytes; the
;     positional tables, ROOTPOS, and the node's positional sum (white's view) in the
;     PLYTAB record of ply PLYN (offset PLYPOS).
; Out: carry set: the move is illegal (nothing counted). Carry clear: HL = min, DE = max,
;      A = flags with bit 7 set when the move gives check (the move-stack flags byte),
;      POSCNT + 1. B, C kept; the board as it was.
; Destroys: AF, DE, HL, IX, BC', DE', HL' (IY kept, as GEN's hook contract wants).
; Called by: tests (EVALKID: EVLHOOK, NODEHK).
; EVALKID - the same for a move of the position TGPAR made PARMAP for and LEGPAR its
; LEGPIN (a GEN hook in a batch): EXCH's candidate targets then come from PARMAP and the
; move (TGLINES once for each piece that moves, TGKID), and LEFTINCHECK runs only for king
; moves, en passant, pinned pieces and when the parent is in check, cheaply.
; ------------------------------------------------------------------------------------------
EVALKID:
        LD      A,(TGFROM)
        CP      B
        CALL    NZ,TGLINES      ; a new piece: its lines, on the parent's board
        LD      A,1
        JR      EVALM0
EVALMOVE:
        XOR     A
        LD      (LEGPIN),A      ; no batch: the full legality test
EVALM0: LD      (TGKIDS),A      ; for TARGETS
        PUSH    IY              ; DELTA and EXCH use IY
        PUSH    BC
        PUSH    DE
        LD      D,B             ; DELTA wants D = from, E = to, C = flags
        LD      A,E
        LD      E,C
        LD      C,A
        CALL    DELTA           ; on the board before the move
        POP     DE
        POP     BC
        PUSH    HL              ; frame: [pd]
        LD      HL,-4
        ADD     HL,SP
        LD      SP,HL           ; frame: [undo record][pd]
        CALL    MAKE
        ; legality: in a batch (LEGPAR), a move that is no king move and no en passant, of
        ; a piece not pinned, from a position not in check, cannot uncover its own king
        BIT     4,E
        JR      NZ,EVALMF       ; en passant: a second square empties
        LD      HL,(LEGPIN)
        LD      A,L
        OR      A
        JR      Z,EVALMF        ; the parent is in check (or has two pins)
        LD      A,B
        CP      L
        JR      Z,EVALMF        ; a king move (castling too)
        CP      H
        JR      NZ,EVALMK       ; not the pinned piece: legal
EVALMF: CALL    LEFTINCHECK
        JR      C,EVALM9        ; illegal
EVALMK: LD      HL,POSCNT       ; one more position evaluated (32 bits)
        INC     (HL)
        JR      NZ,EVALM1
        INC     HL
        INC     (HL)
        JR      NZ,EVALM1
        INC     HL
        INC     (HL)
        JR      NZ,EVALM1
        INC     HL
        INC     (HL)
EVALM1: PUSH    BC
        PUSH    DE              ; frame: [move][undo][pd]
        CALL    TARGETS         ; EXCH's candidate targets
        CALL    EXCHM           ; HL = the opponent's gain, DE = the mover's
        PUSH    DE
        PUSH    HL              ; frame: [opp][own][move][undo][pd]
        LD      A,(PLYN)        ; the node's positional sum
        ADD     A,A
        ADD     A,A
        ADD     A,A
        ADD     A,A
        LD      HL,PLYTAB+PLYPOS
        CALL    TABPTR
        LD      E,(HL)
        INC     HL
        LD      D,(HL)
        LD      HL,12           ; pd, under opp, own, move and the undo record
        ADD     HL,SP
        LD      A,(HL)
        INC     HL
        LD      H,(HL)
        LD      L,A
        ADD     HL,DE
        LD      DE,(ROOTPOS)
        AND     A
        SBC     HL,DE           ; rel = pos + pd - root (white's view)
        LD      DE,(MATERL)
        LD      A,(SIDE)
        OR      A
        JR      NZ,EVALM2       ; black to move: white moved, white's view is the mover's
        CALL    NEGHL
        EX      DE,HL
        CALL    NEGHL
        EX      DE,HL
EVALM2: CALL    CLAMP15
        ADD     HL,DE           ; material + positional
        POP     DE
        AND     A
        SBC     HL,DE           ; min = ... - opp
        POP     DE
        PUSH    HL
        POP     IY              ; IY = min
        ADD     HL,DE
        PUSH    HL
        POP     IX              ; IX = max = min + own
        POP     DE
        POP     BC              ; the move again; frame: [undo][pd]
        CALL    INCHECK         ; carry: the opponent is in check
        SBC     A,A
        AND     80H
        OR      E               ; the flags byte with the check bit
        PUSH    AF
        LD      HL,2
        ADD     HL,SP
        CALL    UNMAKE
        POP     AF              ; carry clear (from the OR)
        POP     HL              ; drop the undo record
        POP     HL
        POP     HL              ; drop pd
        PUSH    IY
        POP     HL              ; min
        PUSH    IX
        POP     DE              ; max
        POP     IY
        RET
EVALM9: LD      HL,0            ; illegal: take it back
        ADD     HL,SP
        CALL    UNMAKE
        POP     HL
        POP     HL
        POP     HL
        POP     IY
        SCF
        RET

; NEGHL - HL = -HL.   Destroys: AF.   Called by: EVALMOVE.
NEGHL:  XOR     A
        SUB     L
        LD      L,A
        SBC     A,A
        SUB     H
        LD      H,A
        RET

; CLAMP15 - clamp HL (signed) to -15 .. 15: the positional change is worth less than a pawn.
; Destroys: AF.   Called by: EVALMOVE.
CLAMP15:
        LD      A,H
        OR      A
        JR      NZ,CLAMP1
        LD      A,L             ; 0 .. 255
        CP      16
        RET     C
        LD      L,15
        RET
CLAMP1: INC     A
        JR      NZ,CLAMP2
        LD      A,L             ; -256 .. -1
        CP      0F1H
        RET     NC
CLAMP2: BIT     7,H
        LD      HL,15
        RET     Z
        LD      HL,-15
        RET

; ------------------------------------------------------------------------------------------
; EVLHOOK - the GEN hook that evaluates each move and appends the legal ones to the move
; stack at MSTOP: from, to, flags (bit 7 = gives check), key = min, max. Moves that do not
; fit (MSTOP at MSEND) are evaluated but not stored.
; In: GEN's hook registers (B = from, C = to, E = flags), as EVALMOVE; PARMAP (TGPAR).
; Out: the entry, MSTOP moved on.
; Destroys: AF, BC, DE, HL, IX and the alternate registers (IY kept).
; Called by: GEN via ROOTLIST; the search's NODE may use it too.
; ------------------------------------------------------------------------------------------
EVLHOOK:
        CALL    EVALKID
        RET     C
        EX      DE,HL           ; DE = min, HL = max
        PUSH    HL
        LD      HL,(MSTOP)
        PUSH    AF
        LD      A,L
        CP      MSEND MOD 256
        JR      NZ,EVLHK1
        LD      A,H
        CP      MSEND / 256
        JR      NZ,EVLHK1
        POP     AF              ; the move stack is full
        POP     HL
        RET
EVLHK1: POP     AF
        LD      (HL),B
        INC     HL
        LD      (HL),C
        INC     HL
        LD      (HL),A
        INC     HL
        LD      (HL),E
        INC     HL
        LD      (HL),D
        INC     HL
        POP     DE
        LD      (HL),E
        INC     HL
        LD      (HL),D
        INC     HL
        LD      (MSTOP),HL
        RET

; ------------------------------------------------------------------------------------------
; ROOTLIST - ANALYS's preparation of a search: the positional tables, the root's positional
; sum, and the root list by GEN + EVAL on the move stack from MOVESTK, in GEN order
; (reference: Search::new and root_evals).
; In: BOARD and the state bytes.
; Out: PAWNTAB, ROOKFIL, ENDGAME, ROOTPOS (also PLYTAB record 0's sum), PLYN = 0, the
;      entries from MOVESTK to MSTOP; POSCNT counts the legal moves; PARMAP.
; Destroys: AF, BC, DE, HL, IX and the alternate registers (IY kept).
; Called by: ANALYS (search), tests.
; ------------------------------------------------------------------------------------------
ROOTLIST:
        CALL    POSANA
        PUSH    IY
        CALL    TOTAL
        LD      (ROOTPOS),HL
        LD      (PLYTAB+PLYPOS),HL
        XOR     A
        LD      (PLYN),A
        LD      HL,MOVESTK
        LD      (MSTOP),HL
        CALL    TGPAR           ; the root's attacked pieces, for every move's EXCH
        CALL    LEGPAR          ; its check and pins, for every move's legality
        LD      IY,EVLHOOK
        CALL    GEN
        POP     IY
        RET
