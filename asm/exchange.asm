; exchange.asm - EVAL's exchange analysis, the port of src/reference/exchange.rs
; (docs/engine.md, "EVAL"): pins, the sorted attacker and defender lists of a square, the
; swap-off with its backward minimax, and the two gains of the position after a move.
;
; Pointers into the board are 8-bit: BOARD lies in one 256-byte page (ram.asm checks it),
; so H holds HIGH BOARD and L walks the squares; a square's mailbox index is
; L - LOW BOARD. A list entry is three bytes: key, units (value * 16, king 240), square.

; Piece codes (PAWN .. KING, BLACK, OFF) and the board page come from board.asm.
KINGU   EQU     240             ; a king's units in the exchange lists
EXMAX   EQU     16              ; entries per list (more attackers are ignored)

; ------------------------------------------------------------------------------------------
; Macros that unroll COLLECT's and PINS's eight lines and eight knight jumps: the step is
; then a constant and the walk over empty squares costs 35 T-states a square.
; ------------------------------------------------------------------------------------------

; One knight jump from the target in B: a knight of code C there is listed.
KNJUMP  MACRO   JUMP
        LD      A,B
        ADD     A,JUMP
        LD      L,A
        LD      A,(HL)
        OR      1
        CP      C
        CALL    Z,COLKN
        ENDM

; One line from the target in B, outwards over empty squares to the border or a piece of
; the other colour; HIT decides at each piece of colour E.
COLRAY  MACRO   STEP,HIT
        LOCAL   NEXT,DONE
        LD      L,B
        LD      C,STEP
        LD      D,0
NEXT:   LD      A,L
        ADD     A,STEP
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,NEXT
        CP      OFF
        JR      Z,DONE
        XOR     E
        JP      M,DONE          ; a piece of the other colour ends the line
        CALL    HIT
        JR      NC,NEXT
DONE:
        ENDM

; One line from the king in B, for PINS.
PINRAY  MACRO   STEP,HIT
        LOCAL   NEXT
        LD      L,B
        LD      D,0
NEXT:   LD      A,L
        ADD     A,STEP
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,NEXT
        CALL    HIT
        JR      NC,NEXT
        ENDM

; ------------------------------------------------------------------------------------------
; EXCH - the two exchange gains of the position after a move (reference: exchange()).
; S = SIDE (to move now), M = the mover. First S's best gain over M's pieces (kings not
; targets); the attackers that best exchange used are busy; then M's best gain over S's
; pieces, S's busy and pinned pieces not defending.
; EXCH finds its candidate targets with ATTMARK; EXCHM takes them from TGTMAP as it is
; (EVALMOVE makes it with TARGETS, cheaply for a child of the batch's parent). Only pieces
; an enemy attacks can have attackers, so the candidates need only include those: any
; other piece gives COLLECT nothing and changes nothing (targets.asm).
; In: BOARD, SIDE, WKING, BKING; EXCHM: TGTMAP too.
; Out: HL = S's best gain (opp), DE = M's best gain (own), both >= 0, in units.
;      PINMAP, BUSYMAP, SKIPON, ATTLST, DEFLST, SWAPLST are left as scratch.
; The alternate registers hold EXCH's state: DE' the best gain so far; in the first half
; C' = the attackers its exchange used (MKBUSY marks them busy in BUSYMAP at once); in the
; second half B' = the defenders' skip map, C' = the attackers' (the pins). HL' is scratch.
; The walk over TGTMAP keeps DE = the next rank's byte, B = LOW of the rank's a-file board
; byte, C = the rank's bits after the current square, L = the current square (H = HIGH
; BOARD); they are pushed around each target's work.
; Destroys: AF, BC, DE, HL, IX, IY, BC', DE', HL'.
; Called by: EVALMOVE (eval.asm: EXCHM), tests.
; ------------------------------------------------------------------------------------------
EXCH:   CALL    ATTMARK
EXCHM:  CALL    PINS
        EXX
        LD      DE,0            ; DE' = S's best gain so far
        LD      C,0             ; C' = attackers its exchange used (none yet)
        EXX
; First half: the candidates in square order a1..h8 (the first target wins a tie), M's
; pieces only.
        LD      DE,TGTMAP
        LD      B,LOW (BOARD+11)
        LD      H,HIGH BOARD
