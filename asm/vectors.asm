; vectors.asm - the RST vectors 08H-38H, INCLUDEd right after RESET's seven bytes at 0000H
; (main.asm; tests/guest/search_hosted.rs puts it after its own TRAP at 0000H).
;
; The module wires no interrupt (the NSC800's INTR, NMI and RSTA-C are not connected), so
; only 0000H must hold the reset, and the hottest small routines sit on the vectors: RST is
; 1 byte and 11 T-states where CALL is 3 and 17 (2026-12-02: 77 bytes of ROM over 45 call
; sites, the same moves). Each routine's IF checks that it starts on its vector.

        DS      08H-$,0FFH
; ------------------------------------------------------------------------------------------
; TABPTR (RST 08H) - index a table.
; In: HL = the table, A = index (unsigned).   Out: HL = HL + A.
; Destroys: AF.   Called by: POSANA, POINTS, PAWNPT, DELTA, EVALM0, TABBYTE.
; ------------------------------------------------------------------------------------------
TABPTR:
        IF      $ - 08H
        .ERROR  "TABPTR is not on RST 08H"
        ENDIF
        ADD     A,L
        LD      L,A
        ADC     A,H
        SUB     L
        LD      H,A
        RET

        DS      10H-$,0FFH
; ------------------------------------------------------------------------------------------
; NEGHL (RST 10H) - HL = -HL.
; In: HL.   Out: HL negated.
; Destroys: AF.   Called by: EVALM0, GENEVAL (node.asm), POSANA, PASS, PASSWIN, CLIMB.
; ------------------------------------------------------------------------------------------
NEGHL:
        IF      $ - 10H
        .ERROR  "NEGHL is not on RST 10H"
        ENDIF
        XOR     A
        SUB     L
        LD      L,A
        SBC     A,A
        SUB     H
        LD      H,A
        RET

        DS      18H-$,0FFH
; ------------------------------------------------------------------------------------------
; GSTEP (RST 18H) - one step (knight or king): emit it when the target is empty or an enemy
; piece. Falls into EMIT (28H): its 16 bytes fill 18H-27H exactly.
; In: B = from, D = direction, E = side, H = BRDHI.   Out: C = target.
; Destroys: A, C, L.   Called by: GKING, GKNIGHT (gen.asm).   Calls: EMIT (falls in).
; ------------------------------------------------------------------------------------------
GSTEP:
        IF      $ - 18H
        .ERROR  "GSTEP is not on RST 18H"
        ENDIF
        LD      A,B
        ADD     A,D
        LD      C,A
        ADD     A,BRDLO
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,EMIT          ; empty: A = 0 = no flags
        CP      OFF
        RET     Z
        XOR     E
        RET     P               ; our own piece
        XOR     A
        ; fall into EMIT

; ------------------------------------------------------------------------------------------
; EMIT (RST 28H) - hand one move to the hook, keeping GEN's registers.
; In: B = from, C = to, A = flags, IY = hook.   Out: -
; Destroys: A (B, C, D, E, H, L kept).   Called by: the generators (gen.asm), GSTEP (falls
; in).   Calls: the hook (CALLIY).
; ------------------------------------------------------------------------------------------
EMIT:
        IF      $ - 28H
        .ERROR  "EMIT is not on RST 28H"
        ENDIF
        PUSH    BC
        PUSH    DE
        PUSH    HL
        LD      E,A
        CALL    CALLIY
        POP     HL
        POP     DE
        POP     BC
        RET

; CALLIY - CALL CALLIY calls the hook at IY. Called by: EMIT.
CALLIY: JP      (IY)

        DS      38H-$,0FFH
; ------------------------------------------------------------------------------------------
; CPSGN (RST 38H) - compare two signed words.
; In: HL, DE.   Out: C set when HL < DE, Z set when equal (HL, DE kept).
; Destroys: A.   Called by: DEPTH, CLIMB, ANALYS, PASSWIN (search.asm), GENEVAL (node.asm),
; EVALM0.
; ------------------------------------------------------------------------------------------
CPSGN:
        IF      $ - 38H
        .ERROR  "CPSGN is not on RST 38H"
        ENDIF
        LD      A,H
        XOR     D
        JP      M,CPSG1         ; signs differ
        LD      A,H             ; same sign: unsigned order is the signed order
        CP      D
        RET     NZ
        LD      A,L
        CP      E
        RET
CPSG1:  LD      A,D             ; signs differ: HL < DE exactly when DE is the positive one
        AND     80H
        OR      1               ; 01H (DE >= 0) or 81H (DE < 0); never equal to H here
        CP      H
        RET
