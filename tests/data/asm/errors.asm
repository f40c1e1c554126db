; A source full of mistakes, one or two per line; tests/asm/errors.rs snapshots the messages.
        ORG     100H
START:  LDX     A,B             ; unknown instruction
        LD      B,(1234H)       ; no such addressing form
        LD      A,MISSING       ; undefined symbol
START:  NOP                     ; label defined twice
        JR      FARAWAY         ; relative jump too far
        LD      A,300           ; byte out of range
        LD      A,(IX+200)      ; index offset out of range
        LD      A,12Z           ; bad number
        DB      'unterminated
        LD      A,(1+2          ; missing parenthesis
        LD      A,1/0           ; division by zero
        LD      A,-1+2          ; pasmo reads it as -(1+2)
        LD      A,B+1           ; register in an expression
        LD      A,              ; empty operand
        NOP     A               ; operand where none is taken
        RST     7               ; not a restart address
        IM      3               ; no such interrupt mode
        BIT     8,A             ; bit number out of range
        DW      70000           ; word out of range
        DS      -1              ; negative space
        ORG     10000H          ; origin out of range
B:      NOP                     ; register name as a label
        EQU     5               ; EQU without a name
        ENDP                    ; ENDP without PROC
        LOCAL   X               ; LOCAL outside PROC
        ELSE                    ; ELSE without IF
        ENDIF                   ; ENDIF without IF
        LD      A,\             ; unexpected character
        INCLUDE "no_such_file.asm"
        INCBIN  "no_such_blob.bin"
        .ERROR  custom message from the source
        EX      AF,BC           ; no such exchange
        LD      IXH,IYL         ; two different index registers
        OUT     (C),5           ; only 0 can be sent
BADMAC  MACRO   v
        LD      A,v
        ENDM
        BADMAC  256             ; error inside a macro body
        BADMAC  1
        ORG     100H
        NOP                     ; overwrites START
        DS      0FF00H          ; runs past FFFF
        ORG     1000H
        DS      120H
FARAWAY:
        IF      1
        NOP
