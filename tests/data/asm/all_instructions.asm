; Every Z80 instruction (documented, plus IXH/IXL/IYH/IYL and SLL) and every directive
; our assembler accepts, written so that pasmo accepts it too. A test assembles it with
; both and requires identical bytes (tests/asm/pasmo.rs).
; Kept free of ORG gaps: pasmo fills gaps with 00, we fill them with FF.

; --- symbols, number formats, expressions
N8      EQU     12H             ; trailing H
N16     EQU     0x1234          ; 0x prefix
OFS     EQU     5
PORT    EQU     $FE             ; $ prefix
WORD    EQU     #C000           ; # prefix
BITS    EQU     %10100101       ; % prefix
BITS2   EQU     10100101B       ; trailing B
OCT     EQU     17O + 17Q       ; octal suffixes
DECIMAL EQU     255D
COUNT   DEFL    1
COUNT   DEFL    COUNT + 1       ; DEFL can be redefined
FAR     EQU     FORWARD         ; a forward reference, settled by a later pass

        ORG     4000H
START:
        DB      N8, LOW N16, HIGH N16, BITS, BITS2, OCT, DECIMAL, COUNT
        DB      'A', "B", 'A'+1, "it''s", 'single ''quoted''', "esc\n\t\x41\101"
        DEFB    1 + 2 * 3, (1 + 2) * 3, 10 - 4 - 3, 100 / 7, 100 MOD 7, 100 % 7
        DEFM    "DEFM text", 0
        DB      0FFH AND 0F0H, 0F0H OR 0FH, 0FFH XOR 0AAH, 1 SHL 4, 80H SHR 3
        DB      0FFH & 0CH, 1 | 2, 6 XOR 3, 1 << 3, 40H >> 2, ~0FFF0H AND 0FH
        DB      (3 = 3) AND 1, (3 != 3) AND 1, (2 < 3) AND 1, (2 > 3) AND 1
        DB      (3 <= 3) AND 1, (3 >= 4) AND 1, (3 EQ 3) AND 1, (3 NE 3) AND 1
        DB      (2 LT 3) AND 1, (2 GT 3) AND 1, (2 LE 2) AND 1, (2 GE 3) AND 1
        DB      -1, -128, 255, NOT 0FFFEH AND 1
        DW      N16, WORD, $, START, FORWARD, -1, 65535, 'Z'
        DEFW    1, 2, 3
        DS      4
        DEFS    3, 0AAH
        DS      2, 'x'

; --- labels with and without colon, $
NOCOLON LD      A,1
WITHCOLON: LD   A,2
        JR      $+4
        JR      $-2
HERE    EQU     $

; --- conditional assembly
        IF      COUNT = 2
        DB      1               ; assembled
        ELSE
        DB      2
        ENDIF
        IF      0
        DB      3
        IF      1               ; nested in a false branch: skipped
        DB      4
        ENDIF
        ELSE
        DB      5               ; assembled
        ENDIF
        IF      DEFINED N8
        DB      6
        ENDIF

; --- INCLUDE, INCBIN
        INCLUDE "all_instructions_inc.asm"
        INCBIN  "blob.bin"

; --- macros: parameters, LOCAL labels in a macro, nested use
LOADPAIR MACRO  reg, value
        LD      reg,value
        ENDM
WAIT    MACRO   count
        LOCAL   loop
        LD      B,count
loop:   DJNZ    loop
        ENDM
        LOADPAIR HL, N16
        LOADPAIR BC, WORD + 2
        WAIT    10
        WAIT    20
        FILL3   7
        REPT    3
        NOP
        ENDM

; --- PROC / LOCAL / ENDP
FIRST   PROC
        LOCAL   again
again:  DEC     A
        JR      NZ,again
        RET
        ENDP
SECOND  PROC
        LOCAL   again
again:  INC     A
        JR      NZ,again
        RET
        ENDP
        CALL    FIRST
        CALL    SECOND
        CALL    INCLUDED

; --- every instruction

