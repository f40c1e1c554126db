; exchange.asm - EVAL's exchange analysis, the port of src/reference/exchange.rs
; (docs/engine.md, "EVAL"): pins, the sorted attacker and defender lists of a square, the
; swap-off with its backward minimax, and the two gains of the position after a move.
;
; Pointers into the board are 8-bit: BOARD lies in one 256-byte page (ram.asm checks it),
; so H holds HIGH BOARD and L walks the squares; a square's mailbox index is
; L - LOW BOARD. A list entry is three bytes: key, units (value * 16, king 240), square.

; Piece codes (PAWN .. KING, BLACK, OFF) and the board page come from board.asm.
KINGU   EQU     240             ; a king's units in the exchange lists

; ------------------------------------------------------------------------------------------
; Macros that unroll COLBOTH's and PINS's eight lines and eight knight jumps: the step is
; then a constant and the walk over empty squares costs 32 to 35 T-states a square.
; ------------------------------------------------------------------------------------------

; One knight jump from the target in B: a knight of either colour there is listed (OR C, C =
; 80H, maps both knight codes to D = 0A3H and no other code there; registers rather than
; constants: 8 T-states and 4 bytes less a jump).
KNJUMP  MACRO   JUMP
        LD      A,B
        ADD     A,JUMP
        LD      L,A
        KNTEST
        ENDM

; The knight test of KNJUMP on the square in L (COLKN keeps L): the jump after one of 21
; is 19, after -19 it is -21, two DEC L cheaper than a new sum from B.
KNTEST  MACRO
        LD      A,(HL)
        OR      C
        CP      D
        CALL    Z,COLKN
        ENDM

; One line from the target in B, outwards over empty squares; HIT takes the first piece (of
; either colour: it decides whose line this is) and walks on itself for x-rays. MOVE L is
; the step along the line: INC L or DEC L along a rank, else ADDC L (ADD C to L).
COLRAY  MACRO   STEP,HIT,MOVE
        LOCAL   NEXT
        LD      L,B
        LD      C,STEP
NEXT:   MOVE    L
        LD      A,(HL)
        OR      A
        JR      Z,NEXT
        CP      OFF
        CALL    NZ,HIT
        ENDM

; L := L + C, as one step of COLRAY.
ADDC    MACRO   REG
        LD      A,REG
        ADD     A,C
        LD      REG,A
        ENDM

