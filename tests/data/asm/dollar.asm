; `$` in every directive and instruction that reads it: the address of the statement's own
; first byte (pasmo's rule). Each IF below emits 0BBH when it saw its own address and 0AAH
; when not, so a `$` that lags one statement behind (IF read it so before 2026-12-02)
; changes the bytes.
; tests/asm/pasmo.rs compares the whole output with pasmo's; tests/asm/features.rs checks
; the IFs' bytes by themselves.
        ORG     100H
        NOP
        NOP
        NOP
        IF      $ - 103H        ; after instructions: false
        DB      0AAH
        ELSE
        DB      0BBH
        ENDIF
        IF      $ = 104H        ; right after an IF block's byte
        DB      0BBH
        ELSE
        DB      0AAH
        ENDIF
        DS      3, 0CCH
        IF      $ = 108H        ; after DS
        DB      0BBH
        ELSE
        DB      0AAH
        ENDIF
HERE:
        IF      $ = HERE        ; after a line with a label alone
        DB      0BBH
        ELSE
        DB      0AAH
        ENDIF
        INCBIN  "blob.bin"
        IF      $ = HERE + 1 + 14 ; after INCBIN
        DB      0BBH
        ELSE
        DB      0AAH
        ENDIF
TWO     MACRO   value
        DB      value, value
        ENDM
        TWO     $ & 0FFH        ; a macro argument: the call's address, in both bytes
        IF      $ = HERE + 1 + 14 + 1 + 2 ; after a macro expansion
        DB      0BBH
        ELSE
        DB      0AAH
        ENDIF
        REPT    2
        DB      $ & 0FFH        ; each repetition its own address
        ENDM
        IF      $ = 11EH        ; after REPT
        DB      0BBH
        ELSE
        DB      0AAH
        ENDIF
        ORG     $               ; ORG reads it too (no gap: pasmo fills gaps, we leave FF)
        IF      $ = 11FH        ; after ORG
        DB      0BBH
        ELSE
        DB      0AAH
        ENDIF
HEQU    EQU     $               ; EQU and DEFL
HDEFL   DEFL    $ + 1
        DB      HEQU & 0FFH, HDEFL & 0FFH
        DB      $ & 0FFH, $ & 0FFH ; both items: the statement's address
        DW      $, $
        DS      ($ & 3) + 1, 0DDH
        JR      $
        JP      $
        LD      A, $ & 0FFH
        LD      HL, $
        IF      $ - HERE > 100  ; false: the .ERROR below is never assembled
        .ERROR  "IF read the wrong $"
        ENDIF
        IF      $ = 133H        ; after an IF block that assembled nothing
        DB      0BBH
        ELSE
        DB      0AAH
        ENDIF
        END