; --- 8-bit loads
        LD      B,B
        LD      B,C
        LD      B,D
        LD      B,E
        LD      B,H
        LD      B,L
        LD      B,(HL)
        LD      B,A
        LD      B,N8
        LD      C,B
        LD      C,C
        LD      C,D
        LD      C,E
        LD      C,H
        LD      C,L
        LD      C,(HL)
        LD      C,A
        LD      C,N8
        LD      D,B
        LD      D,C
        LD      D,D
        LD      D,E
        LD      D,H
        LD      D,L
        LD      D,(HL)
        LD      D,A
        LD      D,N8
        LD      E,B
        LD      E,C
        LD      E,D
        LD      E,E
        LD      E,H
        LD      E,L
        LD      E,(HL)
        LD      E,A
        LD      E,N8
        LD      H,B
        LD      H,C
        LD      H,D
        LD      H,E
        LD      H,H
        LD      H,L
        LD      H,(HL)
        LD      H,A
        LD      H,N8
        LD      L,B
        LD      L,C
        LD      L,D
        LD      L,E
        LD      L,H
        LD      L,L
        LD      L,(HL)
        LD      L,A
        LD      L,N8
        LD      (HL),B
        LD      (HL),C
        LD      (HL),D
        LD      (HL),E
        LD      (HL),H
        LD      (HL),L
        LD      (HL),A
        LD      (HL),N8
        LD      A,B
        LD      A,C
        LD      A,D
        LD      A,E
        LD      A,H
        LD      A,L
        LD      A,(HL)
        LD      A,A
        LD      A,N8
        LD      B,(IX+OFS)
        LD      (IX+OFS),B
        LD      C,(IX+OFS)
        LD      (IX+OFS),C
        LD      D,(IX+OFS)
        LD      (IX+OFS),D
        LD      E,(IX+OFS)
        LD      (IX+OFS),E
        LD      H,(IX+OFS)
        LD      (IX+OFS),H
        LD      L,(IX+OFS)
        LD      (IX+OFS),L
        LD      A,(IX+OFS)
        LD      (IX+OFS),A
        LD      (IX+OFS),N8
        LD      B,(IY-3)
        LD      (IY-3),B
        LD      C,(IY-3)
        LD      (IY-3),C
        LD      D,(IY-3)
        LD      (IY-3),D
        LD      E,(IY-3)
        LD      (IY-3),E
        LD      H,(IY-3)
        LD      (IY-3),H
        LD      L,(IY-3)
        LD      (IY-3),L
        LD      A,(IY-3)
        LD      (IY-3),A
        LD      (IY-3),N8
        LD      IXH,B
        LD      IXH,C
        LD      IXH,D
        LD      IXH,E
        LD      IXH,A
        LD      IXH,IXH
        LD      IXH,IXL
        LD      B,IXH
        LD      C,IXH
        LD      D,IXH
        LD      E,IXH
        LD      A,IXH
        LD      IXH,N8
        LD      IXL,B
        LD      IXL,C
        LD      IXL,D
        LD      IXL,E
        LD      IXL,A
        LD      IXL,IXH
        LD      IXL,IXL
        LD      B,IXL
        LD      C,IXL
        LD      D,IXL
        LD      E,IXL
        LD      A,IXL
        LD      IXL,N8
        LD      IYH,B
        LD      IYH,C
        LD      IYH,D
        LD      IYH,E
        LD      IYH,A
        LD      IYH,IYH
        LD      IYH,IYL
        LD      B,IYH
        LD      C,IYH
        LD      D,IYH
        LD      E,IYH
        LD      A,IYH
        LD      IYH,N8
        LD      IYL,B
        LD      IYL,C
        LD      IYL,D
        LD      IYL,E
        LD      IYL,A
        LD      IYL,IYH
        LD      IYL,IYL
        LD      B,IYL
        LD      C,IYL
        LD      D,IYL
        LD      E,IYL
        LD      A,IYL
        LD      IYL,N8
        LD      A,(BC)
        LD      A,(DE)
        LD      A,(WORD)
        LD      (BC),A
        LD      (DE),A
        LD      (WORD),A
        LD      A,I
        LD      A,R
        LD      I,A
        LD      R,A

; --- 16-bit loads, stack, exchanges
        LD      BC,N16
        LD      BC,(WORD)
        LD      (WORD),BC
        LD      DE,N16
        LD      DE,(WORD)
        LD      (WORD),DE
        LD      HL,N16
        LD      HL,(WORD)
        LD      (WORD),HL
        LD      SP,N16
        LD      SP,(WORD)
        LD      (WORD),SP
        LD      IX,N16
        LD      IX,(WORD)
        LD      (WORD),IX
        LD      IY,N16
        LD      IY,(WORD)
        LD      (WORD),IY
        LD      SP,HL
        LD      SP,IX
        LD      SP,IY
        PUSH    BC
        POP     BC
        PUSH    DE
        POP     DE
        PUSH    HL
        POP     HL
        PUSH    AF
        POP     AF
        PUSH    IX
        POP     IX
        PUSH    IY
        POP     IY
        EX      DE,HL
        EX      AF,AF'
        EXX
        EX      (SP),HL
        EX      (SP),IX
        EX      (SP),IY