EXCH0:  LD      A,E             ; the next rank with a candidate
        CP      LOW (TGTMAP+8)
        JR      Z,EXCH4
        LD      A,B
        ADD     A,10
        LD      B,A
        LD      A,(DE)
        INC     DE
        OR      A
        JR      Z,EXCH0
        LD      L,B
        DEC     L
EXCH1:  INC     L               ; the next candidate in the rank
        SRL     A
        JR      NC,EXCH1
        LD      C,A
        LD      A,(HL)
        OR      A
        JR      Z,EXCH5         ; empty (the from-square of TGKID's move)
        LD      A,(SIDE)
        XOR     (HL)
        JP      P,EXCH5         ; S's own piece: a target of the second half
        CALL    TGUNITS         ; the gain is at most the target: skip it when that
        EXX                     ; cannot beat the best so far (DE')
        INC     D
        DEC     D
        JR      NZ,EXCH12
        CP      E
        JR      C,EXCH12
        JR      Z,EXCH12
        EXX
        PUSH    DE              ; the walk
        PUSH    BC
        PUSH    HL              ; the target
        LD      A,(SIDE)
        LD      E,A
        LD      IX,ATTLST
        CALL    COLLECT         ; S's attackers
        JR      Z,EXCH3
        POP     HL
        PUSH    HL
        PUSH    AF              ; their count
        LD      A,(SIDE)
        XOR     BLACK
        LD      E,A
        LD      IX,DEFLST
        CALL    COLLECT         ; M's defenders
        LD      C,A
        POP     AF
        LD      B,A
        POP     HL
        PUSH    HL
        CALL    TGUNITS
        CALL    SWAP            ; HL = gain, A = attackers used
        PUSH    HL
        EXX
        POP     HL
        AND     A
        SBC     HL,DE
        JR      C,EXCH2         ; smaller
        JR      Z,EXCH2         ; equal: the first target found stays
        ADD     HL,DE
        EX      DE,HL           ; the new best
        LD      C,A             ; its attackers used
        EXX
        CALL    MKBUSY          ; its attackers are still in ATTLST
        JR      EXCH3
EXCH12: EXX
        JR      EXCH5
EXCH2:  EXX
EXCH3:  POP     HL
        POP     BC
        POP     DE
EXCH5:  LD      A,C             ; the rest of the rank
        OR      A
        JR      NZ,EXCH1
        JR      EXCH0
; The defenders of the second half skip BUSYMAP when some exchange won something (MKBUSY
; built it for the best one), else only the pins.
EXCH4:  EXX
        LD      A,C
        EXX
        OR      A
        LD      A,(SKIPON)      ; the pins' map (PINS set it), or 0
        JR      Z,EXCH7
        LD      A,LOW BUSYMAP
; Second half: M's best gain over S's pieces, the same walk.
EXCH7:  EXX
        PUSH    DE              ; S's gain, the first result
        LD      DE,0            ; DE' = M's best gain so far
        LD      B,A             ; B' = the defenders' skip map
        LD      A,(SKIPON)      ; still the pins' map (PINS set it)
        LD      C,A             ; C' = the attackers' skip map
        EXX
        LD      DE,TGTMAP
        LD      B,LOW (BOARD+11)
EXCH8:  LD      A,E
        CP      LOW (TGTMAP+8)
        JR      Z,EXCH11
        LD      A,B
        ADD     A,10
        LD      B,A
        LD      A,(DE)
        INC     DE
        OR      A
        JR      Z,EXCH8
        LD      L,B
        DEC     L
EXCH6:  INC     L
        SRL     A
        JR      NC,EXCH6
        LD      C,A
        LD      A,(HL)
        OR      A
        JR      Z,EXCH15
        LD      A,(SIDE)
        XOR     (HL)
        JP      M,EXCH15        ; M's piece: done in the first half
        CALL    TGUNITS           ; as above: skip targets that cannot beat the best
        EXX
        INC     D
        DEC     D
        JR      NZ,EXCH13
        CP      E
        JR      C,EXCH13
        JR      Z,EXCH13
        EXX
        PUSH    DE
        PUSH    BC
        PUSH    HL
        EXX
        LD      A,C
        EXX
        LD      (SKIPON),A
        LD      A,(SIDE)
        XOR     BLACK
        LD      E,A
        LD      IX,ATTLST
        CALL    COLLECT         ; M's attackers, pinned ones left out
        JR      Z,EXCH10
        POP     HL
        PUSH    HL
        PUSH    AF
        EXX
        LD      A,B
        EXX
        LD      (SKIPON),A
        LD      A,(SIDE)
        LD      E,A
        LD      IX,DEFLST
        CALL    COLLECT         ; S's defenders, pinned and busy ones left out
        LD      C,A
        POP     AF
        LD      B,A
        POP     HL
        PUSH    HL
        CALL    TGUNITS
        CALL    SWAP
        PUSH    HL
        EXX
        POP     HL
        AND     A
        SBC     HL,DE
        JR      C,EXCH9
        ADD     HL,DE
        EX      DE,HL
EXCH9:  EXX
EXCH10: POP     HL
        POP     BC
        POP     DE
EXCH15: LD      A,C
        OR      A
        JR      NZ,EXCH6
        JR      EXCH8
EXCH13: EXX
        JR      EXCH15
EXCH11: CALL    SKEWER          ; HL = M's gain by a skewer through S's king
        EXX
        PUSH    DE
        EXX
        POP     DE              ; M's gain over the attacked pieces
        AND     A
        SBC     HL,DE
        JR      C,EXCH14
        ADD     HL,DE
        EX      DE,HL           ; the skewer is better
EXCH14: POP     HL              ; S's gain
        RET

; ------------------------------------------------------------------------------------------
; SKEWER - Gambiet's potential pin (reference: skewer_gain): a slider of the mover M checks
; S's king along a line and an S piece stands behind the king on it; the king must step
; off, the slider takes that piece: the swap of it with the slider as the only attacker and
; S's defenders (not the king, not pinned, not busy). The best over the eight lines.
; In: BOARD without marks, SIDE, the king squares; B' = the defenders' skip map (EXCH).
; Out: HL = the best such gain (>= 0).
; Destroys: AF, BC, DE, HL, IX, IY.   Called by: EXCH.
; ------------------------------------------------------------------------------------------

SKEWER: LD      HL,0
        PUSH    HL              ; the best gain so far
        LD      A,(SIDE)
        OR      A
        LD      A,(WKING)
        JR      Z,SKEW1
        LD      A,(BKING)
SKEW1:  ADD     A,LOW BOARD
        LD      B,A             ; S's king
        LD      A,(SIDE)
        XOR     BLACK
        LD      E,A             ; M's colour
        LD      HL,SKDIRS
SKEW2:  LD      A,(HL)          ; the next line: its step and its slider
        OR      A
        JR      Z,SKEW6
        LD      C,A
        INC     HL
        LD      D,(HL)
        INC     HL
        PUSH    HL
        LD      H,HIGH BOARD
        LD      L,B
SKEW3:  LD      A,L             ; the first piece from the king
        ADD     A,C
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,SKEW3
        XOR     E               ; M's pieces read as white; S's and the border do not match
        CP      D
        JR      Z,SKEW4
        CP      QUEEN
        JR      NZ,SKEW5
SKEW4:  LD      A,C
        NEG
        LD      D,A             ; the step away from the slider
        CALL    SKEWHIT
SKEW5:  POP     HL
        JR      SKEW2
SKEW6:  POP     HL
        RET

; The eight lines in direction order with the slider (besides the queen) moving along each.
SKDIRS: DEFB    10,ROOK,-10,ROOK,1,ROOK,-1,ROOK
        DEFB    11,BISHOP,9,BISHOP,-9,BISHOP,-11,BISHOP,0

; SKEWHIT - one skewer line: the piece behind the king, if it is S's, is the target.
; In: L = the checking slider, B = S's king, D = the step away from the slider, E = M's
;     colour, H = HIGH BOARD; on the stack: the return address, SKEWER's table pointer,
;     the best gain so far.
; Out: that best raised to this swap's gain; B, E (set again), H kept.
; Destroys: AF, C, D, L, IX, IY.   Called by: SKEWER.
SKEWHIT:
        LD      C,L             ; the checker
        LD      L,B
SKEWH1: LD      A,L             ; the first piece behind the king
        ADD     A,D
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,SKEWH1
        CP      OFF
        RET     Z
        XOR     E
        RET     P               ; M's own piece: nothing to win
        PUSH    BC
        PUSH    HL              ; the target
        LD      IX,ATTLST       ; the checker is the only attacker
        XOR     A
        LD      (COLCNT),A
        LD      L,C
        LD      A,(HL)
        AND     0FH
        ADD     A,A             ; key value * 2
        CALL    COLINS
        LD      L,B             ; S's king defends nothing: shown as a piece of the other
        LD      A,(HL)          ; colour, it ends every line, exactly as a skipped piece
        XOR     BLACK
        LD      (HL),A
        EXX
        LD      A,B
        EXX
        LD      (SKIPON),A
        POP     HL
        PUSH    HL
        LD      A,E
        XOR     BLACK
        LD      E,A             ; S's colour
        LD      IX,DEFLST
        CALL    COLLECT
        LD      C,A             ; S's defenders
        POP     HL
        CALL    TGUNITS
        LD      B,1
        CALL    SWAP            ; HL = the gain
        POP     BC              ; B = S's king
        EX      DE,HL
        LD      HL,4            ; the best, under the return address and the pointer
        ADD     HL,SP
        LD      A,(HL)
        INC     HL
        LD      H,(HL)
        LD      L,A
        AND     A
        SBC     HL,DE
        JR      NC,SKEWH2
        LD      HL,4
        ADD     HL,SP
        LD      (HL),E
        INC     HL
        LD      (HL),D
SKEWH2: LD      H,HIGH BOARD    ; the king shown again
        LD      L,B
        LD      A,(HL)
        XOR     BLACK
        LD      (HL),A
        LD      A,(SIDE)
        XOR     BLACK
        LD      E,A
        RET

; ------------------------------------------------------------------------------------------
; MKBUSY - BUSYMAP := the pins and the squares of the first A entries of ATTLST (the
; attackers the new best exchange used: busy, they defend nothing in EXCH's second half).
; In: A = entries (1..16), ATTLST, PINMAP.   Out: BUSYMAP.
; Destroys: AF, BC, DE, HL.   Called by: EXCH.
; ------------------------------------------------------------------------------------------
MKBUSY: PUSH    AF
        LD      HL,PINMAP
        LD      DE,BUSYMAP
        LD      BC,8
        LDIR
        POP     AF
        LD      B,A
        LD      HL,ATTLST+2     ; the square of each entry
MKBUS1: PUSH    BC
        PUSH    HL
        LD      A,(HL)
        ADD     A,LOW BOARD
        LD      L,A
        LD      DE,BUSYMAP
        CALL    SETBIT
        POP     HL
        INC     HL
        INC     HL
        INC     HL
        POP     BC
        DJNZ    MKBUS1
        RET

; ------------------------------------------------------------------------------------------
; TGUNITS - the value in units of the piece on a square (value nibble * 16).
; In: HL = its board byte.   Out: A = units.
; Destroys: AF.   Called by: EXCH.
; ------------------------------------------------------------------------------------------
TGUNITS:  LD      A,(HL)
        AND     0FH
        ADD     A,A
        ADD     A,A
        ADD     A,A
        ADD     A,A
        RET

; ------------------------------------------------------------------------------------------
; PINS - the pieces pinned to their own king by an enemy slider, both colours
; (reference: pins()).
; In: BOARD, WKING, BKING.
; Out: PINMAP (bit set = pinned); SKIPON = LOW PINMAP when any piece is pinned, else 0.
; Destroys: AF, BC, DE, HL.   Called by: EXCH, tests.
; ------------------------------------------------------------------------------------------
PINS:   LD      HL,PINMAP
        LD      B,8
        XOR     A
PINS1:  LD      (HL),A
        INC     HL
        DJNZ    PINS1
        LD      (SKIPON),A
        LD      H,HIGH BOARD
        LD      A,(WKING)
        ADD     A,LOW BOARD
        LD      B,A
        LD      E,0
        CALL    PINK
        LD      A,(BKING)
        ADD     A,LOW BOARD
        LD      B,A
        LD      E,BLACK
; PINK - the eight lines of one king: B = its board byte (low), E = its colour, H = page.
PINK:   PINRAY  10,PINHO
        PINRAY  -10,PINHO
        PINRAY  1,PINHO
        PINRAY  -1,PINHO
        PINRAY  11,PINHD
        PINRAY  9,PINHD
        PINRAY  -9,PINHD
        PINRAY  -11,PINHD
        RET

; ------------------------------------------------------------------------------------------
; PINHO, PINHD - a piece met on an orthogonal (O) or diagonal (D) line from a king.
; In: A = its code (not empty), HL = its square, D = the own piece met before on this line
;     (LOW of its square) or 0, E = the king's colour.
; Out: NC = walk on (D = this square), C = the line is finished.
; Destroys: AF, D.   Called by: PINK.
; ------------------------------------------------------------------------------------------
PINHO:  CP      OFF
        SCF
        RET     Z
        XOR     E
        JP      M,PINHO1
        INC     D               ; own piece: the first one may be pinned
        DEC     D
        SCF
        RET     NZ              ; a second own piece: no pin on this line
        LD      D,L
        AND     A
        RET
PINHO1: INC     D
        DEC     D
        SCF
        RET     Z               ; an enemy piece right in front: no pin
        AND     7FH
        CP      ROOK
        JR      Z,PINSET
        CP      QUEEN
        SCF
        RET     NZ
        JR      PINSET

PINHD:  CP      OFF
        SCF
        RET     Z
        XOR     E
        JP      M,PINHD1
        INC     D
        DEC     D
        SCF
        RET     NZ
        LD      D,L
        AND     A
        RET
PINHD1: INC     D
        DEC     D
        SCF
        RET     Z
        AND     7FH
        CP      BISHOP
        JR      Z,PINSET
        CP      QUEEN
        SCF
        RET     NZ
; The own piece at D is pinned.
PINSET: PUSH    DE
        PUSH    HL
        LD      L,D
        LD      DE,PINMAP
        CALL    SETBIT
        LD      A,LOW PINMAP
        LD      (SKIPON),A
        POP     HL
        POP     DE
        SCF
        RET

; ------------------------------------------------------------------------------------------
; SETBIT - set a square's bit in a 64-bit square map (byte = rank, bit = file).
; In: L = LOW of the square's board byte, DE = the map.
; Out: the bit is set.
; Destroys: AF, DE.   Called by: PINSET, EXCH.
; ------------------------------------------------------------------------------------------
SETBIT: PUSH    HL
        PUSH    BC
        LD      A,L
        SUB     LOW BOARD
        LD      C,A
        LD      B,0
        LD      HL,SQ64T
        ADD     HL,BC
        LD      A,(HL)          ; 0..63
        LD      C,A
        RRCA
        RRCA
        RRCA
        AND     7
        ADD     A,E
        LD      E,A
        ADC     A,D
        SUB     E
        LD      D,A             ; DE = the rank's byte
        LD      A,C
        AND     7
        LD      C,A
        LD      HL,BITMASK
        ADD     HL,BC
        LD      A,(DE)
        OR      (HL)
        LD      (DE),A
        POP     BC
        POP     HL
        RET

; ------------------------------------------------------------------------------------------
; SKIPT - is this piece left out of the lists (pinned, or busy when BUSYMAP is in use)?
; In: HL = its board byte, SKIPON = LOW of the map to test (PINMAP or BUSYMAP) or 0.
; Out: NZ = left out, Z = taken.
; Destroys: AF.   Called by: COLLECT and its helpers.
; ------------------------------------------------------------------------------------------
SKIPT:  LD      A,(SKIPON)
        OR      A
        RET     Z               ; the usual case: nothing is pinned
; SKIPT1 - the same when SKIPON is known to be non-zero (COLHO, COLHD test it inline).
SKIPT1: PUSH    HL
        PUSH    DE
        LD      A,L
        SUB     LOW BOARD
        LD      E,A
        LD      D,0
        LD      HL,SQ64T
        ADD     HL,DE
        LD      E,(HL)          ; 0..63
        LD      A,E
        AND     7
        LD      HL,BITMASK
        ADD     A,L
        LD      L,A
        ADC     A,H
        SUB     L
        LD      H,A
        LD      D,(HL)          ; the file's bit
        LD      A,E
        RRCA
        RRCA
        RRCA
        AND     7
        LD      E,A
        LD      A,(SKIPON)
        ADD     A,E
        LD      L,A
        LD      H,HIGH PINMAP
        LD      A,(HL)
        AND     D
        POP     DE
        POP     HL
        RET

; ------------------------------------------------------------------------------------------
; COLLECT - the pieces of one colour bearing on a square, sorted by key, low first
; (reference: collect()). Pawns (key 2), knights (6), then the eight lines outwards in
; the order N S E W NE NW SE SW: a slider moving along the line (key value * 2), a king
; next to the target (30), and behind a slider, or behind a pawn on its capture diagonal,
; further sliders as x-rays (key max(value * 2, key in front + 1)). Pieces the skip map
; flags are left out and block their line.
; In: L = LOW of the target's board byte, E = colour (00H / 80H), IX = list (ATTLST or
;     DEFLST), SKIPON = skip map.
; Out: A = entries (also COLCNT), Z when none; the list.
; Destroys: AF, BC, D, HL.   Called by: EXCH, tests.
; ------------------------------------------------------------------------------------------
COLLECT:
        LD      H,HIGH BOARD
        LD      B,L             ; the target, for every line
        XOR     A
        LD      (COLCNT),A
        LD      A,E             ; pawns: white ones stand on t-11, t-9, black on t+9, t+11
        OR      A
        LD      A,L
        JR      NZ,COLL1
        SUB     11
        LD      C,PAWN
        JR      COLL2
COLL1:  ADD     A,9
        LD      C,PAWN+BLACK
COLL2:  LD      L,A
        LD      A,(HL)
        OR      1               ; a target mark (bit 0 clear, see ATTMARK) is no matter
        CP      C
        CALL    Z,COLPN
        INC     L
        INC     L
        LD      A,(HL)
        OR      1
        CP      C
        CALL    Z,COLPN
        LD      A,KNIGHT
        OR      E
        LD      C,A
        KNJUMP  21
        KNJUMP  19
        KNJUMP  12
        KNJUMP  8
        KNJUMP  -8
        KNJUMP  -12
        KNJUMP  -19
        KNJUMP  -21
        COLRAY  10,COLHO
        COLRAY  -10,COLHO
        COLRAY  1,COLHO
        COLRAY  -1,COLHO
        COLRAY  11,COLHD
        COLRAY  9,COLHD
        COLRAY  -9,COLHD
        COLRAY  -11,COLHD
        LD      A,(COLCNT)
        OR      A
        RET

; COLPN, COLKN - a pawn / knight of the colour bears on the target: list it unless skipped.
; In: HL = its square.   Out: the list (COLINS).   Destroys: AF.   Called by: COLLECT.
COLPN:  CALL    SKIPT
        RET     NZ
        LD      A,2
        JP      COLINS
COLKN:  CALL    SKIPT
        RET     NZ
        LD      A,6
        JP      COLINS

; ------------------------------------------------------------------------------------------
; COLHO, COLHD - a piece of colour E met on an orthogonal (O) or diagonal (D) line.
; In: HL = its square, B = the target, C = the step, D = key in
;     front on this line (0 = none yet), E = colour collected.
; Out: NC = walk on (D = the key in front now), C = the line is finished.
; Destroys: AF, D.   Called by: COLLECT.
; ------------------------------------------------------------------------------------------
COLHO:  LD      A,(SKIPON)      ; SKIPT, its usual case inline
        OR      A
        CALL    NZ,SKIPT1
        SCF
        RET     NZ              ; pinned or busy: blocks the line
        LD      A,(HL)
        OR      1
        XOR     E               ; the code as if white
        CP      ROOK
        JR      Z,COLSL
        CP      QUEEN
        JR      Z,COLSL
        INC     D               ; not a slider of this line
        DEC     D
        SCF
        RET     NZ              ; behind another piece: ends the line
        CP      KING
        SCF
        RET     NZ
COLKG:  LD      A,B             ; a king counts only next to the target
        ADD     A,C
        CP      L
        SCF
        RET     NZ
        LD      A,30
        CALL    COLINS
        SCF
        RET
; A slider moving along the line: key value * 2, behind another one max(that, front + 1)
; (front + 1 <= value * 2 when nothing is in front: D = 0 gives 1).
COLSL:  AND     0FH
        ADD     A,A
        INC     D
        CP      D
        JR      NC,COLSL1
        LD      A,D
COLSL1: LD      D,A
        CALL    COLINS
        AND     A               ; NC: walk on for x-rays
        RET

COLHD:  LD      A,(SKIPON)
        OR      A
        CALL    NZ,SKIPT1
        SCF
        RET     NZ
        LD      A,(HL)
        OR      1
        XOR     E
        CP      BISHOP
        JR      Z,COLSL
        CP      QUEEN
        JR      Z,COLSL
        INC     D
        DEC     D
        SCF
        RET     NZ
        CP      KING
        JR      Z,COLKG
        CP      PAWN
        SCF
        RET     NZ
        LD      A,B             ; a pawn next to the target ...
        ADD     A,C
        CP      L
        SCF
        RET     NZ
        LD      A,C             ; ... on its own capture diagonal (step sign against the
        XOR     E               ; colour: white pawns lie below, black above): already
        RLA                     ; listed, sliders behind it x-ray through with key > 2
        CCF
        LD      D,2
        RET

; ------------------------------------------------------------------------------------------
; COLINS - insert a piece into COLLECT's list, keeping keys ascending (equal keys keep the
; order found). A full list (EXMAX) ignores it.
; In: A = key, HL = the piece's board byte, IX = list, COLCNT = entries so far.
; Out: the list, COLCNT.
; Destroys: AF.   Called by: COLLECT and its helpers.
; ------------------------------------------------------------------------------------------
COLINS: PUSH    HL
        PUSH    DE
        PUSH    BC
        LD      B,A             ; key
        LD      A,(HL)
        OR      1
        AND     0FH
        ADD     A,A
        ADD     A,A
        ADD     A,A
        ADD     A,A
        LD      C,A             ; units
        LD      A,L
        SUB     LOW BOARD
        LD      D,A             ; square
        LD      A,(COLCNT)
        CP      EXMAX
        JR      NC,COLI9
        LD      E,A
        INC     A
        LD      (COLCNT),A
        PUSH    IX
        POP     HL
        LD      A,E
        ADD     A,A
        ADD     A,E
        ADD     A,L
        LD      L,A
        ADC     A,H
        SUB     L
        LD      H,A             ; HL = the free entry
COLI1:  LD      A,E
        OR      A
        JR      Z,COLI3
        DEC     HL
        DEC     HL
        DEC     HL
        LD      A,B
        CP      (HL)
        JR      NC,COLI2        ; key >= the one below: insert above it
        PUSH    DE              ; move that entry up by one
        PUSH    BC
        LD      D,H
        LD      E,L
        INC     DE
        INC     DE
        INC     DE
        LD      BC,3
        LDIR
        POP     BC
        POP     DE
        DEC     HL
        DEC     HL
        DEC     HL
        DEC     E
        JR      COLI1
COLI2:  INC     HL
        INC     HL
        INC     HL
COLI3:  LD      (HL),B
        INC     HL
        LD      (HL),C
        INC     HL
        LD      (HL),D
COLI9:  POP     BC
        POP     DE
        POP     HL
        RET

; ------------------------------------------------------------------------------------------
; SWAP - the swap-off on a target (reference: swap()): ATTLST's pieces capture first,
; DEFLST's recapture, alternately, low keys first; a king never captures onto a square the
; other side still covers. gain[0] = target, gain[d] = captured piece - gain[d-1] in
; SWAPLST; then backwards gain[d-1] = min(gain[d-1], -gain[d]): either side may stop.
; In: A = target units, B = ATTLST entries, C = DEFLST entries.
; Out: HL = the capturing side's gain (>= 0), A = attackers that took part.
; Destroys: AF, BC, DE, HL, IX, IY.   Called by: EXCH, tests.
; ------------------------------------------------------------------------------------------
SWAP:   LD      E,A
        LD      A,B
        OR      A
        JR      Z,SWAP0         ; no attacker
        LD      A,(ATTLST+1)
        CP      KINGU
        JR      NZ,SWAP1
        LD      A,C
        OR      A
        JR      Z,SWAP1
SWAP0:  LD      HL,0            ; only a king, onto a covered square
        XOR     A
        RET
SWAP1:  PUSH    BC              ; B = attackers in all
        LD      HL,SWAPLST
        LD      (HL),E
        INC     HL
        LD      (HL),0
        DEC     HL              ; HL -> gain[0]
        LD      A,(ATTLST+1)
        LD      E,A             ; the piece now standing on the target
        LD      IX,ATTLST+3
        LD      IY,DEFLST
        DEC     B               ; attackers left
        LD      D,0             ; d
SWAP2:  LD      A,C             ; a defender recaptures?
        OR      A
        JR      Z,SWAP4
        LD      A,(IY+1)
        CP      KINGU
        JR      NZ,SWAP3
        LD      A,B
        OR      A
        JR      NZ,SWAP4        ; its king, while attackers are left
SWAP3:  CALL    SWSTEP
        LD      E,(IY+1)
        INC     IY
        INC     IY
        INC     IY
        DEC     C
        LD      A,B             ; an attacker recaptures?
        OR      A
        JR      Z,SWAP4
        LD      A,(IX+1)
        CP      KINGU
        JR      NZ,SWAP31
        LD      A,C
        OR      A
        JR      NZ,SWAP4
SWAP31: CALL    SWSTEP
        LD      E,(IX+1)
        INC     IX
        INC     IX
        INC     IX
        DEC     B
        JR      SWAP2
SWAP4:  EX      (SP),HL         ; H = attackers in all
        LD      A,H
        SUB     B               ; attackers used
        POP     HL
        PUSH    AF
SWAP5:  LD      A,D             ; backwards: HL -> gain[d]
        OR      A
        JR      Z,SWAP7
        LD      C,(HL)
        INC     HL
        LD      B,(HL)
        DEC     HL
        DEC     HL              ; -> high byte of gain[d-1]
        XOR     A
        SUB     C
        LD      C,A
        LD      A,0
        SBC     A,B
        LD      B,A             ; BC = -gain[d]
        LD      A,(HL)
        DEC     HL
        PUSH    HL
        LD      L,(HL)
        LD      H,A             ; gain[d-1]
        AND     A
        SBC     HL,BC           ; never overflows: |gains| < 8,000
        POP     HL
        JP      M,SWAP6         ; gain[d-1] is the smaller: kept
        LD      (HL),C
        INC     HL
        LD      (HL),B
        DEC     HL
SWAP6:  DEC     D
        JR      SWAP5
SWAP7:  LD      A,(HL)          ; max(gain[0], 0)
        INC     HL
        LD      H,(HL)
        LD      L,A
        BIT     7,H
        JR      Z,SWAP8
        LD      HL,0
SWAP8:  POP     AF
        RET

; SWSTEP - one more capture: gain[d+1] = E - gain[d].
; In: E = units of the piece captured, HL -> gain[d], D = d.
; Out: HL -> gain[d+1], D = d + 1.   Destroys: AF.   Called by: SWAP.
SWSTEP: LD      A,E
        SUB     (HL)
        INC     HL
        INC     HL
        LD      (HL),A
        DEC     HL
        LD      A,0             ; keeps the borrow
        SBC     A,(HL)
        INC     HL
        INC     HL
        LD      (HL),A
        DEC     HL
        INC     D
        RET

; ------------------------------------------------------------------------------------------
; ROM tables
; ------------------------------------------------------------------------------------------

; The bit of each file in a square map's rank byte.
BITMASK:
        DEFB    1,2,4,8,16,32,64,128

; Mailbox index -> 0..63 (a1 = 0, h8 = 63); border squares 0FFH.
SQ64T:  DEFB    255,255,255,255,255,255,255,255,255,255
        DEFB    255,255,255,255,255,255,255,255,255,255
        DEFB    255,0,1,2,3,4,5,6,7,255
        DEFB    255,8,9,10,11,12,13,14,15,255
        DEFB    255,16,17,18,19,20,21,22,23,255
        DEFB    255,24,25,26,27,28,29,30,31,255
        DEFB    255,32,33,34,35,36,37,38,39,255
        DEFB    255,40,41,42,43,44,45,46,47,255
        DEFB    255,48,49,50,51,52,53,54,55,255
        DEFB    255,56,57,58,59,60,61,62,63,255
        DEFB    255,255,255,255,255,255,255,255,255,255
        DEFB    255,255,255,255,255,255,255,255,255,255
