; timing.asm: a bare test ROM whose T-state total is worked out by hand, per the Zilog
; manual (UM0080). It ends on HALT; tests/machine/roms.rs asserts the total and registers.
; Running total after each line in the right-hand column.

        ORG     0000H
        LD      SP,0E800H       ; 10                    10
        LD      B,5             ;  7                    17
LOOP1:  DJNZ    LOOP1           ; 4 x 13 + 8 = 60       77
        XOR     A               ;  4  (Z=1, C=0)        81
        JR      NZ,SKIP         ;  7  not taken         88
        JR      Z,OVER          ; 12  taken            100
SKIP:   HALT                    ;     never reached
OVER:   LD      HL,SRC          ; 10                   110
        LD      DE,0E100H       ; 10                   120
        LD      BC,4            ; 10                   130
        LDIR                    ; 3 x 21 + 16 = 79     209
        LD      IX,0E100H       ; 14                   223
        LD      A,(IX+2)        ; 19  A=3              242
        ADD     A,(IX+3)        ; 19  A=7, C=0         261
        LD      (IX+10),A       ; 19                   280
        INC     (IX+10)         ; 23  (IX+10)=8        303
        BIT     0,(IX+10)       ; 20  Z=1              323
        SET     7,(IX+10)       ; 23  (IX+10)=88H      346
        CALL    SUBR            ; 17                   363
                                ; SUBR: 11+10+5+10=36   399
        JP      NC,DONE         ; 10  taken            409
DONE:   JR      C,SKIP          ;  7  not taken        416
        LD      A,(IX+10)       ; 19  A=88H            435
        HALT                    ;  4                   439
SUBR:   PUSH    BC              ; 11
        POP     BC              ; 10
        RET     NZ              ;  5  not taken (Z=1 from BIT)
        RET                     ; 10
SRC:    DB      1,2,3,4
        END
