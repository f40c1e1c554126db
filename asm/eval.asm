; eval.asm - EVAL: the minimum and maximum evaluation of one move, the port of the
; reference's Search::eval_move (src/reference/search/node_eval.rs, docs/engine.md "EVAL"), and its
; lazy form at the leaves of a pass (Search::eval_leaf). NODEHK (node.asm) is its GEN hook.
;
;   min = material after the move + clamp(positional change against the root, -15, 15)
;         - the opponent's best exchange gain,  all from the mover's view
;   max = min + the mover's own best exchange gain

; LEGFAST - LEGPAR's legality shortcut for a move of the batch (B = from, E = flags): jumps
; to FULL when the move may uncover its own king (en passant: a second square empties; the
; parent in check or with two pins, LEGPIN = 0; a king move, castling too), else ends with
; the flags of comparing the from-square with the possibly pinned piece (Z: that piece,
; the full test too; NZ: legal). Destroys: A, HL.
LEGFAST MACRO   FULL
        BIT     4,E
        JR      NZ,FULL
        LD      HL,(LEGPIN)
        LD      A,L
        OR      A
        JR      Z,FULL
        LD      A,B
        CP      L
        JR      Z,FULL
        CP      H
        ENDM

; ------------------------------------------------------------------------------------------
; EVALKID - evaluate one pseudo-legal move of the position TGPAR made PARMAP for and LEGPAR
; its LEGPIN (a GEN hook in a batch): DELTA, MAKE, legality, count the position, EXCHM,
; material and clamp, check, UNMAKE. EXCHM's candidate targets come from PARMAP and the
; move (TGLINES once for each piece that moves, TGKID), and LEFTINCHECK runs only for king
; moves, en passant, pinned pieces and when the parent is in check, cheaply.
; EVALM0 - its body, which the tests call as EVALMOVE, one move outside a batch, with
; LEGPIN, TGKIDS and DLTSQ cleared (the full legality test, ATTMARK for the targets, no
; points kept for DELTAK; src/guest/harness.rs, Harness::evalmove): the ROM has no such
; entry since its 12 bytes went to the leaves' captures first (node.asm, 2026-12-03).
; In: B = from, C = to, E = flags (GEN's hook registers); BOARD and the state bytes; the
;     positional tables, ROOTPOS, and the node's positional sum (white's view) in its
;     PLYTAB record, CURREC (PPOS; GENEVAL sets CURREC for the node of ply PLYN, the tests
;     by a root list first); at a leaf (TGKIDS bit TGLEAF) its PBEST too.
; Out: carry set: the move is illegal (nothing counted). Carry clear: HL = min, DE = max,
;      A = flags with bit 7 set when the move gives check (the move-stack flags byte),
;      POSCNT + 1. B, C kept; the board as it was. At a leaf (EVALKID only) HL is the
;      minimum when it beats PBEST and a value no higher than PBEST otherwise; DE and the
;      check bit mean nothing there.
; Destroys: AF, DE, HL, IX, BC', DE', HL' (IY kept, as GEN's hook contract wants).
; Called by: NODEHK (EVALM0: tests).
; ------------------------------------------------------------------------------------------
; A leaf past its cutoff (LEAFDONE, set by NODEHK): the move's minimum no longer matters,
; only whether it is legal, which LEGPAR's test settles without MAKE for most moves; the
; others (en passant, king moves, the possibly pinned piece, the parent in check) take
; the full path, where EVLEAF skips the exchange.
EVALKF: LEGFAST EVALK1
        JR      Z,EVALK1        ; the possibly pinned piece
        CALL    POSINC
        LD      HL,8000H        ; below any best: NODEHK keeps the list's best
        LD      A,E
        OR      A               ; the flags, carry clear: legal
        RET

EVALKID:
        LD      A,(LEAFDONE)
        OR      A
        JR      NZ,EVALKF       ; a leaf past its cutoff: legality and the count only
EVALK1: LD      A,(TGFROM)
        CP      B
        CALL    NZ,TGLINES      ; a new piece: its lines, on the parent's board
EVALM0: PUSH    IY              ; DELTA and EXCH use IY
        PUSH    BC
        PUSH    DE
        LD      D,B             ; DELTA wants D = from, E = to, C = flags
        LD      A,E
        LD      E,C
        LD      C,A
        CALL    DELTAK          ; on the board before the move
        POP     DE
        POP     BC
        PUSH    HL              ; frame: [pd]
        LD      HL,-4
        ADD     HL,SP
        LD      SP,HL           ; frame: [undo record][pd]
        CALL    MAKEV           ; (the rights, ep and clocks are not read until UNMAKV)
        ; legality: in a batch (LEGPAR), a move that is no king move and no en passant, of
        ; a piece not pinned, from a position not in check, cannot uncover its own king
        LEGFAST EVALMF
        JR      NZ,EVALMK       ; not the pinned piece: legal
