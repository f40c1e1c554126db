; busy.asm: a busy guest for the emulator benchmark and the save-state test. It fills 64
; bytes of RAM, bubble-sorts them, checksums them through IX, scrambles them, copies a
; block with LDIR in a subroutine, and starts again, forever. A mix of loads, ALU, jumps,
; DJNZ, IX forms, block moves, calls and stack traffic.

        ORG     0000H
START:  LD      SP,0E800H
        LD      HL,0E000H
        LD      B,64
        LD      A,37
FILL:   LD      (HL),A
        ADD     A,97
        RRCA
        INC     HL
        DJNZ    FILL
SORT:   LD      C,63            ; passes
PASS:   LD      HL,0E000H
        LD      B,C
CMP:    LD      A,(HL)
        INC     HL
        CP      (HL)
        JR      C,NOSWAP
        JR      Z,NOSWAP
        LD      D,(HL)          ; swap (HL-1) and (HL)
        LD      (HL),A
        DEC     HL
        LD      (HL),D
        INC     HL
NOSWAP: DJNZ    CMP
        DEC     C
        JR      NZ,PASS
        LD      IX,0E000H       ; checksum
        LD      B,64
        XOR     A
SUM:    ADD     A,(IX+0)
        INC     IX
        DJNZ    SUM
        LD      (0E100H),A
        LD      HL,0E000H       ; scramble
        LD      B,64
SCRAM:  LD      A,(HL)
        XOR     5AH
        RLCA
        LD      (HL),A
        INC     HL
        DJNZ    SCRAM
        CALL    COPY
        JR      SORT
COPY:   PUSH    BC
        LD      BC,16
        LD      HL,0E000H
        LD      DE,0E200H
        LDIR
        POP     BC
        RET
        END
