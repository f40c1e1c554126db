; A small program whose listing, symbol file and source map are snapshotted.
SCREEN  EQU     0F000H
        ORG     0100H
START:  LD      HL,SCREEN
        LD      B,MESSAGE_END - MESSAGE
PUTS    MACRO   reg
        LD      A,(reg)
        ENDM
LOOP    PUTS    DE
        DJNZ    LOOP
        JR      $
        IF      0
        DB      "not assembled"
        ENDIF
MESSAGE:
        DB      "HELLO, WORLD", 0
MESSAGE_END:
        DS      3, 0AAH