; CANDNXT - the next entry of a candidate list (CANDS) at HL, HL moved on: C = its square,
; A = its units, and the flags of comparing them with the best gain so far (E').
CANDNXT MACRO
        LD      C,(HL)          ; the target's square
        INC     L
        LD      A,(HL)          ; its units
        INC     L
        EXX
        CP      E
        EXX
        ENDM

; SWSTEP - one more capture of SWAP, inline (it runs once a capture; a call cost 27
; T-states each): gain[d+1] = E - gain[d].
; In: E = units of the piece captured, HL -> gain[d].
; Out: HL -> gain[d+1].   Destroys: AF, D.
SWSTEP  MACRO
        LD      A,E
        SUB     (HL)
        INC     HL
        LD      D,A             ; the low byte
        LD      A,0             ; keeps the borrow
        SBC     A,(HL)
        INC     HL
        LD      (HL),D
        INC     HL
        LD      (HL),A
        DEC     HL
        ENDM

; Is the piece at HL left out of the lists? NZ = left out, Z = taken (SKIPT, with the
; usual case, SKIPON = 0: nothing skipped, decided inline). Destroys AF, AF'.
SKIPTM  MACRO
        LD      A,(SKIPON)
        OR      A
        CALL    NZ,SKIPT
        ENDM

; One line from the king in B, for PINS, to the first piece; HIT takes it and walks on
; itself (the border, often met at once by a king at the edge, ends the line here without a
; call). MOVE L steps along the line as in COLRAY.
PINRAY  MACRO   STEP,HIT,MOVE
        LOCAL   NEXT
        LD      L,B
        LD      C,STEP
NEXT:   MOVE    L
        LD      A,(HL)
        OR      A
        JR      Z,NEXT
        CP      OFF
        CALL    NZ,HIT
        ENDM

; ------------------------------------------------------------------------------------------
; EXCHM - the two exchange gains of the position after a move (reference: exchange()).
; S = SIDE (to move now), M = the mover. First S's best gain over M's pieces (kings not
; targets); the attackers that best exchange used are busy; then M's best gain over S's
; pieces, S's busy and pinned pieces not defending.
; It takes its candidate targets from TGTMAP as it is (EVALKID makes it with TARGETS,
; cheaply for a child of the batch's parent; the tests' EXCH, Harness::exch, with ATTMARK).
; Only pieces an enemy attacks can have attackers, so the candidates need only include
; those: any other piece gives COLBOTH no attacker and changes nothing (targets.asm).
; In: BOARD, SIDE, WKING, BKING, TGTMAP.
; Out: HL = S's best gain (opp), DE = M's best gain (own), both >= 0, in units.
;      PINMAP, BUSYMAP, SKIPON, ATTLST, DEFLST, SWAPLST are left as scratch.
; The alternate registers hold EXCH's state: DE' the best gain so far; in the first half
; (EXCHS) B' = the limit and C' = the attackers its exchange used (MKBUSY marks them busy
; in BUSYMAP at once); in the second half B' = the defenders' skip map, which COLBOTH uses
; for both lists (SKIPON is set to it once; C' is not used). HL' is scratch.
; CANDS walks TGTMAP once into MLIST (M's pieces, the first half's targets) and SLIST (S's,
; the second half's), each most valuable first; each half walks its list with HL, pushed
; around each target's work, and stops at the first target that cannot beat its best.
; Destroys: AF, BC, DE, HL, IX, IY, AF', BC', DE', HL'.
; Called by: EVALKID (eval.asm), tests.
; ------------------------------------------------------------------------------------------
EXCHM:  LD      A,0FFH          ; no limit: gains stay below 255 units
        CALL    EXCHS           ; DE' = S's gain, C' = its attackers used
; The defenders of the second half skip BUSYMAP when some exchange won something (MKBUSY
; built it for the best one), else only the pins.
        EXX
        LD      A,C
        EXX
        OR      A
        LD      A,(SKIPON)      ; the pins' map (PINS set it), or 0
        JR      Z,EXCH7
        LD      A,LOW BUSYMAP
; Second half: M's best gain over S's attacked pieces, from SLIST, the most valuable first:
; a gain is at most its target's units, so once a target is worth no more than the best
; gain so far, neither is any after it. The defenders' skip map serves both lists for the
; whole half (nothing here changes SKIPON): its busy pieces are all S's, so M's attackers
; meet only the pins in it.
EXCH7:  LD      (SKIPON),A
        EXX
        PUSH    DE              ; S's gain, the first result
        LD      DE,0            ; DE' = M's best gain so far
        LD      B,A             ; B' = the defenders' skip map (SKEWHIT sets SKIPON again)
        EXX
        LD      HL,SLIST
EXCH8:  LD      A,(SLEND)
        CP      L
        JR      Z,EXCH11        ; all done
        CANDNXT                 ; C = the target's square, A = its units, flags: A - E'
        JR      C,EXCH11        ; worth less than the best gain, as is every later one
        JR      Z,EXCH11        ; or as much
        PUSH    HL              ; the list pointer
        PUSH    AF              ; the target's units
        LD      L,C
        LD      A,(SIDE)
        XOR     BLACK
        LD      E,A
        CALL    COLBOTH         ; M's attackers (B), S's defenders (C)
        POP     DE              ; D = the target's units
        JR      Z,EXCH10        ; no attacker
        LD      A,D
        CALL    SWAP            ; HL = gain (at most 144: H = 0)
        LD      A,L
        EXX
        CP      E
        JR      C,EXCH9
        LD      E,A             ; the new best
EXCH9:  EXX
EXCH10: POP     HL
        JR      EXCH8
EXCH11: CALL    SKEWER          ; E' = the larger of that and a skewer's through S's king
        EXX
        PUSH    DE
        EXX
        POP     DE              ; M's gain
        POP     HL              ; S's gain
        RET

; ------------------------------------------------------------------------------------------
; EXCHS - EXCH's first half alone: S's best gain over M's pieces, the attackers of that best
; exchange busy in BUSYMAP (reference: opponent_best). With a limit below 255 it serves a
; leaf of the search (EVALKID), where a gain that reaches the limit already decides: the
; walk then stops (DE' := 255: the next target is worth less, the list walk ends).
; In: A = the limit in units (0FFH: none, and EXCHM's second half follows; a leaf passes at
;     most 0FEH, and then neither BUSYMAP, C' nor SLIST is made: nothing reads them);
;     BOARD, SIDE, the king squares, TGTMAP.
; Out: DE' = S's best gain (255 when it reached the limit), C' = attackers it used (0 when
;      none won anything); PINMAP, SKIPON, SKEWCK (PINS), BUSYMAP; with the limit 0FFH.
; Destroys: AF, BC, DE, HL, IX, IY, AF', BC', HL'.   Called by: EXCHM, EVALKID (eval.asm).
; ------------------------------------------------------------------------------------------
EXCHS:  EXX
        LD      B,A             ; B' = the limit (PINS keeps the alternate registers)
        LD      DE,0            ; DE' = S's best gain so far
        LD      C,D             ; C' = attackers its exchange used (none yet)
        EXX
        CALL    PINS
        CALL    CANDS           ; MLIST, SLIST: the candidates, most valuable first
; The targets are M's pieces from MLIST. A gain is at most its target's units, so once a
; target is worth less than the best gain, so is every later one; one worth as much can
; only tie, and the first square wins a tie (the reference visits a1..h8), so BESTSQ
; remembers the best's square. BESTSQ is read only once a gain above 0 has set it.
        LD      HL,MLIST
EXCH0:  LD      A,(MLEND)
        CP      L
        RET     Z               ; all done
        CANDNXT                 ; C = the target's square, A = its units, flags: A - E'
        RET     C               ; worth less than the best gain, as is every later one
        JR      NZ,EXCH1        ; worth more
        LD      A,(BESTSQ)      ; as much: it wins the tie only before the best's square
        CP      C
        JR      C,EXCH0
        DEC     L
        LD      A,(HL)          ; its units again
        INC     L
EXCH1:  PUSH    HL              ; the list pointer
        PUSH    BC              ; C = the target's square
        PUSH    AF              ; its units
        LD      L,C
        LD      A,(SIDE)
        LD      E,A
        CALL    COLBOTH         ; S's attackers (B), M's defenders (C)
        POP     DE              ; D = the target's units; the flags stay COLBOTH's
        JR      Z,EXCH2         ; no attacker
        LD      A,D
        CALL    SWAP            ; HL = gain (at most 144: H = 0), A = attackers used
        POP     BC              ; C = the target's square
        LD      B,A
        EXX
        LD      A,E
        EXX
        CP      L
        JR      C,EXCHB         ; more than the best
        JR      NZ,EXCH3        ; less
        OR      A
        JR      Z,EXCH3         ; nothing won, as before
        LD      A,(BESTSQ)      ; as much: the first square wins
        CP      C
        JR      C,EXCH3
EXCHB:  LD      A,C
        LD      (BESTSQ),A
        LD      A,L
        EXX
        LD      E,A             ; E' = the new best
        CP      B
        JR      C,EXCHL         ; below the limit
        LD      E,0FFH          ; at the limit: every target left is below the bound
EXCHL:  LD      A,B             ; B' = the limit: below 0FFH a leaf's (EVLEAF), which has no
        INC     A               ; second half, so no busy map and no C' to make
        EXX
        JR      NZ,EXCH3
        LD      A,B
        EXX
        LD      C,A             ; C' = its attackers used
        EXX
        CALL    MKBUSY          ; A = them; they are still in ATTLST
EXCH3:  POP     HL
        JR      EXCH0
EXCH2:  POP     BC
        POP     HL
        JR      EXCH0

; ------------------------------------------------------------------------------------------
; CANDS - EXCH's targets from TGTMAP: the squares that hold a piece, in two lists by colour,
; MLIST for M's (S's targets) and SLIST for S's (M's targets), each sorted by units, most
; first; equal units keep square order (TGTMAP is walked a1..h8, INSCND is stable).
; The walk keeps its place in the main registers and INSCND works in the alternate ones
; (EXCHS's are saved around the walk): no register is pushed for a candidate.
; In: TGTMAP, BOARD, SIDE; B' = EXCHS's limit (below 0FFH: a leaf's, SLIST left empty).
; Out: MLIST..MLEND, SLIST..SLEND (in MSGBUF, ram.asm).
; Destroys: AF, BC, DE, HL, AF', HL'.   Called by: EXCHS.
; ------------------------------------------------------------------------------------------
CANDS:  LD      HL,MLIST-1
        LD      (HL),0FFH       ; the sentinels: an entry -1 worth more than any piece
        LD      L,LOW (SLIST-1)
        LD      (HL),0FFH
        LD      HL,CANDNIL
        LD      (MLEND),HL      ; both lists empty (SLEND is the byte after MLEND)
        LD      A,(SIDE)
        EXX
        PUSH    BC              ; EXCHS's limit and attackers used
        PUSH    DE              ; and its best gain
        INC     B               ; B' = 0 when the limit is 0FFH (EXCHM: SLIST is needed),
        LD      C,A             ; else a leaf's walk (SLIST unused); C' = SIDE
        LD      H,HIGH MLEND    ; H' = the lists' page
        EXX
        LD      DE,TGTMAP
        LD      B,LOW (BOARD+11)
        LD      H,HIGH BOARD
CAND0:  LD      A,B             ; the next rank with a candidate: its board bytes
        ADD     A,10
        LD      B,A
        CP      LOW (BOARD+101) ; past rank 8 (B ends the walk: one test less than E)
        JR      Z,CAND4
        LD      A,(DE)
        INC     E               ; TGTMAP lies in one page (ram.asm)
        OR      A
        JR      Z,CAND0
        LD      L,B
        DEC     L
CAND1:  INC     L               ; the next candidate in the rank (RRA, not SRL: the
        RRA                     ; carry is clear on every entry, from OR A)
        JR      NC,CAND1
        LD      C,A
        LD      A,(HL)
        OR      A
        JR      Z,CAND3         ; empty (the from-square of TGKID's move)
        EX      AF,AF'          ; A' = the piece
        LD      A,L
        EXX
        LD      E,A             ; E' = the square
        EX      AF,AF'
        LD      L,LOW MLEND
        XOR     C               ; bit 7: M's piece
        ADD     A,A             ; (carry: M's; the doublings push the kind bits out)
        JR      C,CAND2
        INC     B               ; S's: a leaf's walk leaves them out
        DEC     B
        JR      NZ,CANDL
        INC     L               ; SLEND
CAND2:  ADD     A,A
        ADD     A,A
        ADD     A,A
        LD      D,A             ; D' = its units
        CALL    INSCND
CANDL:  EXX
CAND3:  LD      A,C             ; the rest of the rank
        OR      A
        JR      NZ,CAND1
        JR      CAND0
CAND4:  EXX
        POP     DE
        POP     BC
        EXX
        RET

; INSCND - insert an entry (D = units, E = square) into a list sorted by units, most first,
; after the entries worth as much. In: HL = the list's end byte (MLEND or SLEND), the list
; and its sentinel in MSGBUF's page.   Out: the list, its end.
; Destroys: AF, HL.   Called by: CANDS.
INSCND: LD      A,(HL)
        ADD     A,2
        LD      (HL),A          ; one entry more
        SUB     3
        LD      L,A             ; the units of the last entry before the new place
INSC1:  LD      A,(HL)
        CP      D
        JR      NC,INSC2        ; worth as much or more (the sentinel is): the place is after it
        INC     L
        INC     L
        LD      (HL),A          ; it moves up one place: its units
        DEC     L
        DEC     L
        DEC     L
        LD      A,(HL)
        INC     L
        INC     L
        LD      (HL),A          ; and its square
        DEC     L
        DEC     L
        DEC     L               ; the entry before it
        JR      INSC1
INSC2:  INC     L
        LD      (HL),E
        INC     L
        LD      (HL),D
        RET

; ------------------------------------------------------------------------------------------
; SKEWER - Gambiet's potential pin (reference: skewer_gain): a slider of the mover M checks
; S's king along a line and an S piece stands behind the king on it; the king must step
; off, the slider takes that piece: the swap of it with the slider as the only attacker and
; S's defenders (not the king, not pinned, not busy). The best over the eight lines; none
; to look at unless PINS saw a king checked by a slider along a line (SKEWCK).
; In: BOARD, SIDE, the king squares, SKEWCK; B' = the defenders' skip map; DE' = M's
;     best gain over S's attacked pieces (EXCH's second half: below 256, D' = 0).
; Out: E' = the larger of it and the best such gain.
; Destroys: AF, BC, DE, HL, IX, IY, AF'.   Called by: EXCHM.
; ------------------------------------------------------------------------------------------

SKEWER: LD      A,(SKEWCK)      ; PINS saw no king checked along a line by a slider:
        OR      A               ; no skewer (the usual case)
        RET     Z
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
SKEW6:  RET

; The eight lines in direction order with the slider (besides the queen) moving along each.
SKDIRS: DEFB    10,ROOK,-10,ROOK,1,ROOK,-1,ROOK
        DEFB    11,BISHOP,9,BISHOP,-9,BISHOP,-11,BISHOP,0

; SKEWHIT - one skewer line: the piece behind the king, if it is S's, is the target.
; In: L = the checking slider, B = S's king, D = the step away from the slider, E = M's
;     colour, H = HIGH BOARD; E' = the best gain so far (SKEWER).
; Out: E' raised to this swap's gain; B, E (set again), H kept.
; Destroys: AF, C, D, L, IX, IY, AF'.   Called by: SKEWER.
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
        LD      L,B             ; S's king defends nothing: shown as a piece of the other
        LD      A,(HL)          ; colour, it ends every line, exactly as a skipped piece
        XOR     BLACK
        LD      (HL),A
        EXX
        LD      A,B
        EXX
        LD      (SKIPON),A
        POP     HL
        POP     DE              ; D = S's king, E = the checker
        PUSH    DE
        PUSH    HL
        PUSH    DE
        LD      A,(SIDE)
        XOR     BLACK
        LD      E,A             ; M attacks: S's defenders go to DEFLST (C)
        CALL    COLBOTH
        POP     DE
        XOR     A               ; the checker is the only attacker: M's other pieces
        LD      (ATTCNT),A      ; (and S's king, now in M's colour) go
        LD      L,E
        LD      A,(HL)
        AND     0FH
        ADD     A,A             ; key value * 2
        LD      IX,ATTLST
        CALL    COLINS
        POP     HL
        LD      A,(HL)          ; the target's units (value * 16: the doublings push the
        ADD     A,A             ; kind and colour bits out)
        ADD     A,A
        ADD     A,A
        ADD     A,A
        LD      B,1
        CALL    SWAP            ; HL = the gain (at most 144: H = 0)
        POP     BC              ; B = S's king
        LD      A,L
        EXX
        CP      E
        JR      C,SKEWH2
        LD      E,A             ; E' = the best gain, now this one
SKEWH2: EXX
        LD      H,HIGH BOARD    ; the king shown again
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
; Destroys: AF, BC, DE, HL.   Called by: EXCHM.
; ------------------------------------------------------------------------------------------
MKBUSY: PUSH    AF
        LD      HL,PINMAP
        LD      DE,BUSYMAP
        LD      BC,MAPSZ
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
; PINS - the pieces pinned to their own king by an enemy slider, both colours
; (reference: pins()).
; In: BOARD, WKING, BKING.
; Out: PINMAP (bit set = pinned); SKIPON = LOW PINMAP when any piece is pinned, else 0;
;      SKEWCK non-zero when an enemy slider checks a king along one of its lines, else 0.
; Destroys: AF, BC, DE, HL.   Called by: EXCHM, tests.
; ------------------------------------------------------------------------------------------
        IF      (MAPSZ > 12) OR (MAPSZ < 6)
        ERROR: PINS clears 12 bytes from PINMAP: all of it, and only BUSYMAP after it
        ENDIF
PINS:   LD      HL,0            ; PINMAP := 0, by words: 12 bytes cover its 10 or 11 (and
        LD      (PINMAP),HL     ; the first of BUSYMAP, which MKBUSY rebuilds before use)
        LD      (PINMAP+2),HL
        LD      (PINMAP+4),HL
        LD      (PINMAP+6),HL
        LD      (PINMAP+8),HL
        LD      (PINMAP+10),HL
        LD      (SKIPON),HL     ; and SKEWCK, the byte after it
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
; PINK - the eight lines of one king: B = its board byte (low), E = its colour, H = page
; (C = the step of the line). The order of the lines does not matter (each only sets bits
; and flags), so the three that lead off the board at once from a king on its first or
; last rank, the usual home of a king in the middle game, are left out there: three steps,
; tests and calls fewer for each such king.
PINK:   PINRAY  1,PINHO,INC
        PINRAY  -1,PINHO,DEC
        LD      A,B
        CP      LOW (BOARD+91)  ; on rank 8: the lines upwards end at the border
        JR      NC,PINK8
        PINRAY  10,PINHO,ADDC
        PINRAY  11,PINHD,ADDC
        PINRAY  9,PINHD,ADDC
PINK8:  LD      A,B
        CP      LOW (BOARD+29)  ; on rank 1: the lines downwards do
        RET     C
        PINRAY  -10,PINHO,ADDC
        PINRAY  -9,PINHD,ADDC
        PINRAY  -11,PINHD,ADDC
        RET

; ------------------------------------------------------------------------------------------
; PINHO, PINHD - the first piece (PINRAY leaves out the border) on an orthogonal (O) or diagonal (D) line
; from a king: an own piece is pinned when the next piece behind it is an enemy slider of
; the line; an enemy slider of the line first checks the king (SKEWCK for SKEWER).
; In: A = its code (not empty, not the border), HL = its square, C = the step, E = the
;     king's colour.
; Out: PINMAP, SKIPON, SKEWCK.
; Destroys: AF, D, L.   Called by: PINK.
; ------------------------------------------------------------------------------------------
PINHO:  XOR     E
        JP      M,PINHO2        ; an enemy piece first
        LD      D,L             ; an own piece: the next one decides
PINHO1: LD      A,L
        ADD     A,C
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,PINHO1
        XOR     E
        RET     P               ; own (or the border, for a black king): no pin
        AND     7FH             ; (the border, for a white king, is no slider)
        CP      ROOK
        JR      Z,PINSET
        CP      QUEEN
        JR      Z,PINSET
        RET
PINHO2: AND     7FH
        CP      ROOK
        JR      Z,PINCHK
        CP      QUEEN
        RET     NZ
; An enemy slider of the line is the first piece: it checks the king.
PINCHK: LD      A,H             ; non-zero: SKEWER has a line to look at
        LD      (SKEWCK),A
        RET

PINHD:  XOR     E
        JP      M,PINHD2
        LD      D,L
PINHD1: LD      A,L
        ADD     A,C
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,PINHD1
        XOR     E
        RET     P
        AND     7FH
        CP      BISHOP
        JR      Z,PINSET
        CP      QUEEN
        RET     NZ
; The own piece at D is pinned.
PINSET: PUSH    DE              ; E, the king's colour, for the next lines
        LD      L,D
        LD      DE,PINMAP
        CALL    SETBIT
        LD      A,LOW PINMAP
        LD      (SKIPON),A
        POP     DE
        RET
PINHD2: AND     7FH
        CP      BISHOP
        JR      Z,PINCHK
        CP      QUEEN
        RET     NZ
        JR      PINCHK

; ------------------------------------------------------------------------------------------
; SETBIT - set a square's bit in a square map (ram.asm: the byte is the square's board
; address LOW / 8 - MAPLO, the bit that LOW mod 8).
; In: L = LOW of the square's board byte, DE = the map.
; Out: the bit is set.
; Destroys: AF, DE.   Called by: PINSET, MKBUSY.
; ------------------------------------------------------------------------------------------
SETBIT: PUSH    HL
        LD      A,L
        RRCA
        RRCA
        RRCA
        AND     1FH
        SUB     MAPLO
        ADD     A,E
        LD      E,A             ; DE = the square's byte (each map lies in one page, ram.asm)
        LD      A,L
        AND     7
        ADD     A,LOW BITMASK
        LD      L,A
        LD      H,HIGH BITMASK  ; HL = the bit's mask (BITMASK lies in one page)
        LD      A,(DE)
        OR      (HL)
        LD      (DE),A
        POP     HL
        RET

; ------------------------------------------------------------------------------------------
; SKIPT - is this piece left out of the lists (pinned, or busy when BUSYMAP is in use)?
; Eight neighbouring board bytes share a map byte, so most tests end when that is zero.
; The piece's HL is pushed and popped around each lookup (POP leaves A, the map byte),
; cheaper than keeping the square in E (with DE saved) and setting H to HIGH BOARD again;
; AF' holds the map byte while the bit's mask is looked up.
; Its callers use it through SKIPTM, which tests SKIPON inline and calls SKIPT only when a
; map is in use (saving the call in the usual case that nothing is pinned).
; In: HL = its board byte, A = SKIPON = LOW of the map to test (PINMAP or BUSYMAP), not 0.
; Out: NZ = left out, Z = taken; HL kept.
; Destroys: AF, AF'.   Called by: COLBOTH's helpers (SKIPTM).
; ------------------------------------------------------------------------------------------
SKIPT:  PUSH    HL
        LD      H,A             ; the map's LOW
        LD      A,L
        RRCA
        RRCA
        RRCA
        AND     1FH
        SUB     MAPLO
        ADD     A,H
        LD      L,A
        LD      H,HIGH PINMAP   ; BUSYMAP's page too (ram.asm)
        LD      A,(HL)
        POP     HL
        OR      A
        RET     Z               ; none of these eight flagged
        PUSH    HL
        EX      AF,AF'
        LD      A,L
        AND     7
        ADD     A,LOW BITMASK
        LD      L,A
        LD      H,HIGH BITMASK  ; HL = the bit's mask (BITMASK lies in one page)
        EX      AF,AF'
        AND     (HL)            ; NZ: flagged
        POP     HL
        RET

; ------------------------------------------------------------------------------------------
; COLBOTH - the pieces of both colours bearing on a square, each colour in its own list
; sorted by key, low first (reference: collect() for each colour). Pawns (key 2), knights
; (6), then the eight lines outwards in the order N S E W NE NW SE SW: a slider moving
; along the line (key value * 2), a king next to the target (30), and behind a slider, or
; behind a pawn on its capture diagonal, further sliders of its colour as x-rays (key
; max(value * 2, key in front + 1)). One walk fills both lists: the first piece on a line
; decides whose line it is, since the other colour's walk would end at that piece. Pieces
; the skip map flags are left out and block their line; one map serves both lists.
; In: L = LOW of the target's board byte, E = the attackers' colour (00H / 80H: its pieces
;     go to ATTLST, the other colour's to DEFLST), SKIPON = skip map.
; Out: B = ATTCNT, C = DEFCNT, A = B, Z when no attacker; the lists.
; Destroys: AF, BC, D, HL, IX, AF'.   Called by: EXCHM, SKEWHIT, tests.
; ------------------------------------------------------------------------------------------
COLBOTH:
        LD      H,HIGH BOARD
        LD      B,L             ; the target, for every line
        XOR     A
        LD      (ATTCNT),A
        LD      (DEFCNT),A
; The pawn and knight tests compare with D (and the knights' OR with C; COLPN, COLKN keep
; them): a register operand costs 3 T-states and a byte less than a constant. Every piece
; code is odd and nothing marks the board (ATTMARK maps TGTMAP), so a code is compared as
; it stands.
        LD      D,PAWN
        LD      A,L             ; pawns: white ones stand on t-11, t-9, black on t+9, t+11
        SUB     11
        LD      L,A
        LD      A,(HL)
        CP      D
        CALL    Z,COLPN
        INC     L
        INC     L
        LD      A,(HL)
        CP      D
        CALL    Z,COLPN
        LD      D,PAWN+BLACK
        LD      A,B
        ADD     A,9
        LD      L,A
        LD      A,(HL)
        CP      D
        CALL    Z,COLPN
        INC     L
        INC     L
        LD      A,(HL)
        CP      D
        CALL    Z,COLPN
        LD      C,80H           ; the knights' test (KNTEST)
        LD      D,KNIGHT+BLACK
        KNJUMP  21
        DEC     L               ; 19
        DEC     L
        KNTEST
        KNJUMP  12
        KNJUMP  8
        KNJUMP  -8
        KNJUMP  -12
        KNJUMP  -19
        DEC     L               ; -21
        DEC     L
        KNTEST
        COLRAY  10,COLHO,ADDC
        COLRAY  -10,COLHO,ADDC
        COLRAY  1,COLHO,INC
        COLRAY  -1,COLHO,DEC
        COLRAY  11,COLHD,ADDC
        COLRAY  9,COLHD,ADDC
        COLRAY  -9,COLHD,ADDC
        COLRAY  -11,COLHD,ADDC
        LD      A,(DEFCNT)
        LD      C,A
        LD      A,(ATTCNT)
        LD      B,A
        OR      A
        RET

; COLPN, COLKN - a pawn / knight bears on the target: list it unless skipped.
; In: HL = its square, E = the attackers' colour.   Out: its list; HL, C, D kept (the tests).
; Destroys: AF, IX, AF'.   Called by: COLBOTH.
COLPN:  SKIPTM
        RET     NZ
        LD      A,2
        JP      COLINC
COLKN:  SKIPTM
        RET     NZ
        LD      A,6
        JP      COLINC

; ------------------------------------------------------------------------------------------
; COLHO, COLHD - the first piece on an orthogonal (O) or diagonal (D) line from the target:
; list it, and walk on behind it for x-rays of its colour.
; In: A = its code (not empty, not the border), HL = its square, B = the target, C = the
;     step, E = the attackers' colour.
; Out: the lists; B, C, E, H kept.
; Destroys: AF, D, L, IX, AF'.   Called by: COLBOTH.
; ------------------------------------------------------------------------------------------
COLHO:  LD      D,A
        AND     0CH             ; only rooks, queens, kings have value bit 2 or 3: any
        RET     Z               ; other piece ends the line for both colours (often)
        LD      A,D
        AND     7FH             ; the code as if white
        LD      D,ROOK          ; the line's slider (besides the queen)
        CP      D
        JR      Z,COLFS
        CP      QUEEN
        JR      Z,COLFS
        CP      KING
        RET     NZ              ; any other piece ends the line for both colours
COLKG:  LD      A,B             ; a king counts only next to the target
        ADD     A,C
        CP      L
        RET     NZ
        SKIPTM
        RET     NZ
        LD      A,30
        JP      COLINC

COLHD:  AND     7FH
        CP      PAWN            ; the commonest piece on a diagonal first
        JR      Z,COLHP
        LD      D,BISHOP
        CP      D
        JR      Z,COLFS
        CP      QUEEN
        JR      Z,COLFS
        CP      KING
        JR      Z,COLKG
        RET                     ; a knight or a rook ends the line for both colours
COLHP:  LD      A,B             ; a pawn next to the target ...
        ADD     A,C
        CP      L
        RET     NZ
        LD      A,(HL)          ; ... on its own capture diagonal (white pawns lie below, black
        XOR     C               ; above: the step's sign differs from the colour bit) is
        RET     P               ; listed already; sliders behind it x-ray with key > 2
        SKIPTM
        RET     NZ              ; left out: it blocks the line
        PUSH    BC
        PUSH    DE
        LD      B,BISHOP        ; the line's slider (D is set after the pawn test)
        CALL    COLSEL
        LD      D,2
        JR      COLX

; A slider of the line first: key value * 2, then the x-rays behind it.
COLFS:  SKIPTM
        RET     NZ              ; pinned or busy: blocks the line
        PUSH    BC
        PUSH    DE
        LD      B,D             ; B = the line's slider (the target is not needed further out)
        LD      A,(HL)          ; COLSEL, inline: IX = its list, E = its colour
        AND     BLACK
        XOR     E
        LD      IX,ATTLST
        JR      Z,COLFS1
        LD      IX,DEFLST
COLFS1: XOR     E
        LD      E,A
        LD      A,(HL)
        AND     0FH
        ADD     A,A
        LD      D,A             ; D = the key in front
        CALL    COLINS
; Further out: a slider of the line of the same colour joins with max(value * 2, D + 1);
; anything else ends the line.
COLX:   LD      A,L
        ADD     A,C
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,COLX
        CP      OFF
        JR      Z,COLXE
        XOR     E
        JP      M,COLXE         ; the other colour ends the line
        CP      B
        JR      Z,COLX1
        CP      QUEEN
        JR      NZ,COLXE
COLX1:  SKIPTM
        JR      NZ,COLXE
        LD      A,(HL)
        AND     0FH
        ADD     A,A
        INC     D
        CP      D
        JR      NC,COLX2
        LD      A,D
COLX2:  LD      D,A
        CALL    COLINS
        JR      COLX
COLXE:  POP     DE
        POP     BC
        RET

; COLSEL - IX = the list of the piece at HL (ATTLST when its colour is E), E = its colour.
; Destroys: AF.   Called by: COLHD (COLFS has its own copy).
COLSEL: LD      A,(HL)
        AND     BLACK
        XOR     E
        LD      IX,ATTLST
        JR      Z,COLSE1
        LD      IX,DEFLST
COLSE1: XOR     E
        LD      E,A
        RET

; COLINC - COLINS into the list of the piece's colour: A = key, HL = the piece, E = the
; attackers' colour. It enters COLINS past its IX prologue with HL at the list's count
; (2026-12-02: about 40 T-states less a call than setting IX).
; Destroys: AF, AF'.   Called by: COLPN, COLKN, COLKG.
COLINC: EX      AF,AF'          ; A' = the key
        LD      A,(HL)
        XOR     E
        PUSH    DE
        EX      DE,HL           ; DE = the piece
        LD      HL,DEFCNT
        JP      M,COLIN1        ; the other colour: a defender
        LD      HL,ATTCNT
        JR      COLIN1

; ------------------------------------------------------------------------------------------
; COLINS - insert a piece into a list, keeping keys ascending (equal keys keep the order
; found). No list can overflow, so none is tested for it: a side has at most 16 pieces
; (SETUP refuses more, SETMAT in match.asm), all of one colour fit in EXMAX entries, and the
; target is not among its own defenders. (SKEWHIT's king, shown in the other colour, can
; make a 17th attacker once; its entry spills into SWAPLST, scratch, and SKEWHIT empties
; ATTLST right after. The reference caps its lists at 16 entries, never reached.)
; HL walks the list (ADD A,(HL) makes the count times three in three instructions) and DE
; holds the piece meanwhile; the entry's units and square are made from it only once its
; place is found. Most pieces go on top (COLBOTH finds them roughly by key), so that path
; saves no register but DE; the entries move up only on the rare path (COLSH).
; In: A = key, HL = the piece's board byte, IX = list (its count at IX-1: ATTCNT, DEFCNT).
; Out: the list and its count; HL kept.
; Destroys: AF, AF'.   Called by: COLBOTH and its helpers, SKEWHIT.
; ------------------------------------------------------------------------------------------
        IF      ((HIGH ATTCNT) - (HIGH (ATTLST+47))) OR ((HIGH DEFCNT) - (HIGH (DEFLST+47)))
        ERROR: ATTCNT..ATTLST and DEFCNT..DEFLST must each lie in one 256-byte page (COLINS steps L only): pad before ATTCNT in ram.asm
        ENDIF
COLINS: PUSH    DE
        EX      AF,AF'          ; A' = the key
        EX      DE,HL           ; DE = the piece
        PUSH    IX
        POP     HL
        DEC     L               ; HL = the count
COLIN1: LD      A,(HL)
        INC     (HL)
        OR      A
        JR      Z,COLI4         ; empty: the new entry is the first
        ADD     A,A
        ADD     A,(HL)          ; 3 * entries + 1 (the count is one more now)
        ADD     A,L
        SUB     3
        LD      L,A             ; the key of the top entry
        EX      AF,AF'
        CP      (HL)
        JR      C,COLSH         ; below the top entry: entries move up (rare)
        INC     L
        INC     L
COLI3:  INC     L               ; the new entry: key, units, square
        LD      (HL),A
        INC     L
        LD      A,(DE)          ; units: the doublings push the kind and colour bits out
        ADD     A,A
        ADD     A,A
        ADD     A,A
        ADD     A,A
        LD      (HL),A
        INC     L
        LD      A,E
        SUB     LOW BOARD
        LD      (HL),A
COLI9:  EX      DE,HL           ; HL = the piece again
        POP     DE
        RET
COLI4:  EX      AF,AF'          ; A = the key
        JR      COLI3

; COLSH - COLINS's rare path: the entries whose keys are above the new one's move up one
; entry each, byte by byte (three bytes, written out: the path is rare and a loop costs
; as many bytes), from the top down to an entry with a key <= the new one or the bottom
; of the list; the new entry then goes above that (COLI3).
; In: A = the new key, HL = the key byte of the top entry (its key is above A), DE = the
; piece (as COLINS has it). The list is told by its page (H): ATTLST and DEFLST lie in
; different pages (checked below), so COLINC need not set IX.
; Out: jumps to COLI3 with A = the key and HL at the new entry's place.
; Destroys: AF (BC kept on the stack).   Called by: COLINS (JR C,COLSH).
        IF      (HIGH ATTLST) = (HIGH DEFLST)
        ERROR: COLSH tells ATTLST from DEFLST by their pages: they must lie in different pages
        ENDIF
COLSH:  PUSH    BC
        LD      B,A             ; B = the key
        LD      C,LOW ATTLST    ; C = LOW of the list's first entry
        LD      A,H
        CP      HIGH ATTLST
        JR      Z,COLS1
        LD      C,LOW DEFLST
COLS1:  LD      A,(HL)          ; its key ...
        INC     L
        INC     L
        INC     L
        LD      (HL),A
        DEC     L
        DEC     L
        LD      A,(HL)          ; ... its units ...
        INC     L
        INC     L
        INC     L
        LD      (HL),A
        DEC     L
        DEC     L
        LD      A,(HL)          ; ... and its square, one entry up
        INC     L
        INC     L
        INC     L
        LD      (HL),A
        LD      A,L
        SUB     8
        LD      L,A             ; the key of the entry below the one moved
        ADD     A,3
        CP      C
        JR      Z,COLS2         ; the moved one was the first: the new one goes first
        LD      A,B
        CP      (HL)
        JR      C,COLS1         ; still below: that one moves up too
COLS2:  LD      A,B
        POP     BC
        INC     L
        INC     L
        JR      COLI3

; ------------------------------------------------------------------------------------------
; SWAP - the swap-off on a target (reference: swap()): ATTLST's pieces capture first,
; DEFLST's recapture, alternately, low keys first; a king never captures onto a square the
; other side still covers. gain[0] = target, gain[d] = captured piece - gain[d-1] in
; SWAPLST; then backwards gain[d-1] = min(gain[d-1], -gain[d]): either side may stop (the
; backward pass keeps only that running value in registers; SWAPLST keeps the forward gains).
; In: A = target units, B = ATTLST entries, C = DEFLST entries.
; Out: HL = the capturing side's gain (>= 0), A = attackers that took part.
; Destroys: AF, BC, DE, HL, IX, IY.   Called by: EXCHM, tests.
; ------------------------------------------------------------------------------------------
SWAP:   LD      E,A
        LD      A,B
        OR      A
        JR      Z,SWAP0         ; no attacker
        LD      A,C
        OR      A
        JR      Z,SWAPF         ; no defender (often): the first attacker takes it
        LD      A,(ATTLST+1)
        CP      KINGU
        JR      NZ,SWAP1
SWAP0:  LD      HL,0            ; only a king, onto a covered square
        XOR     A
        RET
SWAPF:  LD      H,A             ; HL = the target, one attacker used
        LD      L,E
        INC     A
        RET
; One attacker (the commonest case) against defenders: it takes, a defender takes it back
; (a king may: no attacker is left), and that is all: gain[1] = attacker - target, so the
; gain is max(min(target, target - attacker), 0) = max(target - attacker, 0), one attacker
; used, without the lists of gains.
SWAP1:  DJNZ    SWAPM           ; more than one attacker: the full swap-off
        LD      D,A             ; A = the attacker's units
        LD      A,E
        SUB     D
        LD      L,A
        LD      H,0
        LD      A,1
        RET     NC              ; target - attacker >= 0
        LD      L,H
        RET
SWAPM:  INC     B
        PUSH    BC              ; B = attackers in all
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
SWAP2:  LD      A,C             ; a defender recaptures?
        OR      A
        JR      Z,SWAP4
        LD      A,(IY+1)
        CP      KINGU
        JR      NZ,SWAP3
        LD      A,B
        OR      A
        JR      NZ,SWAP4        ; its king, while attackers are left
SWAP3:  SWSTEP
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
SWAP31: SWSTEP
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
        LD      C,(HL)          ; backwards from v = gain[d]: v = min(gain[i], -v) for
        INC     HL              ; i = d-1 .. 0; only v is kept, in BC
        LD      B,(HL)
        DEC     HL
SWAP5:  LD      A,L             ; at gain[0]? (SWAPLST's 64 bytes have distinct LOWs)
        CP      LOW SWAPLST
        JR      Z,SWAP7
        XOR     A
        SUB     C
        LD      C,A
        SBC     A,A
        SUB     B
        LD      B,A             ; BC = -v
        DEC     HL
        LD      D,(HL)
        DEC     HL
        LD      E,(HL)          ; DE = gain[i]
        EX      DE,HL
        AND     A
        SBC     HL,BC           ; never overflows: |gains| < 8,000
        ADD     HL,BC           ; keeps the sign flag of the difference
        EX      DE,HL
        JP      P,SWAP5         ; -v is the smaller: v = -v
        LD      B,D
        LD      C,E             ; gain[i] is
        JR      SWAP5
SWAP7:  LD      H,B             ; max(v, 0)
        LD      L,C
        BIT     7,B
        JR      Z,SWAP8
        LD      HL,0
SWAP8:  POP     AF
        RET

; ------------------------------------------------------------------------------------------
; ROM tables
; ------------------------------------------------------------------------------------------

; The bit of a board byte in its square-map byte, by its address LOW mod 8 (SETBIT, SKIPT).
BITMASK:
        DEFB    1,2,4,8,16,32,64,128

; Board square -> 0..63 (a1 = 0, h8 = 63), for the squares a1 (mailbox 21) .. h8 (98) only:
; SQ64T - 21 is the table by mailbox index (no caller looks up a border square).
SQ64T:  DEFB    0,1,2,3,4,5,6,7,255
        DEFB    255,8,9,10,11,12,13,14,15,255
        DEFB    255,16,17,18,19,20,21,22,23,255
        DEFB    255,24,25,26,27,28,29,30,31,255
        DEFB    255,32,33,34,35,36,37,38,39,255
        DEFB    255,40,41,42,43,44,45,46,47,255
        DEFB    255,48,49,50,51,52,53,54,55,255
        DEFB    255,56,57,58,59,60,61,62,63

; Their lookups (SETBIT, SKIPT, MAPADR, SQINDEX, TOWIRE, POINTS) add an index to LOW only
; and set H once.
        IF      (HIGH BITMASK) - (HIGH (SQ64T+77))
        ERROR: BITMASK and SQ64T must lie in one 256-byte page: move them or pad before them
        ENDIF
