; Included by all_instructions.asm: a constant, a macro and a little code.

INC_CONST       EQU     42
FILL3   MACRO   value
        DB      value,value,value
        ENDM
INCLUDED:
        LD      A,INC_CONST
        RET