EVALMF: CALL    LEFTINCHECK
        JP      C,EVALM9        ; illegal
EVALMK: CALL    POSINC          ; one more position evaluated
        PUSH    BC
        PUSH    DE              ; frame: [move][undo][pd]
        LD      IX,(CURREC)     ; the node's PLYTAB record (GENEVAL, node.asm)
        LD      E,(IX+PPOS)     ; its positional sum
        LD      D,(IX+PPOS+1)
        LD      HL,8            ; pd, under the move and the undo record
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
        RST     NEGHL
        EX      DE,HL
        RST     NEGHL
        EX      DE,HL
EVALM2: CALL    CLAMP15
        ADD     HL,DE           ; HL = material + positional: min before the exchange
        POP     DE              ; the move's flags again (B, C are kept)
        PUSH    DE
        LD      A,(TGKIDS)
        AND     TGLEAF
        JR      NZ,EVLEAF       ; a leaf: only the minimum, and only if it can count
        PUSH    HL              ; frame: [material+positional][move][undo][pd]
        CALL    TARGETS         ; EXCH's candidate targets
        CALL    EXCHM           ; HL = the opponent's gain, DE = the mover's
        EX      DE,HL
        EX      (SP),HL         ; frame: [own][move][undo][pd]
        AND     A
        SBC     HL,DE           ; min = material + positional - opp
        POP     DE              ; own
        PUSH    HL
        POP     IY              ; IY = min
        ADD     HL,DE
        PUSH    HL
        POP     IX              ; IX = max = min + own
        POP     DE
        POP     BC              ; the move again; frame: [undo][pd]
        CALL    GIVECHK         ; carry: the opponent is in check (after EXCH's PINS)
        SBC     A,A
        AND     80H
        OR      E               ; the flags byte with the check bit
EVALME: PUSH    AF
        LD      HL,2
        ADD     HL,SP
        CALL    UNMAKV
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
; A leaf of the pass (GENEVAL without a list, TGKIDS bit TGLEAF): the search asks only
; whether the move's minimum beats the node's best so far (PBEST: NODEHK keeps it), so
; the maximum, the check flag and the exchange's second half are not computed, and
; material + positional, a bound on the minimum, decides first (reference: eval_leaf).
EVLEAF: PUSH    HL              ; frame: [material+positional][move][undo][pd]
        LD      A,(LEAFDONE)
        OR      A
        JR      NZ,EVLEF2       ; past the cutoff (a move EVALKF could not judge)
        LD      E,(IX+PBEST)
        LD      D,(IX+PBEST+1)
        RST     CPSGN
        JR      C,EVLEF2        ; below the best: it cannot count, no exchange needed
        JR      Z,EVLEF2        ; equal: nor can it
        AND     A
        SBC     HL,DE           ; how far above the best (NONE, 8000H: 256 or more)
        LD      A,H
        OR      A
        LD      A,0FEH          ; 256 or more: no gain (144 at most) reaches it, no limit
                                ; (0FFH would be EXCHM's, which also makes the busy map)
        JR      NZ,EVLEF1
        LD      A,L             ; the gain at which the move no longer beats the best
EVLEF1: POP     HL
        POP     DE              ; the move's flags for TARGETS
        PUSH    DE
        PUSH    HL
        PUSH    AF
        CALL    TARGETS
        POP     AF
        CALL    EXCHS           ; DE' = the opponent's gain (255 when it reached A)
        EXX
        PUSH    DE
        EXX
        POP     DE
        POP     HL
        AND     A
        SBC     HL,DE           ; the minimum, or (limit reached) a value at most the best
        PUSH    HL
EVLEF2: POP     IY              ; IY = the minimum, or a value at most the best
        POP     DE
        POP     BC              ; the move again; frame: [undo][pd]
        LD      A,E             ; the flags byte (no check bit: a leaf does not ask)
        OR      A               ; carry clear
        JR      EVALME
EVALM9: LD      HL,0            ; illegal: take it back
        ADD     HL,SP
        CALL    UNMAKV
        POP     HL
        POP     HL
        POP     HL
        POP     IY
        SCF
        RET

; POSINC - one more position evaluated: POSCNT + 1 (32 bits).
; Destroys: HL, flags.   Called by: EVALM0, EVALKF.
POSINC: LD      HL,POSCNT
        INC     (HL)
        RET     NZ
        INC     HL
        INC     (HL)
        RET     NZ
        INC     HL
        INC     (HL)
        RET     NZ
        INC     HL
        INC     (HL)
        RET

; NEGHL (HL = -HL) is RST vector 10H (main.asm).

; CLAMP15 - clamp HL (signed) to -15 .. 15: the positional change is worth less than a pawn.
; Destroys: AF.   Called by: EVALM0.
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