; --- block transfer, search, I/O
        LDI
        LDIR
        LDD
        LDDR
        CPI
        CPIR
        CPD
        CPDR
        INI
        INIR
        IND
        INDR
        OUTI
        OTIR
        OUTD
        OTDR

; --- 8-bit arithmetic and logic
        ADD     A,B
        ADD     A,C
        ADD     A,D
        ADD     A,E
        ADD     A,H
        ADD     A,L
        ADD     A,(HL)
        ADD     A,A
        ADD     A,(IX+OFS)
        ADD     A,(IY-3)
        ADD     A,IXH
        ADD     A,IXL
        ADD     A,IYH
        ADD     A,IYL
        ADD     A,N8
        ADC     A,B
        ADC     A,C
        ADC     A,D
        ADC     A,E
        ADC     A,H
        ADC     A,L
        ADC     A,(HL)
        ADC     A,A
        ADC     A,(IX+OFS)
        ADC     A,(IY-3)
        ADC     A,IXH
        ADC     A,IXL
        ADC     A,IYH
        ADC     A,IYL
        ADC     A,N8
        SBC     A,B
        SBC     A,C
        SBC     A,D
        SBC     A,E
        SBC     A,H
        SBC     A,L
        SBC     A,(HL)
        SBC     A,A
        SBC     A,(IX+OFS)
        SBC     A,(IY-3)
        SBC     A,IXH
        SBC     A,IXL
        SBC     A,IYH
        SBC     A,IYL
        SBC     A,N8
        SUB     B
        SUB     C
        SUB     D
        SUB     E
        SUB     H
        SUB     L
        SUB     (HL)
        SUB     A
        SUB     (IX+OFS)
        SUB     (IY-3)
        SUB     IXH
        SUB     IXL
        SUB     IYH
        SUB     IYL
        SUB     N8
        AND     B
        AND     C
        AND     D
        AND     E
        AND     H
        AND     L
        AND     (HL)
        AND     A
        AND     (IX+OFS)
        AND     (IY-3)
        AND     IXH
        AND     IXL
        AND     IYH
        AND     IYL
        AND     N8
        XOR     B
        XOR     C
        XOR     D
        XOR     E
        XOR     H
        XOR     L
        XOR     (HL)
        XOR     A
        XOR     (IX+OFS)
        XOR     (IY-3)
        XOR     IXH
        XOR     IXL
        XOR     IYH
        XOR     IYL
        XOR     N8
        OR      B
        OR      C
        OR      D
        OR      E
        OR      H
        OR      L
        OR      (HL)
        OR      A
        OR      (IX+OFS)
        OR      (IY-3)
        OR      IXH
        OR      IXL
        OR      IYH
        OR      IYL
        OR      N8
        CP      B
        CP      C
        CP      D
        CP      E
        CP      H
        CP      L
        CP      (HL)
        CP      A
        CP      (IX+OFS)
        CP      (IY-3)
        CP      IXH
        CP      IXL
        CP      IYH
        CP      IYL
        CP      N8
        INC     B
        INC     C
        INC     D
        INC     E
        INC     H
        INC     L
        INC     (HL)
        INC     A
        INC     (IX+OFS)
        INC     (IY-3)
        INC     IXH
        INC     IXL
        INC     IYH
        INC     IYL
        DEC     B
        DEC     C
        DEC     D
        DEC     E
        DEC     H
        DEC     L
        DEC     (HL)
        DEC     A
        DEC     (IX+OFS)
        DEC     (IY-3)
        DEC     IXH
        DEC     IXL
        DEC     IYH
        DEC     IYL

; --- general purpose, CPU control
        DAA
        CPL
        NEG
        CCF
        SCF
        NOP
        DI
        EI
        IM      0
        IM      1
        IM      2

; --- 16-bit arithmetic
        ADD     HL,BC
        ADC     HL,BC
        SBC     HL,BC
        ADD     HL,DE
        ADC     HL,DE
        SBC     HL,DE
        ADD     HL,HL
        ADC     HL,HL
        SBC     HL,HL
        ADD     HL,SP
        ADC     HL,SP
        SBC     HL,SP
        ADD     IX,BC
        ADD     IX,DE
        ADD     IX,IX
        ADD     IX,SP
        ADD     IY,BC
        ADD     IY,DE
        ADD     IY,IY
        ADD     IY,SP
        INC     BC
        DEC     BC
        INC     DE
        DEC     DE
        INC     HL
        DEC     HL
        INC     SP
        DEC     SP
        INC     IX
        DEC     IX
        INC     IY
        DEC     IY

