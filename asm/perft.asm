; perft.asm - PERFT: count the leaves of the legal move tree, the standard check of GEN,
; MAKE and UNMAKE (src/reference/perft.rs). It recurses through the GEN hook: the hook makes
; the move, drops it when it leaves the king attacked, counts it at the last ply or runs GEN
; again below it, and takes it back.
;
; RAM: the leaf count in PFTCNT (4 bytes), the plies still to go in PFTDEP, and one frame of
; MSENTRY bytes per ply on the move stack (the move, then its 4-byte undo record), MSTOP
; pointing at the current ply's frame. The stack holds 16 bytes per ply (GEN's chain to its
; hook), so PFTMAX plies stay well inside the stack the RAM plan leaves.

PFTMAX  EQU     5               ; deepest perft the stack allows beside passes of 11 plies

; ------------------------------------------------------------------------------------------
; PFTRUN - perft of the current position.
; In: A = depth 0..PFTMAX.   Out: PFTCNT = leaf count (1 at depth 0), little-endian 32-bit.
; Destroys: A, B, C, D, E, H, L (IY kept).   Called by: CPERFT (match.asm), tests.
; ------------------------------------------------------------------------------------------
PFTRUN: LD      HL,0
        LD      (PFTCNT+2),HL
        OR      A
        JR      NZ,PFTRU1
        LD      L,1             ; depth 0: the position itself is the one leaf
PFTRU1: LD      (PFTCNT),HL
        RET     Z
        LD      (PFTDEP),A
        LD      HL,MOVESTK
        LD      (MSTOP),HL
        PUSH    IY
        LD      IY,PFTHOOK
        CALL    GEN
        POP     IY
        RET

; PFTHOOK - the GEN hook of perft (the contract is in gen.asm).
; In: B, C, E = the move; MSTOP = this ply's frame; PFTDEP = plies to go.
; Out: PFTCNT counts the leaves below the move.   Destroys: A, B, C, D, E, H, L.
; Called by: GEN (through IY).
PFTHOOK:
        LD      HL,(MSTOP)      ; this ply's frame: the move, then the undo record
        LD      (HL),B
        INC     HL
        LD      (HL),C
        INC     HL
        LD      (HL),E
        INC     HL
        CALL    MAKE
        CALL    LEFTINCHECK
        JR      C,PFTHK3        ; illegal: take it back, count nothing
        LD      HL,PFTDEP
        DEC     (HL)
        JR      NZ,PFTHK1
        INC     (HL)            ; the last ply: one more leaf
        LD      HL,PFTCNT
        LD      D,4             ; a 4-byte count, low byte first
PFTHK2: INC     (HL)
        JR      NZ,PFTHK3
        INC     HL
        DEC     D
        JR      NZ,PFTHK2
PFTHK3: LD      HL,(MSTOP)      ; B, C, E are still the move
        INC     HL
        INC     HL
        INC     HL
        JP      UNMAKE
PFTHK1: LD      HL,(MSTOP)      ; one ply deeper: the next frame
        LD      DE,MSENTRY
        ADD     HL,DE
        LD      (MSTOP),HL
        CALL    GEN
        LD      HL,PFTDEP
        INC     (HL)
        LD      HL,(MSTOP)
        LD      DE,-MSENTRY
        ADD     HL,DE
        LD      (MSTOP),HL
        LD      B,(HL)          ; GEN took our registers: the move from the frame
        INC     HL
        LD      C,(HL)
        INC     HL
        LD      E,(HL)
        JR      PFTHK3          ; and its undo record, after it