; --- rotates and shifts
        RLCA
        RLA
        RRCA
        RRA
        RLD
        RRD
        RLC     B
        RLC     C
        RLC     D
        RLC     E
        RLC     H
        RLC     L
        RLC     (HL)
        RLC     A
        RLC     (IX+OFS)
        RLC     (IY-3)
        RL      B
        RL      C
        RL      D
        RL      E
        RL      H
        RL      L
        RL      (HL)
        RL      A
        RL      (IX+OFS)
        RL      (IY-3)
        RRC     B
        RRC     C
        RRC     D
        RRC     E
        RRC     H
        RRC     L
        RRC     (HL)
        RRC     A
        RRC     (IX+OFS)
        RRC     (IY-3)
        RR      B
        RR      C
        RR      D
        RR      E
        RR      H
        RR      L
        RR      (HL)
        RR      A
        RR      (IX+OFS)
        RR      (IY-3)
        SLA     B
        SLA     C
        SLA     D
        SLA     E
        SLA     H
        SLA     L
        SLA     (HL)
        SLA     A
        SLA     (IX+OFS)
        SLA     (IY-3)
        SRA     B
        SRA     C
        SRA     D
        SRA     E
        SRA     H
        SRA     L
        SRA     (HL)
        SRA     A
        SRA     (IX+OFS)
        SRA     (IY-3)
        SLL     B
        SLL     C
        SLL     D
        SLL     E
        SLL     H
        SLL     L
        SLL     (HL)
        SLL     A
        SLL     (IX+OFS)
        SLL     (IY-3)
        SRL     B
        SRL     C
        SRL     D
        SRL     E
        SRL     H
        SRL     L
        SRL     (HL)
        SRL     A
        SRL     (IX+OFS)
        SRL     (IY-3)

; --- bit set, reset, test
        BIT     0,B
        BIT     0,C
        BIT     0,D
        BIT     0,E
        BIT     0,H
        BIT     0,L
        BIT     0,(HL)
        BIT     0,A
        BIT     0,(IX+OFS)
        BIT     0,(IY-3)
        BIT     1,B
        BIT     1,C
        BIT     1,D
        BIT     1,E
        BIT     1,H
        BIT     1,L
        BIT     1,(HL)
        BIT     1,A
        BIT     1,(IX+OFS)
        BIT     1,(IY-3)
        BIT     2,B
        BIT     2,C
        BIT     2,D
        BIT     2,E
        BIT     2,H
        BIT     2,L
        BIT     2,(HL)
        BIT     2,A
        BIT     2,(IX+OFS)
        BIT     2,(IY-3)
        BIT     3,B
        BIT     3,C
        BIT     3,D
        BIT     3,E
        BIT     3,H
        BIT     3,L
        BIT     3,(HL)
        BIT     3,A
        BIT     3,(IX+OFS)
        BIT     3,(IY-3)
        BIT     4,B
        BIT     4,C
        BIT     4,D
        BIT     4,E
        BIT     4,H
        BIT     4,L
        BIT     4,(HL)
        BIT     4,A
        BIT     4,(IX+OFS)
        BIT     4,(IY-3)
        BIT     5,B
        BIT     5,C
        BIT     5,D
        BIT     5,E
        BIT     5,H
        BIT     5,L
        BIT     5,(HL)
        BIT     5,A
        BIT     5,(IX+OFS)
        BIT     5,(IY-3)
        BIT     6,B
        BIT     6,C
        BIT     6,D
        BIT     6,E
        BIT     6,H
        BIT     6,L
        BIT     6,(HL)
        BIT     6,A
        BIT     6,(IX+OFS)
        BIT     6,(IY-3)
        BIT     7,B
        BIT     7,C
        BIT     7,D
        BIT     7,E
        BIT     7,H
        BIT     7,L
        BIT     7,(HL)
        BIT     7,A
        BIT     7,(IX+OFS)
        BIT     7,(IY-3)
        SET     0,B
        SET     0,C
        SET     0,D
        SET     0,E
        SET     0,H
        SET     0,L
        SET     0,(HL)
        SET     0,A
        SET     0,(IX+OFS)
        SET     0,(IY-3)
        SET     1,B
        SET     1,C
        SET     1,D
        SET     1,E
        SET     1,H
        SET     1,L
        SET     1,(HL)
        SET     1,A
        SET     1,(IX+OFS)
        SET     1,(IY-3)
        SET     2,B
        SET     2,C
        SET     2,D
        SET     2,E
        SET     2,H
        SET     2,L
        SET     2,(HL)
        SET     2,A
        SET     2,(IX+OFS)
        SET     2,(IY-3)
        SET     3,B
        SET     3,C
        SET     3,D
        SET     3,E
        SET     3,H
        SET     3,L
        SET     3,(HL)
        SET     3,A
        SET     3,(IX+OFS)
        SET     3,(IY-3)
        SET     4,B
        SET     4,C
        SET     4,D
        SET     4,E
        SET     4,H
        SET     4,L
        SET     4,(HL)
        SET     4,A
        SET     4,(IX+OFS)
        SET     4,(IY-3)
        SET     5,B
        SET     5,C
        SET     5,D
        SET     5,E
        SET     5,H
        SET     5,L
        SET     5,(HL)
        SET     5,A
        SET     5,(IX+OFS)
        SET     5,(IY-3)
        SET     6,B
        SET     6,C
        SET     6,D
        SET     6,E
        SET     6,H
        SET     6,L
        SET     6,(HL)
        SET     6,A
        SET     6,(IX+OFS)
        SET     6,(IY-3)
        SET     7,B
        SET     7,C
        SET     7,D
        SET     7,E
        SET     7,H
        SET     7,L
        SET     7,(HL)
        SET     7,A
        SET     7,(IX+OFS)
        SET     7,(IY-3)
        RES     0,B
        RES     0,C
        RES     0,D
        RES     0,E
        RES     0,H
        RES     0,L
        RES     0,(HL)
        RES     0,A
        RES     0,(IX+OFS)
        RES     0,(IY-3)
        RES     1,B
        RES     1,C
        RES     1,D
        RES     1,E
        RES     1,H
        RES     1,L
        RES     1,(HL)
        RES     1,A
        RES     1,(IX+OFS)
        RES     1,(IY-3)
        RES     2,B
        RES     2,C
        RES     2,D
        RES     2,E
        RES     2,H
        RES     2,L
        RES     2,(HL)
        RES     2,A
        RES     2,(IX+OFS)
        RES     2,(IY-3)
        RES     3,B
        RES     3,C
        RES     3,D
        RES     3,E
        RES     3,H
        RES     3,L
        RES     3,(HL)
        RES     3,A
        RES     3,(IX+OFS)
        RES     3,(IY-3)
        RES     4,B
        RES     4,C
        RES     4,D
        RES     4,E
        RES     4,H
        RES     4,L
        RES     4,(HL)
        RES     4,A
        RES     4,(IX+OFS)
        RES     4,(IY-3)
        RES     5,B
        RES     5,C
        RES     5,D
        RES     5,E
        RES     5,H
        RES     5,L
        RES     5,(HL)
        RES     5,A
        RES     5,(IX+OFS)
        RES     5,(IY-3)
        RES     6,B
        RES     6,C
        RES     6,D
        RES     6,E
        RES     6,H
        RES     6,L
        RES     6,(HL)
        RES     6,A
        RES     6,(IX+OFS)
        RES     6,(IY-3)
        RES     7,B
        RES     7,C
        RES     7,D
        RES     7,E
        RES     7,H
        RES     7,L
        RES     7,(HL)
        RES     7,A
        RES     7,(IX+OFS)
        RES     7,(IY-3)

; --- jumps, calls, returns, restarts
        JP      FAR
        JP      NZ,FAR
        JP      Z,FAR
        JP      NC,FAR
        JP      C,FAR
        JP      PO,FAR
        JP      PE,FAR
        JP      P,FAR
        JP      M,FAR
        JP      (HL)
        JP      (IX)
        JP      (IY)
NEAR:   JR      NEAR
        JR      NZ,NEAR
        JR      Z,NEAR
        JR      NC,NEAR
        JR      C,NEAR
        DJNZ    NEAR
        JR      $+2
        DJNZ    $
        CALL    FAR
        CALL    NZ,FAR
        CALL    Z,FAR
        CALL    NC,FAR
        CALL    C,FAR
        CALL    PO,FAR
        CALL    PE,FAR
        CALL    P,FAR
        CALL    M,FAR
        RET
        RET     NZ
        RET     Z
        RET     NC
        RET     C
        RET     PO
        RET     PE
        RET     P
        RET     M
        RETI
        RETN
        RST     00H
        RST     08H
        RST     10H
        RST     18H
        RST     20H
        RST     28H
        RST     30H
        RST     38H

; --- input and output
        IN      A,(PORT)
        IN      B,(C)
        IN      C,(C)
        IN      D,(C)
        IN      E,(C)
        IN      H,(C)
        IN      L,(C)
        IN      A,(C)
        OUT     (PORT),A
        OUT     (C),B
        OUT     (C),C
        OUT     (C),D
        OUT     (C),E
        OUT     (C),H
        OUT     (C),L
        OUT     (C),A
        HALT

FORWARD:
        NOP
        END
        DB      "after END: ignored"
